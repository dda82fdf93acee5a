/**
 * How the CLI fails: every failure is the spec's error (a `BaseError` with its code and details), printed to stderr
 * for people or as the spec's envelope on stdout with `--json`, and a non-zero exit.
 */
import { InvalidParameterError, isBaseError } from '../engine/errors/index.js'

/** Exit status of a command that failed with an error of the spec (bad input, no route, bad snapshot). */
export const EXIT_ERROR = 1
/** Exit status of a failure that is not the spec's error (a defect or an I/O failure the engine does not name). */
export const EXIT_INTERNAL = 2

/**
 * An `INVALID_PARAMETER` error for a command-line option.
 *
 * @example throw badOption('--points', '0', 'must be an integer from 2 to 10000')
 */
export function badOption(option: string, value: string, reason: string): InvalidParameterError {
  return new InvalidParameterError({ parameter: option, value, reason })
}

/**
 * Reports `error` and sets the exit status: the spec's code, message and details for a `BaseError`,
 * `INTERNAL_ERROR` and the message otherwise.
 *
 * @example reportError(error, { json: true }) // {"success":false,"error":{"code":"NO_AVAILABLE_ROUTE",…}}
 */
export function reportError(error: unknown, { json }: { json: boolean }): void {
  const known = isBaseError(error)
  const body = known
    ? { code: error.code, name: error.name, message: error.message, details: error.details ?? {} }
    : {
        code: 'INTERNAL_ERROR',
        name: 'InternalError',
        message: (error as Error)?.message ?? String(error),
        details: {},
      }
  if (json) process.stdout.write(`${JSON.stringify({ success: false, error: body })}\n`)
  else {
    const details = Object.entries(body.details)
      .map(([key, value]) => `  ${key}: ${String(value)}`)
      .join('\n')
    process.stderr.write(`crossroute: error ${body.code}: ${body.message}\n${details === '' ? '' : `${details}\n`}`)
  }
  process.exitCode = known ? EXIT_ERROR : EXIT_INTERNAL
}
