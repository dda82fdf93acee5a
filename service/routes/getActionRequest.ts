/**
 * The `getAction` request (SPEC §2.3, §4.1): parsed from the query string, checked against the snapshot, and
 * turned into the engine's `QuoteRequest`. The rules are tabled in `engine/vm/evm/README.md` ("`getAction`
 * parameters").
 */
import type { Static } from '@sinclair/typebox'
import type { Hex } from 'viem'
import {
  type AppFee,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidParameterError,
  MissingRequiredFieldError,
  type ParsedQuoteRequest,
  type QuoteRequestSchema,
  type Snapshot,
  type ValidQuoteRequest,
  addressProblem,
  isNativeSentinel,
  parseValidQuoteRequest,
  type schemas,
  vmModuleOf,
} from '../../engine/index.js'
import { transactionBuilderOf } from '../../engine/transactions.js'
import type {
  ActionRequest,
  CalldataActionRequest,
  SwapActionRequest,
  VenueActionRequest,
} from '../schema/actionRequest.js'
export type {
  ActionRequest,
  CalldataActionRequest,
  SwapActionRequest,
  VenueActionRequest,
} from '../schema/actionRequest.js'
import { type ActionType, GET_ACTION_PARAMETERS } from '../schema/getActionParameters.js'
import { type Query, queryDecoder } from '../schema/query.js'
import { keyFeesFor } from '../keys/keyFees.js'
import { checkSolanaSponsor } from './solanaSponsor.js'

/** Fields every action type shares (SPEC §2.3). */
type ActionRequestBase = Omit<SwapActionRequest, 'actionType' | 'amount' | 'swapDirection'>

const CALL_PARAMETERS = ['to', 'data', 'value', 'erc20Amount', 'erc20Spender'] as const
const VENUE_PARAMETERS = ['userId', 'side', 'tokenID', 'orderType', 'tickSize', 'negRisk'] as const

const decoder = queryDecoder(GET_ACTION_PARAMETERS)

/** A validated `getAction` request: the echo (`actionRequest`) and the engine's parsed request. */
export interface GetActionInput {
  readonly request: ActionRequest
  readonly quoteRequest: ParsedQuoteRequest
  /** `gasless=true`: answer `executions` for the gasless provider (checked by the route against key and chain). */
  readonly gasless: boolean
  /** `returnDepositAddress=true` (or `gasless`, whose permit pays into it): answer the quote's `depositAddress`. */
  readonly returnDepositAddress: boolean
  /** `simulate=true`: run the transaction on the source chain's node before answering (checked by the route). */
  readonly simulate: boolean
}

/**
 * Parses and validates a `getAction` query string with the parameters' schemas (`service/schema/`), then the
 * rules of the action type, then the rules every quote shares that no schema expresses (`parseValidQuoteRequest`,
 * the engine's own parse after its schema check: the parameters were checked by the same scalar schemas, once).
 * Checks run in this order: actionType, the always-required fields, formats, unsupported features, then the
 * action type's own rules and the shared ones.
 *
 * @param defaults - the API key's default `appFees`, used when the request has none.
 * @param protocolFeeBps - the protocol fee in force (application fees and it stay below 10000 bps).
 * @param snapshot - the chains the service quotes on: given, a request without `appFees` gets only the key's fees
 *   whose receiver is a wallet address of its source chain's VM (`keyFeesFor`; none on an unknown chain), so that a
 *   key with an EVM receiver quotes from Solana without a fee rather than failing on a parameter the request never
 *   sent. Omitted (tests, benchmarks on EVM requests): every default fee.
 * @throws MissingRequiredFieldError, InvalidParameterError, InvalidAddressError, InvalidAmountZeroError,
 *   UnsupportedSwapDirectionError — with the spec's details.
 *
 * @example
 * const { request, quoteRequest } = parseGetAction(ctx.query, apiKey, engine.options.protocolFeeBps, engine.snapshot)
 */
export function parseGetAction(
  query: Query,
  defaults: { readonly appFees: readonly AppFee[] },
  protocolFeeBps = 0,
  snapshot?: Pick<Snapshot, 'chains'>,
): GetActionInput {
  const actionType = decoder.raw(query, 'actionType')
  if (actionType === undefined || actionType === '')
    throw new MissingRequiredFieldError({ field: 'actionType', context: 'getAction' })
  const decoded = decoder.decode(query, 'getAction') as unknown as DecodedQuery
  if (decoded.actionType !== 'venue') rejectForeign(query, VENUE_PARAMETERS, 'only for the venue action type')
  const base: ActionRequestBase = {
    sender: decoded.sender,
    srcChainId: decoded.srcChainId,
    srcToken: decoded.srcToken,
    dstChainId: decoded.dstChainId,
    dstToken: decoded.dstToken,
    slippage: decoded.slippage,
    ...optional('recipient', decoded.recipient),
    ...optional('refundTo', decoded.refundTo),
    ...optional('bridgeIds', decoded.bridgeIds),
    appFees:
      decoded.appFees ??
      (snapshot === undefined
        ? defaults.appFees.map((fee) => ({ bps: fee.bps, receiverAddress: fee.receiverAddress }))
        : keyFeesFor(defaults.appFees, snapshot.chains.get(decoded.srcChainId)?.vm)),
    ...optional('maxPriceImpact', decoded.maxPriceImpact),
    ...optional('maxSplits', decoded.maxSplits),
    ...optional('solanaSponsor', decoded.solanaSponsor),
  }
  const request =
    decoded.actionType === 'swap-action'
      ? swapAction(query, decoded, base)
      : decoded.actionType === 'venue'
        ? venueAction(query, decoded, base)
        : calldataAction(query, decoded, base)
  const quoteRequest = parseValidQuoteRequest(toQuoteRequest(request), {
    context: request.actionType,
    protocolFeeBps,
    rawValueOf: (name) =>
      name === 'amount' && request.actionType === 'evm-calldata-tx' ? undefined : decoder.raw(query, name),
  })
  if (request.actionType !== 'evm-calldata-tx') request.amount = quoteRequest.amount.toString()
  const gasless = decoded.gasless === true
  return {
    request,
    quoteRequest,
    gasless,
    returnDepositAddress: gasless || decoded.returnDepositAddress === true,
    simulate: decoded.simulate === true,
  }
}

/**
 * The echo of a validated `getAction` query (`parseGetAction(...).request`).
 *
 * @example parseActionRequest(ctx.query, { appFees: apiKey.appFees })
 */
export function parseActionRequest(
  query: Query,
  defaults: { readonly appFees: readonly AppFee[] },
  protocolFeeBps = 0,
): ActionRequest {
  return parseGetAction(query, defaults, protocolFeeBps).request
}

type QuoteFields = Static<typeof QuoteRequestSchema>

/**
 * The query after the decoder (`GET_ACTION_PARAMETERS`): typed values, absent parameters left out. The quote's
 * fields have the quote request's types (the parameters share its scalar schemas), with the tokens required and the
 * amount optional, as the parameters declare them; the venue parameters are optional (`venueAction` requires them).
 */
type DecodedQuery = Omit<QuoteFields, 'srcToken' | 'dstToken' | 'amount'> &
  Required<Pick<QuoteFields, 'srcToken' | 'dstToken'>> &
  Partial<Pick<QuoteFields, 'amount'>> & {
    actionType: Static<typeof ActionType>
    to?: Static<typeof schemas.EvmAddress>
    data?: Static<typeof schemas.Hex>
    value?: Static<typeof schemas.AmountString>
    erc20Amount?: Static<typeof schemas.AmountString>
    erc20Spender?: Static<typeof schemas.EvmAddress>
    gasless?: boolean
    returnDepositAddress?: boolean
    simulate?: boolean
    solanaSponsor?: Static<typeof schemas.SolanaAddress>
  } & Partial<Pick<VenueActionRequest, 'userId' | 'side' | 'tokenID' | 'orderType' | 'tickSize'>> & {
    negRisk?: 'true' | 'false'
  }

function swapAction(query: Query, decoded: DecodedQuery, base: ActionRequestBase): SwapActionRequest {
  rejectForeign(query, CALL_PARAMETERS, 'only for evm-calldata-tx')
  if (decoded.amount === undefined) throw new MissingRequiredFieldError({ field: 'amount', context: 'swap-action' })
  if (decoded.swapDirection === undefined)
    throw new MissingRequiredFieldError({ field: 'swapDirection', context: 'swap-action' })
  return { actionType: 'swap-action', ...base, amount: decoded.amount, swapDirection: decoded.swapDirection }
}

/**
 * A `venue` request (SPEC §4.1): `amount`, `recipient` (the proxy wallet) and every venue parameter required;
 * `swapDirection` defaults to `exact-amount-in`. What the venue's state decides (the user, the wallet, the token,
 * its market) is checked by the route (`service/venue/venueAction.ts`).
 */
function venueAction(query: Query, decoded: DecodedQuery, base: ActionRequestBase): VenueActionRequest {
  rejectForeign(query, CALL_PARAMETERS, 'only for evm-calldata-tx')
  const required = <T>(field: string, value: T | undefined): T => {
    if (value === undefined) throw new MissingRequiredFieldError({ field, context: 'venue' })
    return value
  }
  const { userId, side, tokenID, orderType, tickSize, negRisk } = decoded
  return {
    actionType: 'venue',
    ...base,
    amount: required('amount', decoded.amount),
    swapDirection: decoded.swapDirection ?? 'exact-amount-in',
    recipient: required('recipient', base.recipient),
    userId: required('userId', userId),
    side: required('side', side),
    tokenID: required('tokenID', tokenID),
    orderType: required('orderType', orderType),
    tickSize: required('tickSize', tickSize),
    negRisk: required('negRisk', negRisk) === 'true',
  }
}

function calldataAction(query: Query, decoded: DecodedQuery, base: ActionRequestBase): CalldataActionRequest {
  rejectForeign(query, ['amount'], "not used by evm-calldata-tx: the call's erc20Amount or value is the amount")
  if (decoded.swapDirection === 'exact-amount-in') {
    throw new InvalidParameterError({
      parameter: 'swapDirection',
      value: decoded.swapDirection,
      reason: 'evm-calldata-tx is quoted exact-amount-out: the call needs an exact amount',
    })
  }
  if (decoded.to === undefined) throw new MissingRequiredFieldError({ field: 'to', context: 'evm-calldata-tx' })
  if (decoded.data === undefined) throw new MissingRequiredFieldError({ field: 'data', context: 'evm-calldata-tx' })
  const to = evmAddress('to', decoded.to)
  const erc20Spender = decoded.erc20Spender === undefined ? to : evmAddress('erc20Spender', decoded.erc20Spender)
  const value = decoded.value === undefined ? undefined : canonicalAmount(decoded.value)
  const erc20Amount = decoded.erc20Amount === undefined ? undefined : canonicalAmount(decoded.erc20Amount)
  if (erc20Amount === undefined && value === undefined) {
    throw new MissingRequiredFieldError({ field: 'erc20Amount', context: 'evm-calldata-tx without value' })
  }
  if (erc20Amount !== undefined && value !== undefined && value !== '0') {
    throw new InvalidParameterError({
      parameter: 'value',
      value,
      reason:
        'give either erc20Amount (of dstToken) or a non-zero value (native), not both: the route delivers one token',
    })
  }
  if ((erc20Amount ?? value) === '0') throw new InvalidAmountZeroError()
  return {
    actionType: 'evm-calldata-tx',
    ...base,
    to,
    // The Hex schema's pattern (`^0x…`) is viem's template type.
    data: decoded.data as Hex,
    ...optional('value', value),
    ...optional('erc20Amount', erc20Amount),
    erc20Spender,
  }
}

/** An EVM address on the call's chain, checked by the EVM VM's rules; the zero address is no contract. */
function evmAddress(field: string, address: string): string {
  const problem = /^0x0{40}$/.test(address) ? 'the zero address' : addressProblem('evm', address)
  if (problem !== undefined) throw new InvalidAddressError({ field, address, reason: problem })
  return address
}

/** An amount's canonical decimal form (leading zeros dropped), as the quote echoes it. */
function canonicalAmount(amount: string): string {
  return amount.replace(/^0+(?=.)/, '')
}

/**
 * Snapshot-dependent rules: the source chain's VM must have a transaction builder (`transactionBuilderOf`);
 * `maxSplits` above 1 only from a chain whose transaction is a router call (EVM, and Tron, which shares its ABI): the
 * other VMs' transactions (a deposit, a Solana swap) carry one route; `solanaSponsor` only on a Solana same-chain swap;
 * `evm-calldata-tx` needs a destination whose VM executes EVM calldata (`VmModule.executesEvmCalldata`), a native
 * `dstToken` for `value` and an ERC-20 one for `erc20Amount`.
 * Unknown chains are left to the engine (`UNSUPPORTED_NETWORK`).
 *
 * @throws InvalidParameterError naming the parameter.
 */
export function checkActionChains(request: ActionRequest, snapshot: Snapshot): void {
  const srcChain = snapshot.chains.get(request.srcChainId)
  const dstChain = snapshot.chains.get(request.dstChainId)
  if (srcChain !== undefined && transactionBuilderOf(srcChain.vm) === undefined) {
    throw new InvalidParameterError({
      parameter: 'srcChainId',
      value: String(request.srcChainId),
      reason: `transactions from ${srcChain.name} (${srcChain.vm}) are not supported yet`,
    })
  }
  if (srcChain !== undefined && (request.maxSplits ?? 1) > 1 && !vmModuleOf(srcChain.vm).executesSplits) {
    throw new InvalidParameterError({
      parameter: 'maxSplits',
      value: String(request.maxSplits),
      reason: `a ${srcChain.vm} source transaction carries one route: splits need an EVM source chain (the router)`,
    })
  }
  checkSolanaSponsor(request, srcChain)
  if (request.actionType !== 'evm-calldata-tx' || dstChain === undefined) return
  if (!vmModuleOf(dstChain.vm).executesEvmCalldata) {
    throw new InvalidParameterError({
      parameter: 'dstChainId',
      value: String(request.dstChainId),
      reason: `evm-calldata-tx needs an EVM destination chain; ${dstChain.name} is ${dstChain.vm}`,
    })
  }
  const isNative = isNativeSentinel(dstChain.vm, request.dstToken)
  if (request.erc20Amount !== undefined && isNative) {
    throw new InvalidParameterError({
      parameter: 'dstToken',
      value: request.dstToken,
      reason: 'erc20Amount needs an ERC-20 dstToken; for the native token give value',
    })
  }
  if (request.erc20Amount === undefined && !isNative) {
    throw new InvalidParameterError({
      parameter: 'dstToken',
      value: request.dstToken,
      reason: `value is native wei: dstToken must be the native token ${dstChain.nativeToken}`,
    })
  }
}

/**
 * The engine request of an action: `swap-action` as asked; `evm-calldata-tx` as exact-amount-out of what the call
 * needs (`erc20Amount`, else `value`).
 *
 * @example engine.quote(toQuoteRequest(request))
 */
export function toQuoteRequest(request: ActionRequest): ValidQuoteRequest {
  const { sender, srcChainId, srcToken, dstChainId, dstToken, slippage, recipient, refundTo, bridgeIds, appFees } =
    request
  const { maxPriceImpact, maxSplits } = request
  const amount = request.actionType === 'evm-calldata-tx' ? (request.erc20Amount ?? request.value)! : request.amount
  const swapDirection = request.actionType === 'evm-calldata-tx' ? 'exact-amount-out' : request.swapDirection
  return {
    sender,
    srcChainId,
    srcToken,
    dstChainId,
    dstToken,
    amount,
    swapDirection,
    slippage,
    recipient,
    refundTo,
    bridgeIds,
    appFees,
    maxPriceImpact,
    maxSplits,
  }
}

function rejectForeign(query: Query, names: readonly string[], reason: string): void {
  for (const name of names) {
    const raw = query[name]
    if (raw !== undefined && raw !== '')
      throw new InvalidParameterError({ parameter: name, value: String(raw), reason })
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}
