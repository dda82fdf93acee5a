import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_UINT128,
  MAX_UINT160,
  MAX_UINT256,
  divRoundingUp,
  mulDiv,
  mulDivRoundingUp,
} from '../../../engine/pools/fullMath.js'
import { PoolMathError } from '../../../engine/pools/poolMathError.js'
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from '../../../engine/pools/sqrtPriceMath.js'
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from '../../../engine/pools/tickMath.js'
import { encodePriceSqrt } from './support/encodePriceSqrt.js'

const E18 = 10n ** 18n
const PRICE_ONE = encodePriceSqrt(1n, 1n)

// Expectations from Uniswap/v3-core test/SqrtPriceMath.spec.ts.
describe('getNextSqrtPriceFromInput', () => {
  it('reverts on zero price or liquidity, and when the price would overflow', () => {
    expect(() => getNextSqrtPriceFromInput(0n, 0n, E18 / 10n, false)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromInput(1n, 0n, E18 / 10n, true)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromInput((1n << 160n) - 1n, 1024n, 1024n, false)).toThrow(PoolMathError)
  })

  it('never underflows the price and returns the input price for a zero amount', () => {
    expect(getNextSqrtPriceFromInput(1n, 1n, 1n << 255n, true)).toBe(1n)
    expect(getNextSqrtPriceFromInput(PRICE_ONE, E18 / 10n, 0n, true)).toBe(PRICE_ONE)
    expect(getNextSqrtPriceFromInput(PRICE_ONE, E18 / 10n, 0n, false)).toBe(PRICE_ONE)
  })

  it('returns the minimum price for the largest input that does not overflow', () => {
    const sqrtP = (1n << 160n) - 1n
    const maxAmountNoOverflow = MAX_UINT256 - (MAX_UINT128 << 96n) / sqrtP
    expect(getNextSqrtPriceFromInput(sqrtP, MAX_UINT128, maxAmountNoOverflow, true)).toBe(1n)
  })

  it('moves the price by 0.1 of token1 and of token0', () => {
    expect(getNextSqrtPriceFromInput(PRICE_ONE, E18, E18 / 10n, false)).toBe(87150978765690771352898345369n)
    expect(getNextSqrtPriceFromInput(PRICE_ONE, E18, E18 / 10n, true)).toBe(72025602285694852357767227579n)
  })

  it('takes the overflow-safe path for amountIn > uint96 and can reach 1', () => {
    expect(getNextSqrtPriceFromInput(PRICE_ONE, 10n * E18, 1n << 100n, true)).toBe(624999999995069620n)
    expect(getNextSqrtPriceFromInput(PRICE_ONE, 1n, MAX_UINT256 / 2n, true)).toBe(1n)
  })
})

describe('getNextSqrtPriceFromOutput', () => {
  const price = 20282409603651670423947251286016n

  it('reverts on zero price or liquidity and when the output reaches the virtual reserves', () => {
    expect(() => getNextSqrtPriceFromOutput(0n, 0n, E18 / 10n, false)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(1n, 0n, E18 / 10n, true)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 4n, false)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 5n, false)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 262145n, true)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 262144n, true)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(PRICE_ONE, 1n, MAX_UINT256, true)).toThrow(PoolMathError)
    expect(() => getNextSqrtPriceFromOutput(PRICE_ONE, 1n, MAX_UINT256, false)).toThrow(PoolMathError)
  })

  it('succeeds just below the virtual reserves of token1', () => {
    expect(getNextSqrtPriceFromOutput(price, 1024n, 262143n, true)).toBe(77371252455336267181195264n)
  })

  it('returns the input price for zero output and moves it for 0.1 out', () => {
    expect(getNextSqrtPriceFromOutput(PRICE_ONE, E18 / 10n, 0n, true)).toBe(PRICE_ONE)
    expect(getNextSqrtPriceFromOutput(PRICE_ONE, E18 / 10n, 0n, false)).toBe(PRICE_ONE)
    expect(getNextSqrtPriceFromOutput(PRICE_ONE, E18, E18 / 10n, false)).toBe(88031291682515930659493278152n)
    expect(getNextSqrtPriceFromOutput(PRICE_ONE, E18, E18 / 10n, true)).toBe(71305346262837903834189555302n)
  })
})

describe('getAmount0Delta / getAmount1Delta', () => {
  it('are 0 for zero liquidity or equal prices', () => {
    expect(getAmount0Delta(PRICE_ONE, encodePriceSqrt(2n, 1n), 0n, true)).toBe(0n)
    expect(getAmount0Delta(PRICE_ONE, PRICE_ONE, 0n, true)).toBe(0n)
    expect(getAmount1Delta(PRICE_ONE, encodePriceSqrt(2n, 1n), 0n, true)).toBe(0n)
  })

  it('give 0.1 token1 / ~0.0909 token0 from price 1 to 1.21, the rounded-down value one less', () => {
    const upper = encodePriceSqrt(121n, 100n)
    expect(getAmount0Delta(PRICE_ONE, upper, E18, true)).toBe(90909090909090910n)
    expect(getAmount0Delta(PRICE_ONE, upper, E18, false)).toBe(90909090909090909n)
    expect(getAmount1Delta(PRICE_ONE, upper, E18, true)).toBe(100000000000000000n)
    expect(getAmount1Delta(PRICE_ONE, upper, E18, false)).toBe(99999999999999999n)
  })

  it('work for prices whose product overflows uint256', () => {
    const a = encodePriceSqrt(1n << 90n, 1n)
    const b = encodePriceSqrt(1n << 96n, 1n)
    expect(getAmount0Delta(a, b, E18, true)).toBe(getAmount0Delta(a, b, E18, false) + 1n)
  })

  it('agree with the input price move (sqrtP·sqrtQ overflows case)', () => {
    const sqrtP = 1025574284609383690408304870162715216695788925244n
    const liquidity = 50015962439936049619261659728067971248n
    const sqrtQ = getNextSqrtPriceFromInput(sqrtP, liquidity, 406n, true)
    expect(sqrtQ).toBe(1025574284609383582644711336373707553698163132913n)
    expect(getAmount0Delta(sqrtQ, sqrtP, liquidity, true)).toBe(406n)
  })
})

describe('rounding against the trader (properties)', () => {
  const sqrtPrice = fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n })
  const liquidity = fc.bigInt({ min: 1n, max: MAX_UINT128 })
  const amount = fc.bigInt({ min: 1n, max: 1n << 128n })

  it('an input never pays for more price movement than it buys', () => {
    fc.assert(
      fc.property(sqrtPrice, liquidity, amount, fc.boolean(), (sqrtP, l, amountIn, zeroForOne) => {
        // The one revert of this domain (SqrtPriceMath.getNextSqrtPriceFromAmount1RoundingDown): token1 in raises
        // the price by floor(amountIn·2^96 / L), past uint160. Token0 in only lowers it and never reverts here.
        const overflowsUint160 = !zeroForOne && sqrtP + (amountIn << 96n) / l > MAX_UINT160
        if (overflowsUint160) {
          expect(() => getNextSqrtPriceFromInput(sqrtP, l, amountIn, zeroForOne)).toThrow(
            expect.objectContaining({ name: 'PoolMathError', reason: 'result overflows uint160' }),
          )
          return
        }
        const next = getNextSqrtPriceFromInput(sqrtP, l, amountIn, zeroForOne)
        const paid = zeroForOne ? getAmount0Delta(next, sqrtP, l, true) : getAmount1Delta(sqrtP, next, l, true)
        expect(zeroForOne ? next <= sqrtP : next >= sqrtP).toBe(true)
        expect(paid <= amountIn).toBe(true)
      }),
    )
  })

  it('rounded-up amounts are the rounded-down ones or one more', () => {
    fc.assert(
      fc.property(sqrtPrice, sqrtPrice, liquidity, (a, b, l) => {
        const up0 = getAmount0Delta(a, b, l, true)
        const up1 = getAmount1Delta(a, b, l, true)
        expect(up0 - getAmount0Delta(a, b, l, false)).toBeGreaterThanOrEqual(0n)
        expect(up0 - getAmount0Delta(a, b, l, false)).toBeLessThanOrEqual(1n)
        expect(up1 - getAmount1Delta(a, b, l, false)).toBeGreaterThanOrEqual(0n)
        expect(up1 - getAmount1Delta(a, b, l, false)).toBeLessThanOrEqual(1n)
      }),
    )
  })
})

describe('getAmount0Delta: one division by √B·√A', () => {
  // The contract's order of operations: divide by the upper price, then by the lower one.
  const twoSteps = (a: bigint, b: bigint, l: bigint, roundUp: boolean) => {
    const [lower, upper] = a < b ? [a, b] : [b, a]
    return roundUp
      ? divRoundingUp(mulDivRoundingUp(l << 96n, upper - lower, upper), lower)
      : mulDiv(l << 96n, upper - lower, upper) / lower
  }
  const sqrtPrice = fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n })
  const nearby = fc.tuple(sqrtPrice, fc.bigInt({ min: -(1n << 20n), max: 1n << 20n })).map(([p, d]) => [p, p + d])

  it('equals the contract two divisions, both roundings, any uint128 liquidity', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.tuple(sqrtPrice, sqrtPrice), nearby),
        fc.oneof(fc.bigInt({ min: 0n, max: MAX_UINT128 }), fc.constantFrom(0n, 1n, MAX_UINT128)),
        ([a, b], l) => {
          fc.pre(a >= MIN_SQRT_RATIO && b >= MIN_SQRT_RATIO)
          expect(getAmount0Delta(a, b, l, true)).toBe(twoSteps(a, b, l, true))
          expect(getAmount0Delta(a, b, l, false)).toBe(twoSteps(a, b, l, false))
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it('keeps the two steps, and their revert, beyond uint128', () => {
    const l = 1n << 140n
    for (const roundUp of [true, false]) {
      expect(getAmount0Delta(PRICE_ONE, PRICE_ONE * 2n, l, roundUp)).toBe(
        twoSteps(PRICE_ONE, PRICE_ONE * 2n, l, roundUp),
      )
      // L·2^96·(√B − √A)/√B = 2^265: the contract's first division overflows uint256 and reverts.
      expect(() => getAmount0Delta(PRICE_ONE, PRICE_ONE * 2n, 1n << 170n, roundUp)).toThrow(PoolMathError)
    }
  })
})
