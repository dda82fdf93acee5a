/**
 * v3-core's test helper `encodePriceSqrt(reserve1, reserve0)` (test/shared/utilities.ts), reproduced exactly:
 * bignumber.js divides and takes the square root at 20 decimal places (ROUND_HALF_UP), multiplies by 2^96 and
 * floors. Needed to feed v3-core's published SwapMath/SqrtPriceMath expectations the same prices.
 */
const SCALE = 10n ** 20n

export function encodePriceSqrt(reserve1: bigint, reserve0: bigint): bigint {
  const quotient = roundHalfUpDiv(reserve1 * SCALE, reserve0) // reserve1/reserve0 at 20 decimals
  const radicand = quotient * SCALE // sqrt(quotient / 1e20) × 1e20 = sqrt(quotient × 1e20)
  const root = isqrt(radicand)
  const sqrt20 = radicand - root * root > root ? root + 1n : root // round half up
  return (sqrt20 << 96n) / SCALE
}

/** floor(sqrt(value)) for value ≥ 0, by Newton's method. */
export function isqrt(value: bigint): bigint {
  if (value < 2n) return value
  let x = value
  let y = (x + 1n) / 2n
  while (y < x) {
    x = y
    y = (x + value / x) / 2n
  }
  return x
}

function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator)
}
