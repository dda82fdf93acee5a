/**
 * The concentrated-liquidity pool kind (Uniswap V3 and forks): `sqrtPriceX96`, the current tick and liquidity,
 * initialized ticks with their `liquidityNet`, a fee in pips.
 */
import type { ConcentratedPool, ConcentratedPoolJson } from '../graph/types.js'
import { concentratedAmountIn, concentratedAmountOut, concentratedMidPrice } from './concentrated.js'
import { concentratedOutputBound } from './concentratedBound.js'
import { MAX_UINT128 } from './fullMath.js'
import { concentratedAfterSwap } from './afterSwap.js'
import type { ParsePoolContext, PoolKindModule } from './poolKind.js'
import { tickListProblem } from './tickList.js'
import {
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
} from './tickMath.js'

// Limits of the deployed contracts: UniswapV3Factory (tickSpacing < 16384, fee < 1e6).
const MAX_TICK_SPACING = 16383
const PIPS = 1_000_000
const Q96_FLOAT = 2 ** 96

/**
 * Why a V3 pool's state is inconsistent: fee and tick spacing in the factory's ranges, `tick` matches
 * `sqrtPriceX96`, ticks sorted, unique, multiples of `tickSpacing` and in range, `liquidity` equals the sum of
 * `liquidityNet` at or below `tick`, the sum of all `liquidityNet` is 0 and liquidity never goes negative.
 */
function validateConcentrated(pool: ConcentratedPool): string | undefined {
  const { sqrtPriceX96, tick, liquidity, tickSpacing, ticks } = pool.state
  if (pool.tokens.length !== 2) return `a concentrated pool has 2 tokens, not ${pool.tokens.length}`
  if (!Number.isInteger(pool.feePips) || pool.feePips < 0 || pool.feePips >= PIPS)
    return `feePips ${pool.feePips} out of range [0, 1000000)`
  if (!Number.isInteger(tickSpacing) || tickSpacing < 1 || tickSpacing > MAX_TICK_SPACING)
    return `tickSpacing ${tickSpacing} out of range [1, 16383]`
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO)
    return 'sqrtPriceX96 out of range [MIN_SQRT_RATIO, MAX_SQRT_RATIO)'
  const tickOfPrice = getTickAtSqrtRatio(sqrtPriceX96)
  // A downward swap step that ends exactly on its target tick (initialized or a bitmap word edge, both multiples of
  // tickSpacing) leaves the pool at that tick's price with the tick below it (UniswapV3Pool.swap).
  const isOnBoundaryBelow =
    tick === tickOfPrice - 1 && tickOfPrice % tickSpacing === 0 && getSqrtRatioAtTick(tickOfPrice) === sqrtPriceX96
  if (tick !== tickOfPrice && !isOnBoundaryBelow)
    return `tick ${tick} does not match sqrtPriceX96 (getTickAtSqrtRatio gives ${tickOfPrice})`
  if (liquidity < 0n || liquidity > MAX_UINT128) return 'liquidity out of range [0, 2^128)'

  return tickListProblem(ticks, {
    minTick: MIN_TICK,
    maxTick: MAX_TICK,
    tickSpacing,
    tick,
    liquidity,
    u128Name: 'uint128',
  })
}

/**
 * The concentrated-liquidity kind.
 *
 * @example
 * concentratedKind.amountIn(pool, 1, 0, 10n ** 18n)
 */
export const concentratedKind: PoolKindModule<ConcentratedPool, ConcentratedPoolJson> = Object.freeze<
  PoolKindModule<ConcentratedPool, ConcentratedPoolJson>
>({
  kind: 'concentrated',
  parse(json: ConcentratedPoolJson, { base, big, fail }: ParsePoolContext): ConcentratedPool {
    if (base.tokens.length !== 2) fail('a concentrated pool has exactly 2 tokens')
    if (!Number.isInteger(json.feePips) || json.feePips < 0 || json.feePips >= PIPS) fail('feePips must be 0 to 999999')
    if (!Array.isArray((json.state as unknown as Record<string, unknown>).ticks)) fail('ticks must be an array')
    const s = json.state
    return {
      ...base,
      kind: 'concentrated',
      feePips: json.feePips,
      state: {
        sqrtPriceX96: big('sqrtPriceX96', s.sqrtPriceX96),
        tick: s.tick,
        liquidity: big('liquidity', s.liquidity),
        tickSpacing: s.tickSpacing,
        ticks: s.ticks.map((t, i) => ({
          index: t.index,
          liquidityNet: big(`ticks[${i}].liquidityNet`, t.liquidityNet, true),
        })),
      },
    }
  },
  validate: validateConcentrated,
  amountOut: (pool, tokenInIndex, _tokenOutIndex, amountIn) =>
    concentratedAmountOut(pool, tokenInIndex === 0, amountIn),
  amountIn: (pool, tokenInIndex, _tokenOutIndex, amountOut) =>
    concentratedAmountIn(pool, tokenInIndex === 0, amountOut),
  midPrice: (pool, tokenInIndex) => concentratedMidPrice(pool.state.sqrtPriceX96, tokenInIndex === 0),
  outputBound: (pool, tokenInIndex) => concentratedOutputBound(pool, tokenInIndex === 0),
  feeFraction: (pool) => pool.feePips / PIPS,
  feePips: (pool) => pool.feePips,
  afterSwap: concentratedAfterSwap,
  depthUsd(pool, usdPerUnit) {
    // Virtual reserves at the current price: x = L / √P, y = L · √P (smallest units).
    const sqrtPrice = Number(pool.state.sqrtPriceX96) / Q96_FLOAT
    const liquidity = Number(pool.state.liquidity)
    return Math.min((liquidity / sqrtPrice) * usdPerUnit[0]!, liquidity * sqrtPrice * usdPerUnit[1]!)
  },
})
