import type { BridgeId } from '../graph/types.js'
import { type Edge, type RouteGraph, UNREACHABLE, backwardDistances } from './graph.js'

/** Limits of the candidate search. */
export interface SearchLimits {
  /** Pools per chain along a path (wrap hops are free). */
  readonly maxPoolsPerChain: number
  /** Bridge hops along a path. */
  readonly maxBridgeHops: number
  /** Candidates kept per ranking (best mid-price rate, deepest); the union is evaluated exactly. */
  readonly candidatesPerRanking: number
  /**
   * Partial paths kept per search state (node, bridges used, pools used on the current chain), best by rate,
   * plus the deepest one. Bounds the first quote of a pair on huge snapshots.
   */
  readonly labelsPerState: number
}

/** A candidate path with what ranking needs. */
export interface CandidatePath {
  readonly edges: readonly Edge[]
  /** Product of `midRate × feeFactor` along the path: `amountIn × rate` bounds the output from above. */
  readonly rate: number
  /** The thinnest hop's depth in USD. */
  readonly depthUsd: number
}

/** Why a pair has no candidate path, when it has none. */
export type NoPathReason = 'networkPair' | 'tokenPair' | 'noRoute'

export type FindPathsResult =
  | { readonly ok: true; readonly candidates: readonly CandidatePath[] }
  | { readonly ok: false; readonly reason: NoPathReason }

/** A partial path ending at `node` (a linked list back to the source). */
interface Label {
  readonly node: number
  readonly chainId: number
  readonly prev: Label | undefined
  readonly edge: Edge | undefined
  readonly rate: number
  readonly depthUsd: number
  readonly pools: number
  readonly bridges: number
  evicted: boolean
}

/** The labels kept for one search state: the best by rate, and the deepest. */
interface Bucket {
  byRate: Label[]
  deepest: Label | undefined
}

/**
 * Finds the candidate paths from one node to another: simple paths with at most `maxPoolsPerChain` pools on each
 * chain, at most `maxBridgeHops` lanes (of `bridgeIds`, or any) and no chain visited twice. A label-setting search
 * by hop count keeps, per state, the `labelsPerState` best partial paths by rate and the deepest one, and prunes
 * with backward distances to the destination; the best by rate and the deepest complete paths are the candidates.
 */
export function findPaths(
  graph: RouteGraph,
  src: number,
  dst: number,
  bridgeIds: ReadonlySet<BridgeId> | undefined,
  limits: SearchLimits,
): FindPathsResult {
  const srcChain = graph.nodes[src]!.chain.chainId
  const dstChain = graph.nodes[dst]!.chain.chainId
  if (srcChain !== dstChain && !chainsConnected(graph, srcChain, dstChain, bridgeIds, limits.maxBridgeHops)) {
    return { ok: false, reason: 'networkPair' }
  }
  const allowed = (edge: Edge) => edge.kind !== 'lane' || bridgeIds === undefined || bridgeIds.has(edge.lane.bridgeId)
  const bridgesToDst = laneDistances(graph, dst, allowed)
  const poolsToDst = new Uint8Array(graph.nodes.length).fill(UNREACHABLE)
  poolsToDst[dst] = 0
  // Paths pass only through connectors, so the backward searches need not look anywhere else.
  backwardDistances(
    poolsToDst,
    [dst],
    graph.in,
    (node) => graph.isConnector[node] === 1 && graph.chainOf[node] === dstChain,
  )

  const statesPerNode = (limits.maxBridgeHops + 1) * (limits.maxPoolsPerChain + 1)
  const buckets = new Map<number, Bucket>()
  const found: CandidatePath[] = []
  let frontier: Label[] = [
    {
      node: src,
      chainId: srcChain,
      prev: undefined,
      edge: undefined,
      rate: 1,
      depthUsd: Infinity,
      pools: 0,
      bridges: 0,
      evicted: false,
    },
  ]
  while (frontier.length > 0) {
    const next: Label[] = []
    for (const label of frontier) {
      if (label.evicted) continue
      for (const edge of graph.out[label.node]!) {
        const to = edge.to
        if ((to !== dst && graph.isConnector[to] === 0) || !allowed(edge)) continue
        let pools = label.pools
        let bridges = label.bridges
        const chainId = graph.chainOf[to]!
        if (edge.kind === 'pool') {
          if (++pools > limits.maxPoolsPerChain) continue
        } else if (edge.kind === 'lane') {
          // Leaving the destination chain would mean coming back to it: never useful.
          if (label.chainId === dstChain || ++bridges > limits.maxBridgeHops || visitsChain(label, chainId)) continue
          pools = 0
        }
        if (bridges + bridgesToDst[to]! > limits.maxBridgeHops) continue
        const poolsNeeded = chainId === dstChain ? poolsToDst[to]! : graph.poolsToExit[to]!
        if (pools + poolsNeeded > limits.maxPoolsPerChain || visitsNode(label, to)) continue
        const extended: Label = {
          node: to,
          chainId,
          prev: label,
          edge,
          rate: label.rate * edge.midRate * edge.feeFactor,
          depthUsd: Math.min(label.depthUsd, edge.depthUsd),
          pools,
          bridges,
          evicted: false,
        }
        if (to === dst) {
          found.push({ edges: edgesOf(extended), rate: extended.rate, depthUsd: extended.depthUsd })
        } else if (
          admit(
            buckets,
            to * statesPerNode + bridges * (limits.maxPoolsPerChain + 1) + pools,
            extended,
            limits.labelsPerState,
          )
        ) {
          next.push(extended)
        }
      }
    }
    frontier = next
  }

  if (found.length === 0) return { ok: false, reason: srcChain === dstChain ? 'noRoute' : 'tokenPair' }
  return { ok: true, candidates: selectCandidates(found, limits.candidatesPerRanking) }
}

/** Keeps a label if it is among the best `perState` by rate of its state, or the deepest; evicts what it beats. */
function admit(buckets: Map<number, Bucket>, state: number, label: Label, perState: number): boolean {
  const bucket = buckets.get(state)
  if (bucket === undefined) {
    buckets.set(state, { byRate: [label], deepest: label })
    return true
  }
  let admitted = false
  const byRate = bucket.byRate
  if (byRate.length < perState || label.rate > byRate[byRate.length - 1]!.rate) {
    let index = byRate.length
    while (index > 0 && label.rate > byRate[index - 1]!.rate) index--
    byRate.splice(index, 0, label)
    if (byRate.length > perState) {
      const dropped = byRate.pop()!
      if (dropped !== bucket.deepest) dropped.evicted = true
    }
    admitted = true
  }
  if (bucket.deepest === undefined || label.depthUsd > bucket.deepest.depthUsd) {
    const previous = bucket.deepest
    bucket.deepest = label
    if (previous !== undefined && !byRate.includes(previous)) previous.evicted = true
    admitted = true
  }
  return admitted
}

function visitsNode(label: Label | undefined, node: number): boolean {
  for (; label !== undefined; label = label.prev) if (label.node === node) return true
  return false
}

function visitsChain(label: Label | undefined, chainId: number): boolean {
  for (; label !== undefined; label = label.prev) if (label.chainId === chainId) return true
  return false
}

function edgesOf(label: Label): Edge[] {
  const edges: Edge[] = []
  for (let at: Label | undefined = label; at?.edge !== undefined; at = at.prev) edges.push(at.edge)
  return edges.reverse()
}

/** The union of the best `perRanking` by rate and the deepest `perRanking`, sorted by rate (best first). */
function selectCandidates(found: CandidatePath[], perRanking: number): CandidatePath[] {
  if (found.length <= perRanking) return found.sort((a, b) => b.rate - a.rate)
  const byRate = found
    .slice()
    .sort((a, b) => b.rate - a.rate)
    .slice(0, perRanking)
  const byDepth = found
    .slice()
    .sort((a, b) => b.depthUsd - a.depthUsd || b.rate - a.rate)
    .slice(0, perRanking)
  return [...new Set([...byRate, ...byDepth])].sort((a, b) => b.rate - a.rate)
}

/** Fewest allowed lanes from each node to `dst` (pool and wrap hops free), by 0-1 BFS over incoming edges. */
function laneDistances(graph: RouteGraph, dst: number, allowed: (edge: Edge) => boolean): Uint8Array {
  const distance = new Uint8Array(graph.nodes.length).fill(UNREACHABLE)
  distance[dst] = 0
  let frontier = [dst]
  for (let d = 0; frontier.length > 0 && d < 3; d++) {
    const next: number[] = []
    for (let k = 0; k < frontier.length; k++) {
      const node = frontier[k]!
      if (distance[node] !== d) continue
      for (const edge of graph.in[node]!) {
        if (graph.isConnector[edge.from] === 0 || !allowed(edge)) continue
        const candidate = edge.kind === 'lane' ? d + 1 : d
        if (candidate < distance[edge.from]!) {
          distance[edge.from] = candidate
          ;(candidate === d ? frontier : next).push(edge.from)
        }
      }
    }
    frontier = next
  }
  return distance
}

/** Whether at most `maxHops` lanes (of the allowed bridges) lead from one chain to the other. */
export function chainsConnected(
  graph: RouteGraph,
  from: number,
  to: number,
  bridgeIds: ReadonlySet<BridgeId> | undefined,
  maxHops: number,
): boolean {
  let frontier = new Set([from])
  const seen = new Set([from])
  for (let hop = 0; hop < maxHops; hop++) {
    const next = new Set<number>()
    for (const chain of frontier) {
      for (const [dstChain, ids] of graph.chainLinks.get(chain) ?? []) {
        if (bridgeIds !== undefined && ![...ids].some((id) => bridgeIds.has(id))) continue
        if (dstChain === to) return true
        if (!seen.has(dstChain)) {
          seen.add(dstChain)
          next.add(dstChain)
        }
      }
    }
    frontier = next
  }
  return false
}
