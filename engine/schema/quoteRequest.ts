/**
 * The quote request (SPEC §2.3, §4.1) as one schema, and the one parse every caller uses: the HTTP service
 * (`getAction`) and library users get the same rules and the same errors. The parse needs no snapshot; what needs
 * one (chains, tokens, each VM's address rules) is checked by the engine when it quotes.
 */
import { described, withDefault } from './describe.js'
import { type Static, Type } from '@sinclair/typebox'
import { InvalidAmountZeroError, InvalidParameterError, displayValue } from '../errors/index.js'
import type { BridgeId } from '../graph/types.js'
import {
  AMOUNT_MAX,
  FEES_TOTAL_LIMIT_BPS,
  MAX_PRICE_IMPACT_DEFAULT,
  MAX_SPLITS_DEFAULT,
  slippageFraction,
} from './rules.js'
import {
  Address,
  AmountString,
  AppFees,
  BridgeId as BridgeIdSchema,
  ChainId,
  MaxPriceImpact,
  MaxSplits,
  Slippage,
  SwapDirection,
  TokenAddress,
} from './scalars.js'
import { type ValidationContext, type Validator, compileValidator } from './validate.js'

/** The request's fields, with the API's names and JSON types. */
export const QuoteRequestSchema = Type.Object(
  {
    sender: described(Address, "The user's wallet on the source chain, in its address format."),
    srcChainId: described(ChainId, 'Source chain.'),
    srcToken: Type.Optional(
      described(TokenAddress, 'Token paid in, on the source chain (absent: `INVALID_SOURCE_TOKEN`).'),
    ),
    dstChainId: described(ChainId, 'Destination chain; may equal `srcChainId`.'),
    dstToken: Type.Optional(
      described(TokenAddress, 'Token received, on the destination chain (absent: `INVALID_DESTINATION_TOKEN`).'),
    ),
    amount: described(
      AmountString,
      'Exact-in: what is paid, fees included, in `srcToken` units; exact-out: what must arrive, in `dstToken` units.',
    ),
    swapDirection: Type.Optional(withDefault(SwapDirection, 'exact-amount-in')),
    slippage: Slippage,
    recipient: Type.Optional(
      described(
        Address,
        "Receiver on the destination chain; default `sender`. Required when the chains' address formats differ.",
      ),
    ),
    refundTo: Type.Optional(described(Address, 'Refund receiver on the source chain; default `sender`.')),
    bridgeIds: Type.Optional(Type.Array(BridgeIdSchema, { description: 'Restrict bridges; empty or absent: all.' })),
    appFees: Type.Optional(AppFees),
    maxPriceImpact: Type.Optional(MaxPriceImpact),
    maxSplits: Type.Optional(MaxSplits),
  },
  { description: 'A quote request (SPEC §2.3).', 'x-component': 'QuoteRequest' },
)

/**
 * A quote request as a library caller writes it: the schema's fields, `amount` also as a `bigint`.
 *
 * @example
 * const request: QuoteRequest = { sender, srcChainId: 8453, srcToken, dstChainId: 10, dstToken,
 *   amount: 250_000_000n, swapDirection: 'exact-amount-in', slippage: 50 }
 */
export type QuoteRequest = Omit<Static<typeof QuoteRequestSchema>, 'amount'> & { amount: string | bigint }

/**
 * A quote request that already meets `QuoteRequestSchema` (the schema's type, `amount` a decimal string): what
 * `parseValidQuoteRequest` takes.
 */
export type ValidQuoteRequest = Static<typeof QuoteRequestSchema>

const PARSED: unique symbol = Symbol('crossroute.parsedQuoteRequest')

/** A request after the shared parse: typed, `bigint` amount, slippage as an exact fraction. */
export interface ParsedQuoteRequest {
  readonly [PARSED]: true
  readonly sender: string
  readonly srcChainId: number
  readonly srcToken: string | undefined
  readonly dstChainId: number
  readonly dstToken: string | undefined
  readonly amount: bigint
  readonly swapDirection: SwapDirection
  /** Slippage as an exact fraction of 1: `numerator / denominator` (12.5 bps → 125 / 1_000_000). */
  readonly slippage: { readonly numerator: bigint; readonly denominator: bigint }
  readonly recipient: string | undefined
  readonly refundTo: string | undefined
  /** Absent or empty in the request: `undefined` (all bridges). */
  readonly bridgeIds: ReadonlySet<BridgeId> | undefined
  readonly appFees: readonly { readonly bps: bigint; readonly receiverAddress: string }[]
  /** Percent; `MAX_PRICE_IMPACT_DEFAULT` when absent. */
  readonly maxPriceImpact: number
  /** Routes the amount may be divided across; `MAX_SPLITS_DEFAULT` when absent. */
  readonly maxSplits: number
}

/** Options of the parse. */
export interface ParseQuoteRequestOptions extends Partial<ValidationContext> {
  /** The protocol fee in force (bps): application fees and it together must stay below 10000 bps. Default 0. */
  readonly protocolFeeBps?: number
}

const validator: Validator<typeof QuoteRequestSchema> = compileValidator(QuoteRequestSchema)

/**
 * Validates a quote request and converts it to its typed form. Empty strings and `null` count as absent.
 *
 * @param input - the request, as JSON-shaped data (from a caller, a file or a query string).
 * @returns the typed request, which `engine.quote` takes without parsing it again.
 * @throws MissingRequiredFieldError, InvalidParameterError, InvalidAddressError, UnsupportedSwapDirectionError,
 *   InvalidAmountZeroError — with the spec's details.
 *
 * @example
 * const parsed = parseQuoteRequest({ sender, srcChainId: 42161, srcToken, dstChainId: 42161, dstToken,
 *   amount: '1000000000', slippage: 50 })
 * parsed.amount // 1000000000n
 */
export function parseQuoteRequest(input: unknown, options: ParseQuoteRequestOptions = {}): ParsedQuoteRequest {
  if (isParsedQuoteRequest(input)) return input
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new InvalidParameterError({ parameter: 'request', value: String(input), reason: 'must be an object' })
  }
  const request = presentFields(input as Record<string, unknown>)
  const context: ValidationContext = {
    context: options.context ?? 'quote',
    ...(options.rawValueOf ? { rawValueOf: options.rawValueOf } : {}),
  }
  validator.assert(request, context)
  return parseValidQuoteRequest(request, options)
}

/**
 * The rest of `parseQuoteRequest`, for a request already checked against the schema's rules — by
 * `QuoteRequestSchema` itself or by schemas built from the same scalars, as the HTTP service's query decoder is —
 * so that the hot path validates once: the rules no schema expresses (the uint256 bound, a zero amount, slippage
 * precision, application fees with the protocol fee) and the conversion to the typed form. It does not check the
 * schema again: give it only validated input.
 *
 * @param request - a request meeting `QuoteRequestSchema`, absent fields left out or `undefined`.
 * @returns the typed request, which `engine.quote` takes without parsing it again.
 * @throws InvalidParameterError (`amount` above 2^256 − 1, `slippage` too precise, `appFees` with the protocol fee
 *   reaching 10000 bps), InvalidAmountZeroError — with the spec's details, as `parseQuoteRequest` throws them.
 *
 * @example
 * const decoded = decoder.decode(query, 'getAction') // validated with the same scalar schemas
 * const parsed = parseValidQuoteRequest(toQuoteRequest(decoded), { protocolFeeBps: 5 })
 */
export function parseValidQuoteRequest(
  request: ValidQuoteRequest,
  options: ParseQuoteRequestOptions = {},
): ParsedQuoteRequest {
  const amount = BigInt(request.amount)
  if (amount > AMOUNT_MAX) {
    throw new InvalidParameterError({
      parameter: 'amount',
      value: rawValue(options, 'amount', request.amount),
      reason: 'exceeds the uint256 maximum',
    })
  }
  if (amount === 0n) throw new InvalidAmountZeroError()

  const slippage = slippageOf(options.rawValueOf?.('slippage') ?? String(request.slippage))
  if ('reason' in slippage) {
    throw new InvalidParameterError({
      parameter: 'slippage',
      value: rawValue(options, 'slippage', request.slippage),
      reason: slippage.reason,
    })
  }

  const appFees =
    request.appFees === undefined || request.appFees.length === 0
      ? NO_APP_FEES
      : request.appFees.map((fee) => ({ bps: BigInt(fee.bps), receiverAddress: fee.receiverAddress }))
  let feesBps = options.protocolFeeBps ?? 0
  for (const fee of appFees) feesBps += Number(fee.bps)
  if (feesBps >= FEES_TOTAL_LIMIT_BPS) {
    throw new InvalidParameterError({
      parameter: 'appFees',
      value: rawValue(options, 'appFees', request.appFees),
      reason: `application fees and the protocol fee (${options.protocolFeeBps ?? 0} bps) together must stay below ${FEES_TOTAL_LIMIT_BPS} bps`,
    })
  }

  return {
    [PARSED]: true,
    sender: request.sender,
    srcChainId: request.srcChainId,
    srcToken: request.srcToken,
    dstChainId: request.dstChainId,
    dstToken: request.dstToken,
    amount,
    swapDirection: request.swapDirection ?? 'exact-amount-in',
    slippage,
    recipient: request.recipient,
    refundTo: request.refundTo,
    bridgeIds:
      request.bridgeIds === undefined || request.bridgeIds.length === 0 ? undefined : new Set(request.bridgeIds),
    appFees,
    maxPriceImpact: request.maxPriceImpact ?? MAX_PRICE_IMPACT_DEFAULT,
    maxSplits: request.maxSplits ?? MAX_SPLITS_DEFAULT,
  }
}

/**
 * Whether a value is a request `parseQuoteRequest` already parsed.
 *
 * @example isParsedQuoteRequest(parseQuoteRequest(input)) // true
 */
export function isParsedQuoteRequest(value: unknown): value is ParsedQuoteRequest {
  return value !== null && typeof value === 'object' && (value as { [PARSED]?: unknown })[PARSED] === true
}

/** The request without absent values (`undefined`, `null`, `''`), with a `bigint` amount as its decimal string. */
function presentFields(input: Record<string, unknown>): Record<string, unknown> {
  const present: Record<string, unknown> = {}
  // Object.keys rather than Object.entries: no [key, value] pair allocated per field on the hot path.
  const keys = Object.keys(input)
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!
    const value = input[key]
    if (value === undefined || value === null || value === '') continue
    present[key] = typeof value === 'bigint' ? value.toString() : value
  }
  return present
}

/** A parameter's value as the caller sent it, for an error's details. */
function rawValue(options: ParseQuoteRequestOptions, parameter: string, value: unknown): string {
  return options.rawValueOf?.(parameter) ?? displayValue(value)
}

/** Shared by requests without application fees (read-only: the parsed request is never mutated). */
const NO_APP_FEES: readonly { readonly bps: bigint; readonly receiverAddress: string }[] = Object.freeze([])

/** Slippage fractions by their text: requests repeat a handful of values, and the fraction is immutable. */
const slippageCache = new Map<string, ReturnType<typeof slippageFraction>>()
const SLIPPAGE_CACHE_MAX = 1_000

function slippageOf(text: string): ReturnType<typeof slippageFraction> {
  let fraction = slippageCache.get(text)
  if (fraction === undefined) {
    fraction = Object.freeze(slippageFraction(text))
    if (slippageCache.size >= SLIPPAGE_CACHE_MAX) slippageCache.clear()
    slippageCache.set(text, fraction)
  }
  return fraction
}
