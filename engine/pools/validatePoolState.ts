/**
 * Consistency checks on a loaded pool, so that the math never runs on a state no real pool could be in.
 */
import type { ConcentratedPool, ConstantProductPool, Pool, StableswapPool } from '../graph/types.js'
import { MAX_UINT128 } from './fullMath.js'
import { getD } from './stableswapMath.js'
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath.js'

// Limits of the deployed contracts: UniswapV3Factory (tickSpacing < 16384, fee < 1e6), StableSwap-NG (MAX_A, MAX_FEE).
const MAX_TICK_SPACING = 16383
const PIPS = 1_000_000
const MAX_A = 1_000_000n
const MAX_CURVE_FEE = 5n * 10n ** 9n

/**
 * Why a pool's state is inconsistent, or `undefined` when it is fine. Checks reserves/balances are positive, fees
 * and parameters are in the contracts' ranges, and for V3 that `tick` matches `sqrtPriceX96`, ticks are sorted,
 * unique, multiples of `tickSpacing` and in range, `liquidity` equals the sum of `liquidityNet` at or below `tick`,
 * the sum of all `liquidityNet` is 0 and liquidity never goes negative.
 *
 * @returns a short reason, or `undefined`
 * @example
 * validatePoolState(pool) // undefined, or e.g. 'reserve1 must be positive'
 */
export function validatePoolState(pool: Pool): string | undefined {
  switch (pool.kind) {
    case 'constantProduct':
      return validateConstantProduct(pool)
    case 'concentrated':
      return validateConcentrated(pool)
    case 'stableswap':
      return validateStableswap(pool)
  }
}

function validateConstantProduct(pool: ConstantProductPool): string | undefined {
  if (pool.tokens.length !== 2) return `a constant-product pool has 2 tokens, not ${pool.tokens.length}`
  if (!Number.isInteger(pool.feeBps) || pool.feeBps < 0 || pool.feeBps >= 10_000) return `feeBps ${pool.feeBps} out of range [0, 10000)`
  if (pool.state.reserve0 <= 0n) return 'reserve0 must be positive'
  if (pool.state.reserve1 <= 0n) return 'reserve1 must be positive'
  return undefined
}

function validateConcentrated(pool: ConcentratedPool): string | undefined {
  const { sqrtPriceX96, tick, liquidity, tickSpacing, ticks } = pool.state
  if (pool.tokens.length !== 2) return `a concentrated pool has 2 tokens, not ${pool.tokens.length}`
  if (!Number.isInteger(pool.feePips) || pool.feePips < 0 || pool.feePips >= PIPS) return `feePips ${pool.feePips} out of range [0, 1000000)`
  if (!Number.isInteger(tickSpacing) || tickSpacing < 1 || tickSpacing > MAX_TICK_SPACING) return `tickSpacing ${tickSpacing} out of range [1, 16383]`
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) return 'sqrtPriceX96 out of range [MIN_SQRT_RATIO, MAX_SQRT_RATIO)'
  const tickOfPrice = getTickAtSqrtRatio(sqrtPriceX96)
  // A downward swap step that ends exactly on its target tick (initialized or a bitmap word edge, both multiples of
  // tickSpacing) leaves the pool at that tick's price with the tick below it (UniswapV3Pool.swap).
  const isOnBoundaryBelow =
    tick === tickOfPrice - 1 && tickOfPrice % tickSpacing === 0 && getSqrtRatioAtTick(tickOfPrice) === sqrtPriceX96
  if (tick !== tickOfPrice && !isOnBoundaryBelow) return `tick ${tick} does not match sqrtPriceX96 (getTickAtSqrtRatio gives ${tickOfPrice})`
  if (liquidity < 0n || liquidity > MAX_UINT128) return 'liquidity out of range [0, 2^128)'

  let running = 0n
  let atOrBelowTick = 0n
  let previous = Number.NEGATIVE_INFINITY
  for (const { index, liquidityNet } of ticks) {
    if (!Number.isInteger(index) || index < MIN_TICK || index > MAX_TICK) return `tick ${index} out of range`
    if (index % tickSpacing !== 0) return `tick ${index} is not a multiple of tickSpacing ${tickSpacing}`
    if (index <= previous) return index === previous ? `tick ${index} is duplicated` : `ticks are not sorted at ${index}`
    previous = index
    running += liquidityNet
    if (running < 0n) return `liquidity goes negative above tick ${index}`
    if (running > MAX_UINT128) return `liquidity overflows uint128 above tick ${index}`
    if (index <= tick) atOrBelowTick = running
  }
  if (running !== 0n) return `liquidityNet of all ticks sums to ${running}, not 0`
  if (atOrBelowTick !== liquidity) return `liquidity ${liquidity} ≠ ${atOrBelowTick}, the sum of liquidityNet at or below tick ${tick}`
  return undefined
}

function validateStableswap(pool: StableswapPool): string | undefined {
  const { amplification, balances } = pool.state
  const coins = pool.tokens.length
  if (coins < 2 || coins > 4) return `a stableswap pool has 2 to 4 coins, not ${coins}`
  if (balances.length !== coins) return `${balances.length} balances for ${coins} coins`
  if (pool.decimals.length !== coins) return `${pool.decimals.length} decimals for ${coins} coins`
  for (const [k, decimals] of pool.decimals.entries()) {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) return `decimals[${k}] ${decimals} out of range [0, 18]`
  }
  for (const [k, balance] of balances.entries()) {
    if (balance <= 0n) return `balances[${k}] must be positive`
  }
  if (amplification < 1n || amplification > MAX_A) return `amplification ${amplification} out of range [1, 1000000]`
  if (pool.fee < 0n || pool.fee > MAX_CURVE_FEE) return `fee ${pool.fee} out of range [0, 5e9]`
  const xp = balances.map((balance, k) => balance * 10n ** BigInt(18 - pool.decimals[k]!))
  if (getD(xp, amplification * 100n) === undefined) return 'invariant D does not converge'
  return undefined
}
