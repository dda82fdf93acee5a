/**
 * The initialized-tick list of a concentrated-liquidity pool, checked the same way for every such kind (Uniswap V3,
 * Orca Whirlpool): the kinds differ in tick range and integer width, not in what makes a list consistent.
 */
import { MAX_UINT128 } from './fullMath.js'

/** What a tick list is checked against. */
export interface TickListBounds {
  readonly minTick: number
  readonly maxTick: number
  readonly tickSpacing: number
  /** The pool's current tick and active liquidity. */
  readonly tick: number
  readonly liquidity: bigint
  /** How the program names a 128-bit unsigned integer, for the messages (`uint128`, `u128`). */
  readonly u128Name: string
}

/**
 * Why a tick list is inconsistent: ticks in range, multiples of `tickSpacing`, sorted and unique; running liquidity
 * never negative nor above 2^128 − 1; all `liquidityNet` summing to 0; and the sum at or below `tick` equal to the
 * active `liquidity`. `undefined` when consistent.
 *
 * @example
 * tickListProblem([{ index: -60, liquidityNet: 5n }, { index: 60, liquidityNet: -5n }],
 *   { minTick: -887272, maxTick: 887272, tickSpacing: 60, tick: 0, liquidity: 5n, u128Name: 'uint128' })
 * // → undefined
 */
export function tickListProblem(
  ticks: readonly { readonly index: number; readonly liquidityNet: bigint }[],
  bounds: TickListBounds,
): string | undefined {
  const { minTick, maxTick, tickSpacing, tick, liquidity, u128Name } = bounds
  let running = 0n
  let atOrBelowTick = 0n
  let previous = Number.NEGATIVE_INFINITY
  for (const { index, liquidityNet } of ticks) {
    if (!Number.isInteger(index) || index < minTick || index > maxTick) return `tick ${index} out of range`
    if (index % tickSpacing !== 0) return `tick ${index} is not a multiple of tickSpacing ${tickSpacing}`
    if (index <= previous)
      return index === previous ? `tick ${index} is duplicated` : `ticks are not sorted at ${index}`
    previous = index
    running += liquidityNet
    if (running < 0n) return `liquidity goes negative above tick ${index}`
    if (running > MAX_UINT128) return `liquidity overflows ${u128Name} above tick ${index}`
    if (index <= tick) atOrBelowTick = running
  }
  if (running !== 0n) return `liquidityNet of all ticks sums to ${running}, not 0`
  if (atOrBelowTick !== liquidity)
    return `liquidity ${liquidity} ≠ ${atOrBelowTick}, the sum of liquidityNet at or below tick ${tick}`
  return undefined
}
