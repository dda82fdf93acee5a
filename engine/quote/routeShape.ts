/**
 * The figures of a route that depend only on its path, not on the amount: its lanes, bridge route and ids, the
 * token bridge fees are reported in, the time estimate, the network fee's amount and USD value, and each pool's
 * fee in pips. Computed once per candidate path (paths are cached by the router) and reused by every quote that
 * returns the path; `routeQuote` copies what it hands out, so no result shares an object with another.
 */
import type { BridgeId, BridgeLane, Token } from '../graph/types.js'
import { poolFeePips } from '../pools/index.js'
import type { RouteGraph } from '../routing/graph.js'
import type { RankedPath } from '../routing/router.js'
import { usdValue } from './tokenAmount.js'
import type { BridgeRouteEntry } from './types.js'

/** The amount-independent figures of one candidate path. */
export interface RouteShape {
  /** The path's lanes with their hop index. */
  readonly lanes: readonly { readonly lane: BridgeLane; readonly hop: number }[]
  readonly bridgeRoute: readonly BridgeRouteEntry[]
  /** Bridge ids in the order of first use. */
  readonly bridgeIds: readonly BridgeId[]
  /** The token bridge fees are reported in: the first lane's source token (the path's input without lanes). */
  readonly feeToken: Token
  /** Lanes' token for each lane, by hop (bridge fees are converted from it). */
  readonly laneTokens: readonly Token[]
  /** Seconds: source block time (and destination block time with lanes), rounded up, plus the lanes' estimates. */
  readonly estimatedTxTime: number
  /** `networkCost.amount` as its decimal string and USD value. */
  readonly networkFeeAmount: string
  readonly networkFeeUsd: number
  /** Fee in pips per hop (pools only; 0 elsewhere). */
  readonly feePips: readonly number[]
}

const shapes = new WeakMap<RankedPath, RouteShape>()

/**
 * The amount-independent figures of a path, computed on first use.
 *
 * @example
 * routeShapeOf(graph, route.path).estimatedTxTime // 1 for a same-chain swap on a 250 ms chain
 */
export function routeShapeOf(graph: RouteGraph, path: RankedPath): RouteShape {
  let shape = shapes.get(path)
  if (shape === undefined) {
    shape = buildShape(graph, path)
    shapes.set(path, shape)
  }
  return shape
}

function buildShape(graph: RouteGraph, path: RankedPath): RouteShape {
  const { edges, networkCost } = path
  const tokens = graph.snapshot.tokens
  const lanes = edges.flatMap((edge, hop) => (edge.kind === 'lane' ? [{ lane: edge.lane, hop }] : []))
  const srcChain = graph.nodes[edges[0]!.from]!.chain
  const dstChain = graph.nodes[edges[edges.length - 1]!.to]!.chain
  const blockMs = srcChain.blockTimeMs + (lanes.length > 0 ? dstChain.blockTimeMs : 0)
  const laneSeconds = lanes.reduce((sum, { lane }) => sum + lane.estimatedSeconds, 0)
  return {
    lanes,
    bridgeRoute: lanes.map(({ lane }) => ({
      srcChainId: lane.srcChainId,
      dstChainId: lane.dstChainId,
      srcBridgeToken: tokens.get(lane.srcToken)!.address,
      dstBridgeToken: tokens.get(lane.dstToken)!.address,
      bridgeId: lane.bridgeId,
    })),
    bridgeIds: [...new Set(lanes.map(({ lane }) => lane.bridgeId))],
    feeToken: lanes.length > 0 ? tokens.get(lanes[0]!.lane.srcToken)! : graph.nodes[edges[0]!.from]!.token,
    laneTokens: lanes.map(({ lane }) => tokens.get(lane.srcToken)!),
    estimatedTxTime: Math.ceil(blockMs / 1000) + laneSeconds,
    networkFeeAmount: networkCost.amount.toString(),
    networkFeeUsd: usdValue(networkCost.nativeToken, networkCost.amount),
    feePips: edges.map((edge) => (edge.kind === 'pool' ? poolFeePips(edge.pool) : 0)),
  }
}
