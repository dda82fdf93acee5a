/**
 * The figures of a split quote (SPEC §2.4 plus the `splits` extension): each part as a route of its own, and the
 * top-level figures of the whole — fees charged once on the whole input, amounts summed, bounds on the whole.
 */
import { laneFee } from '../bridges/lane.js'
import { routerCallBase } from '../routing/networkCost.js'
import type { Split } from '../routing/split.js'
import type { RouteGraph } from '../routing/graph.js'
import type { FeeSplit } from './fees.js'
import type { ParsedRequest } from './resolveRequest.js'
import { exchangeRate, routeQuote } from './routeQuote.js'
import { minimumOut } from './slippage.js'
import { convertAtUsdPrices, tokenAmount } from './tokenAmount.js'
import type { BridgeRouteEntry, RouteQuote, SplitPart } from './types.js'

/** Everything a split quote's figures are computed from. */
export interface SplitQuoteInput {
  readonly graph: RouteGraph
  readonly request: ParsedRequest
  readonly split: Split
  /** Gross input and fees for the whole swap input (the parts' inputs summed). */
  readonly feesOf: (swapIn: bigint) => { grossIn: bigint; fees: FeeSplit }
}

/** A split quote: the route figures of the whole, and its parts. */
export type SplitQuote = RouteQuote & { readonly splits: SplitPart[] }

/**
 * Computes a split quote. Exact-in: the parts' inputs sum to the input after fees and `amountOut` is the sum of
 * the parts' outputs; exact-out: the parts' `amountOut` are shares of the request summing to it, and `amountIn` is
 * the gross input whose net covers every part.
 *
 * @example
 * const top = splitQuote({ graph, request, split, feesOf })
 * top.splits.reduce((sum, part) => sum + BigInt(part.amountOut.amount), 0n) === BigInt(top.amountOut.amount) // true
 */
export function splitQuote({ graph, request, split, feesOf }: SplitQuoteInput): SplitQuote {
  const exactIn = request.swapDirection === 'exact-amount-in'
  const noFees = { protocolFee: 0n, appFees: request.appFees.map(() => 0n) }
  const parts = split.parts.map((part) => {
    const swapIn = part.route.amounts[0]!
    // Exact-out: the part's share of the request is its `amountOut` (what it was evaluated for).
    const partRequest = exactIn ? request : { ...request, amount: part.amount }
    const quote = routeQuote({
      graph,
      request: partRequest,
      route: part.route,
      grossIn: swapIn,
      fees: { ...noFees, net: swapIn },
    })
    return { part, quote }
  })
  const swapIn = parts.reduce((sum, { part }) => sum + part.route.amounts[0]!, 0n)
  const { grossIn, fees } = feesOf(swapIn)
  const whole = routeQuote({ graph, request, route: split.parts[0]!.route, grossIn, fees })
  const amountOut = parts.reduce((sum, { quote }) => sum + BigInt(quote.amountOut.amount), 0n)

  // Bridge fees and network costs summed in the first part's tokens (the network cost is always in the source
  // chain's native token; a bridge fee in another token is converted at USD prices, rounded up). The parts run in
  // one router call on the source chain: each part after the first saves that call's base (`routerCallBase`).
  const feeToken = graph.snapshot.tokens.get(firstLaneToken(split) ?? request.srcToken.key)!
  let bridgeFee = 0n
  let networkFee = 0n
  const bridgeRoute: BridgeRouteEntry[] = []
  for (const { part, quote } of parts) {
    networkFee += part.route.path.networkCost.amount
    part.route.path.edges.forEach((edge, hop) => {
      if (edge.kind !== 'lane') return
      const fee = laneFee(edge.lane, part.route.amounts[hop]!)
      bridgeFee += convertAtUsdPrices(fee, graph.snapshot.tokens.get(edge.lane.srcToken)!, feeToken)
    })
    for (const entry of quote.bridgeRoute) {
      if (!bridgeRoute.some((other) => sameEntry(other, entry))) bridgeRoute.push(entry)
    }
  }
  const srcChain = graph.nodes[split.parts[0]!.route.path.edges[0]!.from]!.chain
  networkFee -= BigInt(parts.length - 1) * routerCallBase(srcChain)
  return {
    ...whole,
    amountOut: tokenAmount(request.dstToken, amountOut),
    amountOutMin: tokenAmount(request.dstToken, exactIn ? minimumOut(amountOut, request.slippage) : amountOut),
    bridgeFee: tokenAmount(feeToken, bridgeFee),
    networkFee: tokenAmount(split.parts[0]!.route.path.networkCost.nativeToken, networkFee),
    exchangeRate: exchangeRate(request.srcToken, grossIn, request.dstToken, amountOut),
    estimatedTxTime: Math.max(...parts.map(({ quote }) => quote.estimatedTxTime)),
    estimatedPriceImpact: split.priceImpact,
    bridgeIds: [...new Set(parts.flatMap(({ quote }) => quote.bridgeIds))],
    bridgeRoute,
    steps: parts.flatMap(({ quote }) => quote.steps),
    splits: parts.map(({ part, quote }) => ({
      shareBps: part.shareBps,
      amountIn: quote.amountIn,
      amountOut: quote.amountOut,
      networkFee: quote.networkFee,
      bridgeFee: quote.bridgeFee,
      estimatedPriceImpact: quote.estimatedPriceImpact,
      estimatedTxTime: quote.estimatedTxTime,
      bridgeIds: quote.bridgeIds,
      bridgeRoute: quote.bridgeRoute,
      steps: quote.steps,
    })),
  }
}

/** Token key of the first lane of the first part that bridges (bridge fees are reported in it). */
function firstLaneToken(split: Split): string | undefined {
  for (const part of split.parts) {
    for (const edge of part.route.path.edges) if (edge.kind === 'lane') return edge.lane.srcToken
  }
  return undefined
}

function sameEntry(a: BridgeRouteEntry, b: BridgeRouteEntry): boolean {
  return (
    a.bridgeId === b.bridgeId &&
    a.srcChainId === b.srcChainId &&
    a.dstChainId === b.dstChainId &&
    a.srcBridgeToken === b.srcBridgeToken &&
    a.dstBridgeToken === b.dstBridgeToken
  )
}
