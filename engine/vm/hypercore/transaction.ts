/**
 * The HyperCore transaction of a quote: a Hyperliquid `spotSend` of the input to the bridge, as the EIP-712 typed
 * data the user signs (Hyperliquid's "user-signed action" scheme: domain `HyperliquidSignTransaction`, primary
 * type `HyperliquidTransaction:SpotSend`) and the action to post with the signature to Hyperliquid's
 * `POST /exchange`. Built with viem; pure.
 */
import { type Hex, formatUnits, hashTypedData } from 'viem'
import { InvalidSrcTokenError } from '../../errors/index.js'
import type { Snapshot } from '../../graph/types.js'
import type { QuoteResult } from '../../quote/types.js'
import { hypercoreModule } from '../hypercore.js'

/**
 * The chain id the signature is made for, as Hyperliquid's action carries it (`signatureChainId`): Arbitrum One,
 * the chain Hyperliquid's mainnet wallets sign on. Hyperliquid accepts any id that equals the domain's `chainId`.
 */
export const HYPERLIQUID_SIGNATURE_CHAIN_ID = '0xa4b1'

/** The EIP-712 types of a spot send, in viem's shape (the domain's type is implied). */
export const SPOT_SEND_TYPES = Object.freeze({
  'HyperliquidTransaction:SpotSend': [
    { name: 'hyperliquidChain', type: 'string' },
    { name: 'destination', type: 'string' },
    { name: 'token', type: 'string' },
    { name: 'amount', type: 'string' },
    { name: 'time', type: 'uint64' },
  ],
} as const)

/**
 * Hyperliquid's spot token names (`NAME:tokenId`, from its `spotMeta`) of the snapshot's HyperCore tokens, by
 * address: HYPE is the native sentinel; USDC is token index 0, whose HyperEVM system address is `0x20…00`.
 */
const SPOT_TOKENS: ReadonlyMap<string, string> = new Map([
  ['0x0000000000000000000000000000000000000000', 'HYPE:0x0d01dc56dcaaca66ad901c959b4011ec'],
  ['0x2000000000000000000000000000000000000000', 'USDC:0x6d1e7cde53ba9467b783cb7c530ce054'],
])

/** The `spotSend` action posted to `/exchange` with the signature; its fields are the signed message's. */
export interface SpotSendAction {
  type: 'spotSend'
  signatureChainId: typeof HYPERLIQUID_SIGNATURE_CHAIN_ID
  hyperliquidChain: 'Mainnet'
  /** The bridge's HyperCore address, lower case. */
  destination: string
  /** `NAME:tokenId`. */
  token: string
  /** Whole tokens, a decimal string: the input bound at the token's decimals. */
  amount: string
  /** Milliseconds: the action's nonce. */
  time: number
}

/** The `tx` of a quote whose source chain is HyperCore. */
export interface HypercoreTransaction {
  /** The bridge's HyperCore address (the chain's `routerAddress`). */
  to: string
  /** The EIP-712 hash of `typedData`: what the signature covers. */
  data: Hex
  /** The input bound in the token's smallest units, decimal string (`amount` of the action, unscaled). */
  value: string
  chainId: number
  /** What the user signs (`eth_signTypedData_v4`, viem `signTypedData`). */
  typedData: {
    domain: { name: 'HyperliquidSignTransaction'; version: '1'; chainId: number; verifyingContract: Hex }
    types: typeof SPOT_SEND_TYPES
    primaryType: 'HyperliquidTransaction:SpotSend'
    message: Omit<SpotSendAction, 'type' | 'signatureChainId'>
  }
  /** What to post to `/exchange`: `{ action, nonce: action.time, signature: { r, s, v } }`. */
  action: SpotSendAction
}

/** What `buildHypercoreTransaction` needs. */
export interface BuildHypercoreTransactionParameters {
  snapshot: Snapshot
  /** The quote's id: its last bits make the nonce unique among the sender's quotes of one second. */
  txId: Hex
  quote: QuoteResult
  /** Unix seconds: the nonce is the deadline in milliseconds (Hyperliquid takes nonces up to a day ahead). */
  deadline: number
}

/**
 * Builds the spot send of a quote's input bound (`amountInMax`) to the bridge.
 *
 * @throws InvalidSrcTokenError when the source token has no known Hyperliquid spot name.
 * @throws Error when the source chain is not HyperCore: a bug, not user input.
 *
 * @example
 * const tx = buildHypercoreTransaction({ snapshot, txId, quote, deadline })
 * const signature = await account.signTypedData(tx.typedData)
 * await fetch('https://api.hyperliquid.xyz/exchange', { method: 'POST',
 *   body: JSON.stringify({ action: tx.action, nonce: tx.action.time, signature: parseSignature(signature) }) })
 */
export function buildHypercoreTransaction(parameters: BuildHypercoreTransactionParameters): HypercoreTransaction {
  const { snapshot, quote } = parameters
  const chain = snapshot.chains.get(quote.amountIn.chainId)
  if (chain?.vm !== hypercoreModule.vm) {
    throw new Error(`HyperCore transactions need a HyperCore source chain, got chain ${quote.amountIn.chainId}`)
  }
  const token = SPOT_TOKENS.get(quote.amountIn.address.toLowerCase())
  if (token === undefined) throw new InvalidSrcTokenError(`${quote.amountIn.symbol} has no Hyperliquid spot name`)
  const value = BigInt(quote.amountInMax.amount)
  // Unique per quote within a second: Hyperliquid refuses a nonce it has already seen from the signer.
  const time = parameters.deadline * 1000 + (Number.parseInt(parameters.txId.slice(-4), 16) % 1000)
  const message = {
    hyperliquidChain: 'Mainnet' as const,
    destination: chain.routerAddress.toLowerCase(),
    token,
    amount: formatUnits(value, quote.amountInMax.decimals),
    time,
  }
  const typedData = {
    domain: {
      name: 'HyperliquidSignTransaction' as const,
      version: '1' as const,
      chainId: Number.parseInt(HYPERLIQUID_SIGNATURE_CHAIN_ID, 16),
      verifyingContract: '0x0000000000000000000000000000000000000000' as Hex,
    },
    types: SPOT_SEND_TYPES,
    primaryType: 'HyperliquidTransaction:SpotSend' as const,
    message,
  }
  return {
    to: chain.routerAddress,
    // viem types uint64 as bigint; the JSON answer carries the number (below 2^53), which signs the same.
    data: hashTypedData({ ...typedData, message: { ...message, time: BigInt(time) } }),
    value: value.toString(),
    chainId: chain.chainId,
    typedData,
    action: { type: 'spotSend', signatureChainId: HYPERLIQUID_SIGNATURE_CHAIN_ID, ...message },
  }
}
