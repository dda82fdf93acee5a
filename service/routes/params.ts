/**
 * Query-string parameter parsing and validation helpers (SPEC §4.1 types). Each helper takes the raw value and
 * either returns it typed or throws the spec's error (`InvalidParameterError` unless stated), with the parameter
 * name, the value as received and a reason. An empty value (`name=`) counts as absent everywhere.
 */
import type { ParsedUrlQuery } from 'node:querystring'
import type { Hex } from 'viem'
import {
  type AppFee,
  BRIDGE_IDS,
  type BridgeId,
  InvalidAddressError,
  InvalidParameterError,
  MissingRequiredFieldError,
  addressProblem,
} from '../../engine/index.js'

/** A parsed query string, as Koa's `ctx.query` gives it: repeated names become arrays. */
export type Query = Readonly<ParsedUrlQuery>

const CHAIN_ID = /^[1-9][0-9]{0,15}$/
const AMOUNT = /^[0-9]+$/
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
const UINT256_MAX = 2n ** 256n - 1n
const MAX_SLIPPAGE_CHARACTERS = 32
/** Bounds the on-chain fee array (one transfer each). */
export const MAX_APP_FEES = 10

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
 * @param context - what makes it required, for `MissingRequiredFieldError.details.context` (`getAction`, `swap-action`…).
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

/**
 * An amount string (SPEC §2.1, `^[0-9]+$`, smallest units) that fits a uint256. Zero is returned: callers decide
 * whether it is `INVALID_AMOUNT_ZERO`.
 * @returns the canonical decimal form (leading zeros dropped).
 * @example amountParam('amount', '0250000000') // '250000000'
 */
export function amountParam(name: string, raw: string): string {
  if (!AMOUNT.test(raw)) throw invalid(name, raw, 'must be a string of decimal digits, in the token\'s smallest units')
  const digits = raw.replace(/^0+(?=.)/, '')
  if (digits.length > 78 || BigInt(digits) > UINT256_MAX) throw invalid(name, raw, 'exceeds the uint256 maximum')
  return digits
}

/**
 * Slippage in bps: a plain decimal number (fractions allowed, no sign or exponent) from 0 to 10000.
 * @example slippageParam('12.5') // 12.5
 */
export function slippageParam(raw: string): number {
  if (!DECIMAL.test(raw) || raw.length > MAX_SLIPPAGE_CHARACTERS) {
    throw invalid('slippage', raw, 'must be a decimal number of bps, e.g. 50 or 12.5')
  }
  const value = Number(raw)
  if (value > 10_000) throw invalid('slippage', raw, 'must be between 0 and 10000 bps')
  return value
}

/**
 * A boolean: exactly `true` or `false`.
 * @example booleanParam('gasless', 'false') // false
 */
export function booleanParam(name: string, raw: string): boolean {
  if (raw === 'true') return true
  if (raw === 'false') return false
  throw invalid(name, raw, 'must be true or false')
}

/**
 * An EVM address (EIP-55 checksum when mixed case), not the zero address.
 * @throws InvalidAddressError `{field, address, reason}`.
 * @example evmAddressParam('to', '0x8ba1f109551bD432803012645Ac136ddd64DBA72')
 */
export function evmAddressParam(field: string, raw: string): string {
  const problem = /^0x0{40}$/.test(raw) ? 'the zero address' : addressProblem('evm', raw)
  if (problem !== undefined) throw new InvalidAddressError({ field, address: raw, reason: problem })
  return raw
}

/**
 * Calldata: `0x` and an even number of hex digits (`0x` alone is empty calldata).
 * @example hexDataParam('data', '0xa9059cbb') // '0xa9059cbb'
 */
export function hexDataParam(name: string, raw: string): Hex {
  if (!HEX_BYTES.test(raw)) throw invalid(name, raw, 'must be 0x-prefixed hex with an even number of digits')
  return raw as Hex
}

/**
 * Bridge ids, repeated (`bridgeIds=a&bridgeIds=b`), comma-separated (`bridgeIds=a,b`) or both; duplicates dropped.
 * @returns the ids, or `undefined` when absent (all bridges).
 * @example bridgeIdsParam({ bridgeIds: ['cctp', 'across,relay'] }) // ['cctp', 'across', 'relay']
 */
export function bridgeIdsParam(query: Query): BridgeId[] | undefined {
  const raw = query.bridgeIds
  if (raw === undefined || raw === '') return undefined
  const ids = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(','))
  for (const id of ids) {
    if (id === '') throw invalid('bridgeIds', String(raw), 'empty bridge id')
    if (!(BRIDGE_IDS as readonly string[]).includes(id)) {
      throw invalid('bridgeIds', id, `unknown bridge id; known: ${BRIDGE_IDS.join(', ')}`)
    }
  }
  return [...new Set(ids as BridgeId[])]
}

/**
 * Application fees: a JSON array of `{bps, receiverAddress}` (SPEC §4.1), each `bps` a non-negative integer, the
 * sum at most 10000, at most `MAX_APP_FEES` entries. Receiver addresses are checked by the engine (on the source
 * chain's VM). Keys other than `bps` and `receiverAddress` are ignored.
 * @example appFeesParam('[{"bps":25,"receiverAddress":"0x…"}]')
 */
export function appFeesParam(raw: string): AppFee[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw invalid('appFees', raw, 'not valid JSON: expected a JSON array of {bps, receiverAddress}')
  }
  if (!Array.isArray(parsed)) throw invalid('appFees', raw, 'must be a JSON array of {bps, receiverAddress}')
  if (parsed.length > MAX_APP_FEES) throw invalid('appFees', raw, `at most ${MAX_APP_FEES} fees`)
  const fees = parsed.map((fee: unknown): AppFee => {
    if (fee === null || typeof fee !== 'object' || Array.isArray(fee)) {
      throw invalid('appFees', raw, 'each fee must be an object {bps, receiverAddress}')
    }
    const { bps, receiverAddress } = fee as { bps?: unknown; receiverAddress?: unknown }
    if (typeof bps !== 'number' || !Number.isSafeInteger(bps) || bps < 0) {
      throw invalid('appFees', raw, 'bps must be a non-negative integer')
    }
    if (typeof receiverAddress !== 'string' || receiverAddress === '') {
      throw invalid('appFees', raw, 'receiverAddress must be a non-empty string')
    }
    return { bps, receiverAddress }
  })
  if (fees.reduce((sum, fee) => sum + fee.bps, 0) > 10_000) throw invalid('appFees', raw, 'bps sum past 10000')
  return fees
}
