import { Decimal } from 'decimal.js'
import {
  CrossVmReceiverRequiredError,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  UnsupportedNetworkError,
  UnsupportedSwapDirectionError,
} from '../errors/index.js'
import { BRIDGE_IDS, type BridgeId, type Chain, type Snapshot, type Token, type Vm } from '../graph/types.js'
import { tokenKey } from '../graph/validateSnapshot.js'
import { addressProblem, walletAddressProblem } from '../vm/addresses.js'
import type { QuoteRequest, SwapDirection } from './types.js'

/** uint256 has at most 78 decimal digits. */
const AMOUNT = /^[0-9]{1,78}$/
const BPS_DENOMINATOR = 10_000n

/** A request after validation: typed, bigint amounts, resolved chains and tokens. */
export interface ParsedRequest {
  readonly sender: string
  readonly srcChain: Chain
  readonly dstChain: Chain
  readonly srcToken: Token
  readonly dstToken: Token
  readonly amount: bigint
  readonly swapDirection: SwapDirection
  /** Slippage as an exact fraction of 1: `numerator / denominator`. */
  readonly slippage: { readonly numerator: bigint; readonly denominator: bigint }
  readonly recipient: string
  readonly refundTo: string
  readonly bridgeIds: ReadonlySet<BridgeId> | undefined
  readonly appFees: readonly { readonly bps: bigint; readonly receiverAddress: string }[]
}

/** Address formats: EVM and HyperCore share one, so a sender's address is valid on both. */
function addressFamily(vm: Vm): string {
  return vm === 'hypercore' ? 'evm' : vm
}

/**
 * Validates a quote request against a snapshot, in the order a caller fixes things: presence, formats, chains,
 * tokens, amounts, then cross-field rules.
 *
 * @throws MissingRequiredFieldError, InvalidParameterError, InvalidAddressError, UnsupportedNetworkError,
 *   InvalidSrcTokenError, InvalidDstTokenError, InvalidAmountZeroError, UnsupportedSwapDirectionError,
 *   CrossVmReceiverRequiredError
 */
export function parseRequest(snapshot: Snapshot, request: QuoteRequest, protocolFeeBps: number): ParsedRequest {
  if (request === null || typeof request !== 'object') {
    throw new InvalidParameterError({ parameter: 'request', value: String(request), reason: 'must be an object' })
  }
  for (const field of ['sender', 'srcChainId', 'dstChainId', 'amount', 'slippage'] as const) {
    if (request[field] === undefined || request[field] === null || request[field] === '') {
      throw new MissingRequiredFieldError({ field, context: 'quote' })
    }
  }
  const srcChain = chainOf(snapshot, request.srcChainId, 'srcChainId')
  const dstChain = chainOf(snapshot, request.dstChainId, 'dstChainId')
  const srcToken = tokenOf(snapshot, srcChain, request.srcToken, 'srcToken')
  const dstToken = tokenOf(snapshot, dstChain, request.dstToken, 'dstToken')
  if (srcToken.key === dstToken.key) {
    throw new InvalidParameterError({ parameter: 'dstToken', value: request.dstToken, reason: 'same token as srcToken on the same chain' })
  }

  const sender = wallet(srcChain.vm, request.sender, 'sender')
  const sameFamily = addressFamily(srcChain.vm) === addressFamily(dstChain.vm)
  if (!sameFamily && (request.recipient === undefined || request.recipient === '')) {
    throw new CrossVmReceiverRequiredError({ srcChainId: srcChain.chainId, dstChainId: dstChain.chainId })
  }
  const recipient = request.recipient ? wallet(dstChain.vm, request.recipient, 'recipient') : sender
  const refundTo = request.refundTo ? wallet(srcChain.vm, request.refundTo, 'refundTo') : sender

  const amountText = String(request.amount)
  if (!AMOUNT.test(amountText)) {
    throw new InvalidParameterError({ parameter: 'amount', value: amountText, reason: 'must be an integer string of at most 78 digits, in smallest units' })
  }
  const amount = BigInt(amountText)
  if (amount === 0n) throw new InvalidAmountZeroError()

  const swapDirection = request.swapDirection ?? 'exact-amount-in'
  if (swapDirection !== 'exact-amount-in' && swapDirection !== 'exact-amount-out') {
    throw new UnsupportedSwapDirectionError({ swapDirection: String(swapDirection) })
  }

  return {
    sender,
    srcChain,
    dstChain,
    srcToken,
    dstToken,
    amount,
    swapDirection,
    slippage: parseSlippage(request.slippage),
    recipient,
    refundTo,
    bridgeIds: parseBridgeIds(request.bridgeIds),
    appFees: parseAppFees(request.appFees, srcChain.vm, protocolFeeBps),
  }
}

function chainOf(snapshot: Snapshot, chainId: unknown, parameter: string): Chain {
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidParameterError({ parameter, value: String(chainId), reason: 'must be a positive integer chain id' })
  }
  const chain = snapshot.chains.get(chainId)
  if (chain === undefined) throw new UnsupportedNetworkError({ chainId })
  return chain
}

function tokenOf(snapshot: Snapshot, chain: Chain, address: unknown, field: 'srcToken' | 'dstToken'): Token {
  const TokenError = field === 'srcToken' ? InvalidSrcTokenError : InvalidDstTokenError
  if (typeof address !== 'string' || address === '') throw new TokenError()
  const problem = addressProblem(chain.vm, address)
  if (problem !== undefined) throw new InvalidAddressError({ field, address, reason: problem })
  const token = snapshot.tokens.get(tokenKey(chain.chainId, chain.vm, address))
  if (token === undefined) {
    throw new TokenError(`${field === 'srcToken' ? 'Source' : 'Destination'} token ${address} is not supported on chain ${chain.chainId}`)
  }
  return token
}

function wallet(vm: Vm, address: unknown, field: string): string {
  const text = String(address)
  const problem = walletAddressProblem(vm, text)
  if (problem !== undefined) throw new InvalidAddressError({ field, address: text, reason: problem })
  return text
}

/** Exact fraction of the slippage in bps: 12.5 bps → 125 / 1_000_000. */
function parseSlippage(slippage: unknown): ParsedRequest['slippage'] {
  const invalid = (reason: string) =>
    new InvalidParameterError({ parameter: 'slippage', value: String(slippage), reason })
  if (typeof slippage !== 'number' || !Number.isFinite(slippage)) throw invalid('must be a number of bps')
  if (slippage < 0 || slippage > 10_000) throw invalid('must be between 0 and 10000 bps')
  if (Number.isInteger(slippage)) return { numerator: BigInt(slippage), denominator: BPS_DENOMINATOR }
  const [numerator, denominator] = new Decimal(slippage).toFraction() as [Decimal, Decimal]
  return { numerator: BigInt(numerator.toFixed()), denominator: BigInt(denominator.toFixed()) * BPS_DENOMINATOR }
}

function parseBridgeIds(bridgeIds: unknown): ReadonlySet<BridgeId> | undefined {
  if (bridgeIds === undefined || bridgeIds === null) return undefined
  if (!Array.isArray(bridgeIds)) {
    throw new InvalidParameterError({ parameter: 'bridgeIds', value: String(bridgeIds), reason: 'must be an array of bridge ids' })
  }
  if (bridgeIds.length === 0) return undefined
  for (const id of bridgeIds) {
    if (!(BRIDGE_IDS as readonly unknown[]).includes(id)) {
      throw new InvalidParameterError({ parameter: 'bridgeIds', value: String(id), reason: `unknown bridge id; known: ${BRIDGE_IDS.join(', ')}` })
    }
  }
  return new Set(bridgeIds as BridgeId[])
}

function parseAppFees(appFees: unknown, vm: Vm, protocolFeeBps: number): ParsedRequest['appFees'] {
  if (appFees === undefined || appFees === null) return []
  const invalid = (value: unknown, reason: string) =>
    new InvalidParameterError({ parameter: 'appFees', value: typeof value === 'string' ? value : JSON.stringify(value) ?? String(value), reason })
  if (!Array.isArray(appFees)) throw invalid(appFees, 'must be an array of {bps, receiverAddress}')
  let total = protocolFeeBps
  const fees = appFees.map((fee: unknown) => {
    if (fee === null || typeof fee !== 'object') throw invalid(fee, 'each fee must be an object {bps, receiverAddress}')
    const { bps, receiverAddress } = fee as { bps?: unknown; receiverAddress?: unknown }
    if (typeof bps !== 'number' || !Number.isInteger(bps) || bps < 0 || bps > 10_000) {
      throw invalid(fee, 'bps must be an integer from 0 to 10000')
    }
    if (typeof receiverAddress !== 'string') throw invalid(fee, 'receiverAddress must be a string')
    const problem = walletAddressProblem(vm, receiverAddress)
    if (problem !== undefined) throw new InvalidAddressError({ field: 'appFees.receiverAddress', address: receiverAddress, reason: problem })
    total += bps
    return { bps: BigInt(bps), receiverAddress }
  })
  if (total >= 10_000) throw invalid(appFees, 'application and protocol fees together must stay below 10000 bps')
  return fees
}
