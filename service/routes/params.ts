/**
 * Query-string parameter parsing and validation helpers (SPEC §4.1 types). Each helper takes the raw value and
 * either returns it typed or throws the spec's error (`InvalidParameterError` unless stated), with the parameter
 * name, the value as received and a reason. An empty value (`name=`) counts as absent everywhere.
 */
import { InvalidParameterError, MissingRequiredFieldError } from '../../engine/index.js'

export type { Query } from '../schema/query.js'
import type { Query } from '../schema/query.js'

function invalid(parameter: string, value: string, reason: string): InvalidParameterError {
  return new InvalidParameterError({ parameter, value, reason })
}

/**
 * The value of a single-valued parameter.
 * @returns the value, or `undefined` when absent or empty.
 * @throws InvalidParameterError when the parameter is repeated.
 * @example single({ srcChainId: '10' }, 'srcChainId') // '10'
 */
export function single(query: Query, name: string): string | undefined {
  const value = query[name]
  if (Array.isArray(value)) throw invalid(name, value.join(','), 'given more than once; it takes a single value')
  return value === undefined || value === '' ? undefined : (value as string)
}

/**
 * The value of a required single-valued parameter.
 * @param context - what makes it required, for `MissingRequiredFieldError.details.context` (`getAction`, `swap-
 * action`…).
 * @throws MissingRequiredFieldError when absent or empty; InvalidParameterError when repeated.
 * @example required(ctx.query, 'amount', 'swap-action')
 */
export function required(query: Query, name: string, context: string): string {
  const value = single(query, name)
  if (value === undefined) throw new MissingRequiredFieldError({ field: name, context })
  return value
}

/**
 * A chain id: a canonical positive decimal integer (no sign, leading zero, fraction or exponent), at most 2^53 − 1.
 * @example chainIdParam('srcChainId', '8453') // 8453
 */
export function chainIdParam(name: string, raw: string): number {
  const value = Number(raw)
  if (!CHAIN_ID.test(raw) || !Number.isSafeInteger(value)) {
    throw invalid(name, raw, 'must be a positive decimal integer chain id, without sign, leading zeros or exponent')
  }
  return value
}

const CHAIN_ID = /^[1-9][0-9]{0,15}$/
