/**
 * Exact input and exact output agree, for every registered pool kind, up to and including the most each pool can
 * fill (issue 10): `amountOut(amountIn(y)) ≥ y`, and `amountIn(amountOut(x)) ≤ x`. The kinds come from the registry,
 * so a new kind fails here until it has sample pools and says how its programs round; the default snapshot's pools
 * of each kind are samples too. Any throw fails the property (the amount functions answer `undefined`, never throw,
 * for what a pool cannot do).
 *
 * Tick-stepping kinds (Uniswap V3, Whirlpool) price exact output the way their programs do: the price must move far
 * enough to pay at least the output, rounding that move against the trader, so exact output can buy up to one more
 * unit of output than the exact input of `x` did, and cost up to that unit's worth more than `x`. Found by this
 * test on the default snapshot's ethereum USDC/WETH 0.05% (WETH in, x = 24538214960282201088079: +148123952 wei, a
 * WETH price of ~4.7e8 wei per USDC unit) and on a Whirlpool where one unit of B is worth 7e6 units of A (+6511399
 * A); where a trade has pushed the price into an almost empty tail the unit is worth far more (ethereum WBTC/USDC
 * 0.3%, x = 8.2e19 WBTC units: +4.3e18). For these kinds the test asserts `≤ x + 2·⌈x / out⌉ + 1` (one output unit
 * at up to twice the trade's average price) while the trade keeps most of its value (price impact below 50%), and
 * beyond that, up to the maximum, that the exact output is still quoted and still delivers.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Pool, PoolKind } from '../../../engine/graph/types.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { divRoundingUp } from '../../../engine/math/integer.js'
import { poolAmountIn, poolAmountOut, poolFeeFraction, poolMidPrice } from '../../../engine/pools/index.js'
import { POOL_KINDS } from '../../../engine/pools/registry.js'
import { getSqrtRatioAtTick } from '../../../engine/pools/tickMath.js'
import { whirlpoolSqrtPriceAtTick } from '../../../engine/pools/whirlpoolTickMath.js'
import {
  concentratedPoolFromPositions,
  constantProductPool,
  raydiumCpmmPool,
  stableswapPool,
  whirlpoolFromPositions,
} from './support/pools.js'

const E6 = 10n ** 6n
const E18 = 10n ** 18n
/** How exactly a kind's exact output inverts its exact input (see the file comment). */
const ROUND_TRIP: { readonly [K in PoolKind]: 'exact' | 'tick-stepped' } = {
  constantProduct: 'exact',
  concentrated: 'tick-stepped',
  stableswap: 'exact',
  raydiumCpmm: 'exact',
  whirlpool: 'tick-stepped',
}
const STEPPED_MAX_IMPACT = 0.5

/** Pools of the default snapshot taken per kind (the rest add run time, not cases). */
const SNAPSHOT_POOLS_PER_KIND = 2

/** Hand-made pools per kind, small and lopsided ones included; typed so that every `PoolKind` needs an entry. */
const SAMPLES: { readonly [K in PoolKind]: readonly Extract<Pool, { kind: K }>[] } = {
  constantProduct: [constantProductPool(2_000_000n * E6, 1000n * E18, 30), constantProductPool(7n, 1000n, 25)],
  concentrated: [
    concentratedPoolFromPositions(10, 500, getSqrtRatioAtTick(-200), -200, [
      { lower: -887270, upper: 887270, liquidity: 10n ** 15n },
      { lower: -2000, upper: 1500, liquidity: 4n * 10n ** 18n },
      { lower: -400, upper: 0, liquidity: 9n * 10n ** 18n },
    ]),
  ],
  stableswap: [
    stableswapPool([180_000_000n * E6, 90_000_000n * E6, 170_000_000n * E18], [6, 6, 18], 2000n, 1_000_000n),
    stableswapPool([100n, 300n], [0, 0], 10n, 0n),
  ],
  raydiumCpmm: [raydiumCpmmPool(100_000n * 10n ** 9n, 15_000_000n * E6), raydiumCpmmPool(13n, 1000n, 2500, 0, 0)],
  whirlpool: [
    whirlpoolFromPositions(4, 400, whirlpoolSqrtPriceAtTick(-158_000) + 12_345_678n, [
      { lower: -160_000, upper: -156_000, liquidity: 5n * 10n ** 12n },
      { lower: -158_400, upper: -157_600, liquidity: 2n * 10n ** 13n },
      { lower: -158_004, upper: -157_996, liquidity: 10n ** 14n },
    ]),
    whirlpoolFromPositions(1, 100, whirlpoolSqrtPriceAtTick(3), [{ lower: -5000, upper: 5000, liquidity: 10n ** 9n }]),
  ],
}

const snapshotPools = loadSnapshotFile().pools

function samplesOf(kind: PoolKind): Pool[] {
  const own: readonly Pool[] = SAMPLES[kind] ?? []
  return [...own, ...snapshotPools.filter((pool) => poolKindOf(pool) === kind).slice(0, SNAPSHOT_POOLS_PER_KIND)]
}

// The registry's key of a pool, read without comparing kinds in code (test/engine/registry.test.ts).
function poolKindOf(pool: Pool): PoolKind {
  return pool.kind
}

/** The largest amount for which `isDefined` holds, assuming it holds from 1 up to some bound below 2^256. */
function largestDefined(isDefined: (amount: bigint) => boolean): bigint {
  if (!isDefined(1n)) return 0n
  let low = 1n
  let high = 2n
  while (high < 1n << 256n && isDefined(high)) {
    low = high
    high *= 2n
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n
    if (isDefined(middle)) low = middle
    else high = middle
  }
  return low
}

function amountsUpTo(max: bigint): fc.Arbitrary<bigint> {
  const boundaries = [1n, 2n, max - 1n, max].filter((amount) => amount >= 1n && amount <= max)
  return fc.oneof(fc.constantFrom(...boundaries), fc.bigInt({ min: 1n, max }))
}

const KINDS = Object.keys(POOL_KINDS) as PoolKind[]

describe('every registered kind has sample pools', () => {
  it.each(KINDS)('%s', (kind) => {
    expect(samplesOf(kind).length).toBeGreaterThan(0)
  })
})

describe.each(KINDS.flatMap((kind) => samplesOf(kind).map((pool) => [`${kind} ${pool.id}`, pool] as const)))(
  'round trips on %s',
  (_, pool) => {
    const directions = pool.tokens.flatMap((_token, i) => pool.tokens.map((_other, j) => [i, j] as const))
    describe.each(directions.filter(([i, j]) => i !== j && i + j <= 2))('tokens %i → %i', (i, j) => {
      const maxIn = largestDefined((amount) => poolAmountOut(pool, i, j, amount) !== undefined)
      const maxOut = largestDefined((amount) => poolAmountIn(pool, i, j, amount) !== undefined)

      it('fills something', () => {
        expect(maxIn).toBeGreaterThan(0n)
        expect(maxOut).toBeGreaterThan(0n)
      })

      it('amountIn(amountOut(x)) ≤ x for x up to the largest fillable input', () => {
        const isExact = ROUND_TRIP[poolKindOf(pool)] === 'exact'
        const rate = poolMidPrice(pool, i, j) * (1 - poolFeeFraction(pool))
        fc.assert(
          fc.property(amountsUpTo(maxIn), (amountIn) => {
            const out = poolAmountOut(pool, i, j, amountIn)
            expect(out).toBeDefined()
            const back = poolAmountIn(pool, i, j, out!)
            expect(back).toBeDefined()
            if (isExact) {
              expect(back! <= amountIn).toBe(true)
            } else if (Number(out) >= Number(amountIn) * rate * (1 - STEPPED_MAX_IMPACT)) {
              const outputUnitWorth = out! === 0n ? 0n : 2n * divRoundingUp(amountIn, out!)
              expect(back! <= amountIn + outputUnitWorth + 1n).toBe(true)
            } else {
              expect(poolAmountOut(pool, i, j, back!)! >= out!).toBe(true)
            }
          }),
          { numRuns: 60 },
        )
      })

      it('amountOut(amountIn(y)) ≥ y for y up to the largest fillable output', () => {
        fc.assert(
          fc.property(amountsUpTo(maxOut), (amountOut) => {
            const needed = poolAmountIn(pool, i, j, amountOut)
            expect(needed).toBeDefined()
            const delivered = poolAmountOut(pool, i, j, needed!)
            expect(delivered).toBeDefined()
            expect(delivered! >= amountOut).toBe(true)
          }),
          { numRuns: 60 },
        )
      })
    })
  },
)
