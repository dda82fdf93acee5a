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
import type { PoolEdge } from './graph.js'

/** Relative margin for the float roundings of the bound (see the module comment). */
const RELATIVE_SLACK = 1 + 1e-9
/** Absolute margin, as a fraction of the out-token virtual reserve (cancellation in the crossing terms). */
const RESERVE_SLACK = 1e-13
const Q96_FLOAT = 2 ** 96

/** What the bound of one concentrated-pool edge reads, as floats (computed once per edge: pools are frozen). */
interface ConcentratedTerms {
  readonly zeroForOne: boolean
  /** Current sqrt price (token1 per token0, smallest units). */
  readonly sqrtPrice: number
  /** Sqrt price at the next initialized tick in the swap's direction; 0 / Infinity when there is none. */
  readonly sqrtPriceBoundary: number
  readonly liquidity: number
  /** 1 − fee. */
  readonly feeFactor: number
  /** `RESERVE_SLACK` × the out-token virtual reserve. */
  readonly absoluteSlack: number
}

const termsCache = new WeakMap<PoolEdge, ConcentratedTerms>()

function termsOf(edge: PoolEdge): ConcentratedTerms {
  let terms = termsCache.get(edge)
  if (terms === undefined) {
    const { state } = edge.pool as ConcentratedPool
    const zeroForOne = edge.tokenInIndex === 0
    const below = lastTickAtOrBelow(state.ticks, state.tick)
    // Token0 in: the price falls to the last initialized tick at or below the current one; token1 in: it rises to
    // the first one above.
    const boundaryIndex = zeroForOne ? below : below + 1
    const boundaryTick = state.ticks[boundaryIndex]?.index
    const sqrtPrice = Number(state.sqrtPriceX96) / Q96_FLOAT
    const liquidity = Number(state.liquidity)
    terms = {
      zeroForOne,
      sqrtPrice,
      sqrtPriceBoundary:
        boundaryTick === undefined ? (zeroForOne ? 0 : Infinity) : Number(getSqrtRatioAtTick(boundaryTick)) / Q96_FLOAT,
      liquidity,
      feeFactor: edge.feeFactor,
      absoluteSlack: RESERVE_SLACK * (zeroForOne ? liquidity * sqrtPrice : liquidity / sqrtPrice),
    }
    termsCache.set(edge, terms)
  }
  return terms
}

/**
 * An upper bound (float) of what a pool edge pays for `amountIn`: the tighter bound of its kind where there is one
 * (concentrated, constant product; see the module comment), never above `amountIn × midRate × feeFactor`.
 *
 * @param edge - a pool edge.
 * @param amountIn - the input (smallest units, fee included), as a float ≥ 0.
 * @example
 * poolOutputBound(edge, 1e9) // ≤ 1e9 × edge.midRate × edge.feeFactor, less when 1e9 moves the price
 */
export function poolOutputBound(edge: PoolEdge, amountIn: number): number {
  const midBound = amountIn * edge.midRate * edge.feeFactor
  if (!(amountIn > 0)) return 0
  switch (edge.pool.kind) {
    case 'concentrated':
      return Math.min(midBound, concentratedOutputBound(edge, amountIn))
    case 'constantProduct':
      return Math.min(midBound, constantProductOutputBound(edge, edge.pool, amountIn))
    default:
      return midBound
  }
}

/** Whether `poolOutputBound` is tighter than the mid rate for this edge's pool kind. */
export function hasTighterBound(edge: PoolEdge): boolean {
  return edge.pool.kind === 'concentrated' || edge.pool.kind === 'constantProduct'
}

const reservesCache = new WeakMap<PoolEdge, { readonly reserveIn: number; readonly reserveOut: number }>()

function constantProductOutputBound(edge: PoolEdge, pool: ConstantProductPool, amountIn: number): number {
  let reserves = reservesCache.get(edge)
  if (reserves === undefined) {
    const { reserve0, reserve1 } = pool.state
    const zeroForOne = edge.tokenInIndex === 0
    reserves = {
      reserveIn: Number(zeroForOne ? reserve0 : reserve1),
      reserveOut: Number(zeroForOne ? reserve1 : reserve0),
    }
    reservesCache.set(edge, reserves)
  }
  const input = amountIn * edge.feeFactor
  return ((input * reserves.reserveOut) / (reserves.reserveIn + input)) * RELATIVE_SLACK
}

/** An upper bound (float) of what a concentrated-pool edge pays for `amountIn` > 0 (see the module comment). */
function concentratedOutputBound(edge: PoolEdge, amountIn: number): number {
  const { zeroForOne, sqrtPrice: s, sqrtPriceBoundary: sb, liquidity: L, feeFactor, absoluteSlack } = termsOf(edge)
  const input = amountIn * feeFactor
  // Within the current range: no cancellation, a relative margin. Across the next initialized tick: the crossing
  // term's absolute margin too.
  if (zeroForOne) {
    const toBoundary = L > 0 ? Math.max(0, L / sb - L / s) : 0
    if (input <= toBoundary) return ((input * s * s * L) / (L + input * s)) * RELATIVE_SLACK
    return (Math.max(0, L * (s - sb)) + (input - toBoundary) * sb * sb) * RELATIVE_SLACK + absoluteSlack
  }
  const toBoundary = L > 0 ? Math.max(0, L * (sb - s)) : 0
  if (input <= toBoundary) return ((input * L) / (s * (L * s + input))) * RELATIVE_SLACK
  return (Math.max(0, L / s - L / sb) + (input - toBoundary) / (sb * sb)) * RELATIVE_SLACK + absoluteSlack
}
