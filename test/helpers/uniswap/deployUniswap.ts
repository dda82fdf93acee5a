/**
 * Deploys real Uniswap contracts on a test node (test/helpers/evmNode.ts) from the npm packages' build artifacts
 * (fixtures/localnet/contracts.ts): V2 factory and a pair, V3 factory, a pool, NonfungiblePositionManager (to add
 * liquidity over ranges), SwapRouter and QuoterV2, plus test ERC-20s with chosen decimals. Periphery contracts find
 * pools through PoolAddress's init code hash; the v3-core artifact's pool bytecode hashes to that same constant
 * (checked here), so the artifacts work together unmodified.
 */
import { type Address, keccak256, maxUint256 } from 'viem'
import type { EvmNode } from '../evmNode.js'
import {
  ARTIFACTS,
  type Clients,
  POOL_INIT_CODE_HASH,
  clientsOf,
  deploy,
  multicall3Bytecode,
  send,
} from '../../../fixtures/localnet/contracts.js'

export { ARTIFACTS, type Clients, clientsOf, deploy, multicall3Bytecode, send }

/** A V3 position: its range, and the most of each token it may take (NonfungiblePositionManager.mint). */
export interface Position {
  readonly tickLower: number
  readonly tickUpper: number
  readonly amountDesired: bigint
}

/** Everything deployed by `deployUniswap`. */
export interface UniswapDeployment {
  readonly clients: Clients
  /** `usdc` has 6 decimals, `weth` and `dai` 18. */
  readonly tokens: { readonly usdc: Address; readonly weth: Address; readonly dai: Address }
  readonly multicall3: Address
  readonly v2Pair: Address
  readonly v3Pool: Address
  readonly v3Fee: number
  readonly swapRouter: Address
  readonly quoterV2: Address
  readonly v2Swapper: Address
}

/**
 * Deploys the contracts and adds liquidity: a V3 USDC/WETH pool (0.30%, spacing 60) with positions over several
 * ranges, and a V2 WETH/DAI pair. The funded account holds plenty of each token and has approved the router and
 * the V2 swapper.
 */
export async function deployUniswap(node: EvmNode, positions: readonly Position[]): Promise<UniswapDeployment> {
  if (keccak256(ARTIFACTS.v3Pool.bytecode) !== POOL_INIT_CODE_HASH)
    throw new Error('v3-core pool bytecode does not match the periphery init code hash')
  const clients = clientsOf(node)
  const me = clients.account
  const supply = 10n ** 40n
  const token = async (name: string, decimals: number) => {
    const address = await deploy(clients, ARTIFACTS.erc20, [name, name, decimals])
    await send(clients, address, ARTIFACTS.erc20.abi, 'mint', [me, supply])
    return address
  }
  const usdc = await token('USDC', 6)
  const weth = await token('WETH', 18)
  const dai = await token('DAI', 18)
  const multicall3 = await deploy(clients, { abi: [], bytecode: multicall3Bytecode() })

  // V2: WETH/DAI, liquidity minted by transferring both tokens to the pair.
  const v2Factory = await deploy(clients, ARTIFACTS.v2Factory, [me])
  await send(clients, v2Factory, ARTIFACTS.v2Factory.abi, 'createPair', [weth, dai])
  const v2Pair = (await clients.publicClient.readContract({
    address: v2Factory,
    abi: ARTIFACTS.v2Factory.abi,
    functionName: 'getPair',
    args: [weth, dai],
  })) as Address
  await send(clients, weth, ARTIFACTS.erc20.abi, 'transfer', [v2Pair, 300n * 10n ** 18n])
  await send(clients, dai, ARTIFACTS.erc20.abi, 'transfer', [v2Pair, 900_000n * 10n ** 18n])
  await send(clients, v2Pair, ARTIFACTS.v2Pair.abi, 'mint', [me])

  // V3: USDC/WETH at 0.30%, price 1 raw unit : 1 raw unit (tick 0), liquidity over the given ranges.
  const v3Fee = 3000
  const v3Factory = await deploy(clients, ARTIFACTS.v3Factory)
  await send(clients, v3Factory, ARTIFACTS.v3Factory.abi, 'createPool', [usdc, weth, v3Fee])
  const v3Pool = (await clients.publicClient.readContract({
    address: v3Factory,
    abi: ARTIFACTS.v3Factory.abi,
    functionName: 'getPool',
    args: [usdc, weth, v3Fee],
  })) as Address
  await send(clients, v3Pool, ARTIFACTS.v3Pool.abi, 'initialize', [1n << 96n])
  const positionManager = await deploy(clients, ARTIFACTS.positionManager, [v3Factory, weth, weth])
  const swapRouter = await deploy(clients, ARTIFACTS.swapRouter, [v3Factory, weth])
  const quoterV2 = await deploy(clients, ARTIFACTS.quoterV2, [v3Factory, weth])
  const v2Swapper = await deploy(clients, ARTIFACTS.v2Swapper)
  for (const spender of [positionManager, swapRouter, v2Swapper]) {
    for (const address of [usdc, weth, dai])
      await send(clients, address, ARTIFACTS.erc20.abi, 'approve', [spender, maxUint256])
  }
  const [token0, token1] = BigInt(usdc) < BigInt(weth) ? [usdc, weth] : [weth, usdc]
  for (const { tickLower, tickUpper, amountDesired } of positions) {
    await send(clients, positionManager, ARTIFACTS.positionManager.abi, 'mint', [
      {
        token0,
        token1,
        fee: v3Fee,
        tickLower,
        tickUpper,
        amount0Desired: amountDesired,
        amount1Desired: amountDesired,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: me,
        deadline: maxUint256,
      },
    ])
  }
  return {
    clients,
    tokens: { usdc, weth, dai },
    multicall3,
    v2Pair,
    v3Pool,
    v3Fee,
    swapRouter,
    quoterV2,
    v2Swapper,
  }
}
