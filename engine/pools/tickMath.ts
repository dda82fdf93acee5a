/**
 * Ticks ↔ sqrt prices, bit-exact with v3-core `libraries/TickMath.sol` (solidity <0.8, the deployed V3 pools).
 * A tick `t` is the price 1.0001^t; `sqrtPriceX96` is sqrt(price) as a Q64.96 number.
 */
import { MAX_UINT256, divRoundingUp } from './fullMath.js'
import { PoolMathError } from './poolMathError.js'

/** Smallest tick: log base 1.0001 of 2^-128. */
export const MIN_TICK = -887272
/** Largest tick: log base 1.0001 of 2^128. */
export const MAX_TICK = 887272
/** `getSqrtRatioAtTick(MIN_TICK)`, the smallest sqrt price a pool can reach. */
export const MIN_SQRT_RATIO = 4295128739n
/** `getSqrtRatioAtTick(MAX_TICK)`; prices are always strictly below it. */
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n

// 1 / sqrt(1.0001)^(2^k) as Q128.128 for k = 0..19, the constants of TickMath.getSqrtRatioAtTick.
const INVERSE_SQRT_POWERS = [
  0xfffcb933bd6fad37aa2d162d1a594001n,
  0xfff97272373d413259a46990580e213an,
  0xfff2e50f5f656932ef12357cf3c7fdccn,
  0xffe5caca7e10e4e61c3624eaa0941cd0n,
  0xffcb9843d60f6159c9db58835c926644n,
  0xff973b41fa98c081472e6896dfb254c0n,
  0xff2ea16466c96a3843ec78b326b52861n,
  0xfe5dee046a99a2a811c461f1969c3053n,
  0xfcbe86c7900a88aedcffc83b479aa3a4n,
  0xf987a7253ac413176f2b074cf7815e54n,
  0xf3392b0822b70005940c7a398e4b70f3n,
  0xe7159475a2c29b7443b29c7fa6e889d9n,
  0xd097f3bdfd2022b8845ad8f792aa5825n,
  0xa9f746462d870fdf8a65dc1f90e061e5n,
  0x70d869a156d2a1b890bb3df62baf32f7n,
  0x31be135f97d08fd981231505542fcfa6n,
  0x9aa508b5b7a84e1c677de54f3e99bc9n,
  0x5d6af8dedb81196699c329225ee604n,
  0x2216e584f5fa1ea926041bedfe98n,
  0x48a170391f7dc42444e8fa2n,
] as const

const Q128 = 1n << 128n
/** Q128.128 → Q64.96 drops 32 fraction bits. */
const Q32 = 1n << 32n
// Ticks per doubling of the sqrt price: 2 / log2(1.0001).
const TICKS_PER_LOG2 = 2 / Math.log2(1.0001)

/**
 * sqrt(1.0001^tick) × 2^96 (TickMath.getSqrtRatioAtTick). The Q128.128 product is rounded **up** to Q64.96, so
 * `getTickAtSqrtRatio(getSqrtRatioAtTick(t)) === t`.
 *
 * @param tick integer in [MIN_TICK, MAX_TICK]
 * @returns the sqrt price, Q64.96
 * @throws PoolMathError (`'T'`) for a tick out of range or not an integer.
 * @example
 * getSqrtRatioAtTick(0) // 79228162514264337593543950336n (2^96)
 */
export function getSqrtRatioAtTick(tick: number): bigint {
  const absTick = tick < 0 ? -tick : tick
  if (!Number.isInteger(tick) || absTick > MAX_TICK) {
    throw new PoolMathError({ operation: 'getSqrtRatioAtTick', reason: 'T' })
  }
  let ratio = (absTick & 1) !== 0 ? INVERSE_SQRT_POWERS[0] : Q128
  for (let bit = 1; bit < 20; bit++) {
    if ((absTick & (1 << bit)) !== 0) ratio = (ratio * INVERSE_SQRT_POWERS[bit]!) >> 128n
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio
  // Q128.128 → Q64.96, rounding up.
  return divRoundingUp(ratio, Q32)
}

/**
 * The greatest tick whose sqrt price is ≤ `sqrtPriceX96` (TickMath.getTickAtSqrtRatio). Rounds toward −∞.
 *
 * TickMath.sol defines its result this way and reaches it through a fixed-point log2; here a float log2 gives the
 * tick to within one and `getSqrtRatioAtTick` settles it exactly, which returns the same tick for every valid price
 * in a third of the time (the tests compare both algorithms).
 *
 * @param sqrtPriceX96 Q64.96, in [MIN_SQRT_RATIO, MAX_SQRT_RATIO)
 * @throws PoolMathError (`'R'`) for a price out of range.
 * @example
 * getTickAtSqrtRatio(2n ** 96n) // 0
 */
export function getTickAtSqrtRatio(sqrtPriceX96: bigint): number {
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) {
    throw new PoolMathError({ operation: 'getTickAtSqrtRatio', reason: 'R' })
  }
  let tick = Math.floor((Math.log2(Number(sqrtPriceX96)) - 96) * TICKS_PER_LOG2)
  if (tick < MIN_TICK) tick = MIN_TICK
  else if (tick >= MAX_TICK) tick = MAX_TICK - 1
  while (getSqrtRatioAtTick(tick) > sqrtPriceX96) tick--
  while (tick < MAX_TICK - 1 && getSqrtRatioAtTick(tick + 1) <= sqrtPriceX96) tick++
  return tick
}
