import { LRUCache } from 'lru-cache'
import type { BridgeId, Snapshot } from '../graph/types.js'
import { type CandidatePath, type NoPathReason, type SearchLimits, findPaths } from './findPaths.js'
import { type PathAmounts, type PathFailure, evaluateIn, evaluateOut } from './evaluate.js'
import { type Edge, type RouteGraph, buildGraph } from './graph.js'
import { type NetworkCost, networkCostOf } from './networkCost.js'
import { BOUND_SLACK, type PathBoundTerms, inputBound, outputBound, pathBoundTermsOf } from './pathBound.js'
import { priceImpactPercent } from './priceImpact.js'

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

/** A candidate path with its network cost (computed once, cached with the pair's candidates). */
export interface RankedPath extends CandidatePath {
  readonly networkCost: NetworkCost
  /** What the path's float bounds read (`pathBound.ts`). */
  readonly boundTerms: PathBoundTerms
}

/** A path evaluated exactly at one amount. */
export interface EvaluatedRoute {
  readonly path: RankedPath
  readonly amounts: PathAmounts
  /** `priceImpactPercent` of the amounts: the figure checked against `maxPriceImpact`. */
  readonly priceImpact: number
}

/** What a ranking may use and must respect. */
export interface RankOptions {
  /** Bridges a route may use; absent: all. */
  readonly bridgeIds?: ReadonlySet<BridgeId> | undefined
  /** Routes whose price impact (percent) is above this are not offered; default: no limit. */
  readonly maxPriceImpact?: number | undefined
}

/** A path that could not carry the amount, and why. */
export interface RankFailure {
  readonly path: RankedPath
  readonly failure: PathFailure
}

/** The outcome of ranking: the best routes, or why there are none. */
export type RankResult =
  | { readonly ok: true; readonly routes: readonly EvaluatedRoute[] }
  | { readonly ok: false; readonly reason: NoPathReason }
  | { readonly ok: false; readonly reason: 'amount'; readonly failures: readonly RankFailure[] }
  | {
      readonly ok: false
      readonly reason: 'priceImpact'
      /** The least price impact among the routes that carried the amount: the smallest limit that would pass. */
      readonly priceImpact: number
    }

/** Finds and ranks routes between two tokens of a snapshot; candidate paths are cached per pair. */
export interface Router {
  readonly graph: RouteGraph
  /** The best routes for an input amount (most out net of network cost first). */
  rankExactIn(srcKey: string, dstKey: string, amountIn: bigint, options?: RankOptions): RankResult
  /** The best routes for a wanted output (least in plus network cost first). */
  rankExactOut(srcKey: string, dstKey: string, amountOut: bigint, options?: RankOptions): RankResult
  /** Candidate paths of a pair with their network costs (searched once, then served from the cache). */
  candidates(srcKey: string, dstKey: string, bridgeIds?: ReadonlySet<BridgeId>): CandidatesResult
}

/** Candidate paths of a pair, each with its network cost, or why there are none. */
export type CandidatesResult =
  | { readonly ok: true; readonly candidates: readonly RankedPath[] }
  | { readonly ok: false; readonly reason: NoPathReason }

/** For tests: the reference the pruned ranking is checked against. */
export interface RouterChecks {
  /** Evaluate every candidate exactly (no bound prunes any); the ranking must be the same as with pruning. */
  readonly exhaustive?: boolean
}

/** One evaluated route in the ranking, with the value it is ranked by. */
interface Ranked {
  readonly route: EvaluatedRoute
  /** Exact-in: output − network cost (in the output token); exact-out: input + network cost (in the input token). */
  readonly value: bigint
  /** Exact-in: the output; exact-out: the input (before network cost). */
  readonly gross: bigint
  /** The path's place among the candidates: of two equal values, the earlier (better-rate) path ranks first. */
  readonly index: number
  /** `value` and `gross` as numbers, for the comparisons with float bounds. */
  readonly valueNumber: number
  readonly grossNumber: number
}

/**
 * Creates a router over a snapshot. Ranking is exact and net of network cost (`networkCost.ts`), the way Uniswap's
 * router ranks by gas-adjusted quote: exact-in routes by output minus cost, exact-out routes by input plus cost,
 * both in the route's own tokens. Every candidate that could still enter the top routes is evaluated with the
 * pools' integer math; the others are skipped by their mid-price bound (execution never beats the marginal price
 * after fees). A route that only adds hops to another offered route — its tokens in the same order with more in
 * between — without doing better than it is a detour and is not offered.
 */
export function createRouter(
  snapshot: Snapshot,
  options: Partial<RouterOptions> = {},
  { exhaustive = false }: RouterChecks = {},
): Router {
  const settings = { ...DEFAULT_ROUTER_OPTIONS, ...options }
  const graph = buildGraph(snapshot, settings.connectorsPerChain)
  const cache = new LRUCache<string, CandidatesResult>({ max: settings.pathCacheSize })

  // The last pair asked without a bridge restriction: repeated quotes of one pair skip the key string and the LRU.
  let lastPair: { srcKey: string; dstKey: string; result: CandidatesResult } | undefined
  const candidates = (srcKey: string, dstKey: string, bridgeIds?: ReadonlySet<BridgeId>): CandidatesResult => {
    if (bridgeIds === undefined && lastPair !== undefined && lastPair.srcKey === srcKey && lastPair.dstKey === dstKey)
      return lastPair.result
    const cacheKey =
      bridgeIds === undefined ? `${srcKey}>${dstKey}` : `${srcKey}>${dstKey}|${[...bridgeIds].sort().join(',')}`
    let result = cache.get(cacheKey)
    if (result === undefined) {
      const found = findPaths(graph, graph.nodeByKey.get(srcKey)!, graph.nodeByKey.get(dstKey)!, bridgeIds, settings)
      result = found.ok
        ? {
            ok: true,
            candidates: found.candidates.map((path) => {
              const networkCost = networkCostOf(graph, path.edges)
              const boundTerms = pathBoundTermsOf(path.edges, networkCost)
              return { ...path, networkCost, boundTerms }
            }),
          }
        : found
      cache.set(cacheKey, result)
    }
    if (bridgeIds === undefined) lastPair = { srcKey, dstKey, result }
    return result
  }

  const rank = (exactIn: boolean, srcKey: string, dstKey: string, amount: bigint, options: RankOptions): RankResult => {
    const found = candidates(srcKey, dstKey, options.bridgeIds)
    if (!found.ok) return found
    const maxPriceImpact = options.maxPriceImpact ?? Infinity
    const limit = settings.routesPerQuote
    const paths = found.candidates
    const kept: Ranked[] = []
    const failures: RankFailure[] = []
    const done = new Uint8Array(paths.length)
    let leastImpact = Infinity
    const amountNumber = Number(amount)
    // exact-in: output ≤ amount × rate; exact-out: input ≥ amount / rate. Net of the network cost, the bound of
    // the value a path is ranked by; paths are evaluated best bound first, so that the bar rises as fast as it can.
    const bounds = new Float64Array(paths.length)
    const order: number[] = []
    let hasNaN = false
    for (let index = 0; index < paths.length; index++) {
      const path = paths[index]!
      const bound = exhaustive
        ? exactIn
          ? Infinity
          : -Infinity
        : exactIn
          ? outputBound(path, amountNumber) - path.boundTerms.costInDst
          : inputBound(path, amountNumber) + path.boundTerms.costInSrc
      bounds[index] = bound
      if (bound !== bound) hasNaN = true
      order.push(index)
    }
    if (hasNaN) order.sort((a, b) => (exactIn ? bounds[b]! - bounds[a]! : bounds[a]! - bounds[b]!) || a - b)
    else sortByBound(order, bounds, exactIn)
    // Removing a detour can lower the bar that earlier passes skipped paths by: pass again until nothing changes.
    for (let changed = true; changed;) {
      changed = false
      for (let at = 0; at < order.length; at++) {
        const index = order[at]!
        if (done[index] === 1) continue
        const path = paths[index]!
        if (kept.length >= limit) {
          const worst = kept[limit - 1]!.valueNumber
          if (exactIn ? bounds[index]! < worst : bounds[index]! > worst * BOUND_SLACK) continue
        }
        done[index] = 1
        // A path through every token of a kept route, with hops added, whose bound cannot beat that route's amount
        // is a detour whatever it evaluates to: skip the pool math.
        const grossBound = exactIn
          ? bounds[index]! + path.boundTerms.costInDst
          : bounds[index]! - path.boundTerms.costInSrc
        if (isBoundedDetour(path.edges, grossBound, kept, exactIn)) continue
        const evaluation = exactIn ? evaluateIn(path.edges, amount) : evaluateOut(path.edges, amount)
        if (!evaluation.ok) {
          failures.push({ path, failure: evaluation.failure })
          continue
        }
        const amounts = evaluation.amounts
        const priceImpact = priceImpactPercent(path.edges, amounts)
        if (priceImpact > maxPriceImpact) {
          if (priceImpact < leastImpact) leastImpact = priceImpact
          continue
        }
        const gross = exactIn ? amounts[amounts.length - 1]! : amounts[0]!
        const value = exactIn ? gross - path.networkCost.inDstToken : gross + path.networkCost.inSrcToken
        const entry = {
          route: { path, amounts, priceImpact },
          value,
          gross,
          index,
          valueNumber: Number(value),
          grossNumber: Number(gross),
        }
        if (insertRanked(kept, entry, exactIn)) changed = true
      }
    }
    if (kept.length > 0) {
      const routes: EvaluatedRoute[] = []
      for (let k = 0; k < kept.length && k < limit; k++) routes.push(kept[k]!.route)
      return { ok: true, routes }
    }
    if (leastImpact !== Infinity) return { ok: false, reason: 'priceImpact', priceImpact: leastImpact }
    return { ok: false, reason: 'amount', failures }
  }

  return {
    graph,
    candidates,
    rankExactIn: (srcKey, dstKey, amountIn, options = {}) => rank(true, srcKey, dstKey, amountIn, options),
    rankExactOut: (srcKey, dstKey, amountOut, options = {}) => rank(false, srcKey, dstKey, amountOut, options),
  }
}

/**
 * Sorts candidate indexes (given in ascending order) best bound first, ties in index order: an insertion sort,
 * cheaper than `Array.prototype.sort` with a closure for the few candidates of a pair. Without NaN among the
 * bounds this order is a strict total one, so it is the order any correct sort gives (the caller leaves NaN to
 * `Array.prototype.sort`, whose order is then its own).
 */
function sortByBound(order: number[], bounds: Float64Array, exactIn: boolean): void {
  for (let at = 1; at < order.length; at++) {
    const index = order[at]!
    const bound = bounds[index]!
    let to = at
    // Indexes arrive ascending, so an equal bound never moves an index before an earlier one.
    while (to > 0 && (exactIn ? bound > bounds[order[to - 1]!]! : bound < bounds[order[to - 1]!]!)) {
      order[to] = order[to - 1]!
      to--
    }
    order[to] = index
  }
}

/**
 * Inserts an entry into `kept` (sorted best first; ties keep the earlier, better-rate path) unless a route ranked
 * at least as well makes it a detour, and removes the routes it makes detours of.
 *
 * @returns whether a kept route was removed (the ranking's bar may have dropped).
 */
function insertRanked(kept: Ranked[], entry: Ranked, exactIn: boolean): boolean {
  let index = kept.length
  while (index > 0 && ranksBefore(entry, kept[index - 1]!, exactIn)) index--
  for (let k = 0; k < index; k++) if (isDetour(entry, kept[k]!, exactIn)) return false
  // Shift the worse entries up by hand: `splice` (a generic builtin call) was 1.5 % of a 1-hop quote.
  kept.push(entry)
  for (let k = kept.length - 1; k > index; k--) kept[k] = kept[k - 1]!
  kept[index] = entry
  let removed = false
  for (let k = kept.length - 1; k > index; k--) {
    if (isDetour(kept[k]!, entry, exactIn)) {
      kept.splice(k, 1)
      removed = true
    }
  }
  return removed
}

/** Whether `entry` ranks before `other`: a better value, or the same value and an earlier candidate. */
function ranksBefore(entry: Ranked, other: Ranked, exactIn: boolean): boolean {
  if (entry.value === other.value) return entry.index < other.index
  return exactIn ? entry.value > other.value : entry.value < other.value
}

/**
 * Whether `route` only adds hops to `other`: it passes through every token `other` does, in the same order, and
 * more, without delivering more (exact-in) or needing less (exact-out).
 */
function isDetour(route: Ranked, other: Ranked, exactIn: boolean): boolean {
  if (exactIn ? route.gross > other.gross : route.gross < other.gross) return false
  return passesThrough(route.route.path.edges, other.route.path.edges)
}

/** Whether a path whose amount is bounded by `grossBound` (a float) is a detour of some kept route. */
function isBoundedDetour(
  edges: readonly Edge[],
  grossBound: number,
  kept: readonly Ranked[],
  exactIn: boolean,
): boolean {
  for (let k = 0; k < kept.length; k++) {
    const other = kept[k]!
    const gross = other.grossNumber
    if ((exactIn ? grossBound <= gross : grossBound >= gross) && passesThrough(edges, other.route.path.edges))
      return true
  }
  return false
}

/** Whether `longer` passes through every token `shorter` does, in the same order, and has more hops. */
function passesThrough(longer: readonly Edge[], shorter: readonly Edge[]): boolean {
  if (longer.length <= shorter.length) return false
  // Nodes of `shorter` (after the shared source) must appear in `longer` in order.
  let at = 0
  for (const edge of shorter) {
    while (at < longer.length && longer[at]!.to !== edge.to) at++
    if (at === longer.length) return false
    at++
  }
  return true
}
