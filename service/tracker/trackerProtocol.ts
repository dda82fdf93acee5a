/**
 * What the main thread and the tracker thread tell each other. No runtime imports: both sides load it.
 */
import type { ServiceConfig } from '../config.js'

/** `workerData` of the tracker thread: the main thread's configuration. */
export interface TrackerWorkerData {
  readonly config: ServiceConfig
}

/** Posted by the tracker thread once its store is open and its observers are built. */
export const TRACKER_READY = 'crossroute:tracker-ready'
/** Posted by the main thread: finish the current tick, close the store, end. */
export const TRACKER_STOP = 'crossroute:tracker-stop'

/** A message between the two threads. */
export interface TrackerMessage {
  readonly type: typeof TRACKER_READY | typeof TRACKER_STOP
}

/** Whether a message is one of ours. */
export function isTrackerMessage(message: unknown, type: TrackerMessage['type']): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}
