/**
 * Orca Whirlpool swaps: the loop of orca-so/whirlpools `programs/whirlpool/src/manager/swap_manager.rs` (`swap`)
 * over the tick-array sequence of `util/swap_tick_sequence.rs`, each step rounded on its own by
 * `computeWhirlpoolSwapStep`. Differences from the Uniswap V3 loop (`concentrated.ts`) that change amounts:
 *
 * - steps go from initialized tick to initialized tick (no stop at bitmap-word edges);
 * - a swap sees only the tick arrays passed to it: `WHIRLPOOL_TICK_ARRAYS_PER_SWAP` arrays of 88 ticks × spacing,
 *   starting with the one holding the current tick (b→a: the one holding `tick + tickSpacing`, the program's shifted
 *   search range). Reaching the end of the last array with input left fails, as the program does
 *   (`TickArraySequenceInvalidIndex`), so the largest fillable amount is what those arrays hold;
 * - the default price limits are MIN/MAX_SQRT_PRICE_X64 themselves; an exact output the pool cannot fully deliver
 *   fails (`PartialFillError`).
 *
 * Static fee only: pools with an adaptive fee (`FeeRateManager` with an oracle) are not modelled.
 */
import type { WhirlpoolPool, WhirlpoolState } from '../graph/types.js'
import { PoolMathError } from './poolMathError.js'
import { computeWhirlpoolSwapStep } from './whirlpoolSwapMath.js'
import {
  WHIRLPOOL_MAX_SQRT_PRICE_X64,
  WHIRLPOOL_MAX_TICK,
  WHIRLPOOL_MIN_SQRT_PRICE_X64,
  WHIRLPOOL_MIN_TICK,
  whirlpoolSqrtPriceAtTick,
  whirlpoolTickAtSqrtPrice,
} from './whirlpoolTickMath.js'

/** Ticks per tick array (`TICK_ARRAY_SIZE`). */
export const WHIRLPOOL_TICK_ARRAY_SIZE = 88
/**
 * Tick arrays one swap can cross: the `swap` instruction's three tick-array accounts, which is also what Orca's own
 * quote (rust-sdk `fetch_tick_arrays_or_default`: the current array and two either side) can see.
 */
export const WHIRLPOOL_TICK_ARRAYS_PER_SWAP = 3

const MAX_U64 = (1n << 64n) - 1n
const MAX_U128 = (1n << 128n) - 1n
const PROTOCOL_FEE_RATE_MUL_VALUE = 10_000n

/** The parts of a pool a swap reads. */
export type WhirlpoolSwapPool = Pick<WhirlpoolPool, 'feePips' | 'protocolFeeRateBps' | 'state'>

/** Outcome of `swapWhirlpool`; amounts in smallest units. */
export interface WhirlpoolSwapResult {
  /** Input the pool takes, fee included. */
  amountIn: bigint
  /** Output the pool pays. */
  amountOut: bigint
  /** Unspent input (exact input); 0 when the swap filled. */
  amountSpecifiedRemaining: bigint
  /** Fee taken, all steps (`fee_sum`), of which `protocolFee` goes to the protocol. */
  feeAmount: bigint
  protocolFee: bigint
  /** Pool state after the swap. */
  sqrtPriceX64: bigint
  tick: number
  liquidity: bigint
}

/** Options of `swapWhirlpool`. */
export interface WhirlpoolSwapOptions {
  /** Price the swap may not pass, Q64.64; defaults to MIN/MAX_SQRT_PRICE_X64 (`NO_EXPLICIT_SQRT_PRICE_LIMIT`). */
  sqrtPriceLimitX64?: bigint
  /** Tick arrays the swap is given; defaults to `WHIRLPOOL_TICK_ARRAYS_PER_SWAP`. */
  tickArrays?: number
}

// Sqrt prices of the initialized ticks, computed once per state object (snapshots are frozen).
const tickPriceCaches = new WeakMap<WhirlpoolState, (bigint | undefined)[]>()

/**
 * Simulate the program's `swap` without changing the state.
 *
 * @param pool fee (pips), protocol fee (bps) and state
 * @param aToB token A (index 0) in, token B out
 * @param amount u64: input (fee included) when `isInput`, else the output wanted
 * @param isInput exact input (else exact output)
 * @returns amounts and final state; `undefined` where the program fails (zero or over-u64 amount, price limit on
 *   the wrong side, end of the tick arrays with amount left, partial exact output, math errors). An exact input the
 *   pool cannot take whole (price limit reached) ends with `amountSpecifiedRemaining` > 0.
 * @example
 * swapWhirlpool(pool, true, 1_000_000_000n, true)?.amountOut
 */
export function swapWhirlpool(
  pool: WhirlpoolSwapPool,
  aToB: boolean,
  amount: bigint,
  isInput: boolean,
  options: WhirlpoolSwapOptions = {},
): WhirlpoolSwapResult | undefined {
  return simulateSwap(pool, aToB, amount, isInput, options, true)
}

function simulateSwap(
  pool: WhirlpoolSwapPool,
  aToB: boolean,
  amount: bigint,
  isInput: boolean,
  options: WhirlpoolSwapOptions,
  settleTick: boolean,
): WhirlpoolSwapResult | undefined {
  const { state, feePips } = pool
  const limit = options.sqrtPriceLimitX64 ?? (aToB ? WHIRLPOOL_MIN_SQRT_PRICE_X64 : WHIRLPOOL_MAX_SQRT_PRICE_X64)
  if (limit < WHIRLPOOL_MIN_SQRT_PRICE_X64 || limit > WHIRLPOOL_MAX_SQRT_PRICE_X64) return undefined
  if (aToB ? limit >= state.sqrtPriceX64 : limit <= state.sqrtPriceX64) return undefined
  if (amount <= 0n || amount > MAX_U64) return undefined

  const { ticks, tickSpacing } = state
  const edge = windowEdge(state.tick, tickSpacing, aToB, options.tickArrays ?? WHIRLPOOL_TICK_ARRAYS_PER_SWAP)
  const prices = tickPrices(state)
  // Position of the next initialized tick in the swap's direction (a→b: at or below the tick, b→a: above it).
  let next = firstAbove(ticks, state.tick)
  if (aToB) next -= 1
  let remaining = amount
  let calculated = 0n
  let feeAmount = 0n
  let protocolFee = 0n
  let sqrtPriceX64 = state.sqrtPriceX64
  let tick = state.tick
  let liquidity = state.liquidity
  let isTickSettled = true
  let isSequenceExhausted = false

  try {
    while (remaining > 0n && sqrtPriceX64 !== limit) {
      if (isSequenceExhausted) return undefined // TickArraySequenceInvalidIndex
      const candidate = ticks[next]
      const isInitialized = candidate !== undefined && (aToB ? candidate.index >= edge : candidate.index <= edge)
      const targetTick = isInitialized ? candidate.index : edge
      const targetPrice = isInitialized ? cachedPrice(prices, next, targetTick) : whirlpoolSqrtPriceAtTick(targetTick)
      const stepTarget = (aToB ? targetPrice < limit : targetPrice > limit) ? limit : targetPrice
      const step = computeWhirlpoolSwapStep(remaining, feePips, liquidity, sqrtPriceX64, stepTarget, isInput, aToB)
      if (isInput) {
        remaining -= step.amountIn + step.feeAmount
        calculated += step.amountOut
      } else {
        remaining -= step.amountOut
        calculated += step.amountIn + step.feeAmount
      }
      if (remaining < 0n || calculated > MAX_U64) return undefined // AmountRemainingOverflow / AmountCalcOverflow
      feeAmount += step.feeAmount
      protocolFee += (step.feeAmount * BigInt(pool.protocolFeeRateBps)) / PROTOCOL_FEE_RATE_MUL_VALUE
      if (step.nextSqrtPriceX64 === targetPrice) {
        if (isInitialized) {
          // liquidityNet enters when crossing upward; a downward cross removes it.
          liquidity = aToB ? liquidity - candidate.liquidityNet : liquidity + candidate.liquidityNet
          if (liquidity < 0n || liquidity > MAX_U128) return undefined // LiquidityUnderflow / LiquidityOverflow
          next += aToB ? -1 : 1
        }
        if (targetTick === edge) isSequenceExhausted = true
        tick = aToB ? targetTick - 1 : targetTick
      } else if (step.nextSqrtPriceX64 !== sqrtPriceX64) {
        // A step that stops between ticks ends the swap; only the result needs its tick.
        isTickSettled = false
      }
      sqrtPriceX64 = step.nextSqrtPriceX64
    }
    if (settleTick && !isTickSettled) tick = whirlpoolTickAtSqrtPrice(sqrtPriceX64)
  } catch (error) {
    if (error instanceof PoolMathError) return undefined
    throw error
  }
  if (remaining > 0n && !isInput) return undefined // PartialFillError
  return {
    amountIn: isInput ? amount - remaining : calculated,
    amountOut: isInput ? calculated : amount - remaining,
    amountSpecifiedRemaining: isInput ? remaining : 0n,
    feeAmount,
    protocolFee,
    sqrtPriceX64,
    tick,
    liquidity,
  }
}

/**
 * Output for an exact input, as the program's `swap` with no price limit. Rounds down.
 *
 * @param pool fee and state
 * @param aToB token A in, token B out
 * @param amountIn input smallest units, fee included
 * @returns output smallest units; 0 for 0 in; `undefined` when the pool cannot take the whole input within its tick
 *   arrays, or the program would fail
 * @example
 * whirlpoolAmountOut(pool, true, 1_000_000_000n)
 */
export function whirlpoolAmountOut(pool: WhirlpoolSwapPool, aToB: boolean, amountIn: bigint): bigint | undefined {
  if (amountIn === 0n) return 0n
  const result = simulateSwap(pool, aToB, amountIn, true, {}, false)
  return result === undefined || result.amountSpecifiedRemaining !== 0n ? undefined : result.amountOut
}

/**
 * Input needed for an exact output, as the program's `swap` with no price limit. Rounds up.
 *
 * @param pool fee and state
 * @param aToB token A in, token B out
 * @param amountOut wanted output, smallest units
 * @returns input smallest units, fee included; 0 for 0 out; `undefined` when the pool cannot deliver it all
 * @example
 * whirlpoolAmountIn(pool, true, 1_000_000n)
 */
export function whirlpoolAmountIn(pool: WhirlpoolSwapPool, aToB: boolean, amountOut: bigint): bigint | undefined {
  if (amountOut === 0n) return 0n
  return simulateSwap(pool, aToB, amountOut, false, {}, false)?.amountIn
}

/**
 * Marginal price at `sqrtPriceX64`, before fee: smallest units out per smallest unit in ((√P / 2^64)² for a→b,
 * its inverse for b→a). A float, for ranking only.
 *
 * @example
 * whirlpoolMidPrice(1n << 64n, true) // 1
 */
export function whirlpoolMidPrice(sqrtPriceX64: bigint, aToB: boolean): number {
  const sqrtPrice = Number(sqrtPriceX64) / 2 ** 64
  const price = sqrtPrice * sqrtPrice
  return aToB ? price : 1 / price
}

/**
 * The last tick a swap may reach with the given number of tick arrays: a→b, the start of the last array (the
 * program's `MIN_TICK_INDEX` once the arrays reach it); b→a, the last tick of the last array (or `MAX_TICK_INDEX`).
 */
function windowEdge(tick: number, tickSpacing: number, aToB: boolean, tickArrays: number): number {
  const ticksInArray = WHIRLPOOL_TICK_ARRAY_SIZE * tickSpacing
  if (aToB) {
    const firstStart = Math.floor(tick / ticksInArray) * ticksInArray
    return Math.max(firstStart - (tickArrays - 1) * ticksInArray, WHIRLPOOL_MIN_TICK)
  }
  // b→a searches are shifted by one spacing: an array serves ticks from `start − tickSpacing`.
  const firstStart = Math.floor((tick + tickSpacing) / ticksInArray) * ticksInArray
  return Math.min(firstStart + tickArrays * ticksInArray - 1, WHIRLPOOL_MAX_TICK)
}

// Index of the first tick above `tick` (binary search; ticks are sorted).
function firstAbove(ticks: WhirlpoolState['ticks'], tick: number): number {
  let low = 0
  let high = ticks.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (ticks[middle]!.index <= tick) low = middle + 1
    else high = middle
  }
  return low
}

function tickPrices(state: WhirlpoolState): (bigint | undefined)[] {
  let prices = tickPriceCaches.get(state)
  if (prices === undefined) {
    prices = new Array<bigint | undefined>(state.ticks.length)
    tickPriceCaches.set(state, prices)
  }
  return prices
}

function cachedPrice(prices: (bigint | undefined)[], position: number, tick: number): bigint {
  let price = prices[position]
  if (price === undefined) {
    price = whirlpoolSqrtPriceAtTick(tick)
    prices[position] = price
  }
  return price
}
