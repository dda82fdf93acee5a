/**
 * Token amounts between two sqrt prices and the next sqrt price after an amount, bit-exact with v3-core
 * `libraries/SqrtPriceMath.sol`. Each function rounds the way the pool needs it: amounts the trader pays round up,
 * amounts the trader receives round down, prices move by at most the amount paid.
 */
import { divRoundingUp as ceilDiv } from '../math/integer.js'
import { MAX_UINT128, MAX_UINT160, MAX_UINT256, Q96, divRoundingUp, mulDiv, mulDivRoundingUp } from './fullMath.js'
import { PoolMathError } from './poolMathError.js'

/**
 * Token0 between two sqrt prices for `liquidity`: L·2^96·(√B − √A) / (√B·√A) (SqrtPriceMath.getAmount0Delta).
 *
 * @param sqrtRatioAX96 one bound, Q64.96 (order does not matter)
 * @param sqrtRatioBX96 the other bound, Q64.96
 * @param liquidity uint128
 * @param roundUp round up (an amount paid in) or down (an amount paid out)
 * @returns token0 smallest units
 * @throws PoolMathError when the lower price is 0 or a result overflows uint256.
 * @example
 * getAmount0Delta(2n ** 96n, 87150978765690771352898345369n, 10n ** 18n, true)
 */
export function getAmount0Delta(
  sqrtRatioAX96: bigint,
  sqrtRatioBX96: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint {
  const lower = sqrtRatioAX96 < sqrtRatioBX96 ? sqrtRatioAX96 : sqrtRatioBX96
  const upper = sqrtRatioAX96 < sqrtRatioBX96 ? sqrtRatioBX96 : sqrtRatioAX96
  if (lower <= 0n) throw new PoolMathError({ operation: 'getAmount0Delta', reason: 'sqrt price is zero' })
  const numerator1 = liquidity << 96n
  const numerator2 = upper - lower
  // The contract divides by √B, then by √A, to stay within 256 bits; with bigint one division by √B·√A gives the
  // same integer (⌊⌊a/b⌋/c⌋ = ⌊a/(b·c)⌋ and ⌈⌈a/b⌉/c⌉ = ⌈a/(b·c)⌉ for a ≥ 0, b, c > 0), one division fewer. The
  // contract's first quotient is at most L·2^96 (√B − √A < √B), so for a uint128 liquidity it never overflows
  // uint256: nothing there could revert. Larger liquidity keeps the contract's two steps and their range checks.
  if (liquidity <= MAX_UINT128) {
    const numerator = numerator1 * numerator2
    const denominator = upper * lower
    return roundUp ? ceilDiv(numerator, denominator) : numerator / denominator
  }
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, upper), lower)
    : mulDiv(numerator1, numerator2, upper) / lower
}

/**
 * Token1 between two sqrt prices for `liquidity`: L·(√B − √A) / 2^96 (SqrtPriceMath.getAmount1Delta).
 *
 * @param sqrtRatioAX96 one bound, Q64.96 (order does not matter)
 * @param sqrtRatioBX96 the other bound, Q64.96
 * @param liquidity uint128
 * @param roundUp round up (an amount paid in) or down (an amount paid out)
 * @returns token1 smallest units
 * @example
 * getAmount1Delta(2n ** 96n, 87150978765690771352898345369n, 10n ** 18n, true)
 */
export function getAmount1Delta(
  sqrtRatioAX96: bigint,
  sqrtRatioBX96: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint {
  const difference = sqrtRatioAX96 > sqrtRatioBX96 ? sqrtRatioAX96 - sqrtRatioBX96 : sqrtRatioBX96 - sqrtRatioAX96
  return roundUp ? mulDivRoundingUp(liquidity, difference, Q96) : mulDiv(liquidity, difference, Q96)
}

/**
 * Sqrt price after adding (`add`) or removing token0, rounded **up** so the price never moves further than the
 * amount pays for (SqrtPriceMath.getNextSqrtPriceFromAmount0RoundingUp, including its uint256-overflow fallback).
 *
 * @param sqrtPX96 starting sqrt price, Q64.96
 * @param liquidity uint128
 * @param amount token0 smallest units
 * @param add true when token0 enters the pool
 * @returns the new sqrt price, Q64.96
 * @throws PoolMathError when removing at least the virtual reserve of token0, or on overflow.
 * @example
 * getNextSqrtPriceFromAmount0RoundingUp(2n ** 96n, 10n ** 18n, 10n ** 17n, true) // 72025602285694852357767227579n
 */
export function getNextSqrtPriceFromAmount0RoundingUp(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (amount === 0n) return sqrtPX96
  const numerator1 = liquidity << 96n
  const product = amount * sqrtPX96
  if (add) {
    // The contract takes the precise path only when neither amount·√P nor the denominator overflows uint256.
    if (product <= MAX_UINT256) {
      const denominator = numerator1 + product
      if (denominator <= MAX_UINT256) return mulDivRoundingUp(numerator1, sqrtPX96, denominator)
    }
    const sum = numerator1 / sqrtPX96 + amount
    if (sum > MAX_UINT256)
      throw new PoolMathError({ operation: 'getNextSqrtPriceFromAmount0RoundingUp', reason: 'overflow' })
    return divRoundingUp(numerator1, sum)
  }
  if (product > MAX_UINT256 || numerator1 <= product) {
    throw new PoolMathError({
      operation: 'getNextSqrtPriceFromAmount0RoundingUp',
      reason: 'amount exceeds virtual reserve',
    })
  }
  return toUint160(
    mulDivRoundingUp(numerator1, sqrtPX96, numerator1 - product),
    'getNextSqrtPriceFromAmount0RoundingUp',
  )
}

/**
 * Sqrt price after adding (`add`) or removing token1, rounded **down** so the price never moves further than the
 * amount pays for (SqrtPriceMath.getNextSqrtPriceFromAmount1RoundingDown).
 *
 * @param sqrtPX96 starting sqrt price, Q64.96
 * @param liquidity uint128, > 0
 * @param amount token1 smallest units
 * @param add true when token1 enters the pool
 * @returns the new sqrt price, Q64.96
 * @throws PoolMathError when removing at least the virtual reserve of token1, or on overflow.
 * @example
 * getNextSqrtPriceFromAmount1RoundingDown(2n ** 96n, 10n ** 18n, 10n ** 17n, true) // 87150978765690771352898345369n
 */
export function getNextSqrtPriceFromAmount1RoundingDown(
  sqrtPX96: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  const operation = 'getNextSqrtPriceFromAmount1RoundingDown'
  if (add) {
    // Both of the contract's branches compute floor(amount·2^96 / L); only the mulDiv one can overflow.
    const quotient = mulDiv(amount, Q96, liquidity)
    return toUint160(sqrtPX96 + quotient, operation)
  }
  const quotient = mulDivRoundingUp(amount, Q96, liquidity)
  if (sqrtPX96 <= quotient) throw new PoolMathError({ operation, reason: 'amount exceeds virtual reserve' })
  return sqrtPX96 - quotient
}

/**
 * Sqrt price after `amountIn` of the input token enters (SqrtPriceMath.getNextSqrtPriceFromInput). Rounds so the
 * price does not pass the target price the amount pays for.
 *
 * @param sqrtPX96 starting sqrt price, Q64.96, > 0
 * @param liquidity uint128, > 0
 * @param amountIn input token smallest units (after fee)
 * @param zeroForOne true when token0 is the input
 * @returns the new sqrt price, Q64.96
 * @throws PoolMathError on zero price or liquidity, or overflow.
 * @example
 * getNextSqrtPriceFromInput(2n ** 96n, 10n ** 18n, 10n ** 17n, false) // 87150978765690771352898345369n
 */
export function getNextSqrtPriceFromInput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountIn: bigint,
  zeroForOne: boolean,
): bigint {
  requirePositive(sqrtPX96, liquidity, 'getNextSqrtPriceFromInput')
  return zeroForOne
    ? getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountIn, true)
    : getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountIn, true)
}

/**
 * Sqrt price after `amountOut` of the output token leaves (SqrtPriceMath.getNextSqrtPriceFromOutput). Rounds so
 * the price moves at least as far as the amount requires.
 *
 * @param sqrtPX96 starting sqrt price, Q64.96, > 0
 * @param liquidity uint128, > 0
 * @param amountOut output token smallest units
 * @param zeroForOne true when token0 is the input (token1 leaves)
 * @returns the new sqrt price, Q64.96
 * @throws PoolMathError when the output reaches the virtual reserve, on zero price or liquidity, or on overflow.
 * @example
 * getNextSqrtPriceFromOutput(2n ** 96n, 10n ** 18n, 10n ** 17n, true) // 71305346262837903834189555302n
 */
export function getNextSqrtPriceFromOutput(
  sqrtPX96: bigint,
  liquidity: bigint,
  amountOut: bigint,
  zeroForOne: boolean,
): bigint {
  requirePositive(sqrtPX96, liquidity, 'getNextSqrtPriceFromOutput')
  return zeroForOne
    ? getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountOut, false)
    : getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountOut, false)
}

function requirePositive(sqrtPX96: bigint, liquidity: bigint, operation: string): void {
  if (sqrtPX96 <= 0n || liquidity <= 0n) throw new PoolMathError({ operation, reason: 'zero price or liquidity' })
}

// SafeCast.toUint160: revert instead of truncating.
function toUint160(value: bigint, operation: string): bigint {
  if (value > MAX_UINT160) throw new PoolMathError({ operation, reason: 'result overflows uint160' })
  return value
}
