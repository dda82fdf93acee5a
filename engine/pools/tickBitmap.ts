/**
 * The next initialized tick within one bitmap word, as v3-core `libraries/TickBitmap.sol`
 * (`nextInitializedTickWithinOneWord`), computed on the snapshot's sorted `ticks` array instead of a bitmap.
 *
 * The pool stores one bit per tick/tickSpacing ("compressed" tick) in 256-bit words and each swap step looks only
 * inside the current word: when no tick is initialized there, the step stops at the word's edge. Reproducing those
 * stops matters, because every step rounds on its own.
 */
import type { Tick } from '../graph/types.js'

/** Where a swap step may go next. */
export interface NextInitializedTick {
  /** The initialized tick found, or the edge of the word when none is (may lie beyond MIN_TICK/MAX_TICK). */
  tickNext: number
  /** Whether `tickNext` is an initialized tick. */
  initialized: boolean
  /** Position of `tickNext` in `ticks` when initialized, else -1. */
  index: number
}

/**
 * The next initialized tick at or below `tick` (`lte`, price going down) or strictly above it, looking only in the
 * 256-tick word (in units of tickSpacing) that the contract would look in. Compressed ticks round toward −∞.
 *
 * @param ticks initialized ticks, sorted ascending by index, each a multiple of `tickSpacing`
 * @param tick the pool's current tick
 * @param tickSpacing the pool's tick spacing, ≥ 1
 * @param lte search at or below `tick` (zeroForOne) instead of above it
 * @param result object to write into (reused by the swap loop to avoid allocation)
 * @returns `result`, filled
 * @example
 * nextInitializedTickWithinOneWord([{ index: -200, liquidityNet: 1n }], -91, 200, true)
 * // { tickNext: -200, initialized: true, index: 0 }
 */
export function nextInitializedTickWithinOneWord(
  ticks: readonly Tick[],
  tick: number,
  tickSpacing: number,
  lte: boolean,
  result: NextInitializedTick = { tickNext: 0, initialized: false, index: -1 },
): NextInitializedTick {
  const compressed = Math.floor(tick / tickSpacing)
  if (lte) {
    // Word of `compressed`, bits at or below it: compressed ticks in [compressed - bitPos, compressed].
    const wordLowest = (compressed - (compressed & 255)) * tickSpacing
    const index = lastTickAtOrBelow(ticks, tick)
    const found = index >= 0 && ticks[index]!.index >= wordLowest
    result.tickNext = found ? ticks[index]!.index : wordLowest
    result.initialized = found
    result.index = found ? index : -1
  } else {
    // Word of `compressed + 1`, bits at or above it: compressed ticks in [compressed + 1, end of that word].
    const next = compressed + 1
    const wordHighest = (next + 255 - (next & 255)) * tickSpacing
    const index = lastTickAtOrBelow(ticks, tick) + 1
    const found = index < ticks.length && ticks[index]!.index <= wordHighest
    result.tickNext = found ? ticks[index]!.index : wordHighest
    result.initialized = found
    result.index = found ? index : -1
  }
  return result
}

/**
 * Position of the last tick whose index is ≤ `tick` in an array sorted ascending, or -1 when there is none.
 * Binary search: O(log n).
 *
 * @example
 * lastTickAtOrBelow([{ index: -60, liquidityNet: 1n }, { index: 60, liquidityNet: -1n }], 0) // 0
 */
export function lastTickAtOrBelow(ticks: readonly Tick[], tick: number): number {
  let low = 0
  let high = ticks.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (ticks[middle]!.index <= tick) low = middle + 1
    else high = middle
  }
  return low - 1
}
