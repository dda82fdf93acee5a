/**
 * How the CLI fails: every failure is the spec's error (a `BaseError` with its code and details), printed to stderr
 * for people or as the spec's envelope on stdout with `--json`, and a non-zero exit.
 */
import { CommanderError } from 'commander'
import { InvalidParameterError, MissingRequiredFieldError, isBaseError } from '../engine/errors/index.js'

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

/** Commander's ends that are no failure, or print what was asked (help, version): left as commander ends them. */
const COMMANDER_OUTCOMES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version'])

/**
 * A command-line parse error of commander as the spec's error: a required option, an option's value or an argument
 * missing is `MISSING_REQUIRED_FIELD` (`field` the option or argument); an unknown option or command, an extra or a
 * rejected argument is `INVALID_PARAMETER`; no command at all is `MISSING_REQUIRED_FIELD` `command` (after the help).
 * `undefined` for help and version asked for, which are no failure.
 *
 * @example commandLineError(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--amout'"))
 *   // InvalidParameterError { parameter: '--amout', … }
 */
export function commandLineError(error: CommanderError): InvalidParameterError | MissingRequiredFieldError | undefined {
  // No command given (`crossroute`, `crossroute snapshot`): commander prints the help and fails.
  if (error.code === 'commander.help' && error.exitCode !== 0) {
    return new MissingRequiredFieldError({ field: 'command', context: 'one of the commands the help above lists' })
  }
  if (COMMANDER_OUTCOMES.has(error.code)) return undefined
  const message = error.message.replace(/^error: /, '')
  // Commander quotes what it is about: `'--amount <units>'`, `'--amout'`, `'frobnicate'`, `'file'`.
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? ''
  const name = quoted.split(' ')[0] ?? ''
  switch (error.code) {
    case 'commander.missingMandatoryOptionValue':
    case 'commander.optionMissingArgument':
    case 'commander.missingArgument':
      return new MissingRequiredFieldError({ field: name || quoted, context: message })
    default:
      return new InvalidParameterError({
        parameter: name || error.code.replace('commander.', ''),
        value: quoted,
        reason: message,
      })
  }
}

/**
 * Runs the program and reports whatever it throws, commander's own parse errors included, in the one form of
 * `reportError`.
 *
 * @example await runProgram(createProgram(), process.argv)
 */
export async function runProgram(
  program: { parseAsync(argv: readonly string[]): Promise<unknown> },
  argv: readonly string[],
): Promise<void> {
  try {
    await program.parseAsync(argv)
  } catch (error) {
    const json = argv.includes('--json')
    if (!(error instanceof CommanderError)) return reportError(error, { json })
    const specError = commandLineError(error)
    if (specError === undefined) process.exitCode = error.exitCode
    else reportError(specError, { json })
  }
}
