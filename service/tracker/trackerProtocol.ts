/**
 * What the main thread and the tracker thread tell each other. No runtime imports: both sides load it.
 */
import type { ServiceConfig } from '../config.js'
import type { Observations } from '../metrics/observations.js'

/** `workerData` of the tracker thread: the main thread's configuration. */
export interface TrackerWorkerData {
  readonly config: ServiceConfig
  /** The hot reload's signal (`snapshots/snapshotSignal.ts`): the thread plans with each published snapshot. */
  readonly snapshotSignal?: SharedArrayBuffer
}

/** Posted by the tracker thread once its store is open and its observers are built. */
export const TRACKER_READY = 'crossroute:tracker-ready'
/** Posted by the main thread: finish the current tick, close the store, end. */
export const TRACKER_STOP = 'crossroute:tracker-stop'

/** Posted by the tracker thread after each tick, for the metrics (`metrics/mainMetrics.ts`). */
export const TRACKER_METRICS = 'crossroute:tracker-metrics'

/** The tracker's tick, for the metrics. */
export interface TrackerMetricsMessage {
  readonly type: typeof TRACKER_METRICS
  /** Transactions due for a check at this tick (at most one batch). */
  readonly due: number
  /** Writes of this tick refused because another tracker had claimed the row since (`TickReport.claimsLost`). */
  readonly claimsLost: number
  /** What the tick's store calls did (transactions by status they entered, store timings). */
  readonly observations: Observations | undefined
}

/** A message between the two threads. */
export interface TrackerMessage {
  readonly type: typeof TRACKER_READY | typeof TRACKER_STOP
}

/** Whether a message is one of ours. */
export function isTrackerMessage(message: unknown, type: TrackerMessage['type'] | typeof TRACKER_METRICS): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}
