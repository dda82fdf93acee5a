/**
 * Tighter float upper bounds of a hop's output than `amount × midRate × feeFactor`, for pruning. Only the ranking
 * uses them, to skip the exact evaluation of paths that cannot enter the top routes; every figure of a returned
 * route is still the pools' integer math.
 *
 * Concentrated (Uniswap V3) pools: the bound is the output of the *current tick range* computed in real numbers,
 * continued beyond the next initialized tick at that tick's marginal price. Why it is an upper bound of the exact
 * output (`concentratedAmountOut`):
 * 1. Fees: every step keeps at least `fee / (1 − fee)` of what moves the price (rounded up) or the whole remainder,
 *    so the input that moves the price sums to at most `x' = amountIn × (1 − fee)`.
 * 2. Rounding: each step's price-moving input is rounded up and its output down, so the exact swap moves the price
 *    no further than the real-number curve does with `x'`, and pays no more than the curve for that movement.
 * 3. The curve: until the next initialized tick in the swap's direction, liquidity `L` is constant (uninitialized
 *    ticks change nothing), and the real-number output of `u` is `u·s²·L / (L + u·s)` (token0 in) or
 *    `u·L / (s·(L·s + u))` (token1 in), `s` the current sqrt price. Past that tick, the marginal price can only be
 *    worse than at the tick (`sb²`, resp. `1/sb²`), whatever the liquidity, so each further unit of input yields
 *    at most that.
 *
 * Constant-product (Uniswap V2) pools: the real-number formula `x'·R_out / (R_in + x')`, `x' = amountIn × (1 −
 * fee)`, of which the pool's `getAmountOut` is the floor.
 *
 * Float error: the formulas without cancellation carry a few roundings of 2^-53 each, covered by a relative 1e-9;
 * the crossing terms with cancellation (`L·(s − sb)`, `L/sb − L/s`) have an absolute error under a few 2^-53 of
 * the out-token virtual reserve (`L·s`, resp. `L/s`), covered by an absolute 1e-13 of it. Each bound is also capped
 * by the mid-rate bound (both are upper bounds) and is non-decreasing in the input, so composing hops' bounds
 * bounds a path.
 */
import type { ConcentratedPool, ConstantProductPool } from '../graph/types.js'
import { lastTickAtOrBelow } from '../pools/tickBitmap.js'
import { getSqrtRatioAtTick } from '../pools/tickMath.js'
import type { Edge, PoolEdge } from './graph.js'

/** Relative margin for the float roundings of the bound (see the module comment). */
const RELATIVE_SLACK = 1 + 1e-9
/** Absolute margin, as a fraction of the out-token virtual reserve (cancellation in the crossing terms). */
const RESERVE_SLACK = 1e-13
const Q96_FLOAT = 2 ** 96

/** How a hop's output is bounded: `linear` is `amountIn × rate` (after a lane's flat fee). */
export type HopBoundKind = 'linear' | 'concentrated' | 'constantProduct'

/**
 * The numbers one hop's output bound reads, computed once per candidate path (pools are frozen): one shape for
 * every kind, so that the bound's loop stays monomorphic.
 */
export interface HopBound {
  readonly kind: HopBoundKind
  /** Mid rate × (1 − fee): the bound every kind is capped by. */
  readonly rate: number
  /** Lanes: the flat fee taken before the rate (0 elsewhere). */
  readonly flatFee: number
  /** 1 − fee. */
  readonly feeFactor: number
  /** Concentrated: whether token0 goes in (the price falls). */
  readonly zeroForOne: boolean
  /** Concentrated: current sqrt price (token1 per token0, smallest units). */
  readonly sqrtPrice: number
  /** Concentrated: sqrt price at the next initialized tick in the swap's direction; 0 / Infinity when none. */
  readonly sqrtPriceBoundary: number
  /** Concentrated: liquidity of the current range. */
  readonly liquidity: number
  /** Concentrated: `RESERVE_SLACK` × the out-token virtual reserve. */
  readonly absoluteSlack: number
  /** Constant product: reserves of the in and out tokens. */
  readonly reserveIn: number
  readonly reserveOut: number
}

/**
 * The bound terms of one hop.
 *
 * @example
 * hopOutputBound(hopBoundOf(edge), 1e9) // ≤ 1e9 × edge.midRate × edge.feeFactor
 */
export function hopBoundOf(edge: Edge): HopBound {
  const terms = {
    kind: 'linear' as HopBoundKind,
    rate: edge.midRate * edge.feeFactor,
    flatFee: edge.kind === 'lane' ? Number(edge.lane.flatFee) : 0,
    feeFactor: edge.feeFactor,
    zeroForOne: false,
    sqrtPrice: 0,
    sqrtPriceBoundary: 0,
    liquidity: 0,
    absoluteSlack: 0,
    reserveIn: 0,
    reserveOut: 0,
  }
  if (edge.kind !== 'pool') return terms
  const zeroForOne = edge.tokenInIndex === 0
  if (edge.pool.kind === 'constantProduct') {
    const { reserve0, reserve1 } = (edge.pool as ConstantProductPool).state
    return {
      ...terms,
      kind: 'constantProduct' as const,
      reserveIn: Number(zeroForOne ? reserve0 : reserve1),
      reserveOut: Number(zeroForOne ? reserve1 : reserve0),
    }
  }
  if (edge.pool.kind !== 'concentrated') return terms
  const { state } = edge.pool as ConcentratedPool
  const below = lastTickAtOrBelow(state.ticks, state.tick)
  // Token0 in: the price falls to the last initialized tick at or below the current one; token1 in: it rises to the
  // first one above.
  const boundaryTick = state.ticks[zeroForOne ? below : below + 1]?.index
  const sqrtPrice = Number(state.sqrtPriceX96) / Q96_FLOAT
  const liquidity = Number(state.liquidity)
  return {
    ...terms,
    kind: 'concentrated' as const,
    zeroForOne,
    sqrtPrice,
    sqrtPriceBoundary:
      boundaryTick === undefined ? (zeroForOne ? 0 : Infinity) : Number(getSqrtRatioAtTick(boundaryTick)) / Q96_FLOAT,
    liquidity,
    absoluteSlack: RESERVE_SLACK * (zeroForOne ? liquidity * sqrtPrice : liquidity / sqrtPrice),
  }
}

/** Whether a hop's bound is tighter than its mid rate (its kind has a bound of its own). */
export function hasTighterBound(edge: Edge): boolean {
  return edge.kind === 'pool' && (edge.pool.kind === 'concentrated' || edge.pool.kind === 'constantProduct')
}

/**
 * An upper bound (float) of what a hop pays for `amountIn` (after a lane's flat fee): the tighter bound of its kind
 * where there is one (see the module comment), never above `amountIn × midRate × feeFactor`.
 *
 * @param hop - the hop's terms (`hopBoundOf`).
 * @param amountIn - the input (smallest units, fee included), as a float.
 * @example
 * hopOutputBound(hopBoundOf(edge), 1e9) // less than 1e9 × midRate × feeFactor when 1e9 moves the price
 */
export function hopOutputBound(hop: HopBound, amountIn: number): number {
  const x = hop.flatFee === 0 ? amountIn : Math.max(0, amountIn - hop.flatFee)
  const linear = x * hop.rate
  if (hop.kind === 'linear' || !(x > 0)) return linear
  return Math.min(linear, hop.kind === 'concentrated' ? concentratedBound(hop, x) : constantProductBound(hop, x))
}

/**
 * `hopOutputBound` of a pool edge, terms computed on the spot (for tests and one-off use; the router keeps them).
 *
 * @example
 * poolOutputBound(edge, 1e9)
 */
export function poolOutputBound(edge: PoolEdge, amountIn: number): number {
  return hopOutputBound(hopBoundOf(edge), amountIn)
}

function constantProductBound(hop: HopBound, amountIn: number): number {
  const input = amountIn * hop.feeFactor
  return ((input * hop.reserveOut) / (hop.reserveIn + input)) * RELATIVE_SLACK
}

function concentratedBound(hop: HopBound, amountIn: number): number {
  const { sqrtPrice: s, sqrtPriceBoundary: sb, liquidity: L } = hop
  const input = amountIn * hop.feeFactor
  // Within the current range: no cancellation, a relative margin. Across the next initialized tick: the crossing
  // term's absolute margin too.
  if (hop.zeroForOne) {
    const toBoundary = L > 0 ? Math.max(0, L / sb - L / s) : 0
    if (input <= toBoundary) return ((input * s * s * L) / (L + input * s)) * RELATIVE_SLACK
    return (Math.max(0, L * (s - sb)) + (input - toBoundary) * sb * sb) * RELATIVE_SLACK + hop.absoluteSlack
  }
  const toBoundary = L > 0 ? Math.max(0, L * (sb - s)) : 0
  if (input <= toBoundary) return ((input * L) / (s * (L * s + input))) * RELATIVE_SLACK
  return (Math.max(0, L / s - L / sb) + (input - toBoundary) / (sb * sb)) * RELATIVE_SLACK + hop.absoluteSlack
}
