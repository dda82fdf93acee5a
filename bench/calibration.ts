/**
 * The calibration task of `bench:check`: fixed, deterministic CPU work of the same character as a quote — bigint
 * multiply/divide chains on Q96-sized numbers (as in V3 swap steps) and small short-lived objects — so that a
 * slower or busier machine slows it about as much as it slows quotes. Guarded figures are divided by it.
 */

const Q96 = 1n << 96n

/** One step's worth of state, allocated like the engine's per-hop results. */
interface CalibrationStep {
  readonly sqrtPriceX96: bigint
  readonly amount: bigint
}

/**
 * Walks a price down 24 steps of a virtual pool: per step two full-width multiplications, two divisions (one
 * rounded up), a shift and an allocation; returns a checksum so the work cannot be optimised away.
 */
export function calibrationWork(): bigint {
  let sqrtPriceX96 = 79_228_162_514_264_337_593_543_950_336n * 3n
  const steps: CalibrationStep[] = []
  for (let i = 1n; i <= 24n; i++) {
    const liquidity = 10n ** 21n + i * 1_234_567_891n
    const product = sqrtPriceX96 * (10n ** 15n * i)
    const next = (liquidity * Q96 * sqrtPriceX96 + (liquidity * Q96 + product) - 1n) / (liquidity * Q96 + product)
    const amount = (liquidity * (sqrtPriceX96 - next)) / Q96
    steps.push({ sqrtPriceX96: next, amount: amount >> 3n })
    sqrtPriceX96 = next
  }
  let checksum = 0n
  for (const step of steps) checksum = (checksum * 31n + step.amount + (step.sqrtPriceX96 & 0xffffn)) % 1_000_000_007n
  return checksum
}

/** What `calibrationWork` returns: checked once before timing, like every benchmarked result. */
export const CALIBRATION_CHECKSUM = 213_826_573n
