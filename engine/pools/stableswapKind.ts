/**
 * The stableswap pool kind (Curve StableSwap-NG): 2 to 4 coins, amplification, balances, a fee in 1e10 units.
 */
import type { StableswapPool, StableswapPoolJson } from '../graph/types.js'
import { stableswapAfterSwap } from './afterSwap.js'
import type { ParsePoolContext, PoolKindModule } from './poolKind.js'
import { stableswapAmountIn, stableswapAmountOut, stableswapMidPrice } from './stableswap.js'
import { getD } from './stableswapMath.js'

// Limits of the deployed contracts: StableSwap-NG (MAX_A, MAX_FEE).
const MAX_A = 1_000_000n
const MAX_CURVE_FEE = 5n * 10n ** 9n
/** Curve fees are in 1e10 units; a pip is 1e-6. */
const CURVE_FEE_UNITS = 1e10
const CURVE_FEE_UNITS_PER_PIP = 10_000n

function validateStableswap(pool: StableswapPool): string | undefined {
  const { amplification, balances } = pool.state
  const coins = pool.tokens.length
  if (coins < 2 || coins > 4) return `a stableswap pool has 2 to 4 coins, not ${coins}`
  if (balances.length !== coins) return `${balances.length} balances for ${coins} coins`
  if (pool.decimals.length !== coins) return `${pool.decimals.length} decimals for ${coins} coins`
  for (const [k, decimals] of pool.decimals.entries()) {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18)
      return `decimals[${k}] ${decimals} out of range [0, 18]`
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

/**
 * The stableswap kind.
 *
 * @example
 * stableswapKind.amountOut(pool, 0, 2, 1_000_000n) // USDC → USDT through a 3pool
 */
export const stableswapKind: PoolKindModule<StableswapPool, StableswapPoolJson> = Object.freeze<
  PoolKindModule<StableswapPool, StableswapPoolJson>
>({
  kind: 'stableswap',
  parse(json: StableswapPoolJson, { base, tokenDecimals, big, fail }: ParsePoolContext): StableswapPool {
    if (base.tokens.length < 2 || base.tokens.length > 4) fail('a stableswap pool has 2 to 4 tokens')
    if (!Array.isArray((json.state as unknown as Record<string, unknown>).balances)) fail('balances must be an array')
    const s = json.state
    return {
      ...base,
      kind: 'stableswap',
      fee: big('fee', json.fee),
      decimals: tokenDecimals,
      state: {
        amplification: big('amplification', s.amplification),
        balances: s.balances.map((b, i) => big(`balances[${i}]`, b)),
      },
    }
  },
  validate: validateStableswap,
  amountOut: stableswapAmountOut,
  amountIn: stableswapAmountIn,
  midPrice: stableswapMidPrice,
  feeFraction: (pool) => Number(pool.fee) / CURVE_FEE_UNITS,
  // Truncated to whole pips, as route steps have always shown it.
  feePips: (pool) => Number(pool.fee / CURVE_FEE_UNITS_PER_PIP),
  afterSwap: stableswapAfterSwap,
  depthUsd: (pool, usdPerUnit) =>
    Math.min(...pool.state.balances.map((balance, i) => Number(balance) * usdPerUnit[i]!)),
})
