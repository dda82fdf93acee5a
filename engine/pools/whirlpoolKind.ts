/**
 * The Orca Whirlpool pool kind: Q64.64 `sqrtPriceX64`, the current tick and liquidity, initialized ticks with their
 * `liquidityNet`, a fee in pips and the protocol's share of it in bps.
 */
import type { WhirlpoolPool, WhirlpoolPoolJson } from '../graph/types.js'
import { whirlpoolAfterSwap } from './afterSwap.js'
import type { ParsePoolContext, PoolKindModule } from './poolKind.js'
import { tickListProblem } from './tickList.js'
import { whirlpoolAmountIn, whirlpoolAmountOut, whirlpoolMidPrice } from './whirlpool.js'
import {
  WHIRLPOOL_MAX_SQRT_PRICE_X64,
  WHIRLPOOL_MAX_TICK,
  WHIRLPOOL_MIN_SQRT_PRICE_X64,
  WHIRLPOOL_MIN_TICK,
  whirlpoolSqrtPriceAtTick,
  whirlpoolTickAtSqrtPrice,
} from './whirlpoolTickMath.js'

// Limits of the program: `MAX_FEE_RATE` (6%), `MAX_PROTOCOL_FEE_RATE` (25% of the fee), tick spacing a u16.
const MAX_FEE_PIPS = 60_000
const MAX_PROTOCOL_FEE_RATE_BPS = 2_500
const MAX_TICK_SPACING = 65_535
const PIPS = 1_000_000
const MAX_U128 = (1n << 128n) - 1n
const Q64_FLOAT = 2 ** 64

const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max

/**
 * Why a Whirlpool's state is inconsistent: fee, protocol share and tick spacing in the program's ranges, `tick`
 * matches `sqrtPriceX64` (or sits one below a crossed tick the price stopped on), ticks sorted, unique, multiples of
 * `tickSpacing` inside ±443636, `liquidity` equal to the sum of `liquidityNet` at or below `tick`, all of them
 * summing to 0 and liquidity never negative.
 */
function validateWhirlpool(pool: WhirlpoolPool): string | undefined {
  const { sqrtPriceX64, tick, liquidity, tickSpacing, ticks } = pool.state
  if (pool.tokens.length !== 2) return `a Whirlpool has 2 tokens, not ${pool.tokens.length}`
  if (!isIntegerIn(pool.feePips, 0, MAX_FEE_PIPS)) return `feePips ${pool.feePips} out of range [0, 60000]`
  if (!isIntegerIn(pool.protocolFeeRateBps, 0, MAX_PROTOCOL_FEE_RATE_BPS))
    return `protocolFeeRateBps ${pool.protocolFeeRateBps} out of range [0, 2500]`
  if (!isIntegerIn(tickSpacing, 1, MAX_TICK_SPACING)) return `tickSpacing ${tickSpacing} out of range [1, 65535]`
  if (sqrtPriceX64 < WHIRLPOOL_MIN_SQRT_PRICE_X64 || sqrtPriceX64 > WHIRLPOOL_MAX_SQRT_PRICE_X64)
    return 'sqrtPriceX64 out of range [MIN_SQRT_PRICE_X64, MAX_SQRT_PRICE_X64]'
  const tickOfPrice = whirlpoolTickAtSqrtPrice(sqrtPriceX64)
  // A downward swap that ends on a crossed tick leaves that tick's price with the tick below it (swap_manager.rs).
  const isOnCrossedTick = tick === tickOfPrice - 1 && whirlpoolSqrtPriceAtTick(tickOfPrice) === sqrtPriceX64
  if (tick !== tickOfPrice && !isOnCrossedTick)
    return `tick ${tick} does not match sqrtPriceX64 (tick_index_from_sqrt_price gives ${tickOfPrice})`
  if (liquidity < 0n || liquidity > MAX_U128) return 'liquidity out of range [0, 2^128)'

  return tickListProblem(ticks, {
    minTick: WHIRLPOOL_MIN_TICK,
    maxTick: WHIRLPOOL_MAX_TICK,
    tickSpacing,
    tick,
    liquidity,
    u128Name: 'u128',
  })
}

/**
 * The Orca Whirlpool kind.
 *
 * @example
 * whirlpoolKind.amountOut(pool, 0, 1, 1_000_000_000n) // 1 SOL → USDC
 */
export const whirlpoolKind: PoolKindModule<WhirlpoolPool, WhirlpoolPoolJson> = Object.freeze<
  PoolKindModule<WhirlpoolPool, WhirlpoolPoolJson>
>({
  kind: 'whirlpool',
  parse(json: WhirlpoolPoolJson, { base, big, fail }: ParsePoolContext): WhirlpoolPool {
    if (base.tokens.length !== 2) fail('a Whirlpool has exactly 2 tokens')
    if (!isIntegerIn(json.feePips, 0, PIPS - 1)) fail('feePips must be 0 to 999999')
    const protocolFeeRateBps = json.protocolFeeRateBps ?? 0
    if (!Number.isInteger(protocolFeeRateBps)) fail('protocolFeeRateBps must be an integer')
    if (!Array.isArray((json.state as unknown as Record<string, unknown>).ticks)) fail('ticks must be an array')
    const s = json.state
    return {
      ...base,
      kind: 'whirlpool',
      feePips: json.feePips,
      protocolFeeRateBps,
      state: {
        sqrtPriceX64: big('sqrtPriceX64', s.sqrtPriceX64),
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
  validate: validateWhirlpool,
  amountOut: (pool, tokenInIndex, _tokenOutIndex, amountIn) => whirlpoolAmountOut(pool, tokenInIndex === 0, amountIn),
  amountIn: (pool, tokenInIndex, _tokenOutIndex, amountOut) => whirlpoolAmountIn(pool, tokenInIndex === 0, amountOut),
  midPrice: (pool, tokenInIndex) => whirlpoolMidPrice(pool.state.sqrtPriceX64, tokenInIndex === 0),
  feeFraction: (pool) => pool.feePips / PIPS,
  feePips: (pool) => pool.feePips,
  afterSwap: whirlpoolAfterSwap,
  depthUsd(pool, usdPerUnit) {
    // Virtual reserves at the current price: a = L / √P, b = L · √P (smallest units).
    const sqrtPrice = Number(pool.state.sqrtPriceX64) / Q64_FLOAT
    const liquidity = Number(pool.state.liquidity)
    return Math.min((liquidity / sqrtPrice) * usdPerUnit[0]!, liquidity * sqrtPrice * usdPerUnit[1]!)
  },
})
