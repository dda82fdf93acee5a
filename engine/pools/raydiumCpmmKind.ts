/**
 * The Raydium constant-product pool kind (raydium-cp-swap CPMM, and AMM v4 without its order book): two reserves,
 * a trade fee in pips taken from the input and rounded up, protocol and fund shares of that fee.
 */
import type { RaydiumCpmmPool, RaydiumCpmmPoolJson } from '../graph/types.js'
import { constantProductMidPrice } from './constantProduct.js'
import { raydiumCpmmAfterSwap } from './afterSwap.js'
import type { ParsePoolContext, PoolKindModule } from './poolKind.js'
import { type RaydiumCpmmFees, raydiumCpmmSwapBaseInput, raydiumCpmmSwapBaseOutput } from './raydiumCpmm.js'

const PIPS = 1_000_000
const MAX_U64 = (1n << 64n) - 1n

/** The pool's rates as the math takes them, built once per pool object (snapshots are frozen). */
const feesOfPool = new WeakMap<RaydiumCpmmPool, RaydiumCpmmFees>()
function feesOf(pool: RaydiumCpmmPool): RaydiumCpmmFees {
  let fees = feesOfPool.get(pool)
  if (fees === undefined) {
    fees = {
      tradeFeeRate: BigInt(pool.feePips),
      protocolFeeRate: BigInt(pool.protocolFeeRate),
      fundFeeRate: BigInt(pool.fundFeeRate),
    }
    feesOfPool.set(pool, fees)
  }
  return fees
}

function reserves(pool: RaydiumCpmmPool, tokenInIndex: number): [bigint, bigint] {
  const { reserve0, reserve1 } = pool.state
  return tokenInIndex === 0 ? [reserve0, reserve1] : [reserve1, reserve0]
}

const isRate = (rate: unknown): rate is number => Number.isInteger(rate) && (rate as number) >= 0

/**
 * Why a pool is inconsistent: 2 tokens; `feePips` below 1e6 and the protocol and fund shares summing to at most
 * 1e6 (the checks of cp-swap `create_amm_config`); reserves positive u64 amounts.
 */
function validateRaydiumCpmm(pool: RaydiumCpmmPool): string | undefined {
  if (pool.tokens.length !== 2) return `a Raydium CPMM pool has 2 tokens, not ${pool.tokens.length}`
  if (!isRate(pool.feePips) || pool.feePips >= PIPS) return `feePips ${pool.feePips} out of range [0, 1000000)`
  if (!isRate(pool.protocolFeeRate) || !isRate(pool.fundFeeRate) || pool.protocolFeeRate + pool.fundFeeRate > PIPS)
    return 'protocolFeeRate and fundFeeRate must be non-negative integers summing to at most 1000000'
  for (const [name, reserve] of [
    ['reserve0', pool.state.reserve0],
    ['reserve1', pool.state.reserve1],
  ] as const) {
    if (reserve <= 0n || reserve > MAX_U64) return `${name} must be a positive u64 amount`
  }
  return undefined
}

/**
 * The Raydium CPMM kind.
 *
 * @example
 * raydiumCpmmKind.amountOut(pool, 0, 1, 1_000_000_000n) // 1 SOL → USDC
 */
export const raydiumCpmmKind: PoolKindModule<RaydiumCpmmPool, RaydiumCpmmPoolJson> = Object.freeze<
  PoolKindModule<RaydiumCpmmPool, RaydiumCpmmPoolJson>
>({
  kind: 'raydiumCpmm',
  parse(json: RaydiumCpmmPoolJson, { base, big, fail }: ParsePoolContext): RaydiumCpmmPool {
    if (base.tokens.length !== 2) fail('a Raydium CPMM pool has exactly 2 tokens')
    if (!isRate(json.feePips) || json.feePips >= PIPS) fail('feePips must be 0 to 999999')
    const protocolFeeRate = json.protocolFeeRate ?? 0
    const fundFeeRate = json.fundFeeRate ?? 0
    if (!isRate(protocolFeeRate) || !isRate(fundFeeRate)) fail('protocolFeeRate and fundFeeRate must be integers ≥ 0')
    const state = json.state as unknown as Record<string, unknown>
    return {
      ...base,
      kind: 'raydiumCpmm',
      feePips: json.feePips,
      protocolFeeRate,
      fundFeeRate,
      state: { reserve0: big('reserve0', state.reserve0), reserve1: big('reserve1', state.reserve1) },
    }
  },
  validate: validateRaydiumCpmm,
  amountOut(pool, tokenInIndex, _tokenOutIndex, amountIn) {
    if (amountIn === 0n) return 0n
    return raydiumCpmmSwapBaseInput(amountIn, ...reserves(pool, tokenInIndex), feesOf(pool))?.amountOut
  },
  amountIn(pool, tokenInIndex, _tokenOutIndex, amountOut) {
    if (amountOut === 0n) return 0n
    return raydiumCpmmSwapBaseOutput(amountOut, ...reserves(pool, tokenInIndex), feesOf(pool))?.amountIn
  },
  midPrice: (pool, tokenInIndex) => constantProductMidPrice(...reserves(pool, tokenInIndex)),
  feeFraction: (pool) => pool.feePips / PIPS,
  feePips: (pool) => pool.feePips,
  afterSwap: raydiumCpmmAfterSwap,
  depthUsd: (pool, usdPerUnit) =>
    Math.min(Number(pool.state.reserve0) * usdPerUnit[0]!, Number(pool.state.reserve1) * usdPerUnit[1]!),
})
