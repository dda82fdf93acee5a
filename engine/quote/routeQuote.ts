import { laneFee } from '../bridges/lane.js'
import type { Token } from '../graph/types.js'
import type { Edge, RouteGraph } from '../routing/graph.js'
import type { EvaluatedRoute } from '../routing/router.js'
import { floorOfProductOrUndefined } from '../math/floatFloor.js'
import { vmModuleOf } from '../vm/registry.js'
import type { FeeSplit } from './fees.js'
import type { ParsedRequest } from './resolveRequest.js'
import { maximumIn, minimumOut } from './slippage.js'
import { routeShapeOf } from './routeShape.js'
import { convertAtUsdPrices, tokenAmount, tokenAmountOf } from './tokenAmount.js'
import type { AppFeeAmount, BridgeRouteEntry, RouteQuote, RouteStep, TokenAmount } from './types.js'

/** Exchange rates keep this many decimal places (integer division, then one conversion to a number). */
const RATE_DECIMALS = 12
/** 10^RATE_DECIMALS, computed once (a constant's power is not folded: Math.pow on every call). */
const RATE_SCALE = 10 ** RATE_DECIMALS

/** Everything a route's figures are computed from. */
export interface RouteQuoteInput {
  readonly graph: RouteGraph
  readonly request: ParsedRequest
  readonly route: EvaluatedRoute
  /** The gross input (swap input plus protocol and application fees). */
  readonly grossIn: bigint
  readonly fees: FeeSplit
  /** The source-side token amounts of `grossIn` and `fees` (`sourceFiguresOf`), shared by routes that have them. */
  readonly source?: SourceFigures
}

/** The figures of a quote that depend only on the gross input and its fees (all in the source token). */
export interface SourceFigures {
  readonly grossIn: bigint
  readonly fees: FeeSplit
  readonly amountIn: TokenAmount
  readonly amountInMax: TokenAmount
  readonly protocolFee: TokenAmount
  readonly applicationFee: TokenAmount
  readonly appFees: AppFeeAmount[]
  /** `fees.net` as decimal text: the input of a route's first step whenever the route swaps exactly the net. */
  readonly netText: string
}

/** Builds the source-side figures of a gross input and its fees. */
export function sourceFiguresOf(request: ParsedRequest, grossIn: bigint, fees: FeeSplit): SourceFigures {
  const { srcToken } = request
  const exactIn = request.swapDirection === 'exact-amount-in'
  const amountIn = tokenAmount(srcToken, grossIn)
  return {
    grossIn,
    fees,
    amountIn,
    // Exact-in: the same figures as amountIn, in an object of its own.
    amountInMax: exactIn
      ? tokenAmountOf(srcToken, amountIn.amount, amountIn.usdAmount)
      : tokenAmount(srcToken, maximumIn(grossIn, request.slippage)),
    protocolFee: tokenAmount(srcToken, fees.protocolFee),
    // The total is the sum of the per-receiver amounts (each rounded up on its own), so the two always agree.
    applicationFee: tokenAmount(
      srcToken,
      fees.appFees.reduce((sum, fee) => sum + fee, 0n),
    ),
    appFees: request.appFees.map((fee, index) => ({
      bps: Number(fee.bps),
      receiverAddress: fee.receiverAddress,
      amount: tokenAmount(srcToken, fees.appFees[index]!),
    })),
    netText: fees.net === grossIn ? amountIn.amount : fees.net.toString(),
  }
}

/** Computes the spec's figures for one evaluated route (SPEC §2.4, without `tx`/`txId`). */
export function routeQuote({ graph, request, route, grossIn, fees, source }: RouteQuoteInput): RouteQuote {
  const { srcToken, dstToken, srcChain } = request
  const edges = route.path.edges
  const amounts = route.amounts
  const exactIn = request.swapDirection === 'exact-amount-in'
  const delivered = amounts[amounts.length - 1]!
  const amountOut = exactIn ? delivered : request.amount
  const amountOutMin = exactIn ? minimumOut(delivered, request.slippage) : request.amount
  // What does not depend on the amount is computed once per path (`routeShape.ts`); arrays and entries are copied
  // here so that no two results share a mutable object.
  const shape = routeShapeOf(graph, route.path)

  // Bridge fees are reported in the first lane's source token; a second lane's fee is converted at USD prices
  // (rounded up, against the trader).
  const { lanes, feeToken } = shape
  let bridgeFee = 0n
  for (let k = 0; k < lanes.length; k++) {
    const { lane, hop } = lanes[k]!
    bridgeFee += convertAtUsdPrices(laneFee(lane, amounts[hop]!), shape.laneTokens[k]!, feeToken)
  }

  const figures =
    source !== undefined && source.grossIn === grossIn && source.fees === fees
      ? source
      : sourceFiguresOf(request, grossIn, fees)
  const vm = vmModuleOf(srcChain.vm)
  const networkToken = route.path.networkCost.nativeToken
  const amountOutFigure = tokenAmount(dstToken, amountOut)
  // A step's amounts are mostly ones already written out (the swapped net, the route's output): ~65 ns per bigint
  // converted to text, shared instead of converted again.
  const steps: RouteStep[] = []
  let amountInText = amountText(amounts[0]!, figures, amountOut, amountOutFigure.amount)
  for (let hop = 0; hop < edges.length; hop++) {
    const amountOutText = amountText(amounts[hop + 1]!, figures, amountOut, amountOutFigure.amount)
    steps.push(step(graph, edges[hop]!, shape.feePips[hop]!, amountInText, amountOutText))
    amountInText = amountOutText
  }
  return {
    vmId: vm.vmId,
    amountIn: figures.amountIn,
    amountInMax: figures.amountInMax,
    amountOut: amountOutFigure,
    amountOutMin: tokenAmount(dstToken, amountOutMin),
    protocolFee: figures.protocolFee,
    applicationFee: figures.applicationFee,
    appFees: figures.appFees,
    bridgeFee: tokenAmount(feeToken, bridgeFee),
    networkFee: tokenAmountOf(networkToken, shape.networkFeeAmount, shape.networkFeeUsd),
    exchangeRate: exchangeRate(srcToken, grossIn, dstToken, amountOut),
    estimatedTxTime: shape.estimatedTxTime,
    estimatedPriceImpact: route.priceImpact,
    requiresRegisterTransaction: vm.requiresRegisterTransaction,
    bridgeIds: shape.bridgeIds.slice(),
    bridgeRoute: shape.bridgeRoute.map(copyBridgeRouteEntry),
    steps,
  }
}

/** An amount as decimal text, reusing the text of the swapped net or of the route's output when it is one of them. */
function amountText(amount: bigint, figures: SourceFigures, amountOut: bigint, amountOutText: string): string {
  if (amount === figures.fees.net) return figures.netText
  if (amount === amountOut) return amountOutText
  return amount.toString()
}

function copyBridgeRouteEntry(entry: BridgeRouteEntry): BridgeRouteEntry {
  return {
    srcChainId: entry.srcChainId,
    dstChainId: entry.dstChainId,
    srcBridgeToken: entry.srcBridgeToken,
    dstBridgeToken: entry.dstBridgeToken,
    bridgeId: entry.bridgeId,
  }
}

/**
 * Whole destination tokens per whole source token, from integer amounts: `floor(amountOut × 10^(srcDecimals + 12) /
 * (amountIn × 10^dstDecimals)) / 10^12`, the floor decided in floating point where that is provably exact
 * (`floorOfProductOrUndefined`), else by integer division; a number only at the end.
 */
export function exchangeRate(srcToken: Token, amountIn: bigint, dstToken: Token, amountOut: bigint): number {
  if (amountIn === 0n) return 0
  const numeratorScale = pow10(srcToken.decimals + RATE_DECIMALS)
  const denominatorScale = pow10(dstToken.decimals)
  const ratio = pow10Number(srcToken.decimals + RATE_DECIMALS) / (Number(amountIn) * pow10Number(dstToken.decimals))
  const scaled =
    floorOfProductOrUndefined(amountOut, ratio) ?? Number((amountOut * numeratorScale) / (amountIn * denominatorScale))
  return scaled / RATE_SCALE
}

/** 10^0 … 10^99, computed once (token decimals are at most 77 in practice: uint256). */
const POWERS_OF_TEN = Array.from({ length: 100 }, (_, k) => 10n ** BigInt(k))

/** The same powers as numbers (each the nearest double to the exact power: one rounding, as the proof allows). */
const POWERS_OF_TEN_NUMBERS = POWERS_OF_TEN.map(Number)

function pow10(exponent: number): bigint {
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent)
}

function pow10Number(exponent: number): number {
  return POWERS_OF_TEN_NUMBERS[exponent] ?? Number(pow10(exponent))
}

function step(graph: RouteGraph, edge: Edge, feePips: number, amountIn: string, amountOut: string): RouteStep {
  const tokenIn = graph.nodes[edge.from]!.token
  const tokenOut = graph.nodes[edge.to]!.token
  // Object literals with their final keys (no spread of shared fields): the order is the documented one.
  switch (edge.kind) {
    case 'wrap':
      return {
        type: tokenIn.isNative ? 'wrap' : 'unwrap',
        protocol: 'wrap',
        chainId: tokenIn.chainId,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        dstChainId: tokenOut.chainId,
        amountIn,
        amountOut,
      }
    case 'lane':
      return {
        type: 'bridge',
        protocol: edge.lane.bridgeId,
        id: edge.lane.id,
        feePips: edge.lane.feeBps * 100,
        chainId: tokenIn.chainId,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        dstChainId: tokenOut.chainId,
        amountIn,
        amountOut,
      }
    case 'pool': {
      const pool = edge.pool
      if (pool.address === undefined) {
        return {
          type: 'swap',
          protocol: pool.protocol,
          id: pool.id,
          feePips,
          chainId: tokenIn.chainId,
          tokenIn: tokenIn.address,
          tokenOut: tokenOut.address,
          dstChainId: tokenOut.chainId,
          amountIn,
          amountOut,
        }
      }
      return {
        type: 'swap',
        protocol: pool.protocol,
        id: pool.id,
        address: pool.address,
        feePips,
        chainId: tokenIn.chainId,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        dstChainId: tokenOut.chainId,
        amountIn,
        amountOut,
      }
    }
  }
}
