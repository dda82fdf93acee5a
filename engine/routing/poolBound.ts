/**
 * Each hop's float output bound, for the ranking's pruning (`pathBound.ts`): the mid rate after fees, a lane's flat
 * fee first, and for pools whose kind has one (`PoolKindModule.outputBound`: concentrated, constant product) the
 * kind's tighter bound — the real-number swap the integer math rounds down from. Only the ranking uses them; every
 * figure of a returned route is the pools' integer math.
 */
import { poolOutputBound } from '../pools/index.js'
import type { Edge } from './graph.js'

/** The numbers one hop's output bound reads, computed once per candidate path (pools are frozen). */
export interface HopBound {
  /** Mid rate × (1 − fee): the bound every hop is capped by. */
  readonly rate: number
  /** Lanes: the flat fee taken before the rate (0 elsewhere). */
  readonly flatFee: number
  /** The pool kind's tighter bound of the output for an input (absent: the mid rate only). */
  readonly bound: ((amountIn: number) => number) | undefined
}

/** Per graph edge: many candidate paths share an edge, and a first search should not redo its terms. */
const hopBounds = new WeakMap<Edge, HopBound>()

/**
 * The bound terms of one hop (computed once per edge).
 *
 * @example
 * hopOutputBound(hopBoundOf(edge), 1e9) // ≤ 1e9 × edge.midRate × edge.feeFactor
 */
export function hopBoundOf(edge: Edge): HopBound {
  let hop = hopBounds.get(edge)
  if (hop === undefined) {
    hop = {
      rate: edge.midRate * edge.feeFactor,
      flatFee: edge.kind === 'lane' ? Number(edge.lane.flatFee) : 0,
      bound: edge.kind === 'pool' ? poolOutputBound(edge.pool, edge.tokenInIndex, edge.tokenOutIndex) : undefined,
    }
    hopBounds.set(edge, hop)
  }
  return hop
}

/**
 * An upper bound (float) of what a hop pays for `amountIn`: after a lane's flat fee, the smaller of the mid-rate
 * bound and the pool kind's own (both are upper bounds; each is non-decreasing in the input).
 *
 * @param hop - the hop's terms (`hopBoundOf`).
 * @param amountIn - the input (smallest units, fee included), as a float.
 * @example
 * hopOutputBound(hopBoundOf(edge), 1e9) // less than 1e9 × midRate × feeFactor when 1e9 moves the price
 */
export function hopOutputBound(hop: HopBound, amountIn: number): number {
  const x = hop.flatFee === 0 ? amountIn : Math.max(0, amountIn - hop.flatFee)
  const linear = x * hop.rate
  if (hop.bound === undefined || !(x > 0)) return linear
  return Math.min(linear, hop.bound(x))
}
