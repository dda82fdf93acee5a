/**
 * Structured logging: one JSON object per line on stderr, so that a log collector can parse every line and the
 * stdout of the service stays reserved for the few human lines of `main.ts` (the listening URL, the dev keys).
 *
 * Used on both threads; no runtime imports beyond `node:worker_threads`, so the main thread stays light.
 */
import { isMainThread, threadId } from 'node:worker_threads'

/** Severity of a log line. */
export type LogLevel = 'info' | 'warn' | 'error'

/** Extra fields of a log line; values must be JSON-serializable. */
export type LogFields = Readonly<Record<string, unknown>>

/**
 * Writes one log line: `{"time", "level", "event", "thread", ...fields}`.
 *
 * @param event - a short, stable identifier of what happened (`request.failed`, `worker.exited`)
 * @example
 * log('warn', 'shutdown.forced', { inFlight: 3 })
 */
export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    event,
    thread: isMainThread ? 'main' : threadId,
    ...fields,
  })
  process.stderr.write(`${line}\n`)
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
