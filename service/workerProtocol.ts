/**
 * What the main thread and the workers tell each other besides tasks. No runtime imports: both sides load it.
 */
import type { ServiceConfig } from './config.js'
import type { RouteEntry } from './routeAccess.js'

/** `workerData` of every worker: the main thread's configuration, so that both sides use the same one. */
export interface WorkerData {
  readonly config: ServiceConfig
  /** Hot reload: the snapshot the main thread publishes (`snapshots/snapshotSignal.ts`); absent: `SNAPSHOT_PATH`. */
  readonly snapshotSignal?: SharedArrayBuffer
}

/** Type of the message a worker posts once its app is built. */
export const WORKER_READY = 'crossroute:worker-ready'

/** Posted by a worker (through `parentPort`; piscina re-emits it as the pool's `message` event) when ready. */
export interface WorkerReadyMessage {
  readonly type: typeof WORKER_READY
  readonly threadId: number
  /** The worker's heartbeat (`heartbeat.ts`), read by the pool to find a stuck thread. */
  readonly heartbeat?: SharedArrayBuffer
  /** The routes of the worker's app (`app.ts`'s `routeTableOf`): which need a key, which record quotes. */
  readonly routes?: readonly RouteEntry[]
}

/** Type of the message a worker posts when it cannot build its app. */
export const WORKER_FAILED = 'crossroute:worker-failed'

/**
 * Posted by a worker whose app cannot be built, before it ends. Needed because piscina's loader retries a failed
 * module load with `import()`, and that second attempt's error (not the real one) is what the pool would report.
 */
export interface WorkerFailedMessage {
  readonly type: typeof WORKER_FAILED
  readonly threadId: number
  /** The error's message: it names the bad snapshot, keys file… */
  readonly message: string
}

/** A message a worker posts to the main thread. */
export type WorkerMessage = WorkerReadyMessage | WorkerFailedMessage

/** Whether a pool `message` event is one of ours (piscina re-emits every message a worker posts). */
export function isWorkerMessage(message: unknown): message is WorkerMessage {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined
  return type === WORKER_READY || type === WORKER_FAILED
}

/** Named task of the worker module: checks a candidate snapshot file (`snapshots/snapshotTasks.ts`). */
export const VALIDATE_SNAPSHOT_TASK = 'validateSnapshot'

/** Named task of the worker module: builds a snapshot's JSON text from chain state (`snapshots/snapshotTasks.ts`). */
export const BUILD_CHAIN_SNAPSHOT_TASK = 'buildChainSnapshot'
