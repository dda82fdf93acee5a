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
/** 2^96 as a float (exact: a power of two). */
const Q96_FLOAT = 2 ** 96
/**
 * Relative margin of the float estimate in `isShortOfTarget`: the estimate carries at most 8 roundings of 2^-53 each
 * (< 1e-15 together); 1e-12 is three orders of magnitude wider.
 */
const FLOAT_MARGIN = 1e-12
/** Liquidity (as a float) up to which the exact amount to the target provably fits in a uint256 (see below). */
const MAX_FAST_LIQUIDITY = 2 ** 150
/** Price distance (as a float) up to which the same holds for a token1 input. */
const MAX_FAST_PRICE_DISTANCE = 2 ** 160

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

  // Exact input known to stop short of the target: the amount to the target (which the contract compares with the
  // input and then discards) is not computed; every amount below is.
  let isAmountInToTargetSkipped = false
  if (exactIn) {
    const amountRemainingLessFee = mulDiv(amountRemaining, PIPS - fee, PIPS)
    if (isShortOfTarget(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, amountRemainingLessFee, zeroForOne)) {
      isAmountInToTargetSkipped = true
      sqrtRatioNextX96 = getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne)
    } else {
      amountIn = zeroForOne
        ? getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
        : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true)
      sqrtRatioNextX96 =
        amountRemainingLessFee >= amountIn
          ? sqrtRatioTargetX96
          : getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne)
    }
  } else {
    amountOut = zeroForOne
      ? getAmount1Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, false)
      : getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, false)
    sqrtRatioNextX96 =
      -amountRemaining >= amountOut
        ? sqrtRatioTargetX96
        : getNextSqrtPriceFromOutput(sqrtRatioCurrentX96, liquidity, -amountRemaining, zeroForOne)
  }

  // A short input cannot reach the target (the next price rounds toward the start: see `isShortOfTarget`); were it
  // ever to, the input to the target is computed below from the same arguments as the branch above would have.
  const reachedTarget = sqrtRatioTargetX96 === sqrtRatioNextX96
  const isAmountInFixed = reachedTarget && exactIn && !isAmountInToTargetSkipped
  // Recompute whichever amount the branch above did not fix, over the range actually travelled.
  if (zeroForOne) {
    if (!isAmountInFixed) amountIn = getAmount0Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, true)
    if (!(reachedTarget && !exactIn))
      amountOut = getAmount1Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, false)
  } else {
    if (!isAmountInFixed) amountIn = getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, true)
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

/**
 * Whether an exact input after fee provably stays below the input that moves the price to the target, decided in
 * floating point: then the contract's comparison takes the `getNextSqrtPriceFromInput` branch, and the input to the
 * target need not be computed. `false` means "not proven" (the exact comparison runs), never "reaches the target".
 *
 * Why a `true` is exact. The contract's input to the target is the real-number `L·2^96·(P − T)/(P·T)` (token0 in)
 * or `L·(T − P)/2^96` (token1 in) rounded up, so at least the real number. The estimate computes that real number
 * from the exact bigint difference with at most 8 float roundings (4 conversions, 4 operations; no cancellation,
 * no overflow below 2^1024, no subnormal: every factor is ≥ 1 or a price ≤ 2^160), so it is within 1e-15 of it;
 * the input's conversion is within 2^-53 of the input. An input below the estimate less `FLOAT_MARGIN` is therefore
 * below the real number, hence below the contract's rounded-up one. And since it is below the real number, the next
 * price (rounded toward the start price) stops strictly short of the target.
 *
 * The guards keep the exact path wherever it could throw where this one would not: a zero or negative price or
 * liquidity, and (far beyond uint128 / uint160 inputs) an amount to the target that would overflow uint256.
 */
function isShortOfTarget(
  sqrtRatioCurrentX96: bigint,
  sqrtRatioTargetX96: bigint,
  liquidity: bigint,
  amountRemainingLessFee: bigint,
  zeroForOne: boolean,
): boolean {
  const liquidityFloat = Number(liquidity)
  if (!(liquidityFloat > 0 && liquidityFloat < MAX_FAST_LIQUIDITY)) return false
  let estimate: number
  if (zeroForOne) {
    if (sqrtRatioTargetX96 <= 0n) return false
    const distance = Number(sqrtRatioCurrentX96 - sqrtRatioTargetX96)
    estimate = (((liquidityFloat * Q96_FLOAT) / Number(sqrtRatioCurrentX96)) * distance) / Number(sqrtRatioTargetX96)
  } else {
    if (sqrtRatioCurrentX96 <= 0n) return false
    const distance = Number(sqrtRatioTargetX96 - sqrtRatioCurrentX96)
    if (!(distance < MAX_FAST_PRICE_DISTANCE)) return false
    estimate = (liquidityFloat * distance) / Q96_FLOAT
  }
  return Number(amountRemainingLessFee) < estimate * (1 - FLOAT_MARGIN)
}
