import {
  CrossVmReceiverRequiredError,
  InvalidAddressError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSrcTokenError,
  UnsupportedNetworkError,
} from '../errors/index.js'
import type { BridgeId, Chain, Snapshot, Token, Vm } from '../graph/types.js'
import { tokenKey } from '../graph/validateSnapshot.js'
import type { ParsedQuoteRequest } from '../schema/quoteRequest.js'
import { addressProblem, walletAddressProblem } from '../vm/addresses.js'
import { sameAddressFamily } from '../vm/registry.js'
import type { SwapDirection } from './types.js'

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
  /** Percent: routes with more price impact are not offered. */
  readonly maxPriceImpact: number
  /** Routes the amount may be divided across (1: no split). */
  readonly maxSplits: number
}

/**
 * Resolves a parsed request against a snapshot, in the order a caller fixes things: chains, tokens, then each
 * VM's address rules and the cross-VM receiver rule. The snapshot-free rules were applied by `parseQuoteRequest`.
 *
 * @throws UnsupportedNetworkError, InvalidSrcTokenError, InvalidDstTokenError, InvalidParameterError,
 *   InvalidAddressError, CrossVmReceiverRequiredError
 */
export function resolveRequest(snapshot: Snapshot, request: ParsedQuoteRequest): ParsedRequest {
  const srcChain = chainOf(snapshot, request.srcChainId)
  const dstChain = chainOf(snapshot, request.dstChainId)
  const srcToken = tokenOf(snapshot, srcChain, request.srcToken, 'srcToken')
  const dstToken = tokenOf(snapshot, dstChain, request.dstToken, 'dstToken')
  if (srcToken.key === dstToken.key) {
    throw new InvalidParameterError({
      parameter: 'dstToken',
      value: request.dstToken ?? '',
      reason: 'same token as srcToken on the same chain',
    })
  }

  const sender = wallet(srcChain.vm, request.sender, 'sender')
  const sameFamily = sameAddressFamily(srcChain.vm, dstChain.vm)
  if (!sameFamily && request.recipient === undefined) {
    throw new CrossVmReceiverRequiredError({ srcChainId: srcChain.chainId, dstChainId: dstChain.chainId })
  }
  const recipient = request.recipient === undefined ? sender : wallet(dstChain.vm, request.recipient, 'recipient')
  const refundTo = request.refundTo === undefined ? sender : wallet(srcChain.vm, request.refundTo, 'refundTo')
  for (const fee of request.appFees) wallet(srcChain.vm, fee.receiverAddress, 'appFees.receiverAddress')

  return {
    sender,
    srcChain,
    dstChain,
    srcToken,
    dstToken,
    amount: request.amount,
    swapDirection: request.swapDirection,
    slippage: request.slippage,
    recipient,
    refundTo,
    bridgeIds: request.bridgeIds,
    appFees: request.appFees,
    maxPriceImpact: request.maxPriceImpact,
    maxSplits: request.maxSplits,
  }
}

function chainOf(snapshot: Snapshot, chainId: number): Chain {
  const chain = snapshot.chains.get(chainId)
  if (chain === undefined) throw new UnsupportedNetworkError({ chainId })
  return chain
}

/**
 * Tokens found by chain and address as sent, per snapshot: the checks below are pure, so a hit skips them. Keyed by
 * chain, then address (no key string built per lookup).
 */
const resolvedTokens = new WeakMap<Snapshot, Map<number, Map<string, Token>>>()
/** Entries per chain and snapshot before the cache starts over (many spellings of many addresses cannot grow it). */
const RESOLVED_TOKENS_MAX = 10_000

function tokenOf(snapshot: Snapshot, chain: Chain, address: string | undefined, field: 'srcToken' | 'dstToken'): Token {
  if (address === undefined) throw field === 'srcToken' ? new InvalidSrcTokenError() : new InvalidDstTokenError()
  let byChain = resolvedTokens.get(snapshot)
  if (byChain === undefined) {
    byChain = new Map()
    resolvedTokens.set(snapshot, byChain)
  }
  let resolved = byChain.get(chain.chainId)
  if (resolved === undefined) {
    resolved = new Map()
    byChain.set(chain.chainId, resolved)
  }
  const cached = resolved.get(address)
  if (cached !== undefined) return cached
  const token = findToken(snapshot, chain, address, field)
  if (resolved.size >= RESOLVED_TOKENS_MAX) resolved.clear()
  resolved.set(address, token)
  return token
}

function findToken(snapshot: Snapshot, chain: Chain, address: string, field: 'srcToken' | 'dstToken'): Token {
  const TokenError = field === 'srcToken' ? InvalidSrcTokenError : InvalidDstTokenError
  const problem = addressProblem(chain.vm, address)
  if (problem !== undefined) throw new InvalidAddressError({ field, address, reason: problem })
  const token = snapshot.tokens.get(tokenKey(chain.chainId, chain.vm, address))
  if (token === undefined) {
    throw new TokenError(
      `${field === 'srcToken' ? 'Source' : 'Destination'} token ${address} is not supported on chain ${chain.chainId}`,
    )
  }
  return token
}

function wallet(vm: Vm, address: string, field: string): string {
  const problem = walletAddressProblem(vm, address)
  if (problem !== undefined) throw new InvalidAddressError({ field, address, reason: problem })
  return address
}
