/**
 * Pool states after a trade, for what-if studies (`applyTrade`): each kind's pool once it has taken `amountIn` of
 * one token and paid `amountOut` of another, as its program would leave it. Functions answer `undefined` when the
 * amounts are not a swap the pool would do (an amount pair the kind's own quote functions did not produce).
 */
import type {
  ConcentratedPool,
  ConstantProductPool,
  RaydiumCpmmPool,
  StableswapPool,
  WhirlpoolPool,
} from '../graph/types.js'
import { swapConcentrated } from './concentrated.js'
import { FEE_RATE_DENOMINATOR, raydiumTradingFee } from './raydiumCpmm.js'
import { swapWhirlpool } from './whirlpool.js'

function withReserves<P extends ConstantProductPool | RaydiumCpmmPool>(
  pool: P,
  tokenInIndex: number,
  addIn: bigint,
  amountOut: bigint,
): P | undefined {
  const reserves = [pool.state.reserve0, pool.state.reserve1]
  reserves[tokenInIndex]! += addIn
  reserves[1 - tokenInIndex]! -= amountOut
  if (reserves[1 - tokenInIndex]! <= 0n) return undefined
  const state = Object.freeze({ reserve0: reserves[0]!, reserve1: reserves[1]! })
  return Object.freeze<P>({ ...pool, state })
}

/** Uniswap V2: the pair's reserves are its balances after the swap; the fee stays in the pool. */
export function constantProductAfterSwap(
  pool: ConstantProductPool,
  tokenInIndex: number,
  _tokenOutIndex: number,
  amountIn: bigint,
  amountOut: bigint,
): ConstantProductPool | undefined {
  return withReserves(pool, tokenInIndex, amountIn, amountOut)
}

/**
 * Raydium CPMM: the reserves (vaults less owed fees) gain the input less the protocol and fund shares of the trade
 * fee, which the program sets aside (fee of the input, `swap_base_input`'s rounding).
 */
export function raydiumCpmmAfterSwap(
  pool: RaydiumCpmmPool,
  tokenInIndex: number,
  _tokenOutIndex: number,
  amountIn: bigint,
  amountOut: bigint,
): RaydiumCpmmPool | undefined {
  const tradeFee = raydiumTradingFee(amountIn, BigInt(pool.feePips))
  const setAside =
    (tradeFee * BigInt(pool.protocolFeeRate)) / FEE_RATE_DENOMINATOR +
    (tradeFee * BigInt(pool.fundFeeRate)) / FEE_RATE_DENOMINATOR
  return withReserves(pool, tokenInIndex, amountIn - setAside, amountOut)
}

/** Curve: balance i gains the input, balance j loses the output (the snapshot does not model the admin fee). */
export function stableswapAfterSwap(
  pool: StableswapPool,
  i: number,
  j: number,
  amountIn: bigint,
  amountOut: bigint,
): StableswapPool | undefined {
  const balances = [...pool.state.balances]
  balances[i]! += amountIn
  balances[j]! -= amountOut
  if (balances[j]! <= 0n) return undefined
  return Object.freeze({ ...pool, state: Object.freeze({ ...pool.state, balances: Object.freeze(balances) }) })
}

/**
 * Uniswap V3: the swap that takes `amountIn` and pays `amountOut` — exact input of `amountIn`, else exact output of
 * `amountOut` — run to its end state (price, tick, in-range liquidity). The tick list is shared, unchanged.
 */
export function concentratedAfterSwap(
  pool: ConcentratedPool,
  tokenInIndex: number,
  _tokenOutIndex: number,
  amountIn: bigint,
  amountOut: bigint,
): ConcentratedPool | undefined {
  const zeroForOne = tokenInIndex === 0
  const swap = [swapConcentrated(pool, zeroForOne, amountIn), swapConcentrated(pool, zeroForOne, -amountOut)].find(
    (candidate) => candidate?.amountIn === amountIn && candidate.amountOut === amountOut,
  )
  if (swap === undefined) return undefined
  const { sqrtPriceX96, tick, liquidity } = swap
  return Object.freeze({ ...pool, state: Object.freeze({ ...pool.state, sqrtPriceX96, tick, liquidity }) })
}

/** Orca Whirlpool: as `concentratedAfterSwap`, with the program's swap. */
export function whirlpoolAfterSwap(
  pool: WhirlpoolPool,
  tokenInIndex: number,
  _tokenOutIndex: number,
  amountIn: bigint,
  amountOut: bigint,
): WhirlpoolPool | undefined {
  const aToB = tokenInIndex === 0
  const swap = [swapWhirlpool(pool, aToB, amountIn, true), swapWhirlpool(pool, aToB, amountOut, false)].find(
    (candidate) => candidate?.amountIn === amountIn && candidate.amountOut === amountOut,
  )
  if (swap === undefined) return undefined
  const { sqrtPriceX64, tick, liquidity } = swap
  return Object.freeze({ ...pool, state: Object.freeze({ ...pool.state, sqrtPriceX64, tick, liquidity }) })
}
