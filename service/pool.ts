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
 *
 * Two guards keep a sick pool from serving silently:
 * - **Deadline**: a request not answered within `requestDeadlineMs` gets 503 (`deadlines.ts`: checked every tenth
 *   of it, at most 250 ms); a late answer is dropped. A worker whose thread is stuck — it holds requests and its
 *   event loop has not turned for longer than the deadline (`heartbeat.ts`) — is terminated (a thread stuck in a
 *   loop cannot be interrupted any other way) and piscina starts a replacement; the other requests it held fail
 *   with it (500), as when a worker dies. Not piscina's abort signals: they make every task "abortable", which
 *   piscina runs one per worker and queues out of order (`heartbeat.ts` has the numbers).
 * - **Replacement**: after a worker exits, a replacement must report ready within `workerReplaceTimeoutMs`, and
 *   must not fail to start (piscina stops replacing workers that fail while starting): otherwise `onFatal` is
 *   called, and the service exits 1 for its supervisor to restart it.
 */
import { Piscina } from 'piscina'
import { createDeadlines } from './deadlines.js'
import { AT_CAPACITY_RETRY_AFTER_SECONDS, ServiceUnavailableError } from './errors.js'
import { stuckForMs } from './heartbeat.js'
import type { ServiceConfig } from './config.js'
import type { RouteEntry } from './routeAccess.js'
import type { WireRequest } from './types.js'
import { encodeRequest } from './wire.js'
import { log, logError } from './log.js'
import { siblingModule } from './moduleUrl.js'
import { WORKER_READY, type WorkerData, isWorkerMessage } from './workerProtocol.js'

/** The pool of workers that run the Koa app. */
export interface QuotePool {
  /**
   * Resolves when every worker has built its app. Rejects with the first worker's startup error (a bad
   * snapshot, a refused keys file…): the service must not listen then.
   */
  readonly ready: Promise<void>
  /** Requests admitted and not yet answered (running or queued). */
  readonly inFlight: number
  /** Requests waiting for a worker slot (piscina's queue), for the metrics. */
  readonly queued: number
  /** Requests that can be in flight at once: `threads × concurrentTasksPerWorker + maxQueue`. */
  readonly capacity: number
  /** Workers that have built their app and are running now, out of `threads` (readiness). */
  readonly readyWorkers: number
  /**
   * The routes of the workers' app (`routeAccess.ts`), from the first worker's ready message: which need a key,
   * which record quotes. Empty until a worker is ready.
   */
  readonly routes: readonly RouteEntry[]
  /**
   * Sends a request to a worker, stamped with the time its deadline passes (`answerBy`, set on `request`).
   * @returns the serialized response (`wire.ts`)
   * @throws (rejects) ServiceUnavailableError when `capacity` requests are already in flight, when the deadline
   *   passes first, or when the pool terminated the worker holding it (stuck, or shutting down); any other
   *   rejection means that the worker running the request died on its own (piscina replaces it).
   */
  run(request: WireRequest): Promise<string>
  /**
   * Runs a named task of the worker module (`worker.ts`'s named exports: a hot reload's checks) on some worker.
   * Not a request: no admission control, no deadline.
   */
  runTask<R>(name: string, task: string): Promise<R>
  /** Stops the workers; requests still in flight are rejected. */
  destroy(): Promise<void>
}

/** Options of `createQuotePool` beyond the configuration. */
export interface CreateQuotePoolOptions {
  /** The worker module; default `worker.ts` beside this file (`worker.js` in the build). */
  readonly filename?: URL
  /**
   * Called once when the pool can no longer heal itself (a replacement worker failed to start, or none was ready
   * within `workerReplaceTimeoutMs`); default: log and exit 1.
   */
  readonly onFatal?: (reason: string) => void
  /** Hot reload: the signal the main thread publishes snapshots on (`snapshots/snapshotSignal.ts`). */
  readonly snapshotSignal?: SharedArrayBuffer
}

const exitForSupervisor = (reason: string): void => {
  log('error', 'pool.fatal', { reason })
  process.exit(1)
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
 * const text = await pool.run(request)
 */
export function createQuotePool(config: ServiceConfig, options: CreateQuotePoolOptions = {}): QuotePool {
  const { threads, concurrentTasksPerWorker, maxQueue, requestDeadlineMs, workerReplaceTimeoutMs } = config
  const onFatal = options.onFatal ?? exitForSupervisor
  const piscina = new Piscina<string, string>({
    filename: (options.filename ?? siblingModule('worker', import.meta.url)).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker,
    maxQueue,
    stricterFIFO: true,
    recordTiming: false,
    workerData: {
      config,
      ...(options.snapshotSignal === undefined ? {} : { snapshotSignal: options.snapshotSignal }),
    } satisfies WorkerData,
  })
  const capacity = threads * concurrentTasksPerWorker + maxQueue
  /** Workers that reported ready (by thread id), until they exit or are found stuck. */
  const readyThreads = new Set<number>()
  /** Each ready worker's heartbeat, by thread id (sent with its ready message). */
  const heartbeats = new Map<number, SharedArrayBuffer>()
  /** Stuck threads whose exit is being handled now: the requests they held get 503 (`isExitOfStuck`). */
  let stuckExits = 0
  /** A rejection for a request held by a thread the pool terminated as stuck (piscina: "worker exited …"). */
  const isExitOfStuck = (error: unknown) =>
    stuckExits > 0 && error instanceof Error && error.message.startsWith('worker exited with code')
  /** Terminates the workers stuck for longer than the deadline; piscina replaces them (`workerDestroy` below). */
  const terminateStuckWorkers = () => {
    const now = Date.now()
    for (const [threadId, heartbeat] of heartbeats) {
      const stuckMs = stuckForMs(heartbeat, now)
      if (stuckMs <= requestDeadlineMs) continue
      heartbeats.delete(threadId)
      // Not ready from now on (readiness drops at once, not when the thread has exited).
      readyThreads.delete(threadId)
      log('error', 'worker.stuck', { threadId, stuckMs, deadlineMs: requestDeadlineMs })
      const worker = piscina.threads.find((thread) => thread.threadId === threadId)
      // piscina fails the tasks the thread held as it exits (listeners run in order: its own first); their
      // rejections are handled after this turn's synchronous work, so they see the flag up.
      worker?.once('exit', () => {
        stuckExits += 1
        setImmediate(() => (stuckExits -= 1))
      })
      void worker?.terminate()
    }
  }
  const deadlines = createDeadlines(requestDeadlineMs, terminateStuckWorkers)
  let inFlight = 0
  const release = () => {
    inFlight -= 1
  }

  let isStarted = false
  let routes: readonly RouteEntry[] = []
  let isDestroying = false
  let resolveReady!: () => void
  let rejectReady!: (error: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  let isFatal = false
  const fatal = (reason: string) => {
    if (isFatal || isDestroying) return
    isFatal = true
    onFatal(reason)
  }
  // Armed while the pool is short of ready workers after startup.
  let replaceTimer: NodeJS.Timeout | undefined
  // Workers running now that reported ready: a dead worker leaves `piscina.threads` (and its threadId becomes -1).
  const readyCount = () => piscina.threads.filter((worker) => readyThreads.has(worker.threadId)).length
  const checkReplacement = () => {
    if (readyCount() >= threads) {
      clearTimeout(replaceTimer)
      replaceTimer = undefined
    } else if (replaceTimer === undefined && isStarted) {
      replaceTimer = setTimeout(() => {
        fatal(`${threads - readyCount()} worker(s) not replaced within ${workerReplaceTimeoutMs} ms`)
      }, workerReplaceTimeoutMs).unref()
    }
  }

  piscina.on('message', (message: unknown) => {
    if (!isWorkerMessage(message)) return
    if (message.type !== WORKER_READY) {
      if (!isStarted) return rejectReady(new Error(message.message))
      log('error', 'worker.failed-to-start', { threadId: message.threadId, reason: message.message })
      return fatal(`a replacement worker failed to start: ${message.message}`)
    }
    readyThreads.add(message.threadId)
    if (routes.length === 0 && message.routes !== undefined) routes = message.routes
    if (message.heartbeat !== undefined) heartbeats.set(message.threadId, message.heartbeat)
    if (isStarted) {
      log('info', 'worker.ready', { threadId: message.threadId })
      checkReplacement()
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
    if (!isStarted || isDestroying) return
    log('warn', 'worker.exited')
    // After the current turn: piscina removes the worker from its list once this event has been emitted.
    setImmediate(() => {
      const running = new Set(piscina.threads.map((worker) => worker.threadId))
      for (const threadId of heartbeats.keys()) if (!running.has(threadId)) heartbeats.delete(threadId)
      checkReplacement()
    })
  })

  return {
    ready,
    get inFlight() {
      return inFlight
    },
    get queued() {
      return piscina.queueSize
    },
    capacity,
    get readyWorkers() {
      return readyCount()
    },
    get routes() {
      return routes
    },
    run(request) {
      if (inFlight >= capacity) {
        return Promise.reject(new ServiceUnavailableError({ retryAfterSeconds: AT_CAPACITY_RETRY_AFTER_SECONDS }))
      }
      inFlight += 1
      // The request holds its slot until the worker is done with it, even when it was answered 503 meanwhile.
      const deadline = deadlines.start()
      // Stamped on the caller's request (built for this call): no copy of it on the hot path.
      request.answerBy = Date.now() + requestDeadlineMs
      const task = piscina.run(encodeRequest(request))
      const settle = () => {
        deadlines.settle(deadline)
        release()
      }
      task.then(settle, settle)
      return new Promise<string>((resolve, reject) => {
        deadline.onOverdue = () => {
          log('error', 'request.deadline-exceeded', { deadlineMs: requestDeadlineMs })
          reject(new ServiceUnavailableError({ retryAfterSeconds: AT_CAPACITY_RETRY_AFTER_SECONDS }))
        }
        task.then(resolve, (error: unknown) =>
          // piscina's own bound (a backstop: fewer workers while one is replaced) is a full queue too. A request
          // held by a worker the pool terminated (stuck, or at shutdown) was not answered: retry, as for a 503.
          reject(
            isQueueFull(error) || isTermination(error) || isExitOfStuck(error)
              ? new ServiceUnavailableError({ retryAfterSeconds: AT_CAPACITY_RETRY_AFTER_SECONDS })
              : error,
          ),
        )
      })
    },
    runTask<R>(name: string, task: string) {
      // The pool is typed for requests (string → string); a named task's result is its own.
      return piscina.run(task, { name }) as Promise<unknown> as Promise<R>
    },
    destroy() {
      isDestroying = true
      clearTimeout(replaceTimer)
      deadlines.stop()
      return piscina.destroy()
    },
  }
}

/** piscina's full-queue refusal, which it reports as a plain `Error` (`Errors.TaskQueueAtLimit`). */
function isQueueFull(error: unknown): boolean {
  return error instanceof Error && error.message === 'Task queue is at limit'
}

/** piscina's rejection of the tasks a terminated worker held (`Errors.ThreadTermination`). */
function isTermination(error: unknown): boolean {
  return error instanceof Error && error.message === 'Terminating worker thread'
}
