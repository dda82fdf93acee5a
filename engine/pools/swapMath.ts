/**
 * One step of a V3 swap inside a single liquidity range, bit-exact with v3-core `libraries/SwapMath.sol`.
 */
import { mulDiv, mulDivRoundingUp } from './fullMath.js'
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from './sqrtPriceMath.js'

const PIPS = 1_000_000n

/** What one swap step did. Amounts in smallest units of the input (`amountIn`, `feeAmount`) and output token. */
export interface SwapStepResult {
  /** Sqrt price after the step, Q64.96. */
  sqrtRatioNextX96: bigint
  /** Input that moved the price, fee excluded; rounded up. */
  amountIn: bigint
  /** Output paid; rounded down. */
  amountOut: bigint
  /** Fee taken from the input; rounded up (or the whole unused remainder of an exact input). */
  feeAmount: bigint
}

/**
 * Swap within one range, from `sqrtRatioCurrentX96` toward `sqrtRatioTargetX96`, until the target is reached or
 * `amountRemaining` is used up (SwapMath.computeSwapStep). The direction follows from the two prices.
 *
 * @param sqrtRatioCurrentX96 current sqrt price, Q64.96
 * @param sqrtRatioTargetX96 price the step may not pass, Q64.96
 * @param liquidity in-range liquidity, uint128
 * @param amountRemaining int256: > 0 exact input left (fee included), < 0 exact output still wanted
 * @param feePips fee in hundredths of a bip (3000 = 0.3%), < 1_000_000
 * @param result object to write into (reused by the swap loop to avoid allocation)
 * @returns `result`, filled
 * @throws PoolMathError when the contract would revert.
 * @example
 * computeSwapStep(2n ** 96n, 79623317895830914510487008059n, 2n * 10n ** 18n, 10n ** 18n, 600)
 * // { sqrtRatioNextX96: 79623317895830914510487008059n, amountIn: 9975124224178055n, feeAmount: 5988667735148n, … }
 */
export function computeSwapStep(
  sqrtRatioCurrentX96: bigint,
  sqrtRatioTargetX96: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feePips: number,
  result: SwapStepResult = { sqrtRatioNextX96: 0n, amountIn: 0n, amountOut: 0n, feeAmount: 0n },
): SwapStepResult {
  const fee = BigInt(feePips)
  const zeroForOne = sqrtRatioCurrentX96 >= sqrtRatioTargetX96
  const exactIn = amountRemaining >= 0n
  let sqrtRatioNextX96: bigint
  let amountIn = 0n
  let amountOut = 0n

  if (exactIn) {
    const amountRemainingLessFee = mulDiv(amountRemaining, PIPS - fee, PIPS)
    amountIn = zeroForOne
      ? getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
      : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true)
    sqrtRatioNextX96 =
      amountRemainingLessFee >= amountIn
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne)
  } else {
    amountOut = zeroForOne
      ? getAmount1Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, false)
      : getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, false)
    sqrtRatioNextX96 =
      -amountRemaining >= amountOut
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromOutput(sqrtRatioCurrentX96, liquidity, -amountRemaining, zeroForOne)
  }

  const reachedTarget = sqrtRatioTargetX96 === sqrtRatioNextX96
  // Recompute whichever amount the branch above did not fix, over the range actually travelled.
  if (zeroForOne) {
    if (!(reachedTarget && exactIn)) amountIn = getAmount0Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, true)
    if (!(reachedTarget && !exactIn))
      amountOut = getAmount1Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, false)
  } else {
    if (!(reachedTarget && exactIn)) amountIn = getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, true)
    if (!(reachedTarget && !exactIn))
      amountOut = getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, false)
  }

  // The output can never exceed what an exact-output swap asked for.
  if (!exactIn && amountOut > -amountRemaining) amountOut = -amountRemaining

  // An exact input that stops short of the target leaves its whole remainder to the pool as fee.
  result.feeAmount =
    exactIn && sqrtRatioNextX96 !== sqrtRatioTargetX96
      ? amountRemaining - amountIn
      : mulDivRoundingUp(amountIn, fee, PIPS - fee)
  result.sqrtRatioNextX96 = sqrtRatioNextX96
  result.amountIn = amountIn
  result.amountOut = amountOut
  return result
}
