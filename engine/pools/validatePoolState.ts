/**
 * Consistency checks on a loaded pool, so that the math never runs on a state no real pool could be in. Each kind's
 * rules live in its module (`constantProductKind.ts`, `concentratedKind.ts`, `stableswapKind.ts`, `raydiumCpmmKind.ts`,
 * `whirlpoolKind.ts`).
 */
import type { Pool } from '../graph/types.js'
import { poolKindOf } from './registry.js'

/**
 * Why a pool's state is inconsistent, or `undefined` when it is fine. Checks reserves/balances are positive, fees
 * and parameters are in the contracts' ranges, and for V3 that `tick` matches `sqrtPriceX96`, ticks are sorted,
 * unique, multiples of `tickSpacing` and in range, `liquidity` equals the sum of `liquidityNet` at or below `tick`,
 * the sum of all `liquidityNet` is 0 and liquidity never goes negative.
 *
 * @param pool - a loaded pool.
 * @returns a short reason, or `undefined`
 * @example
 * validatePoolState(pool) // undefined, or e.g. 'reserve1 must be positive'
 */
export function validatePoolState(pool: Pool): string | undefined {
  return poolKindOf(pool).validate(pool)
}
