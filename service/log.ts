/**
 * Structured logging with pino: one JSON object per line on stderr (`{"level","time","thread","event",…}`), so that
 * a log collector can parse every line and the stdout of the service stays reserved for the few human lines of
 * `main.ts` (the listening URL, the development keys). The same call works on the main thread and in workers.
 *
 * - `LOG_LEVEL`: `debug`, `info` (default), `warn`, `error` or `silent`.
 * - `LOG_PRETTY=1`: human-readable lines (pino-pretty, a development dependency; JSON when it is not installed).
 *   `main.ts` turns it on for every thread when stderr is a terminal outside production.
 *
 * Lines go straight to fd 2 (pino's SonicBoom), never through `process.stderr`, which in a worker thread would
 * cross to the main thread for every line. Always synchronously: an idle piscina worker sleeps in `Atomics.wait`,
 * where an asynchronous write's completion would never run.
 *
 * On the main thread, one `write` a line. In a worker, info and debug lines (the access line of every request) are
 * gathered up to `WORKER_LOG_BUFFER_BYTES` and written together: one `write` per ~20 requests instead of one each,
 * which was ~10 % of a getAction's CPU (bench/README.md "Request path"). They are never held while the worker is
 * idle — `flushLog()` runs whenever a worker's last request ends (`worker.ts`), before it parks — and a warning or
 * an error writes everything gathered before it at once. What a crash can lose: the info lines a worker gathered
 * since it was last idle, when it is terminated or killed — at most one buffer's worth.
 */
import { createRequire } from 'node:module'
import { isMainThread, threadId } from 'node:worker_threads'
import { type DestinationStream, type Logger, pino } from 'pino'

/** Severity of a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** Extra fields of a log line; values must be JSON-serializable. */
export type LogFields = Readonly<Record<string, unknown>>

/** The levels `LOG_LEVEL` accepts. */
export const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error', 'silent']

/** Bytes of info lines a worker gathers before writing them (see above). */
export const WORKER_LOG_BUFFER_BYTES = 4096

let logger: Logger | undefined
/** Where lines go instead of fd 2 (`setLogDestination`). */
let destination: DestinationStream | undefined
/** The worker's buffered fd 2, flushed by `flushLog`. */
let buffered: ReturnType<typeof pino.destination> | undefined
/** Whether a line may have been gathered in `buffered` since its last flush. */
let isPending = false

/** pino-pretty's synchronous stream, when asked for and installed (it is a development dependency). */
function prettyStream(): DestinationStream | undefined {
  if (process.env.LOG_PRETTY !== '1') return undefined
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream
    return pretty({ sync: true, destination: 2, ignore: 'pid,hostname', messageKey: 'event' })
  } catch {
    return undefined
  }
}

/** The thread's logger, created on first use from the environment (workers inherit it). */
function threadLogger(): Logger {
  if (logger !== undefined) return logger
  const level = LOG_LEVELS.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info'
  logger = pino(
    {
      level,
      base: { thread: isMainThread ? 'main' : threadId },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      messageKey: 'event',
    },
    destination ?? prettyStream() ?? stderrDestination(),
  )
  return logger
}

/** fd 2, synchronous; in a worker, gathering lines up to `WORKER_LOG_BUFFER_BYTES` (flushed at exit too). */
function stderrDestination(): DestinationStream {
  if (isMainThread) return pino.destination({ dest: 2, sync: true })
  buffered = pino.destination({ dest: 2, sync: true, minLength: WORKER_LOG_BUFFER_BYTES })
  const stream = buffered
  process.once('exit', () => stream.flushSync())
  return stream
}

/**
 * Writes the lines this thread has gathered (a worker's info lines), synchronously. Cheap when there are none.
 *
 * @example if (heartbeat.end() === 0) flushLog()
 */
export function flushLog(): void {
  // Only after a line (an empty flush is still a write), and `flush`, not `flushSync`, which would also fsync fd 2
  // (milliseconds when stderr is a file). On a synchronous SonicBoom `flush` writes at once.
  if (!isPending || buffered === undefined) return
  isPending = false
  buffered.flush()
}

/**
 * Writes one log line: `{"level", "time", "thread", "event", ...fields}`.
 *
 * @param event - a short, stable identifier of what happened (`request.failed`, `worker.exited`)
 * @example
 * log('warn', 'shutdown.forced', { inFlight: 3 })
 */
export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  threadLogger()[level](fields, event)
  isPending = true
  if (level === 'warn' || level === 'error') flushLog()
}

/** Whether lines of `level` are written (skip building costly fields otherwise). */
export function isLogged(level: LogLevel): boolean {
  return threadLogger().isLevelEnabled(level)
}

/**
 * Logs an unexpected error with its stack, which is never sent to clients.
 *
 * @example
 * logError('request.failed', error, { requestId })
 */
export function logError(event: string, error: unknown, fields: LogFields = {}): void {
  const details =
    error instanceof Error
      ? { errorName: error.name, errorMessage: error.message, stack: error.stack }
      : { errorMessage: String(error) }
  log('error', event, { ...fields, ...details })
}

/**
 * Sends this thread's log lines to `stream` from now on (an embedding program's own sink, a test's collector);
 * `undefined` restores stderr.
 *
 * @example setLogDestination({ write: (line) => lines.push(line) })
 */
export function setLogDestination(stream: DestinationStream | undefined): void {
  flushLog()
  destination = stream
  logger = undefined
  buffered = undefined
  isPending = false
}
