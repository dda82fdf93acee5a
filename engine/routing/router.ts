import { LRUCache } from 'lru-cache'
import type { BridgeId, Snapshot } from '../graph/types.js'
import {
  type CandidatePath,
  type FindPathsResult,
  type NoPathReason,
  type SearchLimits,
  findPaths,
} from './findPaths.js'
import { type PathAmounts, type PathFailure, evaluateIn, evaluateOut } from './evaluate.js'
import { type RouteGraph, buildGraph } from './graph.js'

/** Options of a router; every field has a default in `DEFAULT_ROUTER_OPTIONS`. */
export interface RouterOptions extends SearchLimits {
  /** Pairs whose candidate paths stay cached (LRU). */
  readonly pathCacheSize: number
  /** Routes returned per quote (best first). */
  readonly routesPerQuote: number
  /** Tokens per chain, by pool depth, that paths may pass through (besides bridged and native tokens). */
  readonly connectorsPerChain: number
}

export const DEFAULT_ROUTER_OPTIONS: RouterOptions = Object.freeze({
  maxPoolsPerChain: 3,
  maxBridgeHops: 2,
  candidatesPerRanking: 8,
  labelsPerState: 4,
  pathCacheSize: 20_000,
  routesPerQuote: 3,
  connectorsPerChain: 8,
})

/** A path evaluated exactly at one amount. */
export interface EvaluatedRoute {
  readonly path: CandidatePath
  readonly amounts: PathAmounts
}

/** The outcome of ranking: the best routes, or why there are none. */
export type RankResult =
  | { readonly ok: true; readonly routes: readonly EvaluatedRoute[] }
  | { readonly ok: false; readonly reason: NoPathReason }
  | {
      readonly ok: false
      readonly reason: 'amount'
      readonly failures: readonly { path: CandidatePath; failure: PathFailure }[]
    }

/** Finds and ranks routes between two tokens of a snapshot; candidate paths are cached per pair. */
export interface Router {
  readonly graph: RouteGraph
  /** The best routes for an input amount (most out first). */
  rankExactIn(srcKey: string, dstKey: string, amountIn: bigint, bridgeIds?: ReadonlySet<BridgeId>): RankResult
  /** The best routes for a wanted output (least in first). */
  rankExactOut(srcKey: string, dstKey: string, amountOut: bigint, bridgeIds?: ReadonlySet<BridgeId>): RankResult
  /** Candidate paths of a pair (searched once, then served from the cache). */
  candidates(srcKey: string, dstKey: string, bridgeIds?: ReadonlySet<BridgeId>): FindPathsResult
}

/** Margin on float bounds so that rounding in the bound itself can never prune a better path. */
const BOUND_SLACK = 1 + 1e-9

/**
 * Creates a router over a snapshot. Ranking is exact: every candidate that could still enter the top routes is
 * evaluated with the pools' integer math; candidates whose mid-price bound cannot beat the current top are skipped
 * (the bound holds because execution never beats the marginal price after fees).
 */
export function createRouter(snapshot: Snapshot, options: Partial<RouterOptions> = {}): Router {
  const settings = { ...DEFAULT_ROUTER_OPTIONS, ...options }
  const graph = buildGraph(snapshot, settings.connectorsPerChain)
  const cache = new LRUCache<string, FindPathsResult>({ max: settings.pathCacheSize })

  const candidates = (srcKey: string, dstKey: string, bridgeIds?: ReadonlySet<BridgeId>): FindPathsResult => {
    const cacheKey =
      bridgeIds === undefined ? `${srcKey}>${dstKey}` : `${srcKey}>${dstKey}|${[...bridgeIds].sort().join(',')}`
    let result = cache.get(cacheKey)
    if (result === undefined) {
      result = findPaths(graph, graph.nodeByKey.get(srcKey)!, graph.nodeByKey.get(dstKey)!, bridgeIds, settings)
      cache.set(cacheKey, result)
    }
    return result
  }

  const rank = (
    exactIn: boolean,
    srcKey: string,
    dstKey: string,
    amount: bigint,
    bridgeIds?: ReadonlySet<BridgeId>,
  ): RankResult => {
    const found = candidates(srcKey, dstKey, bridgeIds)
    if (!found.ok) return found
    const best: { route: EvaluatedRoute; value: bigint }[] = []
    const failures: { path: CandidatePath; failure: PathFailure }[] = []
    const amountNumber = Number(amount)
    for (const path of found.candidates) {
      if (best.length === settings.routesPerQuote) {
        const worst = Number(best[best.length - 1]!.value)
        // exact-in: output ≤ amount × rate; exact-out: input ≥ amount / rate.
        if (exactIn ? amountNumber * path.rate * BOUND_SLACK < worst : amountNumber / path.rate > worst * BOUND_SLACK)
          break
      }
      const evaluation = exactIn ? evaluateIn(path.edges, amount) : evaluateOut(path.edges, amount)
      if (!evaluation.ok) {
        failures.push({ path, failure: evaluation.failure })
        continue
      }
      const amounts = evaluation.amounts
      const value = exactIn ? amounts[amounts.length - 1]! : amounts[0]!
      insertRanked(best, { route: { path, amounts }, value }, exactIn, settings.routesPerQuote)
    }
    if (best.length === 0) return { ok: false, reason: 'amount', failures }
    return { ok: true, routes: best.map((entry) => entry.route) }
  }

  return {
    graph,
    candidates,
    rankExactIn: (srcKey, dstKey, amountIn, bridgeIds) => rank(true, srcKey, dstKey, amountIn, bridgeIds),
    rankExactOut: (srcKey, dstKey, amountOut, bridgeIds) => rank(false, srcKey, dstKey, amountOut, bridgeIds),
  }
}

/** Keeps `best` sorted (most out, or least in) and at most `limit` long; ties keep the earlier (better-rate) path. */
function insertRanked(
  best: { route: EvaluatedRoute; value: bigint }[],
  entry: { route: EvaluatedRoute; value: bigint },
  exactIn: boolean,
  limit: number,
): void {
  let index = best.length
  while (index > 0 && (exactIn ? entry.value > best[index - 1]!.value : entry.value < best[index - 1]!.value)) index--
  if (index >= limit) return
  best.splice(index, 0, entry)
  if (best.length > limit) best.pop()
}
