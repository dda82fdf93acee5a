/**
 * Pool math the router uses, for any pool: the arguments are checked here, then the pool's kind module
 * (`registry.ts`) does the math. Indices are positions in `pool.tokens`. Amount functions answer `undefined` when
 * the pool cannot fill the amount; they never throw for it.
 */
import type { Pool } from '../graph/types.js'
import { poolKindOf } from './registry.js'

export { validatePoolState } from './validatePoolState.js'

/**
 * Exact output of a swap through `pool`, rounded against the trader (down).
 *
 * @param pool a loaded, validated pool
 * @param tokenInIndex position of the input token in `pool.tokens`
 * @param tokenOutIndex position of the output token (≠ input)
 * @param amountIn smallest units of the input token, ≥ 0
 * @returns smallest units of the output token; 0 for 0 in; `undefined` when the pool cannot take the whole input
 * @throws RangeError for indices that do not name two different tokens of the pool, or a negative amount.
 * @example
 * poolAmountOut(pool, 0, 1, 1_000_000n)
 */
export function poolAmountOut(
  pool: Pool,
  tokenInIndex: number,
  tokenOutIndex: number,
  amountIn: bigint,
): bigint | undefined {
  checkArguments(pool, tokenInIndex, tokenOutIndex, amountIn)
  return poolKindOf(pool).amountOut(pool, tokenInIndex, tokenOutIndex, amountIn)
}

/**
 * Smallest input that makes `pool` pay at least `amountOut`, rounded against the trader (up).
 *
 * @param pool a loaded, validated pool
 * @param tokenInIndex position of the input token in `pool.tokens`
 * @param tokenOutIndex position of the output token (≠ input)
 * @param amountOut wanted smallest units of the output token, ≥ 0
 * @returns smallest units of the input token; 0 for 0 out; `undefined` when the pool cannot deliver `amountOut`
 * @throws RangeError for indices that do not name two different tokens of the pool, or a negative amount.
 * @example
 * poolAmountIn(pool, 0, 1, 1_000_000n)
 */
export function poolAmountIn(
  pool: Pool,
  tokenInIndex: number,
  tokenOutIndex: number,
  amountOut: bigint,
): bigint | undefined {
  checkArguments(pool, tokenInIndex, tokenOutIndex, amountOut)
  return poolKindOf(pool).amountIn(pool, tokenInIndex, tokenOutIndex, amountOut)
}

/**
 * Marginal price at the current state: smallest units of out per smallest unit of in, BEFORE fee (a number, for
 * ranking and price impact only). The exact output of any amount is at most `amount × mid × (1 − fee)` (Curve: up
 * to one unit of rounding), so the router may use it as an upper bound.
 *
 * @throws RangeError for indices that do not name two different tokens of the pool.
 * @example
 * poolMidPrice(pool, 0, 1) // 2 for a V2 pool with reserves 100 (token0) and 200 (token1)
 */
export function poolMidPrice(pool: Pool, tokenInIndex: number, tokenOutIndex: number): number {
  checkArguments(pool, tokenInIndex, tokenOutIndex, 0n)
  return poolKindOf(pool).midPrice(pool, tokenInIndex, tokenOutIndex)
}

/**
 * The pool kind's float upper bound of the output as a function of the input (fee included), tighter than the mid
 * price's, or `undefined` when the kind has none (`PoolKindModule.outputBound`). For ranking only.
 *
 * @throws RangeError for indices that do not name two different tokens of the pool.
 * @example
 * poolOutputBound(pool, 0, 1)?.(1e6) // ≥ Number(poolAmountOut(pool, 0, 1, 1_000_000n))
 */
export function poolOutputBound(
  pool: Pool,
  tokenInIndex: number,
  tokenOutIndex: number,
): ((amountIn: number) => number) | undefined {
  checkArguments(pool, tokenInIndex, tokenOutIndex, 0n)
  return poolKindOf(pool).outputBound?.(pool, tokenInIndex, tokenOutIndex)
}

/**
 * Fee as a fraction of the input: 0.003 for 30 bps, 0.0005 for 500 pips, Curve `fee / 1e10`.
 *
 * @example
 * poolFeeFraction(uniswapV2Pool) // 0.003
 */
export function poolFeeFraction(pool: Pool): number {
  return poolKindOf(pool).feeFraction(pool)
}

/**
 * Fee in pips (hundredths of a bp), the unit of a route step's `feePips`: 3000 for 30 bps; Curve's 1e10 units
 * truncated to whole pips.
 *
 * @example
 * poolFeePips(uniswapV2Pool) // 3000
 */
export function poolFeePips(pool: Pool): number {
  return poolKindOf(pool).feePips(pool)
}

/**
 * USD value of a pool's smallest side at its current state (virtual reserves for V3): how the router ranks pools
 * to keep. A float: for ranking only.
 *
 * @param pool a loaded pool
 * @param usdPerUnit USD per smallest unit of each token, in pool order
 * @example
 * poolDepthUsd(pool, [1e-6, 1e-6]) // 2e6 for a USDC/USDT pair with 2M of each
 */
export function poolDepthUsd(pool: Pool, usdPerUnit: readonly number[]): number {
  return poolKindOf(pool).depthUsd(pool, usdPerUnit)
}

function checkArguments(pool: Pool, tokenInIndex: number, tokenOutIndex: number, amount: bigint): void {
  const coins = pool.tokens.length
  const isInIndex = Number.isInteger(tokenInIndex) && tokenInIndex >= 0 && tokenInIndex < coins
  const isOutIndex = Number.isInteger(tokenOutIndex) && tokenOutIndex >= 0 && tokenOutIndex < coins
  if (!isInIndex || !isOutIndex || tokenInIndex === tokenOutIndex) {
    throw new RangeError(`token indices ${tokenInIndex} → ${tokenOutIndex} do not name two tokens of pool ${pool.id}`)
  }
  if (amount < 0n) throw new RangeError(`negative amount ${amount} for pool ${pool.id}`)
}
