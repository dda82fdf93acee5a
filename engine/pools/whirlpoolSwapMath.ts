/**
 * One Whirlpool swap step and the token math under it, bit-exact with orca-so/whirlpools
 * `programs/whirlpool/src/math/{token_math,swap_math}.rs`. Where it differs from Uniswap V3's SqrtPriceMath and
 * SwapMath (the reason this is not the `concentrated` kind):
 *
 * - prices are Q64.64 and amounts u64;
 * - `get_amount_delta_a` divides once, `L·Δ√P·2^64 / (√P_upper·√P_lower)`, rounding the single quotient (V3 rounds
 *   twice), and `get_amount_delta_b` is `L·Δ√P >> 64` with u128 overflow checks;
 * - an exact-input step that does not reach its target pays as fee `amount_remaining − amount_in` (rounding of
 *   the fee-less amount goes to the fee); a step that does pays `ceil(amount_in × fee / (1e6 − fee))`.
 *
 * The functions throw `PoolMathError` where the program returns an error; the swap loop turns that into
 * "cannot fill".
 */
import { divRoundingUp, mulDiv, mulDivRoundingUp } from '../math/integer.js'
import { PoolMathError } from './poolMathError.js'
import { WHIRLPOOL_MAX_SQRT_PRICE_X64, WHIRLPOOL_MIN_SQRT_PRICE_X64 } from './whirlpoolTickMath.js'

/** The fee denominator (`FEE_RATE_MUL_VALUE`): fee rates are hundredths of a bp, i.e. pips. */
const FEE_RATE_MUL_VALUE = 1_000_000n
const MAX_U64 = (1n << 64n) - 1n
const MAX_U128 = (1n << 128n) - 1n
const Q64_MASK = (1n << 64n) - 1n
// A U256 shifted left by one 64-bit word must have had an empty top word (`checked_shift_word_left`).
const LIMIT_BEFORE_WORD_SHIFT = 1n << 192n

const fail = (operation: string, reason: string): never => {
  throw new PoolMathError({ operation, reason })
}

/**
 * Token A between two sqrt prices (`try_get_amount_delta_a`): `L·(√B − √A)·2^64 / (√B·√A)`, one division, rounded
 * up on request.
 *
 * @returns the amount, or `undefined` when it exceeds u64 (`AmountDeltaU64::ExceedsMax`)
 * @throws PoolMathError when `L·Δ√P` is 2^192 or more (`MultiplicationOverflow`).
 * @example
 * whirlpoolAmountDeltaA(4n << 64n, 2n << 64n, 4n, true) // 1n (token_math.rs test_get_amount_delta_ok)
 */
export function whirlpoolAmountDeltaA(
  sqrtPrice0X64: bigint,
  sqrtPrice1X64: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint | undefined {
  const [lower, upper] = sqrtPrice0X64 < sqrtPrice1X64 ? [sqrtPrice0X64, sqrtPrice1X64] : [sqrtPrice1X64, sqrtPrice0X64]
  const product = liquidity * (upper - lower)
  if (product >= LIMIT_BEFORE_WORD_SHIFT) fail('get_amount_delta_a', 'MultiplicationOverflow')
  const numerator = product << 64n
  const denominator = upper * lower
  if (denominator === 0n) return product === 0n ? 0n : fail('get_amount_delta_a', 'divide by zero')
  const quotient = roundUp ? divRoundingUp(numerator, denominator) : numerator / denominator
  return quotient > MAX_U64 ? undefined : quotient
}

/**
 * Token B between two sqrt prices (`try_get_amount_delta_b`): `L·(√B − √A) >> 64`, rounded up on request.
 *
 * @returns the amount, or `undefined` when it exceeds u64 (the u128 product overflows, or rounding up passes u64)
 * @example
 * whirlpoolAmountDeltaB(4n << 64n, 2n << 64n, 4n, true) // 8n (token_math.rs test_get_amount_delta_ok)
 */
export function whirlpoolAmountDeltaB(
  sqrtPrice0X64: bigint,
  sqrtPrice1X64: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint | undefined {
  const difference = sqrtPrice0X64 > sqrtPrice1X64 ? sqrtPrice0X64 - sqrtPrice1X64 : sqrtPrice1X64 - sqrtPrice0X64
  if (liquidity === 0n || difference === 0n) return 0n
  const product = liquidity * difference
  if (product > MAX_U128) return undefined
  const result = product >> 64n
  const shouldRound = roundUp && (product & Q64_MASK) !== 0n
  if (shouldRound && result === MAX_U64) return undefined
  return shouldRound ? result + 1n : result
}

// `get_amount_delta_a/b`: the same, but exceeding u64 is an error.
function amountDelta(isA: boolean, p0: bigint, p1: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const delta = isA
    ? whirlpoolAmountDeltaA(p0, p1, liquidity, roundUp)
    : whirlpoolAmountDeltaB(p0, p1, liquidity, roundUp)
  return delta ?? fail(isA ? 'get_amount_delta_a' : 'get_amount_delta_b', 'TokenMaxExceeded')
}

/**
 * Sqrt price after adding (`isInput`) or removing `amount` of token A, rounded up
 * (`get_next_sqrt_price_from_a_round_up`): `L·√P·2^64 / (L·2^64 ± √P·amount)`.
 *
 * @throws PoolMathError on the program's errors (overflow, removing all of A, a price outside the tick range).
 * @example
 * whirlpoolNextSqrtPriceFromA(9n << 64n, 1296n, 98n, true) // ceil(1296·2^64 / 242)
 */
export function whirlpoolNextSqrtPriceFromA(
  sqrtPriceX64: bigint,
  liquidity: bigint,
  amount: bigint,
  isInput: boolean,
): bigint {
  if (amount === 0n) return sqrtPriceX64
  const product = sqrtPriceX64 * amount
  const liquidityTimesPrice = liquidity * sqrtPriceX64
  if (liquidityTimesPrice >= LIMIT_BEFORE_WORD_SHIFT)
    fail('get_next_sqrt_price_from_a_round_up', 'MultiplicationOverflow')
  const numerator = liquidityTimesPrice << 64n
  const liquidityX64 = liquidity << 64n
  if (!isInput && liquidityX64 <= product) fail('get_next_sqrt_price_from_a_round_up', 'DivideByZero')
  const denominator = isInput ? liquidityX64 + product : liquidityX64 - product
  const price = divRoundingUp(numerator, denominator)
  if (price > MAX_U128) fail('get_next_sqrt_price_from_a_round_up', 'NumberDownCastError')
  if (price < WHIRLPOOL_MIN_SQRT_PRICE_X64) fail('get_next_sqrt_price_from_a_round_up', 'TokenMinSubceeded')
  if (price > WHIRLPOOL_MAX_SQRT_PRICE_X64) fail('get_next_sqrt_price_from_a_round_up', 'TokenMaxExceeded')
  return price
}

/**
 * Sqrt price after adding (`isInput`) or removing `amount` of token B, rounded down
 * (`get_next_sqrt_price_from_b_round_down`): `√P ± amount·2^64 / L`, the quotient rounded up when removing.
 *
 * @throws PoolMathError on zero liquidity or a price leaving u128.
 * @example
 * whirlpoolNextSqrtPriceFromB(9n << 64n, 1296n, 1960n, true)
 */
export function whirlpoolNextSqrtPriceFromB(
  sqrtPriceX64: bigint,
  liquidity: bigint,
  amount: bigint,
  isInput: boolean,
): bigint {
  if (liquidity === 0n) fail('get_next_sqrt_price_from_b_round_down', 'DivideByZero')
  const amountX64 = amount << 64n
  const delta = isInput ? amountX64 / liquidity : divRoundingUp(amountX64, liquidity)
  const price = isInput ? sqrtPriceX64 + delta : sqrtPriceX64 - delta
  if (price < 0n || price > MAX_U128) fail('get_next_sqrt_price_from_b_round_down', 'SqrtPriceOutOfBounds')
  return price
}

/** What one step did (`SwapStepComputation`); amounts in smallest units. */
export interface WhirlpoolSwapStep {
  /** Input that moved the price, fee excluded. */
  amountIn: bigint
  /** Output paid. */
  amountOut: bigint
  /** Sqrt price after the step, Q64.64. */
  nextSqrtPriceX64: bigint
  /** Fee taken from the input. */
  feeAmount: bigint
}

/**
 * One step from `sqrtPriceCurrentX64` toward `sqrtPriceTargetX64` (`compute_swap`). The fixed side (what the
 * trader specified) is rounded against the trader, the unfixed side too; see the module comment for the fee.
 *
 * @param amountRemaining u64: input still to spend (fee included) or output still wanted
 * @param feePips `fee_rate`, hundredths of a bp
 * @param liquidity in-range liquidity
 * @param isInput exact input (else exact output)
 * @param aToB token A in, B out (price falls)
 * @throws PoolMathError where the program errors.
 * @example
 * computeWhirlpoolSwapStep(100n, 20_000, 1296n, 9n << 64n, 4n << 64n, true, true)
 * // { amountIn: 98n, amountOut: 4723n, feeAmount: 2n, … } (swap_math.rs swap_a_to_b_input)
 */
export function computeWhirlpoolSwapStep(
  amountRemaining: bigint,
  feePips: number,
  liquidity: bigint,
  sqrtPriceCurrentX64: bigint,
  sqrtPriceTargetX64: bigint,
  isInput: boolean,
  aToB: boolean,
): WhirlpoolSwapStep {
  const fee = BigInt(feePips)
  // The fixed token is A when a→b with exact input or b→a with exact output.
  const isFixedA = aToB === isInput
  const current = sqrtPriceCurrentX64
  // `undefined`: the full step needs more than u64 (so it cannot be the whole step).
  const fullFixedDelta = isFixedA
    ? whirlpoolAmountDeltaA(current, sqrtPriceTargetX64, liquidity, isInput)
    : whirlpoolAmountDeltaB(current, sqrtPriceTargetX64, liquidity, isInput)
  const amountCalc = isInput ? mulDiv(amountRemaining, FEE_RATE_MUL_VALUE - fee, FEE_RATE_MUL_VALUE) : amountRemaining

  let next = sqrtPriceTargetX64
  if (fullFixedDelta === undefined || fullFixedDelta > amountCalc) {
    next = isFixedA
      ? whirlpoolNextSqrtPriceFromA(current, liquidity, amountCalc, isInput)
      : whirlpoolNextSqrtPriceFromB(current, liquidity, amountCalc, isInput)
  }
  const isMaxSwap = next === sqrtPriceTargetX64
  const unfixedDelta = amountDelta(!isFixedA, current, next, liquidity, !isInput)
  const fixedDelta =
    !isMaxSwap || fullFixedDelta === undefined
      ? amountDelta(isFixedA, current, next, liquidity, isInput)
      : fullFixedDelta

  const amountIn = isInput ? fixedDelta : unfixedDelta
  let amountOut = isInput ? unfixedDelta : fixedDelta
  if (!isInput && amountOut > amountRemaining) amountOut = amountRemaining
  let feeAmount: bigint
  if (isInput && !isMaxSwap) {
    feeAmount = amountRemaining - amountIn
  } else {
    feeAmount = mulDivRoundingUp(amountIn, fee, FEE_RATE_MUL_VALUE - fee)
    if (feeAmount > MAX_U64) fail('compute_swap', 'NumberDownCastError')
  }
  return { amountIn, amountOut, nextSqrtPriceX64: next, feeAmount }
}
