import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_UINT128, mulDiv, mulDivRoundingUp } from '../../../engine/pools/fullMath.js'
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from '../../../engine/pools/sqrtPriceMath.js'
import { computeSwapStep } from '../../../engine/pools/swapMath.js'
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from '../../../engine/pools/tickMath.js'
import { encodePriceSqrt } from './support/encodePriceSqrt.js'

const E18 = 10n ** 18n
const PRICE_ONE = encodePriceSqrt(1n, 1n)

// Expectations from Uniswap/v3-core test/SwapMath.spec.ts (#computeSwapStep).
describe('computeSwapStep', () => {
  it('exact amount in that gets capped at price target in one for zero', () => {
    const target = encodePriceSqrt(101n, 100n)
    const step = computeSwapStep(PRICE_ONE, target, 2n * E18, E18, 600)
    expect(step.amountIn).toBe(9975124224178055n)
    expect(step.feeAmount).toBe(5988667735148n)
    expect(step.amountOut).toBe(9925619580021728n)
    expect(step.amountIn + step.feeAmount < E18).toBe(true)
    expect(step.sqrtRatioNextX96).toBe(target)
    expect(step.sqrtRatioNextX96 < getNextSqrtPriceFromInput(PRICE_ONE, 2n * E18, E18, false)).toBe(true)
  })

  it('exact amount out that gets capped at price target in one for zero', () => {
    const target = encodePriceSqrt(101n, 100n)
    const step = computeSwapStep(PRICE_ONE, target, 2n * E18, -E18, 600)
    expect(step.amountIn).toBe(9975124224178055n)
    expect(step.feeAmount).toBe(5988667735148n)
    expect(step.amountOut).toBe(9925619580021728n)
    expect(step.sqrtRatioNextX96).toBe(target)
    expect(step.sqrtRatioNextX96 < getNextSqrtPriceFromOutput(PRICE_ONE, 2n * E18, E18, false)).toBe(true)
  })

  it('exact amount in that is fully spent in one for zero', () => {
    const target = encodePriceSqrt(1000n, 100n)
    const step = computeSwapStep(PRICE_ONE, target, 2n * E18, E18, 600)
    expect(step.amountIn).toBe(999400000000000000n)
    expect(step.feeAmount).toBe(600000000000000n)
    expect(step.amountOut).toBe(666399946655997866n)
    expect(step.amountIn + step.feeAmount).toBe(E18)
    expect(step.sqrtRatioNextX96 < target).toBe(true)
    expect(step.sqrtRatioNextX96).toBe(getNextSqrtPriceFromInput(PRICE_ONE, 2n * E18, E18 - step.feeAmount, false))
  })

  it('exact amount out that is fully received in one for zero', () => {
    const target = encodePriceSqrt(10000n, 100n)
    const step = computeSwapStep(PRICE_ONE, target, 2n * E18, -E18, 600)
    expect(step.amountIn).toBe(2000000000000000000n)
    expect(step.feeAmount).toBe(1200720432259356n)
    expect(step.amountOut).toBe(E18)
    expect(step.sqrtRatioNextX96 < target).toBe(true)
    expect(step.sqrtRatioNextX96).toBe(getNextSqrtPriceFromOutput(PRICE_ONE, 2n * E18, E18, false))
  })

  it('caps the amount out at the desired amount out', () => {
    const step = computeSwapStep(
      417332158212080721273783715441582n,
      1452870262520218020823638996n,
      159344665391607089467575320103n,
      -1n,
      1,
    )
    expect(step.amountIn).toBe(1n)
    expect(step.feeAmount).toBe(1n)
    expect(step.amountOut).toBe(1n) // would be 2 if not capped
    expect(step.sqrtRatioNextX96).toBe(417332158212080721273783715441581n)
  })

  it('uses a partial input when the target price is 1', () => {
    const step = computeSwapStep(2n, 1n, 1n, 3915081100057732413702495386755767n, 1)
    expect(step.amountIn).toBe(39614081257132168796771975168n)
    expect(step.feeAmount).toBe(39614120871253040049813n)
    expect(step.amountIn + step.feeAmount <= 3915081100057732413702495386755767n).toBe(true)
    expect(step.amountOut).toBe(0n)
    expect(step.sqrtRatioNextX96).toBe(1n)
  })

  it('takes the entire input as fee when it buys no price movement', () => {
    const step = computeSwapStep(2413n, 79887613182836312n, 1985041575832132834610021537970n, 10n, 1872)
    expect(step).toEqual({ amountIn: 0n, feeAmount: 10n, amountOut: 0n, sqrtRatioNextX96: 2413n })
  })

  it('handles intermediate insufficient liquidity in the zero for one exact output case', () => {
    const sqrtP = 20282409603651670423947251286016n
    const target = (sqrtP * 11n) / 10n
    const step = computeSwapStep(sqrtP, target, 1024n, -4n, 3000)
    expect(step).toEqual({ amountOut: 0n, sqrtRatioNextX96: target, amountIn: 26215n, feeAmount: 79n })
  })

  it('handles intermediate insufficient liquidity in the one for zero exact output case', () => {
    const sqrtP = 20282409603651670423947251286016n
    const target = (sqrtP * 9n) / 10n
    const step = computeSwapStep(sqrtP, target, 1024n, -263000n, 3000)
    expect(step).toEqual({ amountOut: 26214n, sqrtRatioNextX96: target, amountIn: 1n, feeAmount: 1n })
  })
})

describe('computeSwapStep invariants (v3-core SwapMathEchidnaTest)', () => {
  const price = fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n })
  // Over these domains the contract never reverts: each step's price move is bounded by the target, which is a
  // valid price, so every intermediate fits its uint type. Any throw is a bug, and fails the property.
  it('never throws, never exceeds the amount, stays between price and target, and charges a fee', () => {
    fc.assert(
      fc.property(
        price,
        price,
        fc.bigInt({ min: 1n, max: MAX_UINT128 }),
        fc.bigInt({ min: -(1n << 200n), max: 1n << 200n }).filter((a) => a !== 0n),
        fc.integer({ min: 1, max: 999_999 }),
        (current, target, liquidity, amountRemaining, feePips) => {
          const step = computeSwapStep(current, target, liquidity, amountRemaining, feePips)
          if (amountRemaining > 0n) expect(step.amountIn + step.feeAmount <= amountRemaining).toBe(true)
          else expect(step.amountOut <= -amountRemaining).toBe(true)
          const [low, high] = current < target ? [current, target] : [target, current]
          expect(step.sqrtRatioNextX96 >= low && step.sqrtRatioNextX96 <= high).toBe(true)
          if (step.sqrtRatioNextX96 !== current && step.amountIn > 0n) expect(step.feeAmount > 0n).toBe(true)
        },
      ),
    )
  })
})

/**
 * SwapMath.computeSwapStep for an exact input, line by line (the input to the target always computed): the
 * reference for the float shortcut that skips that computation when the input provably stops short of it.
 */
function exactInputStepReference(current: bigint, target: bigint, liquidity: bigint, amount: bigint, feePips: number) {
  const fee = BigInt(feePips)
  const zeroForOne = current >= target
  const lessFee = mulDiv(amount, 1_000_000n - fee, 1_000_000n)
  const toTarget = zeroForOne
    ? getAmount0Delta(target, current, liquidity, true)
    : getAmount1Delta(current, target, liquidity, true)
  const next = lessFee >= toTarget ? target : getNextSqrtPriceFromInput(current, liquidity, lessFee, zeroForOne)
  const reached = next === target
  const amountIn = reached
    ? toTarget
    : zeroForOne
      ? getAmount0Delta(next, current, liquidity, true)
      : getAmount1Delta(current, next, liquidity, true)
  const amountOut = zeroForOne
    ? getAmount1Delta(next, current, liquidity, false)
    : getAmount0Delta(current, next, liquidity, false)
  const feeAmount = reached ? mulDivRoundingUp(amountIn, fee, 1_000_000n - fee) : amount - amountIn
  return { sqrtRatioNextX96: next, amountIn, amountOut, feeAmount }
}

describe('computeSwapStep exact input: the float shortcut changes nothing', () => {
  const price = fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n })
  // Inputs around the one that reaches the target exactly (where the float estimate must not decide wrongly):
  // the input to the target after fee, scaled back up by the fee, plus or minus a few units or a relative nudge.
  it('equals the contract algorithm next to the target and anywhere', () => {
    fc.assert(
      fc.property(
        price,
        price,
        fc.bigInt({ min: 1n, max: MAX_UINT128 }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.oneof(
          fc.bigInt({ min: -3n, max: 3n }),
          fc.bigInt({ min: -(1n << 40n), max: 1n << 40n }),
          fc.constant(undefined),
        ),
        fc.bigInt({ min: 1n, max: 1n << 200n }),
        (current, target, liquidity, feePips, nudge, anyAmount) => {
          fc.pre(current !== target)
          const zeroForOne = current > target
          let amount = anyAmount
          if (nudge !== undefined) {
            const toTarget = zeroForOne
              ? getAmount0Delta(target, current, liquidity, true)
              : getAmount1Delta(current, target, liquidity, true)
            const gross = (toTarget * 1_000_000n) / (1_000_000n - BigInt(feePips))
            amount = gross + (nudge < -3n || nudge > 3n ? (gross * nudge) / (1n << 50n) : nudge)
            fc.pre(amount > 0n && amount < 1n << 255n)
          }
          const reference = (() => {
            try {
              return exactInputStepReference(current, target, liquidity, amount, feePips)
            } catch (error) {
              return error
            }
          })()
          if (reference instanceof Error)
            expect(() => computeSwapStep(current, target, liquidity, amount, feePips)).toThrow()
          else expect(computeSwapStep(current, target, liquidity, amount, feePips)).toEqual(reference)
        },
      ),
      { numRuns: 20_000 },
    )
  })
})
