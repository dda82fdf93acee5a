import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { floorOfProductOrUndefined } from '../../../engine/math/floatFloor.js'
import { exchangeRate } from '../../../engine/quote/routeQuote.js'
import { usdValue } from '../../../engine/quote/tokenAmount.js'
import type { Token } from '../../../engine/graph/types.js'

/** floor(x × p / q) with bigint division: the reference. */
const exactFloor = (x: bigint, p: bigint, q: bigint) => (x * p) / q

describe('floorOfProductOrUndefined', () => {
  it('is the exact floor whenever it answers, for any amount and any rational ratio', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        (x, p, q) => {
          const floor = floorOfProductOrUndefined(x, Number(p) / Number(q))
          if (floor !== undefined) expect(BigInt(floor)).toBe(exactFloor(x, p, q))
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it('answers for typical figures and defers products that land on or next to an integer', () => {
    expect(floorOfProductOrUndefined(1_500_001n, 0.5)).toBe(750_000)
    // Exact integers and values within the margin of one: the float cannot tell which side, the caller divides.
    expect(floorOfProductOrUndefined(2n, 0.5)).toBeUndefined()
    expect(floorOfProductOrUndefined(3n, 1 / 3)).toBeUndefined()
    expect(floorOfProductOrUndefined(10n ** 12n - 1n, 1e-12)).toBeUndefined()
    // Beyond 2^53, at zero or subnormal ratios, and at infinite ones: deferred.
    expect(floorOfProductOrUndefined(2n ** 60n, 1.5)).toBeUndefined()
    expect(floorOfProductOrUndefined(5n, 0)).toBeUndefined()
    expect(floorOfProductOrUndefined(5n, 1e-310)).toBeUndefined()
    expect(floorOfProductOrUndefined(2n ** 1100n, 1e-320)).toBeUndefined()
  })

  it('keeps products next to an integer exact (x / q within a few units of 1/q of an integer)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 6 }),
        (k, q, offset) => {
          // x / q = k + (offset − 3) / q: just below, at or just above the integer k.
          const x = k * q + BigInt(offset) - 3n
          if (x < 0n) return
          const floor = floorOfProductOrUndefined(x, 1 / Number(q))
          if (floor !== undefined) expect(BigInt(floor)).toBe(x / q)
        },
      ),
      { numRuns: 5_000 },
    )
  })
})

const token = (decimals: number, usdPrice: string): Token =>
  ({
    key: `1:t${decimals}:${usdPrice}`,
    chainId: 1,
    address: '0x',
    name: 't',
    symbol: 't',
    decimals,
    isNative: false,
    usdPrice,
    logo: '',
    svcCode: 't',
  }) as unknown as Token

describe('figures through the float path', () => {
  it('usdValue is the integer-math floor to micro-dollars', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        (decimals, priceUnits, priceDecimals, amount) => {
          const price = (priceUnits / 10 ** priceDecimals).toFixed(priceDecimals)
          const t = token(decimals, price)
          const priceE18 = BigInt(price.replace('.', '')) * 10n ** BigInt(18 - priceDecimals)
          const expected = Number((amount * priceE18) / 10n ** BigInt(decimals + 12)) / 1e6
          expect(usdValue(t, amount)).toBe(expected)
        },
      ),
      { numRuns: 10_000 },
    )
  })

  it('exchangeRate is the integer-math floor to 12 decimal places', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        (srcDecimals, dstDecimals, amountIn, amountOut) => {
          const expected =
            Number((amountOut * 10n ** BigInt(srcDecimals + 12)) / (amountIn * 10n ** BigInt(dstDecimals))) / 1e12
          expect(exchangeRate(token(srcDecimals, '1'), amountIn, token(dstDecimals, '1'), amountOut)).toBe(expected)
        },
      ),
      { numRuns: 10_000 },
    )
  })
})
