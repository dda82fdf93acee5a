/**
 * Slow reference for `swapConcentrated`: `UniswapV3Pool.swap` transcribed step by step on a real tick bitmap
 * (256-bit words keyed by compressed >> 8), with no shortcuts — no sorted-array search, no skipping of empty
 * words, no cached tick prices. Uses the engine's `computeSwapStep` and `TickMath`, which have their own tests.
 */
import type { ConcentratedState, Tick } from '../../../../engine/graph/types.js'
import { computeSwapStep } from '../../../../engine/pools/swapMath.js'
import { MAX_TICK, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from '../../../../engine/pools/tickMath.js'

export interface ReferenceSwapResult {
  amountIn: bigint
  amountOut: bigint
  amountSpecifiedRemaining: bigint
  sqrtPriceX96: bigint
  tick: number
  liquidity: bigint
}

export function referenceSwap(
  state: ConcentratedState,
  feePips: number,
  zeroForOne: boolean,
  amountSpecified: bigint,
  limit: bigint,
): ReferenceSwapResult | undefined {
  const words = new Map<number, bigint>()
  const netByTick = new Map<number, bigint>()
  for (const { index, liquidityNet } of state.ticks) {
    const compressed = index / state.tickSpacing
    words.set(compressed >> 8, (words.get(compressed >> 8) ?? 0n) | (1n << BigInt(compressed & 255)))
    netByTick.set(index, liquidityNet)
  }
  const exactInput = amountSpecified > 0n
  let remaining = amountSpecified
  let calculated = 0n
  let sqrtPriceX96 = state.sqrtPriceX96
  let tick = state.tick
  let liquidity = state.liquidity
  while (remaining !== 0n && sqrtPriceX96 !== limit) {
    const start = sqrtPriceX96
    const [nextInitializedTick, initialized] = bitmapNext(words, tick, state.tickSpacing, zeroForOne)
    const tickNext = Math.min(MAX_TICK, Math.max(MIN_TICK, nextInitializedTick))
    const sqrtPriceNext = getSqrtRatioAtTick(tickNext)
    const target = (zeroForOne ? sqrtPriceNext < limit : sqrtPriceNext > limit) ? limit : sqrtPriceNext
    const step = computeSwapStep(sqrtPriceX96, target, liquidity, remaining, feePips)
    sqrtPriceX96 = step.sqrtRatioNextX96
    if (exactInput) {
      remaining -= step.amountIn + step.feeAmount
      calculated -= step.amountOut
    } else {
      remaining += step.amountOut
      calculated += step.amountIn + step.feeAmount
    }
    if (sqrtPriceX96 === sqrtPriceNext) {
      if (initialized) {
        const net = netByTick.get(tickNext)!
        liquidity += zeroForOne ? -net : net
        if (liquidity < 0n) return undefined
      }
      tick = zeroForOne ? tickNext - 1 : tickNext
    } else if (sqrtPriceX96 !== start) {
      tick = getTickAtSqrtRatio(sqrtPriceX96)
    }
  }
  const used = amountSpecified - remaining
  return {
    amountIn: exactInput ? used : calculated,
    amountOut: exactInput ? -calculated : -used,
    amountSpecifiedRemaining: exactInput ? remaining : -remaining,
    sqrtPriceX96,
    tick,
    liquidity,
  }
}

/** TickBitmap.nextInitializedTickWithinOneWord on a bitmap. */
export function bitmapNext(
  words: ReadonlyMap<number, bigint>,
  tick: number,
  tickSpacing: number,
  lte: boolean,
): [number, boolean] {
  let compressed = Math.trunc(tick / tickSpacing)
  if (tick < 0 && tick % tickSpacing !== 0) compressed--
  if (lte) {
    const bitPos = compressed & 255
    const mask = (1n << BigInt(bitPos)) - 1n + (1n << BigInt(bitPos))
    const masked = (words.get(compressed >> 8) ?? 0n) & mask
    if (masked === 0n) return [(compressed - bitPos) * tickSpacing, false]
    return [(compressed - (bitPos - (masked.toString(2).length - 1))) * tickSpacing, true]
  }
  const next = compressed + 1
  const bitPos = next & 255
  const mask = ((1n << 256n) - 1n) ^ ((1n << BigInt(bitPos)) - 1n)
  const masked = (words.get(next >> 8) ?? 0n) & mask
  if (masked === 0n) return [(next + (255 - bitPos)) * tickSpacing, false]
  let lsb = 0
  while (((masked >> BigInt(lsb)) & 1n) === 0n) lsb++
  return [(next + (lsb - bitPos)) * tickSpacing, true]
}

/** A bitmap holding `ticks`. */
export function bitmapOf(ticks: readonly Tick[], tickSpacing: number): Map<number, bigint> {
  const words = new Map<number, bigint>()
  for (const { index } of ticks) {
    const compressed = index / tickSpacing
    words.set(compressed >> 8, (words.get(compressed >> 8) ?? 0n) | (1n << BigInt(compressed & 255)))
  }
  return words
}
