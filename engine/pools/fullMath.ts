/**
 * 512-bit-exact multiply-then-divide, as v3-core `libraries/FullMath.sol` and `libraries/UnsafeMath.sol`: the
 * rounding of `engine/math/integer.ts` with the Solidity range checks.
 *
 * `bigint` has no 256-bit limit, so the product is exact; what remains of the Solidity semantics is the range
 * check: a result that does not fit in a uint256 reverts there, and throws `PoolMathError` here.
 */
import { divRoundingUp as ceilDiv } from '../math/integer.js'
import { PoolMathError } from './poolMathError.js'

/** 2^96: the Q64.96 scale of `sqrtPriceX96` (FixedPoint96.Q96). */
export const Q96 = 1n << 96n
/** Largest uint128 (the type of V3 liquidity). */
export const MAX_UINT128 = (1n << 128n) - 1n
/** Largest uint160 (the type of V3 sqrt prices). */
export const MAX_UINT160 = (1n << 160n) - 1n
/** Largest uint256. */
export const MAX_UINT256 = (1n << 256n) - 1n

/**
 * `floor(a × b / denominator)` for uint256 inputs (FullMath.mulDiv). Rounds down.
 *
 * @throws PoolMathError when `denominator` is 0 or the result does not fit in a uint256.
 * @example
 * mulDiv(10n, 10n, 3n) // 33n
 */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new PoolMathError({ operation: 'mulDiv', reason: 'division by zero' })
  const result = (a * b) / denominator
  if (result > MAX_UINT256) throw new PoolMathError({ operation: 'mulDiv', reason: 'result overflows uint256' })
  return result
}

/**
 * `ceil(a × b / denominator)` for uint256 inputs (FullMath.mulDivRoundingUp). Rounds up.
 *
 * @throws PoolMathError when `denominator` is 0 or the result does not fit in a uint256.
 * @example
 * mulDivRoundingUp(10n, 10n, 3n) // 34n
 */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new PoolMathError({ operation: 'mulDivRoundingUp', reason: 'division by zero' })
  const result = ceilDiv(a * b, denominator)
  if (result > MAX_UINT256) {
    throw new PoolMathError({ operation: 'mulDivRoundingUp', reason: 'result overflows uint256' })
  }
  return result
}

/**
 * `ceil(x / y)` for uint256 inputs (UnsafeMath.divRoundingUp). Rounds up.
 *
 * The Solidity version answers 0 for `y = 0`; every v3-core caller has already required `y > 0`, so a zero here is
 * a bug and throws.
 *
 * @throws PoolMathError when `y` is 0.
 * @example
 * divRoundingUp(7n, 2n) // 4n
 */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  if (y === 0n) throw new PoolMathError({ operation: 'divRoundingUp', reason: 'division by zero' })
  return ceilDiv(x, y)
}
