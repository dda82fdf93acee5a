/**
 * A float upper bound of a concentrated pool's output, tighter than `amount × midPrice × (1 − fee)`, for the
 * router's pruning (`routing/poolBound.ts`): only the ranking uses it, to skip the exact evaluation of paths that
 * cannot enter the top routes; every figure of a returned route is still the pools' integer math.
 *
 * The bound is the output of the *current tick range* computed in real numbers,
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
 * Float error: the formulas without cancellation carry a few roundings of 2^-53 each, covered by a relative 1e-9;
 * the crossing terms with cancellation (`L·(s − sb)`, `L/sb − L/s`) have an absolute error under a few 2^-53 of
 * the out-token virtual reserve (`L·s`, resp. `L/s`), covered by an absolute 1e-13 of it. Each bound is also capped
 * by the mid-rate bound (both are upper bounds) and is non-decreasing in the input, so composing hops' bounds
 * bounds a path.
 */
import type { ConcentratedPool } from '../graph/types.js'
import { lastTickAtOrBelow } from './tickBitmap.js'
import { getSqrtRatioAtTick } from './tickMath.js'

/** Relative margin for the float roundings of a bound (see the module comment). */
const BOUND_RELATIVE_SLACK = 1 + 1e-9
/** Absolute margin, as a fraction of the out-token virtual reserve (cancellation in the crossing terms). */
const RESERVE_SLACK = 1e-13
const Q96_FLOAT = 2 ** 96

/**
 * The output bound of a concentrated pool in one direction, as a function of the input (fee included, a float);
 * the state's numbers are read once, here.
 *
 * @example
 * concentratedOutputBound(pool, true)(1e9) // ≥ concentratedAmountOut(pool, true, 10n ** 9n)
 */
export function concentratedOutputBound(pool: ConcentratedPool, zeroForOne: boolean): (amountIn: number) => number {
  const { state, feePips } = pool
  const below = lastTickAtOrBelow(state.ticks, state.tick)
  // Token0 in: the price falls to the last initialized tick at or below the current one; token1 in: it rises to the
  // first one above. None: the range extends to the end of the price range (0 / Infinity).
  const boundaryTick = state.ticks[zeroForOne ? below : below + 1]?.index
  const s = Number(state.sqrtPriceX96) / Q96_FLOAT
  const sb =
    boundaryTick === undefined ? (zeroForOne ? 0 : Infinity) : Number(getSqrtRatioAtTick(boundaryTick)) / Q96_FLOAT
  const L = Number(state.liquidity)
  const feeFactor = 1 - feePips / 1_000_000
  // Within the current range: no cancellation, a relative margin. Across the next initialized tick: the crossing
  // term's absolute margin too.
  if (zeroForOne) {
    const absoluteSlack = RESERVE_SLACK * L * s
    const toBoundary = L > 0 ? Math.max(0, L / sb - L / s) : 0
    const atBoundary = Math.max(0, L * (s - sb))
    return (amountIn) => {
      const input = amountIn * feeFactor
      if (input <= toBoundary) return ((input * s * s * L) / (L + input * s)) * BOUND_RELATIVE_SLACK
      return (atBoundary + (input - toBoundary) * sb * sb) * BOUND_RELATIVE_SLACK + absoluteSlack
    }
  }
  const absoluteSlack = (RESERVE_SLACK * L) / s
  const toBoundary = L > 0 ? Math.max(0, L * (sb - s)) : 0
  const atBoundary = Math.max(0, L / s - L / sb)
  return (amountIn) => {
    const input = amountIn * feeFactor
    if (input <= toBoundary) return ((input * L) / (s * (L * s + input))) * BOUND_RELATIVE_SLACK
    return (atBoundary + (input - toBoundary) / (sb * sb)) * BOUND_RELATIVE_SLACK + absoluteSlack
  }
}
