/**
 * Validation against the schemas, with every failure mapped to the spec's error (SPEC §7.2): a missing required
 * field → `MISSING_REQUIRED_FIELD {field, context}`; a value failing an address schema →
 * `INVALID_ADDRESS_FORMAT {field, address, reason}`; an unknown swap direction → `UNSUPPORTED_SWAP_DIRECTION`;
 * anything else → `INVALID_PARAMETER {parameter, value, reason}`. Schemas are compiled once (TypeBox's compiler);
 * the error walk runs only for a value that failed, so the valid path costs one generated check.
 */
import type { Static, TSchema } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors'
import {
  type BaseError,
  InvalidAddressError,
  InvalidParameterError,
  MissingRequiredFieldError,
  UnsupportedSwapDirectionError,
  cutText,
  displayValue,
} from '../errors/index.js'

/** How to report a failure: what made a field required, and the values as the caller received them. */
export interface ValidationContext {
  /** `MissingRequiredFieldError.details.context`: `quote`, `getAction`, `swap-action`, … */
  readonly context: string
  /** The value of a top-level parameter as received (a query string's text), when it differs from the parsed one. */
  readonly rawValueOf?: (parameter: string) => string | undefined
}

/**
 * A compiled validator: `check` is the fast path, `assert` throws the spec's error for the first failure, `problem`
 * returns it (for callers that answer a failure rather than throw it, e.g. one item of a batch).
 */
export interface Validator<T extends TSchema> {
  readonly schema: T
  check(value: unknown): value is Static<T>
  assert(value: unknown, context: ValidationContext): asserts value is Static<T>
  /** The spec's error for the first failure of `value`; `undefined` when it is valid. */
  problem(value: unknown, context: ValidationContext): BaseError | undefined
}

/**
 * Compiles a schema once into a validator whose failures are the spec's errors.
 *
 * @example
 * const validator = compileValidator(QuoteRequestSchema)
 * validator.assert(input, { context: 'quote' }) // throws e.g. MissingRequiredFieldError {field: 'amount'}
 */
export function compileValidator<T extends TSchema>(schema: T): Validator<T> {
  const compiled = TypeCompiler.Compile(schema)
  const problem = (value: unknown, context: ValidationContext): BaseError | undefined => {
    if (compiled.Check(value)) return undefined
    const first = compiled.Errors(value).First()
    return first === undefined
      ? new InvalidParameterError({ parameter: 'request', value: displayValue(value), reason: 'invalid' })
      : errorOf(first, context, value)
  }
  return {
    schema,
    check: (value: unknown): value is Static<T> => compiled.Check(value),
    assert(value: unknown, context: ValidationContext): asserts value is Static<T> {
      const error = problem(value, context)
      if (error !== undefined) throw error
    },
    problem,
  }
}

/**
 * The spec's error for one schema failure.
 *
 * @param root - the whole value validated, for the top-level parameter's value in `details`.
 * @example errorOf(compiled.Errors(value).First()!, { context: 'getAction' }, value)
 */
export function errorOf(error: ValueError, context: ValidationContext, root: unknown): BaseError {
  const path = error.path.split('/').slice(1)
  // A segment can be a caller's key (an unknown property of a body) of any length: shown cut, like every value.
  const segments = path.map(cutText)
  const parameter = segments[0] ?? 'request'
  if (error.type === ValueErrorType.ObjectRequiredProperty && segments.length === 1) {
    return new MissingRequiredFieldError({ field: parameter, context: context.context })
  }
  const schema = error.schema as { 'x-error'?: string; 'x-reason'?: string }
  const received = context.rawValueOf?.(parameter)
  if (schema['x-error'] === 'INVALID_ADDRESS_FORMAT' && typeof error.value === 'string') {
    const field = segments.filter((segment) => !/^[0-9]+$/.test(segment)).join('.')
    return new InvalidAddressError({ field, address: error.value, reason: schema['x-reason'] ?? error.message })
  }
  if (schema['x-error'] === 'UNSUPPORTED_SWAP_DIRECTION' && segments.length === 1) {
    return new UnsupportedSwapDirectionError({ swapDirection: received ?? String(error.value) })
  }
  // The value in `details`: the parameter as received; for an item of a list of scalars, the item itself (the
  // caller sees which one); for a deeper failure (a field of an `appFees` entry), the whole parameter.
  const isListItem = segments.length === 2 && /^[0-9]+$/.test(segments[1]!) && error.schema.type !== 'object'
  const top = root !== null && typeof root === 'object' ? (root as Record<string, unknown>)[path[0] ?? ''] : root
  // Shown by `displayValue`: cut, and never a walk of the whole value (it may be nested thousands deep).
  const value = isListItem
    ? displayValue(error.value)
    : (received ?? displayValue(segments.length === 1 ? error.value : top))
  return new InvalidParameterError({ parameter, value, reason: reasonOf(error, segments) })
}

function reasonOf(error: ValueError, segments: readonly string[]): string {
  const schema = error.schema as { 'x-reason'?: string }
  const reason = schema['x-reason'] ?? error.message.toLowerCase()
  if (segments.length <= 1) return reason
  const where = segments
    .slice(1)
    .map((segment) => (/^[0-9]+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
  return error.type === ValueErrorType.ObjectRequiredProperty
    ? `${segments[0]}${where} is required`
    : `${segments[0]}${where}: ${reason}`
}
