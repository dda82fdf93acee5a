/**
 * The worker pool on the main thread: piscina running `worker.ts`, with admission control and a ready handshake.
 *
 * Why these piscina options (measurements: shared/research/http-dispatch.md):
 * - `minThreads = maxThreads = threads`: every worker loads the snapshot and builds the engine (seconds); they
 *   are started once, all before the server listens, and never retired for idleness.
 * - `concurrentTasksPerWorker`: a round trip costs ~100 µs of latency; with one task per worker that latency,
 *   not CPU, caps throughput (12.6k → 33k req/s at 8 tasks per worker).
 * - `stricterFIFO: true`: piscina's default requeueing gave multi-second tails with one worker (p99 2.6 s → 77 ms).
 * - strings across the boundary (`wire.ts`), never objects.
 */
import { Piscina } from 'piscina'
import { ServiceUnavailableError } from './errors.js'
import type { ServiceConfig } from './config.js'
import { log, logError } from './log.js'
import { siblingModule } from './moduleUrl.js'
import { WORKER_READY, type WorkerData, isWorkerMessage } from './workerProtocol.js'

/** How long a client is told to wait (`Retry-After`, seconds) when the queue is full. */
export const RETRY_AFTER_SECONDS = 1

/** The pool of workers that run the Koa app. */
export interface QuotePool {
  /**
   * Resolves when every worker has built its app. Rejects with the first worker's startup error (a bad
   * snapshot, a refused keys file…): the service must not listen then.
   */
  readonly ready: Promise<void>
  /** Requests admitted and not yet answered (running or queued). */
  readonly inFlight: number
  /** Requests that can be in flight at once: `threads × concurrentTasksPerWorker + maxQueue`. */
  readonly capacity: number
  /**
   * Sends a serialized request to a worker.
   * @returns the serialized response (`wire.ts`)
   * @throws (rejects) ServiceUnavailableError when `capacity` requests are already in flight; any other
   *   rejection means that the worker running the request died (piscina replaces it).
   */
  run(wireRequest: string): Promise<string>
  /** Stops the workers; requests still in flight are rejected. */
  destroy(): Promise<void>
}

/** Options of `createQuotePool` beyond the configuration. */
export interface CreateQuotePoolOptions {
  /** The worker module; default `worker.ts` beside this file (`worker.js` in the build). */
  readonly filename?: URL
}

/**
 * Starts the pool: `config.threads` workers, each handed `config` as `workerData`. Call `await pool.ready` before
 * accepting requests.
 *
 * Admission control is counted here rather than left to piscina's `maxQueue` alone: piscina reports a full
 * queue only as an untyped `Error`, and the count makes the 503 decision exact and cheap (no task is created).
 * piscina's own `maxQueue` is set to the same bound as a backstop.
 *
 * @example
 * const pool = createQuotePool(loadConfig())
 * await pool.ready
 * const text = await pool.run(encodeRequest(request))
 */
export function createQuotePool(config: ServiceConfig, options: CreateQuotePoolOptions = {}): QuotePool {
  const { threads, concurrentTasksPerWorker, maxQueue } = config
  const piscina = new Piscina<string, string>({
    filename: (options.filename ?? siblingModule('worker', import.meta.url)).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker,
    maxQueue,
    stricterFIFO: true,
    recordTiming: false,
    workerData: { config } satisfies WorkerData,
  })
  const capacity = threads * concurrentTasksPerWorker + maxQueue
  let inFlight = 0
  const release = () => {
    inFlight -= 1
  }

  let isStarted = false
  let isDestroying = false
  let resolveReady!: () => void
  let rejectReady!: (error: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  const readyThreads = new Set<number>()

  piscina.on('message', (message: unknown) => {
    if (!isWorkerMessage(message)) return
    if (message.type !== WORKER_READY) {
      if (isStarted) log('error', 'worker.failed-to-start', { threadId: message.threadId, reason: message.message })
      else rejectReady(new Error(message.message))
      return
    }
    readyThreads.add(message.threadId)
    if (isStarted) {
      log('info', 'worker.ready', { threadId: message.threadId })
    } else if (readyThreads.size === threads) {
      isStarted = true
      resolveReady()
    }
  })
  piscina.on('error', (error: unknown) => {
    // Without tasks in flight, a worker's failure arrives here; with tasks, it rejects them instead.
    if (isStarted) logError('worker.failed', error)
    else rejectReady(error)
  })
  piscina.on('workerDestroy', () => {
    if (isStarted && !isDestroying) log('warn', 'worker.exited')
  })

  return {
    ready,
    get inFlight() {
      return inFlight
    },
    capacity,
    run(wireRequest) {
      if (inFlight >= capacity) {
        return Promise.reject(new ServiceUnavailableError({ retryAfterSeconds: RETRY_AFTER_SECONDS }))
      }
      inFlight += 1
      const result = piscina.run(wireRequest)
      result.then(release, release)
      return result
    },
    destroy() {
      isDestroying = true
      return piscina.destroy()
    },
  }
}
