/**
 * The engine's one home of integer rounding: every division that must not round down says so by calling
 * `divRoundingUp` or `mulDivRoundingUp`; a plain `/` on bigints rounds toward zero, which for the non-negative
 * amounts of the engine is down. Pools, fees, slippage bounds, bridge lanes and calldata all use these, so the
 * direction of each rounding (always against the trader) is visible at the call site.
 *
 * These are exact and unbounded (`bigint`); `engine/pools/fullMath.ts` wraps them with the uint256 range checks
 * of the Solidity libraries the pool math mirrors.
 */

/**
 * `ceil(x / y)` for `y > 0`: the smallest integer not below the exact quotient.
 *
 * @param x - the dividend (amounts are ≥ 0; a negative `x` is still rounded up, toward +∞).
 * @param y - the divisor, > 0.
 * @returns the quotient rounded up.
 * @throws RangeError when `y` is not positive (a bug: every divisor here is a positive constant or reserve).
 * @example
 * divRoundingUp(7n, 2n) // 4n
 * divRoundingUp(8n, 2n) // 4n
 */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  if (y <= 0n) throw new RangeError(`divRoundingUp: divisor ${y} must be positive`)
  const quotient = x / y
  // `/` truncates toward zero: already the ceiling for x ≤ 0, one short for a positive inexact quotient.
  return x > 0n && quotient * y !== x ? quotient + 1n : quotient
}

/**
 * `floor(a × b / denominator)` for non-negative `a`, `b` and a positive `denominator`, exact (no intermediate
 * overflow: `bigint` holds the whole product).
 *
 * @param a - a factor, ≥ 0.
 * @param b - a factor, ≥ 0.
 * @param denominator - > 0.
 * @returns the quotient rounded down.
 * @throws RangeError when `denominator` is not positive.
 * @example
 * mulDiv(10n, 10n, 3n) // 33n
 */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`mulDiv: denominator ${denominator} must be positive`)
  return (a * b) / denominator
}

/**
 * `ceil(a × b / denominator)` for non-negative `a`, `b` and a positive `denominator`, exact.
 *
 * @param a - a factor, ≥ 0.
 * @param b - a factor, ≥ 0.
 * @param denominator - > 0.
 * @returns the quotient rounded up.
 * @throws RangeError when `denominator` is not positive.
 * @example
 * mulDivRoundingUp(10n, 10n, 3n) // 34n
 */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`mulDivRoundingUp: denominator ${denominator} must be positive`)
  return divRoundingUp(a * b, denominator)
}
