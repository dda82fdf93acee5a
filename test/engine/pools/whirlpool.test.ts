/**
 * Orca Whirlpool math against vectors from orca-so/whirlpools' own tests:
 * - `programs/whirlpool/src/math/tick_math.rs` (`test_exact_bit_values`, `test_tick_at_max/min`,
 *   `test_tick_index_from_sqrt_price_at_*`),
 * - `programs/whirlpool/src/math/token_math.rs` (`test_get_amount_delta_*`),
 * - `programs/whirlpool/src/math/swap_math.rs` (`test_compute_swap`),
 * - `rust-sdk/core/src/quote/swap.rs` (`test_exact_in_*`, `test_exact_out_*`,
 *   `test_swap_quote_throws_if_tick_array_sequence_holds_insufficient_liquidity`).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { concentratedAmountOut } from '../../../engine/pools/concentrated.js'
import { poolAmountIn, poolAmountOut, poolMidPrice, validatePoolState } from '../../../engine/pools/index.js'
import { getSqrtRatioAtTick } from '../../../engine/pools/tickMath.js'
import { swapWhirlpool, whirlpoolAmountIn, whirlpoolAmountOut } from '../../../engine/pools/whirlpool.js'
import {
  computeWhirlpoolSwapStep,
  whirlpoolAmountDeltaA,
  whirlpoolAmountDeltaB,
} from '../../../engine/pools/whirlpoolSwapMath.js'
import {
  WHIRLPOOL_MAX_SQRT_PRICE_X64,
  WHIRLPOOL_MAX_TICK,
  WHIRLPOOL_MIN_SQRT_PRICE_X64,
  WHIRLPOOL_MIN_TICK,
  whirlpoolSqrtPriceAtTick,
  whirlpoolTickAtSqrtPrice,
} from '../../../engine/pools/whirlpoolTickMath.js'
import { concentratedPoolFromPositions, whirlpoolFromPositions, whirlpoolPool } from './support/pools.js'

const Q64 = 1n << 64n
const MAX_U64 = (1n << 64n) - 1n
const MAX_U128 = (1n << 128n) - 1n

describe('tick math (tick_math.rs)', () => {
  // test_exact_bit_values: (tick, sqrt price at tick, sqrt price at −tick).
  it.each([
    [0, 18446744073709551616n, 18446744073709551616n],
    [1, 18447666387855959850n, 18445821805675392311n],
    [2, 18448588748116922571n, 18444899583751176498n],
    [16, 18461506635090006701n, 18431993317065449817n],
    [256, 18684368066214940582n, 18212142134806087854n],
    [4096, 22639080592224303007n, 15030750278693429944n],
    [65536, 488590176327622479860n, 696457651847595233n],
    [131072, 12941056668319229769860n, 26294789957452057n],
    [262144, 9078618265828848800676189n, 37481735321082n],
  ])('sqrt price at ±%i', (tick, positive, negative) => {
    expect(whirlpoolSqrtPriceAtTick(tick)).toBe(positive)
    expect(whirlpoolSqrtPriceAtTick(-tick)).toBe(negative)
  })

  it('has the program’s bounds, and differs from Uniswap’s TickMath scaled to Q64', () => {
    expect(whirlpoolSqrtPriceAtTick(WHIRLPOOL_MAX_TICK)).toBe(WHIRLPOOL_MAX_SQRT_PRICE_X64)
    expect(whirlpoolSqrtPriceAtTick(WHIRLPOOL_MIN_TICK)).toBe(WHIRLPOOL_MIN_SQRT_PRICE_X64)
    expect(() => whirlpoolSqrtPriceAtTick(WHIRLPOOL_MAX_TICK + 1)).toThrow(/out of range/)
    // Negative ticks are Q64 products, not Uniswap's Q128 ones: they can differ from its Q96 price scaled down.
    expect(whirlpoolSqrtPriceAtTick(-7)).toBe((getSqrtRatioAtTick(-7) >> 32n) - 3n)
    expect(whirlpoolSqrtPriceAtTick(7)).toBe(getSqrtRatioAtTick(7) >> 32n)
  })

  it('tick at sqrt price: at and around 1, the bounds (tick_index_from_sqrt_price tests)', () => {
    expect(whirlpoolTickAtSqrtPrice(Q64)).toBe(0)
    expect(whirlpoolTickAtSqrtPrice(Q64 + 1n)).toBe(0)
    expect(whirlpoolTickAtSqrtPrice(Q64 - 1n)).toBe(-1)
    expect(whirlpoolTickAtSqrtPrice(WHIRLPOOL_MAX_SQRT_PRICE_X64)).toBe(WHIRLPOOL_MAX_TICK)
    expect(whirlpoolTickAtSqrtPrice(WHIRLPOOL_MAX_SQRT_PRICE_X64 - 1n)).toBe(WHIRLPOOL_MAX_TICK - 1)
    expect(whirlpoolTickAtSqrtPrice(WHIRLPOOL_MIN_SQRT_PRICE_X64)).toBe(WHIRLPOOL_MIN_TICK)
    expect(whirlpoolTickAtSqrtPrice(WHIRLPOOL_MIN_SQRT_PRICE_X64 + 1n)).toBe(WHIRLPOOL_MIN_TICK)
  })

  it('tick at sqrt price brackets the price (proptest test_tick_index_from_sqrt_price)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: WHIRLPOOL_MIN_SQRT_PRICE_X64, max: WHIRLPOOL_MAX_SQRT_PRICE_X64 - 1n }), (price) => {
        const tick = whirlpoolTickAtSqrtPrice(price)
        expect(whirlpoolSqrtPriceAtTick(tick) <= price).toBe(true)
        expect(price < whirlpoolSqrtPriceAtTick(tick + 1)).toBe(true)
      }),
    )
  })
})

describe('token math (token_math.rs)', () => {
  it('get_amount_delta_a/b: test_get_amount_delta_ok and _price_diff_zero_ok', () => {
    for (const roundUp of [true, false]) {
      expect(whirlpoolAmountDeltaA(4n << 64n, 2n << 64n, 4n, roundUp)).toBe(1n)
      expect(whirlpoolAmountDeltaB(4n << 64n, 2n << 64n, 4n, roundUp)).toBe(8n)
      expect(whirlpoolAmountDeltaA(4n << 64n, 4n << 64n, 4n, roundUp)).toBe(0n)
      expect(whirlpoolAmountDeltaB(4n << 64n, 4n << 64n, 4n, roundUp)).toBe(0n)
    }
  })

  it('get_amount_delta_a errs where test_get_amount_delta_a_overflow says', () => {
    // The program's get_amount_delta_a errs both on a numerator overflow (thrown here) and on a result past u64
    // (`undefined` here, its try_ variant's ExceedsMax).
    const errs = (liquidity: bigint): boolean => {
      try {
        return whirlpoolAmountDeltaA(1n << 64n, 2n << 64n, liquidity, true) === undefined
      } catch {
        return true
      }
    }
    expect(errs(MAX_U128)).toBe(true)
    expect(errs(MAX_U64 << 2n)).toBe(true)
    expect(errs(MAX_U64 << 1n)).toBe(false)
    expect(errs(MAX_U64)).toBe(false)
    expect(() => whirlpoolAmountDeltaA(1n << 64n, 1n << 127n, MAX_U128, true)).toThrow(/MultiplicationOverflow/)
  })

  it('rounds a single quotient (one division; Uniswap rounds twice), symmetric and within 1 of the floor', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: WHIRLPOOL_MIN_SQRT_PRICE_X64, max: WHIRLPOOL_MAX_SQRT_PRICE_X64 }),
        fc.bigInt({ min: WHIRLPOOL_MIN_SQRT_PRICE_X64, max: WHIRLPOOL_MAX_SQRT_PRICE_X64 }),
        fc.bigInt({ min: 0n, max: 1n << 70n }),
        (p0, p1, liquidity) => {
          const [lower, upper] = p0 < p1 ? [p0, p1] : [p1, p0]
          const exact = { num: liquidity * (upper - lower) * Q64, den: upper * lower }
          const up = whirlpoolAmountDeltaA(p0, p1, liquidity, true)
          const down = whirlpoolAmountDeltaA(p1, p0, liquidity, false)
          if (down === undefined) return
          expect(down).toBe(exact.num / exact.den)
          if (up !== undefined) expect(up - down).toBe(exact.num % exact.den === 0n ? 0n : 1n)
        },
      ),
    )
  })
})

describe('compute_swap (swap_math.rs test_compute_swap)', () => {
  const TWO_PCT = 20_000
  const p = (n: bigint) => n << 64n
  // (amount, fee, liquidity, current, target, isInput, aToB) → (amountIn, amountOut, next price, fee), in the order
  // of the program's test_swap calls.
  it.each([
    ['swap_a_to_b_input', 100n, TWO_PCT, 1296n, p(9n), p(4n), true, true, [98n, 4723n, 98789174874080904523n, 2n]],
    ['swap_a_to_b_input_zero', 0n, TWO_PCT, 1296n, p(9n), p(4n), true, false, [0n, 0n, p(9n), 0n]],
    ['swap_a_to_b_input_zero_liq', 100n, TWO_PCT, 0n, p(9n), p(4n), true, false, [0n, 0n, p(4n), 0n]],
    ['swap_a_to_b_input_max', 1000n, TWO_PCT, 1296n, p(9n), p(4n), true, true, [180n, 6480n, p(4n), 4n]],
    ['swap_a_to_b_input_max_1pct_fee', 1000n, TWO_PCT / 2, 1296n, p(9n), p(4n), true, true, [180n, 6480n, p(4n), 2n]],
    ['swap_a_to_b_output', 4723n, TWO_PCT, 1296n, p(9n), p(4n), false, true, [98n, 4723n, 98795409425631171116n, 2n]],
    ['swap_a_to_b_output_max', 10000n, TWO_PCT, 1296n, p(9n), p(4n), false, true, [180n, 6480n, p(4n), 4n]],
    ['swap_a_to_b_output_zero', 0n, TWO_PCT, 1296n, p(9n), p(4n), false, true, [0n, 0n, p(9n), 0n]],
    ['swap_a_to_b_output_zero_liq', 100n, TWO_PCT, 0n, p(9n), p(4n), false, true, [0n, 0n, p(4n), 0n]],
    ['swap_b_to_a_input', 2000n, TWO_PCT, 1296n, p(9n), p(16n), true, false, [1960n, 20n, 193918550355107200012n, 40n]],
    ['swap_b_to_a_input_max', 20000n, TWO_PCT, 1296n, p(9n), p(16n), true, false, [9072n, 63n, p(16n), 186n]],
    ['swap_b_to_a_input_zero', 0n, TWO_PCT, 1296n, p(9n), p(16n), true, false, [0n, 0n, p(9n), 0n]],
    ['swap_b_to_a_input_zero_liq', 100n, TWO_PCT, 0n, p(9n), p(16n), true, false, [0n, 0n, p(16n), 0n]],
    ['swap_b_to_a_output', 20n, TWO_PCT, 1296n, p(9n), p(16n), false, false, [1882n, 20n, 192798228383286926568n, 39n]],
    ['swap_b_to_a_output_max', 80n, TWO_PCT, 1296n, p(9n), p(16n), false, false, [9072n, 63n, p(16n), 186n]],
    ['swap_b_to_a_output_zero', 0n, TWO_PCT, 1296n, p(9n), p(16n), false, false, [0n, 0n, p(9n), 0n]],
    ['swap_b_to_a_output_zero_liq', 100n, TWO_PCT, 0n, p(9n), p(16n), false, false, [0n, 0n, p(16n), 0n]],
  ] as const)('%s', (_, amount, fee, liquidity, current, target, isInput, aToB, expected) => {
    const step = computeWhirlpoolSwapStep(amount, fee, liquidity, current, target, isInput, aToB)
    expect([step.amountIn, step.amountOut, step.nextSqrtPriceX64, step.feeAmount]).toEqual(expected)
  })
})

describe('swap quotes (rust-sdk/core/src/quote/swap.rs tests)', () => {
  // test_whirlpool / test_tick_arrays: price 1, tick spacing 2, fee 0.3%; every tick of the five arrays around the
  // price initialized with liquidityNet +1000 below 0 and −1000 from 0 up; liquidity 1e8 ("sufficient") or 265000.
  const sdkPool = (isSufficient: boolean) => {
    const ticks: [number, bigint][] = []
    for (const start of [-352, -176, 0, 176, 352]) {
      for (let k = 0; k < 88; k++) ticks.push([start + 2 * k, start < 0 ? 1000n : -1000n])
    }
    return whirlpoolPool({
      feePips: 3000,
      sqrtPriceX64: Q64,
      tick: 0,
      liquidity: isSufficient ? 100_000_000n : 265_000n,
      tickSpacing: 2,
      ticks,
    })
  }

  it.each([
    ['test_exact_in_a_to_b_simple', true, true, 996n, 3n],
    ['test_exact_in_a_to_b', false, true, 920n, 38n],
    ['test_exact_in_b_to_a_simple', true, false, 996n, 3n],
    ['test_exact_in_b_to_a', false, false, 918n, 39n],
  ] as const)('%s: 1000 in', (_, isSufficient, aToB, out, fee) => {
    const result = swapWhirlpool(sdkPool(isSufficient), aToB, 1000n, true)!
    expect([result.amountIn, result.amountOut, result.feeAmount]).toEqual([1000n, out, fee])
  })

  it.each([
    ['test_exact_out_a_to_b_simple', true, true, 1005n, 4n],
    ['test_exact_out_a_to_b', false, true, 1088n, 42n],
    ['test_exact_out_b_to_a_simple', true, false, 1005n, 4n],
    ['test_exact_out_b_to_a', false, false, 1088n, 42n],
  ] as const)('%s: 1000 out', (_, isSufficient, aToB, amountIn, fee) => {
    const result = swapWhirlpool(sdkPool(isSufficient), aToB, 1000n, false)!
    expect([result.amountIn, result.amountOut, result.feeAmount]).toEqual([amountIn, 1000n, fee])
  })

  it('three tick arrays hold 3428 in and not 3429 (…_holds_insufficient_liquidity)', () => {
    expect(whirlpoolAmountOut(sdkPool(false), true, 3428n)).toBeDefined()
    expect(whirlpoolAmountOut(sdkPool(false), true, 3429n)).toBeUndefined()
    // Given more arrays, the same pool takes it: the limit is the instruction's, not the pool's.
    expect(swapWhirlpool(sdkPool(false), true, 3429n, true, { tickArrays: 5 })?.amountSpecifiedRemaining).toBe(0n)
  })
})

describe('the whirlpool kind', () => {
  // SOL/USDC-like: tick spacing 4, 0.04%, price ≈ 150 USDC per SOL (6 − 9 decimals: 1.5e-7 per smallest unit).
  const price = whirlpoolSqrtPriceAtTick(-158_000) + 12_345_678n
  const pool = whirlpoolFromPositions(4, 400, price, [
    { lower: -160_000, upper: -156_000, liquidity: 5n * 10n ** 12n },
    { lower: -158_400, upper: -157_600, liquidity: 2n * 10n ** 13n },
    { lower: -158_004, upper: -157_996, liquidity: 10n ** 14n },
  ])
  const pair = fc.constantFrom([0, 1], [1, 0])
  const amount = fc.bigInt({ min: 1n, max: 10n ** 13n })

  it('is a valid pool and prices both ways through the registry', () => {
    expect(validatePoolState(pool)).toBeUndefined()
    expect(poolAmountOut(pool, 0, 1, 10n ** 9n)).toBe(whirlpoolAmountOut(pool, true, 10n ** 9n))
    expect(poolAmountIn(pool, 1, 0, 10n ** 9n)).toBe(whirlpoolAmountIn(pool, false, 10n ** 9n))
    expect(poolMidPrice(pool, 0, 1)).toBeCloseTo(1.0001 ** -158_000, 12)
  })

  it('differs from the Uniswap V3 math on the same liquidity (Q64.64 ticks, one-division rounding, no word stops)', () => {
    const v3 = concentratedPoolFromPositions(4, 400, getSqrtRatioAtTick(-158_000), -158_000, [
      { lower: -160_000, upper: -156_000, liquidity: 5n * 10n ** 12n },
      { lower: -158_400, upper: -157_600, liquidity: 2n * 10n ** 13n },
      { lower: -158_004, upper: -157_996, liquidity: 10n ** 14n },
    ])
    const whirlpool = whirlpoolFromPositions(4, 400, whirlpoolSqrtPriceAtTick(-158_000), [
      { lower: -160_000, upper: -156_000, liquidity: 5n * 10n ** 12n },
      { lower: -158_400, upper: -157_600, liquidity: 2n * 10n ** 13n },
      { lower: -158_004, upper: -157_996, liquidity: 10n ** 14n },
    ])
    // Paying token B (worth ~7e6 units of A each) for A: the programs round the B needed per step differently (one
    // or two units), so outputs differ by ~1e7 units of A, ~1e-8 of the output. Both stay below the exact real-number
    // result, 1324885165149703.3 (computed with 60-digit decimals: 0.04% fee, two liquidity ranges).
    const viaWhirlpool = whirlpoolAmountOut(whirlpool, false, 185_686_105n)!
    const viaV3 = concentratedAmountOut(v3, false, 185_686_105n)!
    expect(viaWhirlpool).toBe(1324885159113602n)
    expect(viaV3).toBe(1324885145706826n)
    expect(Math.abs(Number(viaWhirlpool - viaV3)) / Number(viaV3)).toBeLessThan(1e-6)
  })

  it('exact output replayed as exact input delivers at least the output; exact input never needs more back', () => {
    fc.assert(
      fc.property(pair, amount, ([i, j], x) => {
        const needed = poolAmountIn(pool, i!, j!, x)
        if (needed !== undefined) expect(poolAmountOut(pool, i!, j!, needed)! >= x).toBe(true)
        const out = poolAmountOut(pool, i!, j!, x)
        if (out !== undefined) expect(poolAmountIn(pool, i!, j!, out)! <= x).toBe(true)
      }),
    )
  })

  it('output is non-decreasing in input', () => {
    fc.assert(
      fc.property(pair, amount, fc.bigInt({ min: 0n, max: 10n ** 9n }), ([i, j], x, extra) => {
        const small = poolAmountOut(pool, i!, j!, x)
        const large = poolAmountOut(pool, i!, j!, x + extra)
        if (small !== undefined && large !== undefined) expect(large >= small).toBe(true)
      }),
    )
  })

  it('rejects states the program cannot be in', () => {
    const with_ = (overrides: Partial<Parameters<typeof whirlpoolPool>[0]>) =>
      validatePoolState(
        whirlpoolPool({
          feePips: 400,
          sqrtPriceX64: whirlpoolSqrtPriceAtTick(10),
          tick: 10,
          liquidity: 5n,
          tickSpacing: 4,
          ticks: [
            [-8, 5n],
            [16, -5n],
          ],
          ...overrides,
        }),
      )
    expect(with_({})).toBeUndefined()
    // After a downward swap ending on tick 16, the pool sits at price(16) with tick 15.
    expect(with_({ sqrtPriceX64: whirlpoolSqrtPriceAtTick(16), tick: 15, liquidity: 5n })).toBeUndefined()
    expect(with_({ tick: 11 })).toMatch(/does not match/)
    expect(with_({ feePips: 60_001 })).toMatch(/feePips/)
    expect(with_({ protocolFeeRateBps: 2501 })).toMatch(/protocolFeeRateBps/)
    expect(with_({ tickSpacing: 0 })).toMatch(/tickSpacing/)
    expect(with_({ sqrtPriceX64: WHIRLPOOL_MIN_SQRT_PRICE_X64 - 1n })).toMatch(/sqrtPriceX64/)
    expect(with_({ liquidity: 6n })).toMatch(/liquidity 6/)
    expect(
      with_({
        ticks: [
          [-6, 5n],
          [16, -5n],
        ],
      }),
    ).toMatch(/multiple of tickSpacing/)
    expect(
      with_({
        ticks: [
          [-443_640, 5n],
          [16, -5n],
        ],
      }),
    ).toMatch(/out of range/)
    expect(
      with_({
        ticks: [
          [-8, 5n],
          [16, -4n],
        ],
      }),
    ).toMatch(/sums to 1/)
  })
})
