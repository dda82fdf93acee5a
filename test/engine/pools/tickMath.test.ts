import { Decimal } from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PoolMathError } from '../../../engine/pools/poolMathError.js'
import {
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
} from '../../../engine/pools/tickMath.js'
import { encodePriceSqrt } from './support/encodePriceSqrt.js'
import { getTickAtSqrtRatioPort } from './support/tickMathPort.js'

const PRECISE = Decimal.clone({ precision: 120 })
const tickArbitrary = fc.integer({ min: MIN_TICK, max: MAX_TICK })

describe('constants', () => {
  it('are the TickMath.sol values', () => {
    expect(MIN_TICK).toBe(-887272)
    expect(MAX_TICK).toBe(887272)
    expect(MIN_SQRT_RATIO).toBe(4295128739n)
    expect(MAX_SQRT_RATIO).toBe(1461446703485210103287273052203988822378723970342n)
  })
})

describe('getSqrtRatioAtTick', () => {
  // Uniswap/v3-core test/TickMath.spec.ts.
  it('matches the contract at the ends of the range', () => {
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(4295128739n)
    expect(getSqrtRatioAtTick(MIN_TICK + 1)).toBe(4295343490n)
    expect(getSqrtRatioAtTick(MAX_TICK - 1)).toBe(1461373636630004318706518188784493106690254656249n)
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(1461446703485210103287273052203988822378723970342n)
    expect(getSqrtRatioAtTick(0)).toBe(1n << 96n)
  })

  // Results v3-core snapshots in test/__snapshots__/TickMath.spec.ts.snap for ±50 … ±738203, as reproduced in the
  // test suites of two independent ports (fluidity-money/long.so web/__tests__/01_lib_math/002_delta.ts and a Rust
  // port's `the_square_root_ratio_matches_uniswap_on_its_test_vectors`), which agree with each other.
  it.each([
    [-50, 79030349367926598376800521322n],
    [50, 79426470787362580746886972461n],
    [-100, 78833030112140176575862854579n],
    [100, 79625275426524748796330556128n],
    [-250, 78244023372248365697264290337n],
    [250, 80224679980005306637834519095n],
    [-500, 77272108795590369356373805297n],
    [500, 81233731461783161732293370115n],
    [-1000, 75364347830767020784054125655n],
    [1000, 83290069058676223003182343270n],
    [-2500, 69919044979842180277688105136n],
    [2500, 89776708723587163891445672585n],
    [-3000, 68192822843687888778582228483n],
    [3000, 92049301871182272007977902845n],
    [-4000, 64867181785621769311890333195n],
    [4000, 96768528593268422080558758223n],
    [-5000, 61703726247759831737814779831n],
    [5000, 101729702841318637793976746270n],
    [-50000, 6504256538020985011912221507n],
    [50000, 965075977353221155028623082916n],
    [-150000, 43836292794701720435367485n],
    [150000, 143194173941309278083010301478497n],
    [-250000, 295440463448801648376846n],
    [250000, 21246587762933397357449903968194344n],
    [-500000, 1101692437043807371n],
    [500000, 5697689776495288729098254600827762987878n],
    [-738203, 7409801140451n],
    [738203, 847134979253254120489401328389043031315994541n],
  ])('tick %i → %s', (tick, expected) => {
    expect(getSqrtRatioAtTick(tick)).toBe(expected)
  })

  it('rejects ticks out of range or not integers', () => {
    expect(() => getSqrtRatioAtTick(MIN_TICK - 1)).toThrow(PoolMathError)
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(PoolMathError)
    expect(() => getSqrtRatioAtTick(1.5)).toThrow(PoolMathError)
  })

  it('is within 1/100th of a bip of sqrt(1.0001^tick)·2^96 (v3-core test, decimal reference)', () => {
    fc.assert(
      fc.property(tickArbitrary, (tick) => {
        const exact = new PRECISE('1.0001').pow(tick).sqrt().mul(new PRECISE(2).pow(96))
        const relative = new PRECISE(getSqrtRatioAtTick(tick).toString()).sub(exact).abs().div(exact)
        expect(relative.lt(0.000001)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('is strictly increasing', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_TICK, max: MAX_TICK - 1 }), (tick) => {
        expect(getSqrtRatioAtTick(tick) < getSqrtRatioAtTick(tick + 1)).toBe(true)
      }),
    )
  })
})

describe('getTickAtSqrtRatio', () => {
  // Uniswap/v3-core test/TickMath.spec.ts.
  it('matches the contract at the ends of the range', () => {
    expect(getTickAtSqrtRatio(MIN_SQRT_RATIO)).toBe(MIN_TICK)
    expect(getTickAtSqrtRatio(4295343490n)).toBe(MIN_TICK + 1)
    expect(getTickAtSqrtRatio(1461373636630004318706518188784493106690254656249n)).toBe(MAX_TICK - 1)
    expect(getTickAtSqrtRatio(MAX_SQRT_RATIO - 1n)).toBe(MAX_TICK - 1)
  })

  it('rejects prices outside [MIN_SQRT_RATIO, MAX_SQRT_RATIO)', () => {
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow(PoolMathError)
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(PoolMathError)
  })

  // The ratios of v3-core's table: within 1 of floor(log_1.0001(price)), and between the tick and tick + 1.
  it.each([
    MIN_SQRT_RATIO,
    encodePriceSqrt(10n ** 12n, 1n),
    encodePriceSqrt(10n ** 6n, 1n),
    encodePriceSqrt(1n, 64n),
    encodePriceSqrt(1n, 8n),
    encodePriceSqrt(1n, 2n),
    encodePriceSqrt(1n, 1n),
    encodePriceSqrt(2n, 1n),
    encodePriceSqrt(8n, 1n),
    encodePriceSqrt(64n, 1n),
    encodePriceSqrt(1n, 10n ** 6n),
    encodePriceSqrt(1n, 10n ** 12n),
    MAX_SQRT_RATIO - 1n,
  ])('ratio %s', (ratio) => {
    const tick = getTickAtSqrtRatio(ratio)
    const price = new PRECISE(ratio.toString()).div(new PRECISE(2).pow(96)).pow(2)
    const reference = price.log(new PRECISE('1.0001')).floor()
    expect(Math.abs(tick - reference.toNumber())).toBeLessThanOrEqual(1)
    expect(getSqrtRatioAtTick(tick) <= ratio).toBe(true)
    expect(ratio < getSqrtRatioAtTick(tick + 1)).toBe(true)
  })

  it('is the greatest tick whose ratio is ≤ the price (binary-search reference)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n }), (sqrtPriceX96) => {
        expect(getTickAtSqrtRatio(sqrtPriceX96)).toBe(greatestTickAtOrBelow(sqrtPriceX96))
      }),
      { numRuns: 300 },
    )
  })

  it('equals the contract’s fixed-point log2 algorithm, on tick prices, their neighbours and random prices', () => {
    fc.assert(
      fc.property(
        tickArbitrary,
        fc.constantFrom(-1n, 0n, 1n),
        fc.bigInt({ min: 0n, max: MAX_SQRT_RATIO }),
        (tick, offset, random) => {
          for (const price of [getSqrtRatioAtTick(tick) + offset, random]) {
            if (price < MIN_SQRT_RATIO || price >= MAX_SQRT_RATIO) continue
            expect(getTickAtSqrtRatio(price)).toBe(getTickAtSqrtRatioPort(price))
          }
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('inverts getSqrtRatioAtTick exactly, and one unit below a tick price belongs to the tick below', () => {
    fc.assert(
      fc.property(tickArbitrary, (tick) => {
        const ratio = getSqrtRatioAtTick(tick)
        if (tick < MAX_TICK) expect(getTickAtSqrtRatio(ratio)).toBe(tick)
        if (tick > MIN_TICK) expect(getTickAtSqrtRatio(ratio - 1n)).toBe(tick - 1)
      }),
    )
  })
})

function greatestTickAtOrBelow(sqrtPriceX96: bigint): number {
  let low = MIN_TICK
  let high = MAX_TICK
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (getSqrtRatioAtTick(middle) <= sqrtPriceX96) low = middle
    else high = middle - 1
  }
  return low
}
