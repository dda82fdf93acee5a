/**
 * Deploys the local chain's contracts on a node (localnet/evmNode.ts) and seeds them: a real WETH9, a 6-decimal
 * USDC and an 18-decimal DAI (TestERC20), Uniswap V2 (factory, the USDC/WETH and DAI/WETH pairs: DAI → USDC is a
 * two-pool route) and V3 (factory, USDC/WETH pools at 0.05 % and 0.30 %,
 * NonfungiblePositionManager for their positions), Multicall3 (fast snapshot reads) and the crossroute router. The
 * pools price 1 WETH at 3000 USDC and are deep enough that a few million USDC move each of them by percents, so such
 * a trade is cheaper split across them. The user account holds ETH, WETH and USDC.
 */
import { type Address, type Hex, getAddress, maxUint256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type RouterArtifact, deployRouter } from '../service/cli/routerDeployment.js'
import { ARTIFACTS, type Clients, clientsOf, deploy, multicall3Bytecode, send } from './contracts.js'
import { type EvmNode, FUNDED_ACCOUNT } from './evmNode.js'

/**
 * Account #1 of Hardhat's default mnemonic (`test test … junk`), public: the account `npm run localnet` funds and
 * hands out. The contracts are deployed and the pools seeded by account #0 (`FUNDED_ACCOUNT`).
 */
export const USER_ACCOUNT = Object.freeze({
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
} as const)

/** USD price of one whole WETH (and ETH) the pools are seeded at; USDC is 1. */
export const WETH_USD_PRICE = 3000n

const USDC_UNIT = 10n ** 6n
const WETH_UNIT = 10n ** 18n
/** USDC depth (the WETH side is worth as much) of each pool: full range, plus a ±~10 % range on the 0.05 % pool. */
const DEPTH = {
  v2: 8_000_000n * USDC_UNIT,
  v3Fee500: 8_000_000n * USDC_UNIT,
  v3Fee500Concentrated: 4_000_000n * USDC_UNIT,
  v3Fee3000: 6_000_000n * USDC_UNIT,
  /** The DAI/WETH pair, in USD (DAI is $1). */
  v2Dai: 2_000_000n * USDC_UNIT,
} as const
/** What the user account is given. */
export const USER_FUNDS = Object.freeze({
  eth: 10_000n * WETH_UNIT,
  weth: 1_000n * WETH_UNIT,
  usdc: 10_000_000n * USDC_UNIT,
  dai: 1_000_000n * WETH_UNIT,
})

/** Everything `deployLocalnet` deployed. */
export interface LocalnetDeployment {
  readonly chainId: number
  readonly rpcUrl: string
  readonly tokens: { readonly USDC: Address; readonly WETH: Address; readonly DAI: Address }
  readonly uniswapV2Factory: Address
  readonly uniswapV3Factory: Address
  readonly positionManager: Address
  readonly multicall3: Address
  /** The USDC/WETH pair. */
  readonly v2Pair: Address
  /** The DAI/WETH pair. */
  readonly v2DaiPair: Address
  /** V3 pools by fee (hundredths of a bip). */
  readonly v3Pools: { readonly 500: Address; readonly 3000: Address }
  readonly routerAddress: Address
  /** The funded user account (`USER_ACCOUNT`). */
  readonly account: { readonly address: Address; readonly privateKey: Hex }
  /** Clients acting as the deployer (account #0), for tests that move the pools. */
  readonly deployer: Clients
}

/**
 * Deploys and seeds everything on `node`.
 *
 * @param router - the router's artifact (`loadRouterArtifact()`).
 * @throws Error when a deployment or a seeding transaction fails.
 * @example const localnet = await deployLocalnet(await startEvmNode({ chainId: 31337 }), loadRouterArtifact())
 */
export async function deployLocalnet(node: EvmNode, router: RouterArtifact): Promise<LocalnetDeployment> {
  const me = FUNDED_ACCOUNT.address
  // Seeding takes ~10 000 ETH of WETH; the deployer gets enough ETH for it and the user its share.
  await node.rpc('hardhat_setBalance', [me, `0x${(10n ** 24n).toString(16)}`])
  await node.rpc('hardhat_setBalance', [USER_ACCOUNT.address, `0x${USER_FUNDS.eth.toString(16)}`])
  const clients = clientsOf(node)
  const { erc20, weth9, v2Factory: v2FactoryArtifact, v2Pair: v2PairArtifact, v3Factory, v3Pool } = ARTIFACTS

  const weth = await deploy(clients, weth9)
  const usdc = await deploy(clients, erc20, ['USD Coin', 'USDC', 6])
  const multicall3 = await deploy(clients, { abi: [], bytecode: multicall3Bytecode() })
  const dai = await deploy(clients, erc20, ['Dai Stablecoin', 'DAI', 18])
  await send(clients, dai, erc20.abi, 'mint', [me, 100_000_000n * WETH_UNIT])
  const wethNeeded =
    toWeth(DEPTH.v2 + DEPTH.v3Fee500 + DEPTH.v3Fee500Concentrated + DEPTH.v3Fee3000 + DEPTH.v2Dai) + USER_FUNDS.weth
  await send(clients, weth, weth9.abi, 'deposit', [], wethNeeded + WETH_UNIT)
  await send(clients, usdc, erc20.abi, 'mint', [me, 100_000_000n * USDC_UNIT])

  // V2: liquidity minted by transferring both tokens to the pair.
  const uniswapV2Factory = await deploy(clients, v2FactoryArtifact, [me])
  await send(clients, uniswapV2Factory, v2FactoryArtifact.abi, 'createPair', [usdc, weth])
  const v2Pair = (await clients.publicClient.readContract({
    address: uniswapV2Factory,
    abi: v2FactoryArtifact.abi,
    functionName: 'getPair',
    args: [usdc, weth],
  })) as Address
  await send(clients, usdc, erc20.abi, 'transfer', [v2Pair, DEPTH.v2])
  await send(clients, weth, weth9.abi, 'transfer', [v2Pair, toWeth(DEPTH.v2)])
  await send(clients, v2Pair, v2PairArtifact.abi, 'mint', [me])
  await send(clients, uniswapV2Factory, v2FactoryArtifact.abi, 'createPair', [dai, weth])
  const v2DaiPair = (await clients.publicClient.readContract({
    address: uniswapV2Factory,
    abi: v2FactoryArtifact.abi,
    functionName: 'getPair',
    args: [dai, weth],
  })) as Address
  await send(clients, dai, erc20.abi, 'transfer', [v2DaiPair, DEPTH.v2Dai * 10n ** 12n])
  await send(clients, weth, weth9.abi, 'transfer', [v2DaiPair, toWeth(DEPTH.v2Dai)])
  await send(clients, v2DaiPair, v2PairArtifact.abi, 'mint', [me])

  // V3: two fee tiers at the same price, positions through the NonfungiblePositionManager.
  const uniswapV3Factory = await deploy(clients, v3Factory)
  const positionManager = await deploy(clients, ARTIFACTS.positionManager, [uniswapV3Factory, weth, weth])
  for (const token of [usdc, weth]) await send(clients, token, erc20.abi, 'approve', [positionManager, maxUint256])
  const usdcIsToken0 = BigInt(usdc) < BigInt(weth)
  const [token0, token1] = usdcIsToken0 ? [usdc, weth] : [weth, usdc]
  // Raw amounts of equal value: 3000 USDC (6 decimals) and 1 WETH (18).
  const [value0, value1] = usdcIsToken0
    ? [WETH_USD_PRICE * USDC_UNIT, WETH_UNIT]
    : [WETH_UNIT, WETH_USD_PRICE * USDC_UNIT]
  const sqrtPriceX96 = sqrt((value1 << 192n) / value0)
  const pool = async (fee: number) => {
    await send(clients, uniswapV3Factory, v3Factory.abi, 'createPool', [usdc, weth, fee])
    const address = (await clients.publicClient.readContract({
      address: uniswapV3Factory,
      abi: v3Factory.abi,
      functionName: 'getPool',
      args: [usdc, weth, fee],
    })) as Address
    await send(clients, address, v3Pool.abi, 'initialize', [sqrtPriceX96])
    return address
  }
  const mint = async (fee: number, tickLower: number, tickUpper: number, usdcAmount: bigint) => {
    const [amount0, amount1] = usdcIsToken0 ? [usdcAmount, toWeth(usdcAmount)] : [toWeth(usdcAmount), usdcAmount]
    await send(clients, positionManager, ARTIFACTS.positionManager.abi, 'mint', [
      {
        token0,
        token1,
        fee,
        tickLower,
        tickUpper,
        amount0Desired: amount0,
        amount1Desired: amount1,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: me,
        deadline: maxUint256,
      },
    ])
  }
  const fee500 = await pool(500)
  const fee3000 = await pool(3000)
  const [, tick] = (await clients.publicClient.readContract({
    address: fee500,
    abi: v3Pool.abi,
    functionName: 'slot0',
  })) as [bigint, number]
  // Full range (MIN_TICK/MAX_TICK rounded to each spacing: 10 and 60), and ±~10 % (1000 ticks) around the price.
  await mint(500, -887270, 887270, DEPTH.v3Fee500)
  await mint(500, Math.floor((tick - 1000) / 10) * 10, Math.ceil((tick + 1000) / 10) * 10, DEPTH.v3Fee500Concentrated)
  await mint(3000, -887220, 887220, DEPTH.v3Fee3000)

  // The user: ETH (set above), WETH and USDC.
  const user = privateKeyToAccount(USER_ACCOUNT.privateKey).address
  await send(clients, weth, weth9.abi, 'transfer', [user, USER_FUNDS.weth])
  await send(clients, usdc, erc20.abi, 'transfer', [user, USER_FUNDS.usdc])
  await send(clients, dai, erc20.abi, 'transfer', [user, USER_FUNDS.dai])

  const { address: routerAddress } = await deployRouter(
    { rpcUrl: node.url, privateKey: FUNDED_ACCOUNT.privateKey, weth, uniswapV2Factory, uniswapV3Factory },
    router,
  )
  return {
    chainId: node.chainId,
    rpcUrl: node.url,
    tokens: { USDC: getAddress(usdc), WETH: getAddress(weth), DAI: getAddress(dai) },
    uniswapV2Factory: getAddress(uniswapV2Factory),
    uniswapV3Factory: getAddress(uniswapV3Factory),
    positionManager: getAddress(positionManager),
    multicall3: getAddress(multicall3),
    v2Pair: getAddress(v2Pair),
    v2DaiPair: getAddress(v2DaiPair),
    v3Pools: { 500: getAddress(fee500), 3000: getAddress(fee3000) },
    routerAddress,
    account: { address: user, privateKey: USER_ACCOUNT.privateKey },
    deployer: clients,
  }
}

/** The WETH (raw) worth `usdc` (raw) at the seeding price. */
function toWeth(usdc: bigint): bigint {
  return (usdc * WETH_UNIT) / (WETH_USD_PRICE * USDC_UNIT)
}

/** ⌊√n⌋ (Newton's method on bigints). */
function sqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = n
  let y = (x + 1n) / 2n
  while (y < x) {
    x = y
    y = (x + n / x) / 2n
  }
  return x
}
