/**
 * The `getAction` request (SPEC §2.3, §4.1): parsed from the query string, checked against the snapshot, and
 * turned into the engine's `QuoteRequest`. The rules are tabled in `service/tx/README.md`.
 */
import type { Hex } from 'viem'
import {
  type AppFee,
  type BridgeId,
  InvalidAmountZeroError,
  InvalidParameterError,
  MissingRequiredFieldError,
  type QuoteRequest,
  type Snapshot,
  type SwapDirection,
  UnsupportedSwapDirectionError,
  isNativeSentinel,
} from '../../engine/index.js'
import {
  type Query,
  amountParam,
  appFeesParam,
  booleanParam,
  bridgeIdsParam,
  chainIdParam,
  evmAddressParam,
  hexDataParam,
  required,
  single,
  slippageParam,
} from './params.js'

/** Fields every action type shares (SPEC §2.3). */
interface ActionRequestBase {
  sender: string
  srcChainId: number
  srcToken: string
  dstChainId: number
  dstToken: string
  /** Bps, 0–10000. */
  slippage: number
  recipient?: string
  refundTo?: string
  /** Absent: all bridges. */
  bridgeIds?: BridgeId[]
  /** The fees in force: the request's `appFees`, or the API key's defaults when absent. */
  appFees: AppFee[]
}

/** A `swap-action` request. */
export interface SwapActionRequest extends ActionRequestBase {
  actionType: 'swap-action'
  amount: string
  swapDirection: SwapDirection
}

/** An `evm-calldata-tx` request: route into what the call needs, then call `to` with `data`. */
export interface CalldataActionRequest extends ActionRequestBase {
  actionType: 'evm-calldata-tx'
  to: string
  data: Hex
  /** Native wei the call needs (quoted exact-out in the native token). */
  value?: string
  /** `dstToken` units the call needs (quoted exact-out); takes precedence over `value`. */
  erc20Amount?: string
  /** Approved for `erc20Amount` before the call; defaults to `to`. */
  erc20Spender: string
}

/** A validated `getAction` request, echoed as `actionRequest` in status and history. */
export type ActionRequest = SwapActionRequest | CalldataActionRequest

const SWAP_DIRECTIONS: readonly string[] = ['exact-amount-in', 'exact-amount-out']
const CALL_PARAMETERS = ['to', 'data', 'value', 'erc20Amount', 'erc20Spender'] as const
const VENUE_PARAMETERS = ['userId', 'side', 'tokenID', 'orderType', 'tickSize', 'negRisk'] as const
const ALWAYS_REQUIRED = ['sender', 'srcChainId', 'srcToken', 'dstChainId', 'dstToken', 'slippage'] as const

/**
 * Parses and validates a `getAction` query string. Checks run in this order: actionType, the always-required
 * fields, unsupported features, formats, then the action type's own rules.
 *
 * @param defaults - the API key's default `appFees`, used when the request has none.
 * @throws MissingRequiredFieldError, InvalidParameterError, InvalidAddressError, InvalidAmountZeroError,
 *   UnsupportedSwapDirectionError — with the spec's details.
 *
 * @example
 * parseActionRequest(ctx.query, { appFees: ctx.state.apiKey.appFees })
 */
export function parseActionRequest(query: Query, defaults: { readonly appFees: readonly AppFee[] }): ActionRequest {
  const actionType = required(query, 'actionType', 'getAction')
  if (actionType === 'venue') {
    throw new InvalidParameterError({ parameter: 'actionType', value: actionType, reason: 'the venue action type is not supported yet' })
  }
  if (actionType !== 'swap-action' && actionType !== 'evm-calldata-tx') {
    throw new InvalidParameterError({ parameter: 'actionType', value: actionType, reason: 'must be swap-action or evm-calldata-tx (venue is not supported yet)' })
  }
  const [sender, srcChainId, srcToken, dstChainId, dstToken, slippage] = ALWAYS_REQUIRED.map((name) => required(query, name, 'getAction')) as [string, string, string, string, string, string]
  rejectUnsupported(query)
  const appFees = single(query, 'appFees')
  const base: ActionRequestBase = {
    sender,
    srcChainId: chainIdParam('srcChainId', srcChainId),
    srcToken,
    dstChainId: chainIdParam('dstChainId', dstChainId),
    dstToken,
    slippage: slippageParam(slippage),
    ...optional('recipient', single(query, 'recipient')),
    ...optional('refundTo', single(query, 'refundTo')),
    ...optional('bridgeIds', bridgeIdsParam(query)),
    appFees: appFees === undefined ? defaults.appFees.map((fee) => ({ bps: fee.bps, receiverAddress: fee.receiverAddress })) : appFeesParam(appFees),
  }
  return actionType === 'swap-action' ? swapAction(query, base) : calldataAction(query, base)
}

function swapAction(query: Query, base: ActionRequestBase): SwapActionRequest {
  rejectForeign(query, CALL_PARAMETERS, 'only for evm-calldata-tx')
  const amount = amountParam('amount', required(query, 'amount', 'swap-action'))
  const swapDirection = required(query, 'swapDirection', 'swap-action')
  if (!SWAP_DIRECTIONS.includes(swapDirection)) throw new UnsupportedSwapDirectionError({ swapDirection })
  if (amount === '0') throw new InvalidAmountZeroError()
  return { actionType: 'swap-action', ...base, amount, swapDirection: swapDirection as SwapDirection }
}

function calldataAction(query: Query, base: ActionRequestBase): CalldataActionRequest {
  rejectForeign(query, ['amount'], 'not used by evm-calldata-tx: the call\'s erc20Amount or value is the amount')
  const swapDirection = single(query, 'swapDirection')
  if (swapDirection !== undefined && !SWAP_DIRECTIONS.includes(swapDirection)) throw new UnsupportedSwapDirectionError({ swapDirection })
  if (swapDirection === 'exact-amount-in') {
    throw new InvalidParameterError({ parameter: 'swapDirection', value: swapDirection, reason: 'evm-calldata-tx is quoted exact-amount-out: the call needs an exact amount' })
  }
  const to = evmAddressParam('to', required(query, 'to', 'evm-calldata-tx'))
  const data = hexDataParam('data', required(query, 'data', 'evm-calldata-tx'))
  const rawValue = single(query, 'value')
  const rawErc20Amount = single(query, 'erc20Amount')
  const value = rawValue === undefined ? undefined : amountParam('value', rawValue)
  const erc20Amount = rawErc20Amount === undefined ? undefined : amountParam('erc20Amount', rawErc20Amount)
  const rawSpender = single(query, 'erc20Spender')
  const erc20Spender = rawSpender === undefined ? to : evmAddressParam('erc20Spender', rawSpender)
  if (erc20Amount === undefined && value === undefined) {
    throw new MissingRequiredFieldError({ field: 'erc20Amount', context: 'evm-calldata-tx without value' })
  }
  if (erc20Amount !== undefined && value !== undefined && value !== '0') {
    throw new InvalidParameterError({ parameter: 'value', value, reason: 'give either erc20Amount (of dstToken) or a non-zero value (native), not both: the route delivers one token' })
  }
  if ((erc20Amount ?? value) === '0') throw new InvalidAmountZeroError()
  return {
    actionType: 'evm-calldata-tx',
    ...base,
    to,
    data,
    ...optional('value', value),
    ...optional('erc20Amount', erc20Amount),
    erc20Spender,
  }
}

/**
 * Snapshot-dependent rules: the source chain must be an EVM chain (other VMs' transactions are not built yet);
 * `evm-calldata-tx` needs an EVM destination, a native `dstToken` for `value` and an ERC-20 one for `erc20Amount`.
 * Unknown chains are left to the engine (`UNSUPPORTED_NETWORK`).
 *
 * @throws InvalidParameterError naming the parameter.
 */
export function checkActionChains(request: ActionRequest, snapshot: Snapshot): void {
  const srcChain = snapshot.chains.get(request.srcChainId)
  const dstChain = snapshot.chains.get(request.dstChainId)
  if (srcChain !== undefined && srcChain.vm !== 'evm') {
    throw new InvalidParameterError({ parameter: 'srcChainId', value: String(request.srcChainId), reason: `transactions from ${srcChain.name} (${srcChain.vm}) are not supported yet: the source chain must be an EVM chain` })
  }
  if (request.actionType !== 'evm-calldata-tx' || dstChain === undefined) return
  if (dstChain.vm !== 'evm') {
    throw new InvalidParameterError({ parameter: 'dstChainId', value: String(request.dstChainId), reason: `evm-calldata-tx needs an EVM destination chain; ${dstChain.name} is ${dstChain.vm}` })
  }
  const isNative = isNativeSentinel(dstChain.vm, request.dstToken)
  if (request.erc20Amount !== undefined && isNative) {
    throw new InvalidParameterError({ parameter: 'dstToken', value: request.dstToken, reason: 'erc20Amount needs an ERC-20 dstToken; for the native token give value' })
  }
  if (request.erc20Amount === undefined && !isNative) {
    throw new InvalidParameterError({ parameter: 'dstToken', value: request.dstToken, reason: `value is native wei: dstToken must be the native token ${dstChain.nativeToken}` })
  }
}

/**
 * The engine request of an action: `swap-action` as asked; `evm-calldata-tx` as exact-amount-out of what the call
 * needs (`erc20Amount`, else `value`).
 *
 * @example engine.quote(toQuoteRequest(request))
 */
export function toQuoteRequest(request: ActionRequest): QuoteRequest {
  const { sender, srcChainId, srcToken, dstChainId, dstToken, slippage, recipient, refundTo, bridgeIds, appFees } = request
  const amount = request.actionType === 'swap-action' ? request.amount : (request.erc20Amount ?? request.value)!
  const swapDirection = request.actionType === 'swap-action' ? request.swapDirection : 'exact-amount-out'
  return { sender, srcChainId, srcToken, dstChainId, dstToken, amount, swapDirection, slippage, recipient, refundTo, bridgeIds, appFees }
}

function rejectUnsupported(query: Query): void {
  for (const name of ['gasless', 'returnDepositAddress'] as const) {
    const raw = single(query, name)
    if (raw !== undefined && booleanParam(name, raw)) {
      throw new InvalidParameterError({ parameter: name, value: raw, reason: `${name}=true is not supported yet` })
    }
  }
  const sponsor = single(query, 'solanaSponsor')
  if (sponsor !== undefined) {
    throw new InvalidParameterError({ parameter: 'solanaSponsor', value: sponsor, reason: 'solanaSponsor is not supported yet (no Solana transactions yet)' })
  }
  rejectForeign(query, VENUE_PARAMETERS, 'only for the venue action type, which is not supported yet')
}

function rejectForeign(query: Query, names: readonly string[], reason: string): void {
  for (const name of names) {
    const raw = query[name]
    if (raw !== undefined && raw !== '') throw new InvalidParameterError({ parameter: name, value: String(raw), reason })
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}
