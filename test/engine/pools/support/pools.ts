/** Builders for pools in the snapshot's loaded form, for tests. */
import type {
  ConcentratedPool,
  ConstantProductPool,
  RaydiumCpmmPool,
  StableswapPool,
  Tick,
  WhirlpoolPool,
} from '../../../../engine/graph/types.js'
import { whirlpoolTickAtSqrtPrice } from '../../../../engine/pools/whirlpoolTickMath.js'

export function constantProductPool(reserve0: bigint, reserve1: bigint, feeBps = 30): ConstantProductPool {
  return {
    kind: 'constantProduct',
    id: 'test-v2',
    chainId: 1,
    protocol: 'uniswap-v2',
    address: undefined,
    tokens: ['1:0xtoken0', '1:0xtoken1'],
    feeBps,
    state: { reserve0, reserve1 },
  }
}

export interface ConcentratedPoolParameters {
  feePips: number
  sqrtPriceX96: bigint
  tick: number
  liquidity: bigint
  tickSpacing: number
  ticks: readonly (readonly [number, bigint | string])[]
}

export function concentratedPool(p: ConcentratedPoolParameters): ConcentratedPool {
  const ticks: Tick[] = p.ticks.map(([index, liquidityNet]) => ({ index, liquidityNet: BigInt(liquidityNet) }))
  return {
    kind: 'concentrated',
    id: 'test-v3',
    chainId: 1,
    protocol: 'uniswap-v3',
    address: undefined,
    tokens: ['1:0xtoken0', '1:0xtoken1'],
    feePips: p.feePips,
    state: { sqrtPriceX96: p.sqrtPriceX96, tick: p.tick, liquidity: p.liquidity, tickSpacing: p.tickSpacing, ticks },
  }
}

export function stableswapPool(
  balances: readonly bigint[],
  decimals: readonly number[],
  amplification = 1000n,
  fee = 4_000_000n,
): StableswapPool {
  return {
    kind: 'stableswap',
    id: 'test-curve',
    chainId: 1,
    protocol: 'curve',
    address: undefined,
    tokens: balances.map((_, k) => `1:0xcoin${k}`),
    fee,
    decimals,
    state: { amplification, balances },
  }
}

/** A V3 liquidity position: [lower, upper) in ticks, with its liquidity. */
export interface Position {
  lower: number
  upper: number
  liquidity: bigint
}

/** A V3 pool whose ticks and in-range liquidity follow from `positions` at `sqrtPriceX96` (tick from TickMath). */
export function concentratedPoolFromPositions(
  tickSpacing: number,
  feePips: number,
  sqrtPriceX96: bigint,
  tick: number,
  positions: readonly Position[],
): ConcentratedPool {
  const net = new Map<number, bigint>()
  let liquidity = 0n
  for (const { lower, upper, liquidity: amount } of positions) {
    net.set(lower, (net.get(lower) ?? 0n) + amount)
    net.set(upper, (net.get(upper) ?? 0n) - amount)
    if (lower <= tick && tick < upper) liquidity += amount
  }
  const ticks = [...net.entries()].sort(([a], [b]) => a - b)
  return concentratedPool({ feePips, sqrtPriceX96, tick, liquidity, tickSpacing, ticks })
}

export function raydiumCpmmPool(
  reserve0: bigint,
  reserve1: bigint,
  feePips = 2500,
  protocolFeeRate = 120_000,
  fundFeeRate = 40_000,
): RaydiumCpmmPool {
  return {
    kind: 'raydiumCpmm',
    id: 'test-raydium-cpmm',
    chainId: 1151111081099710,
    protocol: 'raydium-cpmm',
    address: undefined,
    tokens: ['solana:token0', 'solana:token1'],
    feePips,
    protocolFeeRate,
    fundFeeRate,
    state: { reserve0, reserve1 },
  }
}

export interface WhirlpoolParameters {
  feePips: number
  sqrtPriceX64: bigint
  tick: number
  liquidity: bigint
  tickSpacing: number
  ticks: readonly (readonly [number, bigint | string])[]
  protocolFeeRateBps?: number
}

export function whirlpoolPool(p: WhirlpoolParameters): WhirlpoolPool {
  const ticks: Tick[] = p.ticks.map(([index, liquidityNet]) => ({ index, liquidityNet: BigInt(liquidityNet) }))
  return {
    kind: 'whirlpool',
    id: 'test-whirlpool',
    chainId: 1151111081099710,
    protocol: 'orca-whirlpool',
    address: undefined,
    tokens: ['solana:tokenA', 'solana:tokenB'],
    feePips: p.feePips,
    protocolFeeRateBps: p.protocolFeeRateBps ?? 0,
    state: { sqrtPriceX64: p.sqrtPriceX64, tick: p.tick, liquidity: p.liquidity, tickSpacing: p.tickSpacing, ticks },
  }
}

/** A Whirlpool whose ticks and in-range liquidity follow from `positions` at `sqrtPriceX64` (tick from its price). */
export function whirlpoolFromPositions(
  tickSpacing: number,
  feePips: number,
  sqrtPriceX64: bigint,
  positions: readonly Position[],
): WhirlpoolPool {
  const tick = whirlpoolTickAtSqrtPrice(sqrtPriceX64)
  const net = new Map<number, bigint>()
  let liquidity = 0n
  for (const { lower, upper, liquidity: amount } of positions) {
    net.set(lower, (net.get(lower) ?? 0n) + amount)
    net.set(upper, (net.get(upper) ?? 0n) - amount)
    if (lower <= tick && tick < upper) liquidity += amount
  }
  const ticks = [...net.entries()].sort(([a], [b]) => a - b)
  return whirlpoolPool({ feePips, sqrtPriceX64, tick, liquidity, tickSpacing, ticks })
}
