/**
 * Shared set-up of the chain tests: a Hardhat node with real Uniswap V2/V3 contracts (deployUniswap) and the
 * snapshot configuration that reads them. Token prices follow the pools (1 USDC unit = 1 WETH unit at tick 0; 1 WETH
 * = 3000 DAI), so that USD figures and price impacts are sane.
 */
import type { Address } from 'viem'
import type { ChainSnapshotConfig } from '../../../engine/chain.js'
import { type UniswapDeployment, deployUniswap } from '../../helpers/uniswap/deployUniswap.js'
import type { EvmNode } from '../../helpers/evmNode.js'

export const CHAIN_ID = 42161
export const ZERO = '0x0000000000000000000000000000000000000000'

/** Positions over several ranges (tick spacing 60): many initialized ticks on both sides of the price. */
export const POSITIONS = [
  { tickLower: -600, tickUpper: 600, amountDesired: 10n ** 12n },
  { tickLower: -1800, tickUpper: -60, amountDesired: 5n * 10n ** 11n },
  { tickLower: 60, tickUpper: 2400, amountDesired: 5n * 10n ** 11n },
  { tickLower: -6000, tickUpper: 6000, amountDesired: 10n ** 12n },
  { tickLower: 120, tickUpper: 180, amountDesired: 10n ** 11n },
  { tickLower: -240, tickUpper: -120, amountDesired: 10n ** 11n },
  { tickLower: -887220, tickUpper: 887220, amountDesired: 10n ** 9n },
] as const

/** The chain snapshot configuration of a deployment. */
export function configOf(world: UniswapDeployment, multicallAddress?: Address): ChainSnapshotConfig {
  const { usdc, weth, dai } = world.tokens
  return {
    name: 'hardhat uniswap',
    chains: [
      {
        chainId: CHAIN_ID,
        name: 'Hardhat',
        vm: 'evm',
        nativeToken: ZERO,
        routerAddress: '0xc7055c7055c7055C7055C7055C7055c7055C7055',
        blockTimeMs: 250,
        swapGasUnits: '180000',
        gasPrice: '0',
        ...(multicallAddress === undefined ? {} : { multicallAddress }),
        pools: [
          { address: world.v3Pool, type: 'uniswap-v3' },
          { address: world.v2Pair, type: 'uniswap-v2', id: 'v2-weth-dai' },
        ],
      },
    ],
    usdPrices: {
      [`${CHAIN_ID}:${usdc}`]: '1',
      [`${CHAIN_ID}:${weth.toLowerCase()}`]: '1000000000000',
      [`${CHAIN_ID}:${dai}`]: '333333333.33',
    },
    tokens: [
      {
        chainId: CHAIN_ID,
        address: ZERO,
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        isNative: true,
        logo: '',
        svcCode: 'ETH',
        usdPrice: '3000',
      },
    ],
    lanes: [],
  }
}

/** Deploys the world on a node. */
export function deployWorld(node: EvmNode): Promise<UniswapDeployment> {
  return deployUniswap(node, POSITIONS)
}
