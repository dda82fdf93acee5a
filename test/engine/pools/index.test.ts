import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Pool } from '../../../engine/graph/types.js'
import { getAmountOut } from '../../../engine/pools/constantProduct.js'
import * as pools from '../../../engine/pools/index.js'
import {
  poolAmountIn,
  poolAmountOut,
  poolFeeFraction,
  poolMidPrice,
  validatePoolState,
} from '../../../engine/pools/index.js'
import { stableswapAmountOut } from '../../../engine/pools/stableswap.js'
import { getSqrtRatioAtTick } from '../../../engine/pools/tickMath.js'
import {
  concentratedPool,
  concentratedPoolFromPositions,
  constantProductPool,
  stableswapPool,
} from './support/pools.js'
import { QUOTER_VECTOR_SETS } from './support/v3QuoterVectors.js'

const E18 = 10n ** 18n
const E6 = 10n ** 6n

const v2 = constantProductPool(2_000_000n * E6, 1000n * E18, 30) // USDC/WETH at $2000
const wbtcWeth = concentratedPool(QUOTER_VECTOR_SETS.find((s) => s.pool.tickSpacing === 1)!.pool)
const v3 = concentratedPoolFromPositions(10, 500, getSqrtRatioAtTick(-200), -200, [
  { lower: -887270, upper: 887270, liquidity: 10n ** 15n },
  { lower: -2000, upper: 1500, liquidity: 4n * 10n ** 18n },
  { lower: -400, upper: 0, liquidity: 9n * 10n ** 18n },
])
const curve3 = stableswapPool([180_000_000n * E6, 90_000_000n * E6, 170_000_000n * E18], [6, 6, 18], 2000n, 1_000_000n)
const ALL: readonly [string, Pool][] = [
  ['constantProduct', v2],
  ['concentrated', v3],
  ['stableswap', curve3],
]

describe('public exports', () => {
  it('are the dispatch functions and validatePoolState, nothing else', () => {
    expect(Object.keys(pools).sort()).toEqual([
      'poolAmountIn',
      'poolAmountOut',
      'poolDepthUsd',
      'poolFeeFraction',
      'poolFeePips',
      'poolMidPrice',
      'poolOutputBound',
      'validatePoolState',
    ])
  })
})

describe('dispatch by kind and token order', () => {
  it('constant product: token1 → token0 uses the reserves the other way round', () => {
    expect(poolAmountOut(v2, 0, 1, 1000n * E6)).toBe(getAmountOut(1000n * E6, v2.state.reserve0, v2.state.reserve1, 30))
    expect(poolAmountOut(v2, 1, 0, E18)).toBe(getAmountOut(E18, v2.state.reserve1, v2.state.reserve0, 30))
    expect(poolAmountIn(v2, 1, 0, 1000n * E6)! > 5n * 10n ** 17n).toBe(true)
  })

  it('concentrated: index 0 → 1 is zeroForOne, 1 → 0 oneForZero (QuoterV2 vectors)', () => {
    expect(poolAmountOut(wbtcWeth, 0, 1, 1437917n)).toBe(224264076255483458n)
    expect(poolAmountIn(wbtcWeth, 0, 1, 2023238606254405440n)).toBe(13328917n)
    expect(poolAmountOut(wbtcWeth, 1, 0, 961445669689887360n)).toBe(3071387n)
    expect(poolAmountIn(wbtcWeth, 1, 0, 1276197n)).toBe(210287063441240784n)
    expect(poolAmountIn(wbtcWeth, 1, 0, 3829447n)).toBeUndefined() // QuoterV2 could only deliver part of it
  })

  it('stableswap: any pair of coins', () => {
    expect(poolAmountOut(curve3, 2, 0, E18)).toBe(stableswapAmountOut(curve3, 2, 0, E18))
    expect(poolAmountOut(curve3, 1, 2, E6)).toBe(stableswapAmountOut(curve3, 1, 2, E6))
  })

  it.each(ALL)('%s: 0 → 0 both ways', (_, pool) => {
    expect(poolAmountOut(pool, 0, 1, 0n)).toBe(0n)
    expect(poolAmountIn(pool, 1, 0, 0n)).toBe(0n)
  })

  it.each(ALL)('%s: rejects indices that are not two tokens of the pool, and negative amounts', (_, pool) => {
    expect(() => poolAmountOut(pool, 0, 0, 1n)).toThrow(RangeError)
    expect(() => poolAmountOut(pool, 0, pool.tokens.length, 1n)).toThrow(RangeError)
    expect(() => poolAmountIn(pool, -1, 1, 1n)).toThrow(RangeError)
    expect(() => poolMidPrice(pool, 0.5, 1)).toThrow(RangeError)
    expect(() => poolAmountOut(pool, 0, 1, -1n)).toThrow(RangeError)
  })

  it('fee fractions: bps / 1e4, pips / 1e6, Curve fee / 1e10', () => {
    expect(poolFeeFraction(v2)).toBe(0.003)
    expect(poolFeeFraction(v3)).toBe(0.0005)
    expect(poolFeeFraction(curve3)).toBe(0.0001)
  })

  it('mid prices in smallest units out per smallest unit in, before fee', () => {
    expect(poolMidPrice(v2, 0, 1)).toBeCloseTo(5e8, 3) // 1e18 wei per 2000e6 USDC units
    expect(poolMidPrice(v2, 1, 0)).toBeCloseTo(2e-9, 20)
    expect(poolMidPrice(v3, 0, 1)).toBeCloseTo(1.0001 ** -200, 12)
    expect(poolMidPrice(v3, 1, 0)).toBeCloseTo(1.0001 ** 200, 12)
    expect(poolMidPrice(curve3, 0, 2)).toBeGreaterThan(0.99e12)
    expect(poolMidPrice(curve3, 0, 2)).toBeLessThan(1.01e12)
  })
})

describe.each(ALL)('the router contract on %s', (_, pool) => {
  const pair = fc.constantFrom([0, 1], [1, 0])
  const amount = fc
    .tuple(fc.bigInt({ min: 1n, max: 9999n }), fc.integer({ min: 0, max: 27 }))
    .map(([m, e]) => m * 10n ** BigInt(e))

  it('amount × mid × (1 − fee) bounds the exact output from above', () => {
    fc.assert(
      fc.property(pair, amount, ([i, j], amountIn) => {
        const out = poolAmountOut(pool, i!, j!, amountIn)
        if (out === undefined) return
        const bound = Number(amountIn) * poolMidPrice(pool, i!, j!) * (1 - poolFeeFraction(pool))
        expect(Number(out)).toBeLessThanOrEqual(bound * (1 + 1e-12) + 1)
      }),
    )
  })

  it('an exact-output quote replayed as exact input delivers at least the amount asked', () => {
    fc.assert(
      fc.property(pair, amount, ([i, j], wanted) => {
        const needed = poolAmountIn(pool, i!, j!, wanted)
        if (needed === undefined) return
        expect(poolAmountOut(pool, i!, j!, needed)! >= wanted).toBe(true)
      }),
    )
  })
})

describe('validatePoolState', () => {
  it.each(ALL)('accepts a consistent %s pool', (_, pool) => {
    expect(validatePoolState(pool)).toBeUndefined()
  })

  it('constant product: reserves must be positive, fee in range', () => {
    expect(validatePoolState(constantProductPool(0n, 5n))).toMatch(/reserve0/)
    expect(validatePoolState(constantProductPool(5n, -1n))).toMatch(/reserve1/)
    expect(validatePoolState(constantProductPool(5n, 5n, 10_000))).toMatch(/feeBps/)
  })

  const base = { feePips: 3000, tickSpacing: 60, sqrtPriceX96: getSqrtRatioAtTick(30), tick: 30, liquidity: 5n }
  const v3With = (overrides: Partial<Parameters<typeof concentratedPool>[0]>) =>
    validatePoolState(
      concentratedPool({
        ...base,
        ticks: [
          [-60, 5n],
          [60, -5n],
        ],
        ...overrides,
      }),
    )

  it('concentrated: accepts the reference state and the tick-below-a-crossed-tick state', () => {
    expect(v3With({})).toBeUndefined()
    // After a downward swap that ends exactly on tick 60 the pool holds price(60) with tick 59.
    expect(v3With({ sqrtPriceX96: getSqrtRatioAtTick(60), tick: 59 })).toBeUndefined()
  })

  it.each([
    ['tick not matching sqrtPriceX96', { tick: 31 }, /does not match/],
    ['tick one below a price that is no step target', { tick: 29 }, /does not match/],
    [
      'unsorted ticks',
      {
        ticks: [
          [-60, 5n],
          [120, 0n],
          [60, -5n],
        ],
      },
      /not sorted/,
    ],
    [
      'duplicated ticks',
      {
        ticks: [
          [-60, 5n],
          [-60, 0n],
          [60, -5n],
        ],
      },
      /duplicated/,
    ],
    [
      'ticks off the spacing',
      {
        ticks: [
          [-50, 5n],
          [60, -5n],
        ],
      },
      /multiple of tickSpacing/,
    ],
    [
      'ticks out of range',
      {
        ticks: [
          [-887280, 5n],
          [60, -5n],
        ],
      },
      /out of range/,
    ],
    ['liquidity not the sum below the tick', { liquidity: 6n }, /liquidity 6/],
    [
      'liquidityNet not summing to 0',
      {
        ticks: [
          [-60, 5n],
          [60, -4n],
        ],
      },
      /sums to 1/,
    ],
    [
      'negative liquidity between ticks',
      {
        ticks: [
          [-60, 5n],
          [0, -6n],
          [60, 1n],
        ],
      },
      /negative/,
    ],
    ['negative in-range liquidity', { liquidity: -1n, ticks: [] }, /liquidity out of range/],
    ['a price outside the TickMath range', { sqrtPriceX96: 1n }, /sqrtPriceX96 out of range/],
    ['a fee of 100%', { feePips: 1_000_000 }, /feePips/],
    ['a zero tick spacing', { tickSpacing: 0 }, /tickSpacing/],
  ] as const)('concentrated: rejects %s', (_, overrides, reason) => {
    expect(v3With(overrides as Partial<Parameters<typeof concentratedPool>[0]>)).toMatch(reason)
  })

  it('stableswap: balances, decimals, A and fee', () => {
    const ok = [10n * E6, 10n * E18] as const
    expect(validatePoolState(stableswapPool(ok, [6, 18]))).toBeUndefined()
    expect(validatePoolState(stableswapPool([0n, 10n * E18], [6, 18]))).toMatch(/balances\[0\]/)
    expect(
      validatePoolState({ ...stableswapPool(ok, [6, 18]), state: { amplification: 100n, balances: [1n] } }),
    ).toMatch(/1 balances for 2 coins/)
    expect(validatePoolState(stableswapPool(ok, [6]))).toMatch(/decimals for 2 coins/)
    expect(validatePoolState(stableswapPool(ok, [6, 19]))).toMatch(/decimals\[1\]/)
    expect(validatePoolState(stableswapPool(ok, [6, 18], 0n))).toMatch(/amplification/)
    expect(validatePoolState(stableswapPool(ok, [6, 18], 1_000_001n))).toMatch(/amplification/)
    expect(validatePoolState(stableswapPool(ok, [6, 18], 100n, 5n * 10n ** 9n + 1n))).toMatch(/fee/)
    expect(validatePoolState(stableswapPool([1n, 1n, 1n, 1n, 1n], [18, 18, 18, 18, 18]))).toMatch(/2 to 4 coins/)
    expect(validatePoolState(stableswapPool([10n ** 30n, 1n], [18, 18], 1n))).toMatch(/does not converge/)
  })
})
