/**
 * Pool math the router uses: one dispatch over the snapshot's `Pool` union. Indices are positions in
 * `pool.tokens`. Amount functions answer `undefined` when the pool cannot fill the amount; they never throw for it.
 */
import type { Pool } from '../graph/types.js'
import { concentratedAmountIn, concentratedAmountOut, concentratedMidPrice } from './concentrated.js'
import { constantProductMidPrice, getAmountIn, getAmountOut } from './constantProduct.js'
import { stableswapAmountIn, stableswapAmountOut, stableswapMidPrice } from './stableswap.js'

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
export function poolAmountOut(pool: Pool, tokenInIndex: number, tokenOutIndex: number, amountIn: bigint): bigint | undefined {
  checkArguments(pool, tokenInIndex, tokenOutIndex, amountIn)
  switch (pool.kind) {
    case 'constantProduct': {
      const { reserve0, reserve1 } = pool.state
      return tokenInIndex === 0
        ? getAmountOut(amountIn, reserve0, reserve1, pool.feeBps)
        : getAmountOut(amountIn, reserve1, reserve0, pool.feeBps)
    }
    case 'concentrated':
      return concentratedAmountOut(pool, tokenInIndex === 0, amountIn)
    case 'stableswap':
      return stableswapAmountOut(pool, tokenInIndex, tokenOutIndex, amountIn)
  }
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
export function poolAmountIn(pool: Pool, tokenInIndex: number, tokenOutIndex: number, amountOut: bigint): bigint | undefined {
  checkArguments(pool, tokenInIndex, tokenOutIndex, amountOut)
  switch (pool.kind) {
    case 'constantProduct': {
      const { reserve0, reserve1 } = pool.state
      return tokenInIndex === 0
        ? getAmountIn(amountOut, reserve0, reserve1, pool.feeBps)
        : getAmountIn(amountOut, reserve1, reserve0, pool.feeBps)
    }
    case 'concentrated':
      return concentratedAmountIn(pool, tokenInIndex === 0, amountOut)
    case 'stableswap':
      return stableswapAmountIn(pool, tokenInIndex, tokenOutIndex, amountOut)
  }
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
  switch (pool.kind) {
    case 'constantProduct': {
      const { reserve0, reserve1 } = pool.state
      return tokenInIndex === 0 ? constantProductMidPrice(reserve0, reserve1) : constantProductMidPrice(reserve1, reserve0)
    }
    case 'concentrated':
      return concentratedMidPrice(pool.state.sqrtPriceX96, tokenInIndex === 0)
    case 'stableswap':
      return stableswapMidPrice(pool, tokenInIndex, tokenOutIndex)
  }
}

/**
 * Fee as a fraction of the input: 0.003 for 30 bps, 0.0005 for 500 pips, Curve `fee / 1e10`.
 *
 * @example
 * poolFeeFraction(uniswapV2Pool) // 0.003
 */
export function poolFeeFraction(pool: Pool): number {
  switch (pool.kind) {
    case 'constantProduct':
      return pool.feeBps / 10_000
    case 'concentrated':
      return pool.feePips / 1_000_000
    case 'stableswap':
      return Number(pool.fee) / 1e10
  }
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
