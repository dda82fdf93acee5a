/**
 * Concentrated-liquidity swaps (Uniswap V3): the loop of v3-core `UniswapV3Pool.swap`, stepping from initialized
 * tick to initialized tick *within one bitmap word* exactly as the pool does, each step rounded on its own by
 * `computeSwapStep`. Quotes match QuoterV2 with its default price limits (MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO − 1).
 */
import type { ConcentratedPool, ConcentratedState } from '../graph/types.js'
import { MAX_UINT128 } from './fullMath.js'
import { PoolMathError } from './poolMathError.js'
import { type SwapStepResult, computeSwapStep } from './swapMath.js'
import { type NextInitializedTick, lastTickAtOrBelow, nextInitializedTickWithinOneWord } from './tickBitmap.js'
import {
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
} from './tickMath.js'

const MAX_INT256 = (1n << 255n) - 1n
const MIN_INT256 = -(1n << 255n)

/** The parts of a concentrated pool a swap reads. */
export type ConcentratedSwapPool = Pick<ConcentratedPool, 'feePips' | 'state'>

/** Outcome of `swapConcentrated`; amounts in smallest units. */
export interface ConcentratedSwapResult {
  /** Input the pool takes, fee included. */
  amountIn: bigint
  /** Output the pool pays. */
  amountOut: bigint
  /** Unused input (exact input) or undelivered output (exact output); 0 when the swap filled completely. */
  amountSpecifiedRemaining: bigint
  /** Pool state after the swap. */
  sqrtPriceX96: bigint
  tick: number
  liquidity: bigint
  /** Initialized ticks crossed (liquidityNet applied). */
  initializedTicksCrossed: number
}

// Sqrt prices of step targets, computed once per state object (snapshots are frozen): initialized ticks by position,
// bitmap word edges by tick (bounded; quotes on one pool keep meeting the same edges near its price).
interface SqrtRatioCache {
  readonly initialized: (bigint | undefined)[]
  readonly wordEdges: Map<number, bigint>
}
const MAX_CACHED_WORD_EDGES = 4096
const sqrtRatioCaches = new WeakMap<ConcentratedState, SqrtRatioCache>()

/**
 * Simulate `UniswapV3Pool.swap` without changing the state. Runs to completion even when the pool cannot fill the
 * whole amount, as QuoterV2 does; `amountSpecifiedRemaining` then says what was left.
 *
 * @param pool fee (pips) and state; `state.ticks` sorted ascending, multiples of `tickSpacing`
 * @param zeroForOne token0 in, token1 out
 * @param amountSpecified int256: > 0 exact input (fee included), < 0 exact output
 * @param sqrtPriceLimitX96 price the swap may not pass; defaults to QuoterV2's MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO − 1
 * @returns the swap's amounts and final state, or `undefined` when the pool would revert (zero amount, limit on
 *   the wrong side of the price, liquidity over/underflow, math overflow)
 * @example
 * swapConcentrated(pool, true, 1_000_000n)?.amountOut
 */
export function swapConcentrated(
  pool: ConcentratedSwapPool,
  zeroForOne: boolean,
  amountSpecified: bigint,
  sqrtPriceLimitX96: bigint = defaultLimit(zeroForOne),
): ConcentratedSwapResult | undefined {
  return simulateSwap(pool, zeroForOne, amountSpecified, sqrtPriceLimitX96, true)
}

// The swap loop. `settleTick` false leaves `tick` at its value before the last step when that step stopped between
// ticks (the quote functions only read amounts): getTickAtSqrtRatio is then not needed at all.
function simulateSwap(
  pool: ConcentratedSwapPool,
  zeroForOne: boolean,
  amountSpecified: bigint,
  limit: bigint,
  settleTick: boolean,
): ConcentratedSwapResult | undefined {
  const { state, feePips } = pool
  if (amountSpecified === 0n || amountSpecified > MAX_INT256 || amountSpecified < MIN_INT256) return undefined // 'AS'
  const limitIsValid = zeroForOne
    ? limit < state.sqrtPriceX96 && limit > MIN_SQRT_RATIO
    : limit > state.sqrtPriceX96 && limit < MAX_SQRT_RATIO
  if (!limitIsValid) return undefined // 'SPL'

  const { ticks, tickSpacing } = state
  const exactInput = amountSpecified > 0n
  let remaining = amountSpecified
  let calculated = 0n
  let sqrtPriceX96 = state.sqrtPriceX96
  let tick = state.tick
  let liquidity = state.liquidity
  let initializedTicksCrossed = 0
  let isTickSettled = true
  const next: NextInitializedTick = { tickNext: 0, initialized: false, index: -1 }
  const step: SwapStepResult = { sqrtRatioNextX96: 0n, amountIn: 0n, amountOut: 0n, feeAmount: 0n }

  try {
    while (remaining !== 0n && sqrtPriceX96 !== limit) {
      if (liquidity === 0n) {
        // Steps without liquidity move the price and nothing else: jump over the empty words in one go.
        const skipped = skipEmptyWords(state, zeroForOne, tick, limit)
        if (skipped !== undefined) {
          ;[sqrtPriceX96, tick] = skipped
          if (sqrtPriceX96 === limit) break
        }
      }
      const sqrtPriceStartX96 = sqrtPriceX96
      nextInitializedTickWithinOneWord(ticks, tick, tickSpacing, zeroForOne, next)
      const tickNext = next.tickNext < MIN_TICK ? MIN_TICK : next.tickNext > MAX_TICK ? MAX_TICK : next.tickNext
      const sqrtPriceNextX96 = stepTargetSqrtRatio(state, next, tickNext)
      const target = (zeroForOne ? sqrtPriceNextX96 < limit : sqrtPriceNextX96 > limit) ? limit : sqrtPriceNextX96
      computeSwapStep(sqrtPriceX96, target, liquidity, remaining, feePips, step)
      sqrtPriceX96 = step.sqrtRatioNextX96
      if (exactInput) {
        remaining -= step.amountIn + step.feeAmount
        calculated -= step.amountOut
      } else {
        remaining += step.amountOut
        calculated += step.amountIn + step.feeAmount
      }
      if (sqrtPriceX96 === sqrtPriceNextX96) {
        if (next.initialized) {
          // liquidityNet is what enters when crossing upward; a downward cross removes it.
          const liquidityNet = ticks[next.index]!.liquidityNet
          liquidity = zeroForOne ? liquidity - liquidityNet : liquidity + liquidityNet
          if (liquidity < 0n || liquidity > MAX_UINT128) return undefined // LiquidityMath 'LS' / 'LA'
          initializedTicksCrossed++
        }
        tick = zeroForOne ? tickNext - 1 : tickNext
      } else if (sqrtPriceX96 !== sqrtPriceStartX96) {
        // A step that stops between ticks ends the swap (input used up, output delivered or limit reached), so
        // the tick matters only for the result; quotes skip it.
        isTickSettled = remaining !== 0n && sqrtPriceX96 !== limit
        if (isTickSettled) tick = getTickAtSqrtRatio(sqrtPriceX96)
      }
    }
    if (settleTick && !isTickSettled) tick = getTickAtSqrtRatio(sqrtPriceX96)
  } catch (error) {
    if (error instanceof PoolMathError) return undefined
    throw error
  }

  const amountSpecifiedUsed = amountSpecified - remaining
  return {
    amountIn: exactInput ? amountSpecifiedUsed : calculated,
    amountOut: exactInput ? -calculated : -amountSpecifiedUsed,
    amountSpecifiedRemaining: exactInput ? remaining : -remaining,
    sqrtPriceX96,
    tick,
    liquidity,
    initializedTicksCrossed,
  }
}

/**
 * Output for an exact input, as QuoterV2.quoteExactInputSingle with the default limit. Rounds down.
 *
 * @param pool fee (pips) and state
 * @param zeroForOne token0 in, token1 out
 * @param amountIn input smallest units, fee included
 * @returns output smallest units; 0 for 0 in; `undefined` when the pool cannot take the whole input (it runs out
 *   of liquidity or reaches the price limit) or would revert
 * @example
 * concentratedAmountOut(pool, true, 1_000_000n)
 */
export function concentratedAmountOut(
  pool: ConcentratedSwapPool,
  zeroForOne: boolean,
  amountIn: bigint,
): bigint | undefined {
  if (amountIn === 0n) return 0n
  const result = simulateSwap(pool, zeroForOne, amountIn, defaultLimit(zeroForOne), false)
  return result === undefined || result.amountSpecifiedRemaining !== 0n ? undefined : result.amountOut
}

/**
 * Input needed for an exact output, as QuoterV2.quoteExactOutputSingle with the default limit. Rounds up.
 *
 * @param pool fee (pips) and state
 * @param zeroForOne token0 in, token1 out
 * @param amountOut wanted output, smallest units
 * @returns input smallest units, fee included; 0 for 0 out; `undefined` when the pool cannot deliver it all
 * @example
 * concentratedAmountIn(pool, true, 1_000_000n)
 */
export function concentratedAmountIn(
  pool: ConcentratedSwapPool,
  zeroForOne: boolean,
  amountOut: bigint,
): bigint | undefined {
  if (amountOut === 0n) return 0n
  const result = simulateSwap(pool, zeroForOne, -amountOut, defaultLimit(zeroForOne), false)
  return result === undefined || result.amountSpecifiedRemaining !== 0n ? undefined : result.amountIn
}

/**
 * Marginal price at `sqrtPriceX96`, before fee: smallest units of output per smallest unit of input
 * (token1/token0 = (sqrtPriceX96 / 2^96)² for zeroForOne, its inverse otherwise). A float, for ranking only.
 *
 * @example
 * concentratedMidPrice(2n ** 96n, true) // 1
 */
export function concentratedMidPrice(sqrtPriceX96: bigint, zeroForOne: boolean): number {
  const sqrtPrice = Number(sqrtPriceX96) / 2 ** 96
  const price = sqrtPrice * sqrtPrice
  return zeroForOne ? price : 1 / price
}

// QuoterV2's limits when the caller gives none (computed once: two bigint additions per quoted hop otherwise).
const DEFAULT_LIMIT_ZERO_FOR_ONE = MIN_SQRT_RATIO + 1n
const DEFAULT_LIMIT_ONE_FOR_ZERO = MAX_SQRT_RATIO - 1n

function defaultLimit(zeroForOne: boolean): bigint {
  return zeroForOne ? DEFAULT_LIMIT_ZERO_FOR_ONE : DEFAULT_LIMIT_ONE_FOR_ZERO
}

function stepTargetSqrtRatio(state: ConcentratedState, next: NextInitializedTick, tick: number): bigint {
  let cache = sqrtRatioCaches.get(state)
  if (cache === undefined) {
    cache = { initialized: new Array<bigint | undefined>(state.ticks.length), wordEdges: new Map() }
    sqrtRatioCaches.set(state, cache)
  }
  if (next.initialized) return (cache.initialized[next.index] ??= getSqrtRatioAtTick(tick))
  let sqrtRatio = cache.wordEdges.get(tick)
  if (sqrtRatio === undefined) {
    sqrtRatio = getSqrtRatioAtTick(tick)
    if (cache.wordEdges.size < MAX_CACHED_WORD_EDGES) cache.wordEdges.set(tick, sqrtRatio)
  }
  return sqrtRatio
}

/**
 * With zero liquidity the pool walks word by word, each step moving only the price. Return the price and tick the
 * pool reaches right before the word holding the next initialized tick (or at the limit when no initialized tick
 * comes first), i.e. the state after all those empty steps; `undefined` when the next step is not empty.
 */
function skipEmptyWords(
  state: ConcentratedState,
  zeroForOne: boolean,
  tick: number,
  limit: bigint,
): [bigint, number] | undefined {
  const { ticks, tickSpacing } = state
  const wordTicks = 256 * tickSpacing
  const compressed = Math.floor(tick / tickSpacing)
  const below = lastTickAtOrBelow(ticks, tick)
  const nextIndex = zeroForOne ? below : below + 1
  if (nextIndex >= 0 && nextIndex < ticks.length) {
    const nextTick = ticks[nextIndex]!.index
    const nextWord = Math.floor(nextTick / wordTicks)
    if (zeroForOne) {
      // Downward steps stop at word starts; arrive at the start of the word above nextTick's word.
      const edge = (nextWord + 1) * wordTicks
      if (edge > compressed * tickSpacing) return undefined
      const edgeSqrtPrice = getSqrtRatioAtTick(edge)
      if (edgeSqrtPrice > limit) return [edgeSqrtPrice, edge - 1]
    } else {
      // Upward steps stop at word ends; arrive at the end of the word below nextTick's word.
      if (nextWord <= Math.floor((compressed + 1) / 256)) return undefined
      const edge = nextWord * wordTicks - tickSpacing
      const edgeSqrtPrice = getSqrtRatioAtTick(edge)
      if (edgeSqrtPrice < limit) return [edgeSqrtPrice, edge]
    }
  }
  return [limit, tickAtLimit(zeroForOne, limit, wordTicks)]
}

// The tick the loop leaves when it stops at the limit in an empty region: a downward step that lands exactly on a
// word start reports the tick below it, as the pool does after reaching a step's edge.
function tickAtLimit(zeroForOne: boolean, limit: bigint, wordTicks: number): number {
  const tick = getTickAtSqrtRatio(limit)
  if (zeroForOne && tick % wordTicks === 0 && getSqrtRatioAtTick(tick) === limit) return tick - 1
  return tick
}
