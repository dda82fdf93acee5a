import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_UINT256, divRoundingUp, mulDiv, mulDivRoundingUp } from '../../../engine/pools/fullMath.js'
import { PoolMathError } from '../../../engine/pools/poolMathError.js'

const Q128 = 1n << 128n

// Expectations from Uniswap/v3-core test/FullMath.spec.ts.
describe('mulDiv', () => {
  it('reverts on a zero denominator, with or without an overflowing numerator', () => {
    expect(() => mulDiv(Q128, 5n, 0n)).toThrow(PoolMathError)
    expect(() => mulDiv(Q128, Q128, 0n)).toThrow(PoolMathError)
  })

  it('reverts when the result overflows uint256', () => {
    expect(() => mulDiv(Q128, Q128, 1n)).toThrow(PoolMathError)
    expect(() => mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1n)).toThrow(PoolMathError)
  })

  it('is exact at the uint256 boundary and with phantom overflow', () => {
    expect(mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256)
    expect(mulDiv(Q128, (50n * Q128) / 100n, (150n * Q128) / 100n)).toBe(Q128 / 3n)
    expect(mulDiv(Q128, 35n * Q128, 8n * Q128)).toBe((4375n * Q128) / 1000n)
    expect(mulDiv(Q128, 1000n * Q128, 3000n * Q128)).toBe(Q128 / 3n)
  })
})

describe('mulDivRoundingUp', () => {
  it('reverts on a zero denominator and on overflow, including overflow caused by rounding up', () => {
    expect(() => mulDivRoundingUp(Q128, 5n, 0n)).toThrow(PoolMathError)
    expect(() => mulDivRoundingUp(Q128, Q128, 1n)).toThrow(PoolMathError)
    expect(() => mulDivRoundingUp(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1n)).toThrow(PoolMathError)
    expect(() =>
      mulDivRoundingUp(535006138814359n, 432862656469423142931042426214547535783388063929571229938474969n, 2n),
    ).toThrow(PoolMathError)
    expect(() =>
      mulDivRoundingUp(
        115792089237316195423570985008687907853269984659341747863450311749907997002549n,
        115792089237316195423570985008687907853269984659341747863450311749907997002550n,
        115792089237316195423570985008687907853269984653042931687443039491902864365164n,
      ),
    ).toThrow(PoolMathError)
  })

  it('rounds up only when there is a remainder', () => {
    expect(mulDivRoundingUp(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256)
    expect(mulDivRoundingUp(Q128, (50n * Q128) / 100n, (150n * Q128) / 100n)).toBe(Q128 / 3n + 1n)
    expect(mulDivRoundingUp(Q128, 35n * Q128, 8n * Q128)).toBe((4375n * Q128) / 1000n)
    expect(mulDivRoundingUp(Q128, 1000n * Q128, 3000n * Q128)).toBe(Q128 / 3n + 1n)
  })

  it('brackets the exact quotient: down ≤ a·b/d ≤ up, up − down ∈ {0, 1}', () => {
    const uint = fc.bigInt({ min: 0n, max: MAX_UINT256 })
    fc.assert(
      fc.property(uint, uint, fc.bigInt({ min: 1n, max: MAX_UINT256 }), (a, b, d) => {
        const product = a * b
        fc.pre(product / d <= MAX_UINT256 - 1n)
        const down = mulDiv(a, b, d)
        const up = mulDivRoundingUp(a, b, d)
        expect(down * d <= product).toBe(true)
        expect(up * d >= product).toBe(true)
        expect(up - down).toBe(product % d === 0n ? 0n : 1n)
      }),
    )
  })
})

describe('divRoundingUp', () => {
  it('is the ceiling of the quotient', () => {
    expect(divRoundingUp(7n, 2n)).toBe(4n)
    expect(divRoundingUp(8n, 2n)).toBe(4n)
    expect(divRoundingUp(0n, 5n)).toBe(0n)
    expect(() => divRoundingUp(1n, 0n)).toThrow(PoolMathError)
  })
})
