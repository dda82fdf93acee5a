import { laneFeeFraction, laneMidRate } from '../bridges/lane.js'
import type { BridgeId, BridgeLane, Chain, Pool, Snapshot, Token } from '../graph/types.js'
import { tokenKey } from '../graph/validateSnapshot.js'
import { poolDepthUsd, poolFeeFraction, poolMidPrice } from '../pools/index.js'

/** A swap through one pool, from `pool.tokens[tokenInIndex]` to `pool.tokens[tokenOutIndex]`. */
export interface PoolEdge {
  readonly kind: 'pool'
  readonly from: number
  readonly to: number
  readonly pool: Pool
  readonly tokenInIndex: number
  readonly tokenOutIndex: number
  /** Marginal rate before fees (smallest units out per smallest unit in), for ranking and price impact. */
  readonly midRate: number
  /** 1 − fee, so that `amount × midRate × feeFactor` bounds the output from above. */
  readonly feeFactor: number
  /** Rough depth in USD (the thinner side), for ranking only. */
  readonly depthUsd: number
}

/** A transfer over one bridge lane. */
export interface LaneEdge {
  readonly kind: 'lane'
  readonly from: number
  readonly to: number
  readonly lane: BridgeLane
  readonly midRate: number
  readonly feeFactor: number
  readonly depthUsd: number
}

/** The free 1:1 hop between a native token and its wrapped form. */
export interface WrapEdge {
  readonly kind: 'wrap'
  readonly from: number
  readonly to: number
  readonly midRate: 1
  readonly feeFactor: 1
  readonly depthUsd: number
}

export type Edge = PoolEdge | LaneEdge | WrapEdge

/** A node of the routing graph: one token on one chain. */
export interface GraphNode {
  readonly id: number
  readonly token: Token
  readonly chain: Chain
}

/** The routing graph of a snapshot: nodes are (chainId, token), edges are pools, lanes and wrap hops. */
export interface RouteGraph {
  readonly snapshot: Snapshot
  readonly nodes: readonly GraphNode[]
  readonly nodeByKey: ReadonlyMap<string, number>
  /** Outgoing edges per node. */
  readonly out: readonly (readonly Edge[])[]
  /** Incoming edges per node (for the backward searches that prune candidates). */
  readonly in: readonly (readonly Edge[])[]
  /** Bridge ids of the lanes leaving each chain, by destination chain: chainId → dstChainId → bridge ids. */
  readonly chainLinks: ReadonlyMap<number, ReadonlyMap<number, ReadonlySet<BridgeId>>>
  /**
   * Fewest pool hops from each node to a node with an outgoing lane on the same chain (255: none). A lower bound
   * used to prune paths that cannot leave their chain within the pool budget.
   */
  readonly poolsToExit: Uint8Array
  /** Chain id of each node (a flat array: the search reads it for every edge it looks at). */
  readonly chainOf: Float64Array
  /**
   * 1 for the nodes a path may pass through: per chain the `connectorsPerChain` tokens with the deepest pools,
   * every token a bridge lane carries, and the native and wrapped native tokens. Other tokens can only start or
   * end a path (as aggregators route through base tokens).
   */
  readonly isConnector: Uint8Array
}

export const UNREACHABLE = 255

/** Builds the routing graph of a snapshot (once per engine). */
export function buildGraph(snapshot: Snapshot, connectorsPerChain = 8): RouteGraph {
  const nodes: GraphNode[] = []
  const nodeByKey = new Map<string, number>()
  for (const token of snapshot.tokens.values()) {
    nodeByKey.set(token.key, nodes.length)
    nodes.push({ id: nodes.length, token, chain: snapshot.chains.get(token.chainId)! })
  }
  const out: Edge[][] = nodes.map(() => [])
  const incoming: Edge[][] = nodes.map(() => [])
  const add = (edge: Edge) => {
    out[edge.from]!.push(edge)
    incoming[edge.to]!.push(edge)
  }
  const usd = nodes.map((node) => Number(node.token.usdPrice) / 10 ** node.token.decimals)

  for (const pool of snapshot.pools) {
    const ids = pool.tokens.map((key) => nodeByKey.get(key)!)
    const depthUsd = poolDepthUsd(
      pool,
      ids.map((id) => usd[id]!),
    )
    const feeFactor = 1 - poolFeeFraction(pool)
    for (let i = 0; i < ids.length; i++) {
      for (let j = 0; j < ids.length; j++) {
        if (i === j) continue
        const midRate = poolMidPrice(pool, i, j)
        if (!(midRate > 0) || !Number.isFinite(midRate)) continue
        add({
          kind: 'pool',
          from: ids[i]!,
          to: ids[j]!,
          pool,
          tokenInIndex: i,
          tokenOutIndex: j,
          midRate,
          feeFactor,
          depthUsd,
        })
      }
    }
  }

  const chainLinks = new Map<number, Map<number, Set<BridgeId>>>()
  for (const lane of snapshot.lanes) {
    const from = nodeByKey.get(lane.srcToken)!
    const to = nodeByKey.get(lane.dstToken)!
    const depthUsd = Math.min(Number(lane.liquidity) * usd[to]!, Number(lane.maxAmount) * usd[from]!)
    add({ kind: 'lane', from, to, lane, midRate: laneMidRate(lane), feeFactor: laneFeeFraction(lane), depthUsd })
    const links = chainLinks.get(lane.srcChainId) ?? new Map<number, Set<BridgeId>>()
    chainLinks.set(lane.srcChainId, links)
    const ids = links.get(lane.dstChainId) ?? new Set<BridgeId>()
    links.set(lane.dstChainId, ids)
    ids.add(lane.bridgeId)
  }

  for (const chain of snapshot.chains.values()) {
    if (chain.wrappedNativeToken === undefined) continue
    const native = nodeByKey.get(tokenKey(chain.chainId, chain.vm, chain.nativeToken))!
    const wrapped = nodeByKey.get(tokenKey(chain.chainId, chain.vm, chain.wrappedNativeToken))!
    add({ kind: 'wrap', from: native, to: wrapped, midRate: 1, feeFactor: 1, depthUsd: Infinity })
    add({ kind: 'wrap', from: wrapped, to: native, midRate: 1, feeFactor: 1, depthUsd: Infinity })
  }

  return {
    snapshot,
    nodes,
    nodeByKey,
    out,
    in: incoming,
    chainLinks,
    poolsToExit: poolsToExit(nodes.length, out, incoming),
    chainOf: Float64Array.from(nodes, (node) => node.chain.chainId),
    isConnector: connectors(nodes, out, connectorsPerChain),
  }
}

/** Marks the connector tokens (see `RouteGraph.isConnector`). */
function connectors(nodes: readonly GraphNode[], out: readonly (readonly Edge[])[], perChain: number): Uint8Array {
  const isConnector = new Uint8Array(nodes.length)
  const depth = new Float64Array(nodes.length)
  for (let node = 0; node < nodes.length; node++) {
    for (const edge of out[node]!) {
      if (edge.kind === 'pool') depth[node]! += edge.depthUsd
      else isConnector[node] = 1 // lanes and wrap hops: bridged, native and wrapped native tokens
    }
  }
  const byChain = new Map<number, number[]>()
  for (const node of nodes) byChain.set(node.chain.chainId, [...(byChain.get(node.chain.chainId) ?? []), node.id])
  for (const ids of byChain.values()) {
    ids.sort((a, b) => depth[b]! - depth[a]! || a - b)
    for (const id of ids.slice(0, perChain)) isConnector[id] = 1
  }
  for (let node = 0; node < nodes.length; node++) {
    for (const edge of out[node]!) if (edge.kind === 'lane') isConnector[edge.to] = 1
  }
  return isConnector
}

/** 0-1 breadth-first search backwards from every lane source: pool hops cost 1, wrap hops 0. */
function poolsToExit(size: number, out: Edge[][], incoming: Edge[][]): Uint8Array {
  const distance = new Uint8Array(size).fill(UNREACHABLE)
  const deque: number[] = []
  for (let node = 0; node < size; node++) {
    if (out[node]!.some((edge) => edge.kind === 'lane')) {
      distance[node] = 0
      deque.push(node)
    }
  }
  return backwardDistances(distance, deque, incoming, () => true)
}

/**
 * Shared 0-1 BFS over incoming same-chain edges: fills `distance` (seeded with 0 at the `seeds`) with the fewest
 * pool hops to a seed. `follow` filters which nodes the search may enter.
 */
export function backwardDistances(
  distance: Uint8Array,
  seeds: number[],
  incoming: readonly (readonly Edge[])[],
  follow: (node: number) => boolean,
): Uint8Array {
  // A simple bucketed BFS: process distance d before d + 1; wrap edges keep the distance.
  let frontier = seeds
  for (let d = 0; frontier.length > 0 && d < UNREACHABLE - 1; d++) {
    const next: number[] = []
    for (let k = 0; k < frontier.length; k++) {
      const node = frontier[k]!
      if (distance[node] !== d) continue
      for (const edge of incoming[node]!) {
        if (edge.kind === 'lane' || !follow(edge.from)) continue
        const candidate = edge.kind === 'wrap' ? d : d + 1
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
