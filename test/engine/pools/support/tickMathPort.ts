/**
 * TickMath.getTickAtSqrtRatio as the contract computes it (v3-core `libraries/TickMath.sol`): the most significant
 * bit, 14 fractional bits of log2 by repeated squaring, the log base sqrt(1.0001) and its two error bounds, then one
 * getSqrtRatioAtTick to choose between the two candidates. A slow, literal reference for the engine's version.
 */
import { getSqrtRatioAtTick } from '../../../../engine/pools/tickMath.js'

const LOG_SQRT_10001_FACTOR = 255738958999603826347141n
const TICK_LOW_ERROR = 3402992956809132418596140100660247210n
const TICK_HIGH_ERROR = 291339464771989622907027621153398088495n

export function getTickAtSqrtRatioPort(sqrtPriceX96: bigint): number {
  const ratio = sqrtPriceX96 << 32n
  let msb = 0
  let r = ratio
  for (const bits of [128, 64, 32, 16, 8, 4, 2, 1]) {
    if (r >= 1n << BigInt(bits)) {
      r >>= BigInt(bits)
      msb += bits
    }
  }
  r = msb >= 128 ? ratio >> BigInt(msb - 127) : ratio << BigInt(127 - msb)
  let log2 = BigInt(msb - 128) << 64n
  for (let shift = 63n; shift >= 50n; shift--) {
    r = (r * r) >> 127n
    const f = r >> 128n
    log2 |= f << shift
    r >>= f
  }
  const logSqrt10001 = log2 * LOG_SQRT_10001_FACTOR
  const tickLow = Number((logSqrt10001 - TICK_LOW_ERROR) >> 128n)
  const tickHigh = Number((logSqrt10001 + TICK_HIGH_ERROR) >> 128n)
  if (tickLow === tickHigh) return tickLow
  return getSqrtRatioAtTick(tickHigh) <= sqrtPriceX96 ? tickHigh : tickLow
}
