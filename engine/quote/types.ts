import type { BridgeId } from '../graph/types.js'

/** Trade direction (SPEC §2.1). */
export type SwapDirection = 'exact-amount-in' | 'exact-amount-out'

/** An application fee (SPEC §2.3 `appFees`): `bps` of the input, paid to `receiverAddress` in the source token. */
export interface AppFee {
  bps: number
  receiverAddress: string
}

/**
 * A quote request, with the API's parameter names and wire types (SPEC §2.3, §4.1): chain ids are numbers,
 * `amount` a decimal string in the token's smallest units, `slippage` a number of bps.
 */
export interface QuoteRequest {
  sender: string
  srcChainId: number
  srcToken: string
  dstChainId: number
  dstToken: string
  amount: string
  /** Default `exact-amount-in`. */
  swapDirection?: string
  /** Tolerance in bps, 0 to 10000 (fractions allowed). */
  slippage: number
  /** Receiver on the destination chain; required when the chains' address formats differ. Default: sender. */
  recipient?: string
  /** Refund receiver on the source chain. Default: sender. */
  refundTo?: string
  /** Restrict bridges; empty or absent: all. */
  bridgeIds?: string[]
  appFees?: AppFee[]
}

/** Token amount object (SPEC §2.2). */
export interface TokenAmount {
  chainId: number
  address: string
  name: string
  symbol: string
  decimals: number
  isNative: boolean
  /** Smallest units, decimal string. */
  amount: string
  logo: string
  svcCode: string
  /** USD value at the snapshot's prices. */
  usdAmount: number
}

/** One bridge hop of a route (SPEC §2.4 `bridgeRoute`). */
export interface BridgeRouteEntry {
  srcChainId: number
  dstChainId: number
  srcBridgeToken: string
  dstBridgeToken: string
  bridgeId: BridgeId
}

/**
 * One hop of a route, as executed (an extension of the spec's response: researchers and the transaction builders
 * need the path itself). Amounts are smallest units.
 */
export interface RouteStep {
  type: 'swap' | 'bridge' | 'wrap' | 'unwrap'
  chainId: number
  /** Pool protocol (`uniswap-v3`, …), bridge id, or `wrap`. */
  protocol: string
  /** Pool id or lane id; absent for wrap hops. */
  id?: string
  /** Pool address, where the snapshot has one. */
  address?: string
  tokenIn: string
  tokenOut: string
  /** Chain of `tokenOut` (differs from `chainId` for bridge steps). */
  dstChainId: number
  amountIn: string
  amountOut: string
  /** Pool fee in pips (V3), bps × 100 (V2) or Curve's 1e10 units / 1e4 (stableswap); lane fee bps × 100. */
  feePips?: number
}

/** A route with every figure of the spec's action response except the transaction (SPEC §2.4 `allRoutes`). */
export interface RouteQuote {
  vmId: 'evm' | 'solana' | 'alt-vm' | 'hypercore'
  amountIn: TokenAmount
  amountInMax: TokenAmount
  amountOut: TokenAmount
  amountOutMin: TokenAmount
  protocolFee: TokenAmount
  applicationFee: TokenAmount
  bridgeFee: TokenAmount
  /** Destination tokens per source token, in whole units (amountOut / amountIn). */
  exchangeRate: number
  /** Seconds. */
  estimatedTxTime: number
  /** Percent (0.25 = 0.25%) by which the pools and swapping lanes execute below their mid prices. */
  estimatedPriceImpact: number
  requiresRegisterTransaction: boolean
  bridgeIds: BridgeId[]
  bridgeRoute: BridgeRouteEntry[]
  steps: RouteStep[]
}

/** The engine's answer: the best route's figures, plus all routes (best first). */
export interface QuoteResult extends RouteQuote {
  requiresTokenApproval: boolean
  allRoutes: RouteQuote[]
}
