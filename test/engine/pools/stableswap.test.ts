import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { StableswapPool } from '../../../engine/graph/types.js'
import { stableswapAmountIn, stableswapAmountOut, stableswapMidPrice } from '../../../engine/pools/stableswap.js'
import { A_PRECISION, getD, getY } from '../../../engine/pools/stableswapMath.js'
import { stableswapPool } from './support/pools.js'

const E18 = 10n ** 18n
const E6 = 10n ** 6n

// USDC/DAI: 6 and 18 decimals, slightly imbalanced. 3pool-like USDC/USDT/DAI: 6, 6, 18. A 4-coin pool of 18s.
const usdcDai = stableswapPool([48_000_000n * E6, 52_000_000n * E18], [6, 18], 1500n, 4_000_000n)
const threePool = stableswapPool(
  [180_000_000n * E6, 90_000_000n * E6, 170_000_000n * E18],
  [6, 6, 18],
  2000n,
  1_000_000n,
)
const fourPool = stableswapPool(
  [10n ** 24n, 3n * 10n ** 23n, 2n * 10n ** 24n, 7n * 10n ** 23n],
  [18, 18, 18, 18],
  200n,
  3_000_000n,
)
const POOLS: readonly [string, StableswapPool][] = [
  ['USDC/DAI (6/18)', usdcDai],
  ['USDC/USDT/DAI (6/6/18)', threePool],
  ['four 18-decimal coins', fourPool],
]

describe('getD', () => {
  it('matches StableSwap-NG (curvefi/stableswap-ng tests/test_get_D.py: get_D([1e23, 1e18], 1000))', () => {
    expect(getD([10n ** 23n, 10n ** 18n], 1000n)).toBe(9010395375710532394006n)
  })

  it('is the sum of balances for a balanced pool, 0 for an empty one', () => {
    expect(getD([10n ** 24n, 10n ** 24n], 100_000n)).toBe(2n * 10n ** 24n)
    expect(getD([5n * E18, 5n * E18, 5n * E18], 2000n * A_PRECISION)).toBe(15n * E18)
    expect(getD([0n, 0n], 1000n)).toBe(0n)
  })

  it('solves the invariant: F(x, D) changes sign within a few units of the result (exact integers)', () => {
    // Balances within a factor 1000 of each other (far beyond any live pool; extreme imbalance makes the
    // contract's get_D stop converging, which it answers with a revert).
    const balances = fc.tuple(
      fc.bigInt({ min: 10n ** 15n, max: 10n ** 27n }),
      fc.array(fc.integer({ min: 10, max: 10_000 }), { minLength: 2, maxLength: 4 }),
    )
    fc.assert(
      fc.property(balances, fc.bigInt({ min: 5n, max: 10_000n }), ([base, factors], a) => {
        const xp = factors.map((f) => (base * BigInt(f)) / 100n)
        const amp = a * A_PRECISION
        const d = getD(xp, amp)
        expect(d).toBeDefined()
        // F decreases in D. The contract stops when two rounds differ by ≤ 1 and floors D_P on the way, so the
        // exact root can be a few units away.
        const slack = 4n
        expect(invariantSign(xp, amp, d! - slack)).toBeGreaterThanOrEqual(0)
        expect(invariantSign(xp, amp, d! + slack)).toBeLessThanOrEqual(0)
      }),
      { numRuns: 500 },
    )
  })
})

describe.each(POOLS)('%s', (_, pool) => {
  const coins = pool.tokens.length
  const pair = fc
    .tuple(fc.nat({ max: coins - 1 }), fc.nat({ max: coins - 2 }))
    .map(([i, k]) => [i, k >= i ? k + 1 : k] as const)
  const amountFor = (i: number) => fc.bigInt({ min: 1n, max: (pool.state.balances[i]! * 3n) / 2n })

  it('answers 0 for 0 and undefined for outputs the pool cannot pay', () => {
    expect(stableswapAmountOut(pool, 0, 1, 0n)).toBe(0n)
    expect(stableswapAmountIn(pool, 0, 1, 0n)).toBe(0n)
    expect(stableswapAmountIn(pool, 0, 1, pool.state.balances[1]!)).toBeUndefined()
    expect(stableswapAmountIn(pool, 1, 0, pool.state.balances[0]! + 1n)).toBeUndefined()
  })

  it('never pays out the whole balance, even for absurd inputs', () => {
    fc.assert(
      fc.property(pair, fc.bigInt({ min: 1n, max: 1n << 200n }), ([i, j], dx) => {
        const out = stableswapAmountOut(pool, i, j, dx)
        if (out !== undefined) expect(out < pool.state.balances[j]!).toBe(true)
      }),
    )
  })

  it('output is non-decreasing in input', () => {
    fc.assert(
      fc.property(
        pair,
        fc.nat({ max: coins - 1 }).chain(amountFor),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        ([i, j], dx, extra) => {
          const small = stableswapAmountOut(pool, i, j, dx)
          const large = stableswapAmountOut(pool, i, j, dx + extra)
          expect(small).toBeDefined()
          expect(large! >= small!).toBe(true)
        },
      ),
    )
  })

  it('pays the invariant-maximal output less the pool’s 1-unit reserve (exact-integer check, no decimals)', () => {
    const rates = pool.decimals.map((decimals) => 10n ** BigInt(36 - decimals))
    const xp = pool.state.balances.map((b, k) => (b * rates[k]!) / E18)
    const amp = pool.state.amplification * A_PRECISION
    const d = getD(xp, amp)!
    fc.assert(
      fc.property(pair, fc.bigInt({ min: 1n, max: 10n ** 26n }), ([i, j], rawDx) => {
        const dx = (rawDx % (pool.state.balances[i]! * 2n)) + 1n
        const after = [...xp]
        after[i] = xp[i]! + (dx * rates[i]!) / E18
        const y = getY(i, j, after[i]!, xp, amp, d)!
        const dy = xp[j]! - y - 1n // output before fee, 1e18 precision
        // The pool ends on or above the invariant surface, and 2 more units would push it below.
        after[j] = xp[j]! - dy
        expect(invariantSign(after, amp, d)).toBeGreaterThanOrEqual(0)
        after[j] = xp[j]! - dy - 2n
        expect(invariantSign(after, amp, d)).toBeLessThan(0)
        // The fee is taken in 1e18 precision, then converted, both rounding down (StableSwap-NG __exchange).
        const expected = ((dy - (dy * pool.fee) / 10n ** 10n) * E18) / rates[j]!
        expect(stableswapAmountOut(pool, i, j, dx)).toBe(expected)
      }),
    )
  })

  it('exact output: the smallest input that delivers at least the amount', () => {
    fc.assert(
      fc.property(pair, fc.bigInt({ min: 1n, max: 10n ** 26n }), ([i, j], rawWanted) => {
        const wanted = (rawWanted % ((pool.state.balances[j]! * 9n) / 10n)) + 1n
        const dx = stableswapAmountIn(pool, i, j, wanted)
        expect(dx).toBeDefined()
        expect(stableswapAmountOut(pool, i, j, dx!)! >= wanted).toBe(true)
        if (dx! > 1n) expect(stableswapAmountOut(pool, i, j, dx! - 1n)! < wanted).toBe(true)
      }),
    )
  })

  it('exact output near the whole balance is undefined or still delivers', () => {
    for (const [i, j] of [
      [0, 1],
      [1, 0],
    ] as const) {
      for (const wanted of [pool.state.balances[j]! - 1n, (pool.state.balances[j]! * 999n) / 1000n]) {
        const dx = stableswapAmountIn(pool, i, j, wanted)
        if (dx !== undefined) expect(stableswapAmountOut(pool, i, j, dx)! >= wanted).toBe(true)
      }
    }
    // 99% of the output coin is reachable with enough input.
    const dx = stableswapAmountIn(pool, 0, 1, (pool.state.balances[1]! * 99n) / 100n)
    expect(dx).toBeDefined()
  })

  it('exact output of the most the pool can pay agrees with exact input (issue 10: the y ≤ 0 case)', () => {
    for (const [i, j] of [
      [0, 1],
      [1, 0],
    ] as const) {
      // The largest input `exchange` accepts (dx × rate ≤ 2^256 − 1) pays the most the pool can ever pay.
      const largestInput = ((1n << 256n) - 1n) / 10n ** BigInt(36 - pool.decimals[i]!)
      const most = stableswapAmountOut(pool, i, j, largestInput)!
      const dx = stableswapAmountIn(pool, i, j, most)
      expect(dx).toBeDefined()
      expect(dx! <= largestInput).toBe(true)
      expect(stableswapAmountOut(pool, i, j, dx!)! >= most).toBe(true)
      expect(stableswapAmountOut(pool, i, j, dx! - 1n)! < most).toBe(true)
      expect(stableswapAmountIn(pool, i, j, most + 1n)).toBeUndefined()
    }
  })

  it('mid price is the marginal rate: an upper bound of output per input after fee, tight for small trades', () => {
    const feeFraction = Number(pool.fee) / 1e10
    fc.assert(
      fc.property(pair, fc.bigInt({ min: 1n, max: 10n ** 26n }), ([i, j], rawDx) => {
        const dx = (rawDx % pool.state.balances[i]!) + 1n
        const mid = stableswapMidPrice(pool, i, j)
        const out = stableswapAmountOut(pool, i, j, dx)!
        expect(Number(out)).toBeLessThanOrEqual(Number(dx) * mid * (1 - feeFraction) * (1 + 1e-12) + 1)
      }),
    )
    for (const [i, j] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const dx = pool.state.balances[i]! / 10n ** 7n // a trade of 1e-7 of the pool
      const rate = Number(stableswapAmountOut(pool, i, j, dx)!) / Number(dx) / (1 - feeFraction)
      const mid = stableswapMidPrice(pool, i, j)
      expect(rate).toBeLessThanOrEqual(mid)
      expect(rate).toBeGreaterThan(mid * (1 - 1e-6))
    }
  })
})

describe('mixed decimals', () => {
  it('a balanced USDC/DAI pool trades 1 USDC for just under 1 DAI less 4 bps, and back', () => {
    const balanced = stableswapPool([10_000_000n * E6, 10_000_000n * E18], [6, 18], 1000n, 4_000_000n)
    expect(stableswapMidPrice(balanced, 0, 1)).toBeCloseTo(1e12, 0)
    expect(stableswapMidPrice(balanced, 1, 0)).toBeCloseTo(1e-12, 20)
    const daiOut = stableswapAmountOut(balanced, 0, 1, E6)!
    expect(daiOut < (E18 * 9996n) / 10000n).toBe(true)
    expect(daiOut > (E18 * 9995n) / 10000n).toBe(true)
    const usdcOut = stableswapAmountOut(balanced, 1, 0, E18)!
    expect(usdcOut).toBe(999_599n) // 0.9996 USDC less the pool's rounding reserve, rounded down to 6 decimals
  })
})

/** Sign of F = a(S − D) + D − D^(n+1)/(n^n Πx) (a = amp·n / A_PRECISION), computed exactly: F·A_PRECISION·n^n·Πx. */
function invariantSign(xp: readonly bigint[], amp: bigint, d: bigint): number {
  const n = BigInt(xp.length)
  const sum = xp.reduce((a, b) => a + b, 0n)
  const product = xp.reduce((a, b) => a * b, 1n)
  const g = (amp * n * (sum - d) + A_PRECISION * d) * n ** n * product - A_PRECISION * d ** (n + 1n)
  return g > 0n ? 1 : g < 0n ? -1 : 0
}
