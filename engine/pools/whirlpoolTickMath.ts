/**
 * Orca Whirlpool tick ↔ sqrt price in Q64.64, bit-exact with orca-so/whirlpools
 * `programs/whirlpool/src/math/tick_math.rs`. Whirlpools do not reuse Uniswap's TickMath: prices are Q64.64, the
 * tick range is ±443636, and ticks ≥ 0 and < 0 are computed by two different products (a Q96 one shifted down by 32
 * bits for positive ticks, a Q64 one for negative ticks), so the two sides round differently.
 */
import { PoolMathError } from './poolMathError.js'

/** Whirlpool tick bounds (`MAX_TICK_INDEX` / `MIN_TICK_INDEX`). */
export const WHIRLPOOL_MAX_TICK = 443636
export const WHIRLPOOL_MIN_TICK = -443636
/** Sqrt prices of those ticks, Q64.64 (`MAX_SQRT_PRICE_X64` / `MIN_SQRT_PRICE_X64`). */
export const WHIRLPOOL_MAX_SQRT_PRICE_X64 = 79226673515401279992447579055n
export const WHIRLPOOL_MIN_SQRT_PRICE_X64 = 4295048016n

// sqrt(1.0001)^(2^k) for k = 1…18 in Q32.96 (positive ticks) and sqrt(1.0001)^(−2^k) in Q0.64 (negative ticks): the
// program's constants, which any exact port needs.
const POSITIVE_ODD_X96 = 79232123823359799118286999567n
const POSITIVE_EVEN_X96 = 1n << 96n
const POSITIVE_FACTORS_X96 = [
  79236085330515764027303304731n,
  79244008939048815603706035061n,
  79259858533276714757314932305n,
  79291567232598584799939703904n,
  79355022692464371645785046466n,
  79482085999252804386437311141n,
  79736823300114093921829183326n,
  80248749790819932309965073892n,
  81282483887344747381513967011n,
  83390072131320151908154831281n,
  87770609709833776024991924138n,
  97234110755111693312479820773n,
  119332217159966728226237229890n,
  179736315981702064433883588727n,
  407748233172238350107850275304n,
  2098478828474011932436660412517n,
  55581415166113811149459800483533n,
  38992368544603139932233054999993551n,
] as const
const NEGATIVE_ODD_X64 = 18445821805675392311n
const NEGATIVE_EVEN_X64 = 1n << 64n
const NEGATIVE_FACTORS_X64 = [
  18444899583751176498n,
  18443055278223354162n,
  18439367220385604838n,
  18431993317065449817n,
  18417254355718160513n,
  18387811781193591352n,
  18329067761203520168n,
  18212142134806087854n,
  17980523815641551639n,
  17526086738831147013n,
  16651378430235024244n,
  15030750278693429944n,
  12247334978882834399n,
  8131365268884726200n,
  3584323654723342297n,
  696457651847595233n,
  26294789957452057n,
  37481735321082n,
] as const

/**
 * Sqrt price at a tick, Q64.64 (`sqrt_price_from_tick_index`): for tick ≥ 0 the Q96 product of the set bits'
 * factors, each step `(ratio × factor) >> 96`, then `>> 32`; for tick < 0 the Q64 product, each step `>> 64`.
 *
 * @param tick in [WHIRLPOOL_MIN_TICK, WHIRLPOOL_MAX_TICK]
 * @throws PoolMathError for a tick outside that range or not an integer.
 * @example
 * whirlpoolSqrtPriceAtTick(0) // 18446744073709551616n (2^64)
 * whirlpoolSqrtPriceAtTick(1) // 18447666387855959850n
 */
export function whirlpoolSqrtPriceAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < WHIRLPOOL_MIN_TICK || tick > WHIRLPOOL_MAX_TICK) {
    throw new PoolMathError({ operation: 'sqrt_price_from_tick_index', reason: `tick ${tick} out of range` })
  }
  if (tick >= 0) {
    let ratio = (tick & 1) !== 0 ? POSITIVE_ODD_X96 : POSITIVE_EVEN_X96
    for (let k = 1; k <= POSITIVE_FACTORS_X96.length; k++) {
      if ((tick & (1 << k)) !== 0) ratio = (ratio * POSITIVE_FACTORS_X96[k - 1]!) >> 96n
    }
    return ratio >> 32n
  }
  const absTick = -tick
  let ratio = (absTick & 1) !== 0 ? NEGATIVE_ODD_X64 : NEGATIVE_EVEN_X64
  for (let k = 1; k <= NEGATIVE_FACTORS_X64.length; k++) {
    if ((absTick & (1 << k)) !== 0) ratio = (ratio * NEGATIVE_FACTORS_X64[k - 1]!) >> 64n
  }
  return ratio
}

/**
 * The tick of a sqrt price: the largest tick whose sqrt price is ≤ `sqrtPriceX64` (what the program's
 * `tick_index_from_sqrt_price` returns — its log2 estimate is checked against `sqrt_price_from_tick_index`; here
 * a binary search over the same function gives the same answer).
 *
 * @param sqrtPriceX64 in [WHIRLPOOL_MIN_SQRT_PRICE_X64, WHIRLPOOL_MAX_SQRT_PRICE_X64]
 * @throws PoolMathError for a price outside that range.
 * @example
 * whirlpoolTickAtSqrtPrice(1n << 64n) // 0
 * whirlpoolTickAtSqrtPrice((1n << 64n) - 1n) // -1
 */
export function whirlpoolTickAtSqrtPrice(sqrtPriceX64: bigint): number {
  if (sqrtPriceX64 < WHIRLPOOL_MIN_SQRT_PRICE_X64 || sqrtPriceX64 > WHIRLPOOL_MAX_SQRT_PRICE_X64) {
    throw new PoolMathError({ operation: 'tick_index_from_sqrt_price', reason: 'sqrt price out of range' })
  }
  let low = WHIRLPOOL_MIN_TICK // price(low) ≤ sqrtPriceX64 holds throughout
  let high = WHIRLPOOL_MAX_TICK + 1
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (whirlpoolSqrtPriceAtTick(middle) <= sqrtPriceX64) low = middle
    else high = middle
  }
  return low
}
