/**
 * A chain on which the crossroute router executes: real Uniswap V2 and V3 (npm artifacts), WETH9, test ERC-20s,
 * the router (engine/vm/evm/router/CrossrouteRouter.json) and the snapshot configuration that reads the pools.
 *
 * Every raw unit is worth the same ($1e-6 at the configured prices): USDC (6 decimals) / WETH in two V3 pools
 * (0.30 % and 0.05 %, price 1 : 1 in raw units, liquidity over several ranges, so that large trades split), and a
 * WETH / DAI V2 pair (DAI has 18 decimals), so that DAI → USDC is a V2 → V3 route.
 */
import { type Abi, type Address, type Hex, maxUint256 } from 'viem'
import type { ChainSnapshotConfig } from '../../../engine/chain.js'
import routerArtifact from '../../../engine/vm/evm/router/CrossrouteRouter.json' with { type: 'json' }
import type { EvmNode } from '../evmNode.js'
import testContracts from '../../../fixtures/localnet/contracts/TestContracts.json' with { type: 'json' }
import { ARTIFACTS, type Clients, clientsOf, deploy, multicall3Bytecode, send } from './deployUniswap.js'

export const ZERO: Address = '0x0000000000000000000000000000000000000000'
/** Receives the router's protocol fees (`setOwner` after deployment), so that they can be counted apart. */
export const FEE_OWNER: Address = '0x000000000000000000000000000000000000fee0'
export const ROUTER_ARTIFACT = routerArtifact as unknown as { abi: Abi; bytecode: Hex }
export const TEST_ARTIFACTS = {
  weth9: testContracts.TestWETH9 as { abi: Abi; bytecode: Hex },
  callTarget: testContracts.CallTarget as { abi: Abi; bytecode: Hex },
  reenterer: testContracts.Reenterer as { abi: Abi; bytecode: Hex },
}

/** Everything `deployRouterWorld` deployed. */
export interface RouterWorld {
  readonly clients: Clients
  readonly tokens: { readonly usdc: Address; readonly weth: Address; readonly dai: Address }
  readonly router: Address
  readonly v2Factory: Address
  readonly v3Factory: Address
  readonly v2Pair: Address
  readonly v3Pools: { readonly fee3000: Address; readonly fee500: Address }
  readonly positionManager: Address
  readonly multicall3: Address
  readonly callTarget: Address
  readonly reenterer: Address
}

const POSITIONS_3000 = [
  { tickLower: -600, tickUpper: 600, amount: 10n ** 12n },
  { tickLower: -1800, tickUpper: -60, amount: 5n * 10n ** 11n },
  { tickLower: 60, tickUpper: 2400, amount: 5n * 10n ** 11n },
  { tickLower: -30000, tickUpper: 30000, amount: 10n ** 10n },
]
const POSITIONS_500 = [
  { tickLower: -300, tickUpper: 300, amount: 6n * 10n ** 11n },
  { tickLower: -2000, tickUpper: 1000, amount: 3n * 10n ** 11n },
  { tickLower: -20000, tickUpper: 20000, amount: 10n ** 10n },
]

/**
 * Deploys the world on a node. The funded account holds the tokens (and WETH it wrapped), has approved the router
 * for every token, and owns the router, whose protocol fees go to `FEE_OWNER`.
 */
export async function deployRouterWorld(node: EvmNode): Promise<RouterWorld> {
  const clients = clientsOf(node)
  const me = clients.account
  const erc20 = ARTIFACTS.erc20.abi
  const token = async (name: string, decimals: number) => {
    const address = await deploy(clients, ARTIFACTS.erc20, [name, name, decimals])
    await send(clients, address, erc20, 'mint', [me, 10n ** 30n])
    return address
  }
  const usdc = await token('USDC', 6)
  const dai = await token('DAI', 18)
  const weth = await deploy(clients, TEST_ARTIFACTS.weth9)
  const hash = await clients.wallet.sendTransaction({
    account: clients.wallet.account!,
    chain: clients.wallet.chain,
    to: weth,
    value: 100n * 10n ** 18n,
  })
  await clients.publicClient.waitForTransactionReceipt({ hash })

  const v2Factory = await deploy(clients, ARTIFACTS.v2Factory, [me])
  await send(clients, v2Factory, ARTIFACTS.v2Factory.abi, 'createPair', [weth, dai])
  const v2Pair = (await clients.publicClient.readContract({
    address: v2Factory,
    abi: ARTIFACTS.v2Factory.abi,
    functionName: 'getPair',
    args: [weth, dai],
  })) as Address
  await send(clients, weth, erc20, 'transfer', [v2Pair, 3n * 10n ** 12n])
  await send(clients, dai, erc20, 'transfer', [v2Pair, 3n * 10n ** 12n])
  await send(clients, v2Pair, ARTIFACTS.v2Pair.abi, 'mint', [me])

  const v3Factory = await deploy(clients, ARTIFACTS.v3Factory)
  const positionManager = await deploy(clients, ARTIFACTS.positionManager, [v3Factory, weth, weth])
  for (const address of [usdc, weth, dai]) await send(clients, address, erc20, 'approve', [positionManager, maxUint256])
  const [token0, token1] = BigInt(usdc) < BigInt(weth) ? [usdc, weth] : [weth, usdc]
  const pool = async (fee: number, positions: typeof POSITIONS_3000) => {
    await send(clients, v3Factory, ARTIFACTS.v3Factory.abi, 'createPool', [usdc, weth, fee])
    const address = (await clients.publicClient.readContract({
      address: v3Factory,
      abi: ARTIFACTS.v3Factory.abi,
      functionName: 'getPool',
      args: [usdc, weth, fee],
    })) as Address
    await send(clients, address, ARTIFACTS.v3Pool.abi, 'initialize', [1n << 96n])
    for (const { tickLower, tickUpper, amount } of positions) {
      await send(clients, positionManager, ARTIFACTS.positionManager.abi, 'mint', [
        {
          token0,
          token1,
          fee,
          tickLower,
          tickUpper,
          amount0Desired: amount,
          amount1Desired: amount,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: me,
          deadline: maxUint256,
        },
      ])
    }
    return address
  }
  const fee3000 = await pool(3000, POSITIONS_3000)
  const fee500 = await pool(500, POSITIONS_500)

  const router = await deploy(clients, ROUTER_ARTIFACT, [weth, v2Factory, v3Factory])
  await send(clients, router, ROUTER_ARTIFACT.abi, 'setOwner', [FEE_OWNER])
  for (const address of [usdc, weth, dai]) await send(clients, address, erc20, 'approve', [router, maxUint256])
  return {
    clients,
    tokens: { usdc, weth, dai },
    router,
    v2Factory,
    v3Factory,
    v2Pair,
    v3Pools: { fee3000, fee500 },
    positionManager,
    multicall3: await deploy(clients, { abi: [], bytecode: multicall3Bytecode() }),
    callTarget: await deploy(clients, TEST_ARTIFACTS.callTarget),
    reenterer: await deploy(clients, TEST_ARTIFACTS.reenterer),
  }
}

/** The snapshot configuration of the world: its router, pools and tokens, every raw unit at $1e-6. */
export function routerWorldConfig(world: RouterWorld, chainId: number): ChainSnapshotConfig {
  const { usdc, weth, dai } = world.tokens
  return {
    name: 'hardhat router world',
    chains: [
      {
        chainId,
        name: 'Hardhat',
        vm: 'evm',
        nativeToken: ZERO,
        wrappedNativeToken: weth,
        routerAddress: world.router,
        blockTimeMs: 250,
        swapGasUnits: '180000',
        gasPrice: '0',
        // A deployed Multicall3: the tick bitmap reads do not fit a deployless call's init code.
        multicallAddress: world.multicall3,
        pools: [
          { address: world.v3Pools.fee3000, type: 'uniswap-v3' },
          { address: world.v3Pools.fee500, type: 'uniswap-v3' },
          { address: world.v2Pair, type: 'uniswap-v2' },
        ],
      },
    ],
    usdPrices: {
      [`${chainId}:${usdc}`]: '1',
      [`${chainId}:${weth}`]: '1000000000000',
      [`${chainId}:${dai}`]: '1000000000000',
    },
    tokens: [
      {
        chainId,
        address: ZERO,
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        isNative: true,
        logo: '',
        svcCode: 'ETH',
        usdPrice: '1000000000000',
      },
    ],
    lanes: [],
  }
}
