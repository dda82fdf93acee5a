/**
 * The constant-product pool kind (Uniswap V2 and forks): two reserves, a fee in bps.
 */
import type { ConstantProductPool, ConstantProductPoolJson } from '../graph/types.js'
import { constantProductMidPrice, constantProductOutputBound, getAmountIn, getAmountOut } from './constantProduct.js'
import { constantProductAfterSwap } from './afterSwap.js'
import type { ParsePoolContext, PoolKindModule } from './poolKind.js'

const BPS = 10_000

/** Reserves as (in, out) for a swap direction. */
function reserves(pool: ConstantProductPool, tokenInIndex: number): [bigint, bigint] {
  const { reserve0, reserve1 } = pool.state
  return tokenInIndex === 0 ? [reserve0, reserve1] : [reserve1, reserve0]
}

/**
 * The constant-product kind.
 *
 * @example
 * constantProductKind.amountOut(pool, 0, 1, 1_000_000n)
 */
export const constantProductKind: PoolKindModule<ConstantProductPool, ConstantProductPoolJson> = Object.freeze<
  PoolKindModule<ConstantProductPool, ConstantProductPoolJson>
>({
  kind: 'constantProduct',
  parse(json: ConstantProductPoolJson, { base, big, fail }: ParsePoolContext): ConstantProductPool {
    if (base.tokens.length !== 2) fail('a constant-product pool has exactly 2 tokens')
    if (!Number.isInteger(json.feeBps) || json.feeBps < 0 || json.feeBps >= BPS) fail('feeBps must be 0 to 9999')
    const state = json.state as unknown as Record<string, unknown>
    return {
      ...base,
      kind: 'constantProduct',
      feeBps: json.feeBps,
      state: { reserve0: big('reserve0', state.reserve0), reserve1: big('reserve1', state.reserve1) },
    }
  },
  validate(pool: ConstantProductPool): string | undefined {
    if (pool.tokens.length !== 2) return `a constant-product pool has 2 tokens, not ${pool.tokens.length}`
    if (!Number.isInteger(pool.feeBps) || pool.feeBps < 0 || pool.feeBps >= BPS)
      return `feeBps ${pool.feeBps} out of range [0, 10000)`
    if (pool.state.reserve0 <= 0n) return 'reserve0 must be positive'
    if (pool.state.reserve1 <= 0n) return 'reserve1 must be positive'
    return undefined
  },
  amountOut: (pool, tokenInIndex, _tokenOutIndex, amountIn) =>
    getAmountOut(amountIn, ...reserves(pool, tokenInIndex), pool.feeBps),
  amountIn: (pool, tokenInIndex, _tokenOutIndex, amountOut) =>
    getAmountIn(amountOut, ...reserves(pool, tokenInIndex), pool.feeBps),
  midPrice: (pool, tokenInIndex) => constantProductMidPrice(...reserves(pool, tokenInIndex)),
  outputBound: (pool, tokenInIndex) => constantProductOutputBound(...reserves(pool, tokenInIndex), pool.feeBps),
  feeFraction: (pool) => pool.feeBps / BPS,
  feePips: (pool) => pool.feeBps * 100,
  afterSwap: constantProductAfterSwap,
  depthUsd: (pool, usdPerUnit) =>
    Math.min(Number(pool.state.reserve0) * usdPerUnit[0]!, Number(pool.state.reserve1) * usdPerUnit[1]!),
})
