import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ConcentratedPool } from '../../../engine/graph/types.js'
import {
  concentratedAmountIn,
  concentratedAmountOut,
  concentratedMidPrice,
  swapConcentrated,
} from '../../../engine/pools/concentrated.js'
import { getAmount0Delta, getAmount1Delta } from '../../../engine/pools/sqrtPriceMath.js'
import { computeSwapStep } from '../../../engine/pools/swapMath.js'
import {
  MAX_SQRT_RATIO,
  MIN_SQRT_RATIO,
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
} from '../../../engine/pools/tickMath.js'
import { validatePoolState } from '../../../engine/pools/validatePoolState.js'
import { type Position, concentratedPool, concentratedPoolFromPositions } from './support/pools.js'
import { referenceSwap } from './support/referenceV3Swap.js'
import { QUOTER_VECTOR_SETS } from './support/v3QuoterVectors.js'

const E18 = 10n ** 18n
const defaultLimit = (zeroForOne: boolean) => (zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n)

describe('QuoterV2 quotes on mainnet pools, to the unit', () => {
  for (const set of QUOTER_VECTOR_SETS) {
    describe(set.source, () => {
      const pool = concentratedPool(set.pool)

      it('the pool state passes validation', () => {
        expect(validatePoolState(pool)).toBeUndefined()
      })

      it.each(set.cases)('exactInput=$exactInput amount $amountSpecified → $expected', (c) => {
        const result = swapConcentrated(pool, set.zeroForOne, c.exactInput ? c.amountSpecified : -c.amountSpecified)
        expect(result).toBeDefined()
        expect(c.exactInput ? result!.amountOut : result!.amountIn).toBe(c.expected)
        const quote = c.exactInput
          ? concentratedAmountOut(pool, set.zeroForOne, c.amountSpecified)
          : concentratedAmountIn(pool, set.zeroForOne, c.amountSpecified)
        if (c.partial) {
          expect(result!.amountSpecifiedRemaining > 0n).toBe(true)
          expect(quote).toBeUndefined()
        } else {
          expect(result!.amountSpecifiedRemaining).toBe(0n)
          expect(quote).toBe(c.expected)
        }
      })
    })
  }

  it('needs the word-edge stops: stepping straight to the next initialized tick misses the quote', () => {
    // WBTC → WETH from tick 257897: the word edge 257792 lies before the initialized tick 257736.
    const set = QUOTER_VECTOR_SETS.find((s) => s.pool.tickSpacing === 1 && s.zeroForOne)!
    const pool = concentratedPool(set.pool)
    const amountIn = 1437917n
    expect(concentratedAmountOut(pool, true, amountIn)).toBe(224264076255483458n)
    expect(swapStraightToInitializedTicks(pool, true, amountIn)).not.toBe(224264076255483458n)
  })
})

describe('agrees with a bitmap transcription of UniswapV3Pool.swap (slow reference)', () => {
  it('on random pools, both directions, exact input and output, default and random price limits', () => {
    fc.assert(
      fc.property(
        randomPool(),
        fc.boolean(),
        fc.boolean(),
        amountArbitrary(),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        (pool, zeroForOne, exactInput, amount, limitFraction) => {
          const { sqrtPriceX96 } = pool.state
          const limit =
            limitFraction === null
              ? defaultLimit(zeroForOne)
              : zeroForOne
                ? MIN_SQRT_RATIO +
                  1n +
                  ((sqrtPriceX96 - MIN_SQRT_RATIO - 2n) * BigInt(Math.floor(limitFraction * 1e6))) / 1_000_000n
                : sqrtPriceX96 +
                  1n +
                  ((MAX_SQRT_RATIO - sqrtPriceX96 - 2n) * BigInt(Math.floor(limitFraction * 1e6))) / 1_000_000n
          const specified = exactInput ? amount : -amount
          const actual = swapConcentrated(pool, zeroForOne, specified, limit)
          const expected = referenceSwap(pool.state, pool.feePips, zeroForOne, specified, limit)
          expect(actual === undefined ? undefined : { ...actual, initializedTicksCrossed: 0 }).toEqual(
            expected === undefined ? undefined : { ...expected, initializedTicksCrossed: 0 },
          )
        },
      ),
      { numRuns: 400 },
    )
  })

  it('across empty words, with initialized ticks at word starts and ends and next to gaps', () => {
    for (const spacing of [1, 10, 200]) {
      const s = spacing
      const w = 256 * spacing
      const positions: Position[] = [
        { lower: -5 * w, upper: -4 * w - s, liquidity: E18 }, // upper tick ends a word, empty words above it
        { lower: -3 * w, upper: -3 * w + 5 * s, liquidity: 3n * E18 }, // lower tick starts a word
        { lower: -w - s, upper: -w, liquidity: 2n * E18 },
        { lower: -w + 10 * s, upper: 100 * s, liquidity: 5n * E18 }, // spans two words
        { lower: 300 * s, upper: 2 * w + 40 * s, liquidity: 7n * E18 },
        { lower: 5 * w - s, upper: 6 * w, liquidity: 4n * E18 },
      ]
      // In gaps next to a tick of the same word, inside ranges, on a word start, above and below everything.
      for (const priceTick of [200 * s, 290 * s, 0, -w, 7 * w + 3 * s, -2 * w - 1, 3 * w, -6 * w]) {
        const pool = concentratedPoolFromPositions(spacing, 500, getSqrtRatioAtTick(priceTick), priceTick, positions)
        for (const zeroForOne of [true, false]) {
          for (const specified of [10n ** 15n, 10n ** 19n, 10n ** 40n, -(10n ** 15n), -(10n ** 19n)]) {
            const actual = swapConcentrated(pool, zeroForOne, specified)
            const expected = referenceSwap(pool.state, pool.feePips, zeroForOne, specified, defaultLimit(zeroForOne))
            expect(actual === undefined ? undefined : { ...actual, initializedTicksCrossed: 0 }).toEqual(
              expected === undefined ? undefined : { ...expected, initializedTicksCrossed: 0 },
            )
          }
        }
      }
    }
  })

  it('when the limit lands exactly on an empty word edge (the pool reports the tick below it)', () => {
    // Liquidity only in [0, 600); below tick 0 nothing, so a downward swap walks empty 256-tick words.
    const pool = concentratedPoolFromPositions(1, 500, getSqrtRatioAtTick(300), 300, [
      { lower: 0, upper: 600, liquidity: E18 },
    ])
    const edge = -256 * 4
    const limit = getSqrtRatioAtTick(edge)
    const actual = swapConcentrated(pool, true, 10n ** 30n, limit)
    expect(actual).toMatchObject({ sqrtPriceX96: limit, tick: edge - 1, liquidity: 0n })
    expect(actual).toMatchObject(referenceSwap(pool.state, pool.feePips, true, 10n ** 30n, limit)!)
  })

  it('from a price resting exactly on an initialized tick after a downward cross (tick = T − 1)', () => {
    const positions: Position[] = [
      { lower: -600, upper: 600, liquidity: 5n * E18 },
      { lower: -60, upper: 60, liquidity: 7n * E18 },
    ]
    const resting = concentratedPoolFromPositions(60, 3000, getSqrtRatioAtTick(-60), -61, positions)
    expect(resting.state.liquidity).toBe(5n * E18)
    expect(validatePoolState(resting)).toBeUndefined()
    for (const zeroForOne of [true, false]) {
      for (const specified of [10n ** 16n, -(10n ** 16n)]) {
        const actual = swapConcentrated(resting, zeroForOne, specified)
        expect(actual).toMatchObject(
          referenceSwap(resting.state, resting.feePips, zeroForOne, specified, defaultLimit(zeroForOne))!,
        )
      }
    }
  })
})

describe('a pool with ranges around the price (spacing 60, 0.3%)', () => {
  const positions: Position[] = [
    { lower: -887220, upper: 887220, liquidity: 10n ** 17n },
    { lower: -6000, upper: 6000, liquidity: 2n * E18 },
    { lower: -600, upper: 600, liquidity: 3n * E18 },
    { lower: -300, upper: 240, liquidity: 4n * E18 },
    { lower: -120, upper: 120, liquidity: 5n * E18 },
    { lower: -60, upper: 60, liquidity: 6n * E18 },
  ]
  const sqrtPriceX96 = getSqrtRatioAtTick(17) + 12345n
  const pool = concentratedPoolFromPositions(60, 3000, sqrtPriceX96, getTickAtSqrtRatio(sqrtPriceX96), positions)
  const available = { true: availableOutput(pool, true), false: availableOutput(pool, false) }

  it('is consistent', () => {
    expect(validatePoolState(pool)).toBeUndefined()
  })

  it('crosses at least 3 initialized ticks each way (liquidityNet subtracted going down, added going up)', () => {
    const down = swapConcentrated(pool, true, -(available.true / 2n))!
    expect(down.amountSpecifiedRemaining).toBe(0n)
    expect(down.initializedTicksCrossed).toBeGreaterThanOrEqual(3)
    expect(down.tick).toBeLessThan(-300) // crossed 0 … -60, -120, -300
    const up = swapConcentrated(pool, false, -(available.false / 2n))!
    expect(up.amountSpecifiedRemaining).toBe(0n)
    expect(up.initializedTicksCrossed).toBeGreaterThanOrEqual(3)
    expect(up.tick).toBeGreaterThanOrEqual(240) // crossed 60, 120, 240
    // Below -6000 only the full-range position remains; above 6000 likewise.
    expect(swapConcentrated(pool, true, -(available.true - available.true / 1000n))!.liquidity).toBe(10n ** 17n)
  })

  it('answers 0 for 0 and undefined when the pool cannot fill, never throwing', () => {
    expect(concentratedAmountOut(pool, true, 0n)).toBe(0n)
    expect(concentratedAmountIn(pool, false, 0n)).toBe(0n)
    expect(concentratedAmountIn(pool, true, available.true)).toBeUndefined()
    expect(concentratedAmountIn(pool, false, available.false + 1n)).toBeUndefined()
    expect(concentratedAmountOut(pool, true, 1n << 254n)).toBeUndefined()
    expect(concentratedAmountOut(pool, false, 1n << 255n)).toBeUndefined() // beyond int256
    expect(swapConcentrated(pool, true, 0n)).toBeUndefined()
  })

  it('fills exact outputs up to just below what the ticks hold', () => {
    for (const zeroForOne of [true, false]) {
      const most = available[`${zeroForOne}`] - available[`${zeroForOne}`] / 10n ** 6n
      const amountIn = concentratedAmountIn(pool, zeroForOne, most)
      expect(amountIn).toBeDefined()
      expect(concentratedAmountOut(pool, zeroForOne, amountIn!)! >= most).toBe(true)
    }
  })

  const side = fc.boolean()
  const amount = fc.bigInt({ min: 1n, max: 10n ** 22n })

  it('never pays out more than the ticks hold of the output token', () => {
    fc.assert(
      fc.property(side, amount, (zeroForOne, amountIn) => {
        const out = concentratedAmountOut(pool, zeroForOne, amountIn)
        if (out !== undefined) expect(out <= available[`${zeroForOne}`]).toBe(true)
      }),
    )
  })

  it('output is non-decreasing in input', () => {
    fc.assert(
      fc.property(side, amount, fc.bigInt({ min: 0n, max: 10n ** 20n }), (zeroForOne, a, extra) => {
        const small = concentratedAmountOut(pool, zeroForOne, a)
        const large = concentratedAmountOut(pool, zeroForOne, a + extra)
        if (small !== undefined && large !== undefined) expect(large >= small).toBe(true)
        if (small === undefined) expect(large).toBeUndefined()
      }),
    )
  })

  it('an exact-output quote replayed as exact input delivers at least the amount asked', () => {
    fc.assert(
      fc.property(side, amount, (zeroForOne, wanted) => {
        const amountIn = concentratedAmountIn(pool, zeroForOne, wanted)
        if (amountIn === undefined) return
        expect(concentratedAmountOut(pool, zeroForOne, amountIn)! >= wanted).toBe(true)
      }),
    )
  })

  it('an exact-input result asked back as exact output needs no more than that input', () => {
    fc.assert(
      fc.property(side, amount, (zeroForOne, amountIn) => {
        const out = concentratedAmountOut(pool, zeroForOne, amountIn)
        if (out === undefined || out === 0n) return
        expect(concentratedAmountIn(pool, zeroForOne, out)! <= amountIn).toBe(true)
      }),
    )
  })

  it('output never exceeds amountIn × mid × (1 − fee)', () => {
    fc.assert(
      fc.property(side, amount, (zeroForOne, amountIn) => {
        const out = concentratedAmountOut(pool, zeroForOne, amountIn)
        if (out === undefined) return
        const bound = Number(amountIn) * concentratedMidPrice(pool.state.sqrtPriceX96, zeroForOne) * (1 - 0.003)
        expect(Number(out)).toBeLessThanOrEqual(bound * (1 + 1e-12))
      }),
    )
  })
})

describe('concentratedMidPrice', () => {
  it('is (sqrtPriceX96 / 2^96)² token1 per token0, inverted for oneForZero', () => {
    expect(concentratedMidPrice(1n << 96n, true)).toBe(1)
    expect(concentratedMidPrice(2n << 96n, true)).toBe(4)
    expect(concentratedMidPrice(2n << 96n, false)).toBe(0.25)
    expect(concentratedMidPrice(MIN_SQRT_RATIO, true)).toBeGreaterThan(0)
    expect(Number.isFinite(concentratedMidPrice(MIN_SQRT_RATIO, false))).toBe(true)
  })
})

describe('price limits at the ends of the tick range', () => {
  it('reverts (undefined) when the price already sits at the quoter limit', () => {
    const low = concentratedPool({
      feePips: 500,
      sqrtPriceX96: MIN_SQRT_RATIO + 1n,
      tick: -887272,
      liquidity: 0n,
      tickSpacing: 10,
      ticks: [],
    })
    expect(swapConcentrated(low, true, 1n)).toBeUndefined()
    const result = swapConcentrated(low, false, 1n)!
    expect(result.amountSpecifiedRemaining).toBe(1n) // no liquidity anywhere: the whole input is left
    expect(result.sqrtPriceX96).toBe(MAX_SQRT_RATIO - 1n)
    expect(concentratedAmountOut(low, false, 1n)).toBeUndefined()
  })

  it('swaps through ranges at MIN_TICK/MAX_TICK', () => {
    const pool = concentratedPoolFromPositions(1, 100, getSqrtRatioAtTick(-887200), -887200, [
      { lower: -887272, upper: 887272, liquidity: E18 },
    ])
    const down = swapConcentrated(pool, true, 10n ** 40n)!
    expect(down.sqrtPriceX96).toBe(MIN_SQRT_RATIO + 1n)
    expect(down.amountSpecifiedRemaining > 0n).toBe(true)
    expect(down.amountOut <= availableOutput(pool, true)).toBe(true)
    expect(concentratedAmountIn(pool, true, down.amountOut)).toBeDefined()
  })
})

/** Output token held by all ranges on the output side of the price, rounded up. */
function availableOutput(pool: ConcentratedPool, zeroForOne: boolean): bigint {
  const { ticks, tick, sqrtPriceX96 } = pool.state
  let liquidity = pool.state.liquidity
  let edge = sqrtPriceX96
  let total = 0n
  const crossed = zeroForOne ? ticks.filter((t) => t.index <= tick).reverse() : ticks.filter((t) => t.index > tick)
  for (const { index, liquidityNet } of crossed) {
    const next = getSqrtRatioAtTick(index)
    total += zeroForOne ? getAmount1Delta(next, edge, liquidity, true) : getAmount0Delta(edge, next, liquidity, true)
    liquidity += zeroForOne ? -liquidityNet : liquidityNet
    edge = next
  }
  return total
}

/** The mistake the word-edge stops avoid: one step per initialized tick. */
function swapStraightToInitializedTicks(pool: ConcentratedPool, zeroForOne: boolean, amountIn: bigint): bigint {
  const { ticks } = pool.state
  let { sqrtPriceX96, tick, liquidity } = pool.state
  let remaining = amountIn
  let out = 0n
  while (remaining > 0n) {
    const next = zeroForOne ? ticks.filter((t) => t.index <= tick).at(-1)! : ticks.find((t) => t.index > tick)!
    const sqrtPriceNext = getSqrtRatioAtTick(next.index)
    const step = computeSwapStep(sqrtPriceX96, sqrtPriceNext, liquidity, remaining, pool.feePips)
    remaining -= step.amountIn + step.feeAmount
    out += step.amountOut
    sqrtPriceX96 = step.sqrtRatioNextX96
    if (sqrtPriceX96 === sqrtPriceNext) {
      liquidity += zeroForOne ? -next.liquidityNet : next.liquidityNet
      tick = zeroForOne ? next.index - 1 : next.index
    }
  }
  return out
}

function amountArbitrary(): fc.Arbitrary<bigint> {
  return fc
    .tuple(fc.bigInt({ min: 1n, max: 999n }), fc.integer({ min: 0, max: 30 }))
    .map(([m, e]) => m * 10n ** BigInt(e))
}

/**
 * Pools built from random positions at a random price. Positions (in units of tickSpacing) are often narrow and
 * clustered within a few 256-tick words, so swaps meet gaps without liquidity inside a word, across words and
 * beyond the last tick; the price often sits in such a gap.
 */
function randomPool(): fc.Arbitrary<ConcentratedPool> {
  const position = fc.record({
    lower: fc.integer({ min: -1200, max: 1200 }),
    width: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 2000 })),
    liquidity: fc.bigInt({ min: 1n, max: 10n ** 24n }),
  })
  return fc
    .record({
      spacing: fc.constantFrom(1, 10, 60, 200),
      fee: fc.constantFrom(100, 500, 3000, 10000),
      positions: fc.array(position, { maxLength: 6 }),
      priceCompressed: fc.integer({ min: -1500, max: 1500 }),
      priceOffset: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    })
    .map(({ spacing, fee, positions, priceCompressed, priceOffset }) => {
      const ranges = positions.map(({ lower, width, liquidity }) => ({
        lower: lower * spacing,
        upper: (lower + width) * spacing,
        liquidity,
      }))
      const base = getSqrtRatioAtTick(Math.max(-887000, Math.min(887000, priceCompressed * spacing)))
      const sqrtPriceX96 = base + priceOffset
      return concentratedPoolFromPositions(spacing, fee, sqrtPriceX96, getTickAtSqrtRatio(sqrtPriceX96), ranges)
    })
}
