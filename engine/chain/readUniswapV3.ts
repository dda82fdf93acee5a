/**
 * Reads a Uniswap V3 pool (or a fork with the same storage getters) into the snapshot's concentrated-pool entry:
 * `slot0`, `liquidity`, fee, tick spacing, and every initialized tick, found through the tick bitmap (each word of
 * `tickBitmap(wordPosition)` over the whole tick range, then `ticks(tick)` for each set bit).
 */
import type { Address } from 'viem'
import type { ConcentratedPoolJson } from '../graph/types.js'
import { MAX_TICK, MIN_TICK } from '../pools/tickMath.js'
import { UNISWAP_V3_POOL_ABI } from './abis.js'
import type { ChainReader, ContractCall } from './chainReader.js'

/** A V3 pool entry without the fields the builder sets (`id`, `chainId`, `protocol`). */
export type UniswapV3PoolRead = Omit<ConcentratedPoolJson, 'id' | 'chainId' | 'protocol'>

/**
 * The word positions of the bitmap that can hold a tick of this spacing (`TickBitmap.position` of the compressed
 * MIN_TICK and MAX_TICK; compression rounds toward negative infinity, as the pool does).
 *
 * @example bitmapWordRange(60) // { first: -58, last: 57 }
 */
export function bitmapWordRange(tickSpacing: number): { first: number; last: number } {
  return {
    first: Math.floor(MIN_TICK / tickSpacing) >> 8,
    last: Math.floor(MAX_TICK / tickSpacing) >> 8,
  }
}

/**
 * The initialized ticks a bitmap word marks, ascending.
 *
 * @example ticksOfWord(-1, (1n << 255n) | 1n, 10) // [-2560, -10]
 */
export function ticksOfWord(wordPosition: number, word: bigint, tickSpacing: number): number[] {
  const ticks: number[] = []
  for (let bit = 0; word !== 0n; bit += 1, word >>= 1n) {
    if ((word & 1n) === 1n) ticks.push((wordPosition * 256 + bit) * tickSpacing)
  }
  return ticks
}

/**
 * Reads one pool.
 *
 * @param reader - reads at the snapshot's block.
 * @param address - the pool contract.
 * @returns the pool's entry, ticks ascending with their `liquidityNet`.
 * @throws viem's error when a call reverts (not a V3 pool).
 *
 * @example
 * const entry = await readUniswapV3Pool(reader, '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640')
 */
export async function readUniswapV3Pool(reader: ChainReader, address: Address): Promise<UniswapV3PoolRead> {
  const call = (functionName: string, args?: readonly unknown[]): ContractCall => ({
    address,
    abi: UNISWAP_V3_POOL_ABI,
    functionName,
    args,
  })
  const [token0, token1, fee, tickSpacing, liquidity, slot0] = (await reader.read([
    call('token0'),
    call('token1'),
    call('fee'),
    call('tickSpacing'),
    call('liquidity'),
    call('slot0'),
  ])) as [Address, Address, number, number, bigint, readonly [bigint, number, ...unknown[]]]

  const { first, last } = bitmapWordRange(tickSpacing)
  const positions = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  const words = (await reader.read(positions.map((position) => call('tickBitmap', [position])))) as bigint[]
  const tickIndices = positions.flatMap((position, i) => ticksOfWord(position, words[i]!, tickSpacing))
  const tickInfos = (await reader.read(tickIndices.map((tick) => call('ticks', [tick])))) as (readonly [
    bigint,
    bigint,
    ...unknown[],
  ])[]

  return {
    address,
    tokens: [token0, token1],
    kind: 'concentrated',
    feePips: fee,
    state: {
      sqrtPriceX96: slot0[0].toString(),
      tick: slot0[1],
      liquidity: liquidity.toString(),
      tickSpacing,
      ticks: tickIndices.map((index, i) => ({ index, liquidityNet: tickInfos[i]![1].toString() })),
    },
  }
}
