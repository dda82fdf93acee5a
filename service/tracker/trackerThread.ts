/**
 * The main thread's side of the tracker: starts `thread.ts` in a dedicated `node:worker_threads` Worker (off the
 * request path: the piscina workers never run tracking), restarts it if it dies, stops it on shutdown.
 *
 * Light on purpose (only `node:worker_threads` and the log): `main.ts` imports it before anything listens.
 */
import { Worker } from 'node:worker_threads'
import type { ServiceConfig } from '../config.js'
import { log, logError } from '../log.js'
import { siblingModule } from '../moduleUrl.js'
import {
  TRACKER_METRICS,
  TRACKER_READY,
  TRACKER_STOP,
  type TrackerMessage,
  type TrackerMetricsMessage,
  type TrackerWorkerData,
  isTrackerMessage,
} from './trackerProtocol.js'

/** How long `stop` waits for the thread to finish its tick before terminating it. */
export const TRACKER_STOP_TIMEOUT_MS = 5_000
/** First wait before restarting a thread that died; doubles up to `MAX_RESTART_DELAY_MS`. */
export const RESTART_DELAY_MS = 1_000
export const MAX_RESTART_DELAY_MS = 30_000

/** The running tracker thread. */
export interface TrackerThread {
  /** Resolves when the thread has opened its store and built its observers; rejects if its first start fails. */
  readonly ready: Promise<void>
  /** Stops the thread (after its current tick, at most `TRACKER_STOP_TIMEOUT_MS`); no restart afterwards. */
  stop(): Promise<void>
}

/** Options of `startTrackerThread`. */
export interface StartTrackerThreadOptions {
  /** The thread's module; default `thread.ts` beside this file (`thread.js` in the build). */
  readonly filename?: URL
  /** Called with each tick's figures, for the metrics. */
  readonly onTick?: (message: TrackerMetricsMessage) => void
  /** The hot reload's signal: the thread follows the published snapshots (none: it keeps `SNAPSHOT_PATH`'s). */
  readonly snapshotSignal?: SharedArrayBuffer
}

/**
 * Starts the tracker thread.
 *
 * Loading: on Node 20 a Worker does not get the `--import tsx` hooks for its entry module, so a `.ts` entry is
 * loaded through a small bootstrap (a `data:` module) that registers tsx's ESM loader in the thread first.
 *
 * @example
 * const tracker = startTrackerThread(config)
 * await tracker.ready
 * process.once('SIGTERM', () => void tracker.stop().then(() => process.exit(0)))
 */
export function startTrackerThread(config: ServiceConfig, options: StartTrackerThreadOptions = {}): TrackerThread {
  const entry = options.filename ?? siblingModule('thread', import.meta.url)
  const bootstrap = entry.pathname.endsWith('.ts')
    ? `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}); register(); await import(${JSON.stringify(entry.href)})`
    : `await import(${JSON.stringify(entry.href)})`
  const bootstrapUrl = new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`)

  let isStarted = false
  let isStopping = false
  let worker: Worker | undefined
  let restartTimer: NodeJS.Timeout | undefined
  let restartDelayMs = RESTART_DELAY_MS
  let resolveReady!: () => void
  let rejectReady!: (error: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  // Handled by whoever awaits `ready`; a rejection before that must not count as unhandled.
  ready.catch(() => undefined)
  let resolveStopped!: () => void
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve))

  const spawn = () => {
    const current = new Worker(bootstrapUrl, {
      workerData: {
        config,
        ...(options.snapshotSignal === undefined ? {} : { snapshotSignal: options.snapshotSignal }),
      } satisfies TrackerWorkerData,
      name: 'crossroute-tracker',
    })
    const startedAt = Date.now()
    worker = current
    let failure: unknown
    current.on('message', (message: unknown) => {
      if (isTrackerMessage(message, TRACKER_METRICS)) return options.onTick?.(message as TrackerMetricsMessage)
      if (!isTrackerMessage(message, TRACKER_READY)) return
      if (isStarted) log('info', 'tracker.restarted')
      isStarted = true
      resolveReady()
      if (isStopping) current.postMessage({ type: TRACKER_STOP } satisfies TrackerMessage)
    })
    current.on('error', (error) => {
      failure = error
      logError('tracker.failed', error)
    })
    current.on('exit', (code) => {
      worker = undefined
      if (isStopping) return resolveStopped()
      if (!isStarted)
        return rejectReady(failure ?? new Error(`the tracker thread exited with code ${code} before it was ready`))
      // Nothing is lost: the store holds every transaction; the new thread resumes them.
      if (Date.now() - startedAt > 60_000) restartDelayMs = RESTART_DELAY_MS
      log('warn', 'tracker.exited', { code, restartInMs: restartDelayMs })
      restartTimer = setTimeout(spawn, restartDelayMs)
      restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS)
    })
  }
  spawn()

  return {
    ready,
    stop() {
      if (isStopping) return stopped
      isStopping = true
      clearTimeout(restartTimer)
      const current = worker
      if (current === undefined) {
        resolveStopped()
        return stopped
      }
      current.postMessage({ type: TRACKER_STOP } satisfies TrackerMessage)
      const timer = setTimeout(() => {
        log('warn', 'tracker.stop-timeout', { timeoutMs: TRACKER_STOP_TIMEOUT_MS })
        void current.terminate()
      }, TRACKER_STOP_TIMEOUT_MS)
      return stopped.finally(() => clearTimeout(timer))
    },
  }
}
