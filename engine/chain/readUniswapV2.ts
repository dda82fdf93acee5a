/**
 * Reads Uniswap V2 pairs (and forks with the same getters) into the snapshot's constant-product entries.
 */
import type { Address } from 'viem'
import type { ConstantProductPoolJson } from '../graph/types.js'
import { UNISWAP_V2_PAIR_ABI } from './abis.js'
import type { ChainReader } from './chainReader.js'

/** A V2 pool entry without the fields the builder sets (`id`, `chainId`, `protocol`). */
export type UniswapV2PoolRead = Omit<ConstantProductPoolJson, 'id' | 'chainId' | 'protocol'>

/**
 * Reads one pair: tokens and reserves (`getReserves`, what the pair's `swap` prices against).
 *
 * @param feeBps - the pair's fee, which it does not expose (30 for Uniswap V2).
 * @throws viem's error when a call reverts (not a V2 pair).
 *
 * @example
 * const entry = await readUniswapV2Pair(reader, '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', 30)
 */
export async function readUniswapV2Pair(
  reader: ChainReader,
  address: Address,
  feeBps: number,
): Promise<UniswapV2PoolRead> {
  const call = (functionName: string) => ({ address, abi: UNISWAP_V2_PAIR_ABI, functionName })
  const [token0, token1, reserves] = (await reader.read([call('token0'), call('token1'), call('getReserves')])) as [
    Address,
    Address,
    readonly [bigint, bigint, number],
  ]
  return {
    address,
    tokens: [token0, token1],
    kind: 'constantProduct',
    feeBps,
    state: { reserve0: reserves[0].toString(), reserve1: reserves[1].toString() },
  }
}
