import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { constantProductMidPrice, getAmountIn, getAmountOut } from '../../../engine/pools/constantProduct.js'

const E18 = 10n ** 18n
const MAX_UINT112 = (1n << 112n) - 1n

describe('getAmountOut', () => {
  // Uniswap/v2-periphery test/UniswapV2Router02.spec.ts ('getAmountOut').
  it('matches UniswapV2Library on the router spec', () => {
    expect(getAmountOut(2n, 100n, 100n, 30)).toBe(1n)
  })

  // Uniswap/v2-core test/UniswapV2Pair.spec.ts swapTestCases: [swapAmount, reserve0, reserve1, expectedOutput]
  // (amounts ×1e18); the pair accepts exactly these outputs and reverts with 'UniswapV2: K' one unit above.
  it.each([
    [1n, 5n, 10n, 1662497915624478906n],
    [1n, 10n, 5n, 453305446940074565n],
    [2n, 5n, 10n, 2851015155847869602n],
    [2n, 10n, 5n, 831248957812239453n],
    [1n, 10n, 10n, 906610893880149131n],
    [1n, 100n, 100n, 987158034397061298n],
    [1n, 1000n, 1000n, 996006981039903216n],
  ])('%s in, reserves %s/%s → %s', (amountIn, reserveIn, reserveOut, expected) => {
    expect(getAmountOut(amountIn * E18, reserveIn * E18, reserveOut * E18, 30)).toBe(expected)
  })

  it('uses the fee in bps (PancakeSwap V2: 25)', () => {
    // 1e18·9975·10e18 / (5e18·10000 + 1e18·9975) = 1662845138125957...; exact floor.
    const amountInWithFee = E18 * 9975n
    expect(getAmountOut(E18, 5n * E18, 10n * E18, 25)).toBe(
      (amountInWithFee * 10n * E18) / (5n * E18 * 10000n + amountInWithFee),
    )
  })

  it('is 0 for 0 in and undefined for empty reserves or a reserve that would overflow uint112', () => {
    expect(getAmountOut(0n, 100n, 100n, 30)).toBe(0n)
    expect(getAmountOut(2n, 0n, 100n, 30)).toBeUndefined()
    expect(getAmountOut(2n, 100n, 0n, 30)).toBeUndefined()
    expect(getAmountOut(MAX_UINT112 - 100n, 100n, 100n, 30)).toBe(99n)
    expect(getAmountOut(MAX_UINT112 - 99n, 100n, 100n, 30)).toBeUndefined()
  })
})

describe('getAmountIn', () => {
  // Uniswap/v2-periphery test/UniswapV2Router02.spec.ts ('getAmountIn').
  it('matches UniswapV2Library on the router spec', () => {
    expect(getAmountIn(1n, 100n, 100n, 30)).toBe(2n)
  })

  it('is 0 for 0 out and undefined at or beyond the output reserve', () => {
    expect(getAmountIn(0n, 100n, 100n, 30)).toBe(0n)
    expect(getAmountIn(99n, 100n, 100n, 30)).toBe((10000n * 99n * 100n) / (1n * 9970n) + 1n)
    expect(getAmountIn(100n, 100n, 100n, 30)).toBeUndefined()
    expect(getAmountIn(101n, 100n, 100n, 30)).toBeUndefined()
    expect(getAmountIn(1n, 0n, 100n, 30)).toBeUndefined()
  })
})

describe('properties', () => {
  const reserve = fc.bigInt({ min: 1000n, max: 10n ** 30n })
  const amount = fc.bigInt({ min: 1n, max: 10n ** 30n })
  const fee = fc.integer({ min: 0, max: 100 })

  it('equals the direct formula floor(a·(1−f)·R_out / (R_in + a·(1−f))) as a rational (slow reference)', () => {
    fc.assert(
      fc.property(amount, reserve, reserve, fee, (a, rIn, rOut, feeBps) => {
        // Same quantity, written over a common denominator 10000: a(10000 − f)/10000 · R_out / (R_in + a(10000 −
        // f)/10000).
        const numerator = a * BigInt(10000 - feeBps) * rOut
        const denominator = rIn * 10000n + a * BigInt(10000 - feeBps)
        expect(getAmountOut(a, rIn, rOut, feeBps)).toBe(numerator / denominator)
      }),
    )
  })

  it('never reaches the output reserve and keeps x·y from falling (fee stays in the pool)', () => {
    fc.assert(
      fc.property(amount, reserve, reserve, fee, (a, rIn, rOut, feeBps) => {
        const out = getAmountOut(a, rIn, rOut, feeBps)!
        expect(out < rOut).toBe(true)
        expect((rIn + a) * (rOut - out) >= rIn * rOut).toBe(true)
      }),
    )
  })

  it('is non-decreasing in the input', () => {
    fc.assert(
      fc.property(amount, amount, reserve, reserve, fee, (a, extra, rIn, rOut, feeBps) => {
        expect(getAmountOut(a + extra, rIn, rOut, feeBps)! >= getAmountOut(a, rIn, rOut, feeBps)!).toBe(true)
      }),
    )
  })

  it('an exact-output quote replayed as exact input delivers at least the amount, and one less input no more than it', () => {
    fc.assert(
      fc.property(reserve, reserve, fee, fc.double({ min: 0, max: 0.999, noNaN: true }), (rIn, rOut, feeBps, share) => {
        const wanted = (rOut * BigInt(Math.floor(share * 1e6))) / 1_000_000n + 1n
        const needed = getAmountIn(wanted, rIn, rOut, feeBps)
        if (needed === undefined) {
          expect(wanted >= rOut).toBe(true)
          return
        }
        expect(getAmountOut(needed, rIn, rOut, feeBps)! >= wanted).toBe(true)
        expect(getAmountOut(needed - 1n, rIn, rOut, feeBps)! <= wanted).toBe(true)
      }),
    )
  })

  it('output never exceeds amountIn × mid × (1 − fee)', () => {
    fc.assert(
      fc.property(amount, reserve, reserve, fee, (a, rIn, rOut, feeBps) => {
        const out = getAmountOut(a, rIn, rOut, feeBps)!
        const bound = Number(a) * constantProductMidPrice(rIn, rOut) * (1 - feeBps / 10000)
        expect(Number(out)).toBeLessThanOrEqual(bound * (1 + 1e-12))
      }),
    )
  })
})

describe('constantProductMidPrice', () => {
  it('is reserveOut / reserveIn', () => {
    expect(constantProductMidPrice(100n, 200n)).toBe(2)
    expect(constantProductMidPrice(2000n * 10n ** 6n, E18)).toBeCloseTo(5e8, 3)
  })
})
