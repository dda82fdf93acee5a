/**
 * Contracts of the local chain, from npm packages' build artifacts: Uniswap V2 (`@uniswap/v2-core`), V3
 * (`@uniswap/v3-core`, `@uniswap/v3-periphery`), WETH9 (`@uniswap/v2-periphery`'s build of the canonical contract),
 * Multicall3 (viem's creation code) and the test ERC-20 with chosen decimals (contracts/TestContracts.sol), plus the
 * viem helpers that deploy and call them. Shared by `npm run localnet` and the tests (test/helpers/uniswap/).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type EvmNode, FUNDED_ACCOUNT } from './evmNode.js'
import testContracts from './contracts/TestContracts.json' with { type: 'json' }

const require = createRequire(import.meta.url)

/** A contract's ABI and creation code. */
export interface Artifact {
  readonly abi: Abi
  readonly bytecode: Hex
}
const artifact = (path: string): Artifact => {
  const { abi, bytecode } = require(path) as { abi: Abi; bytecode: string }
  return { abi, bytecode: (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex }
}
const V3 = '@uniswap/v3-core/artifacts/contracts'
const PERIPHERY = '@uniswap/v3-periphery/artifacts/contracts'

/** The artifacts, as their packages publish them. */
export const ARTIFACTS = {
  v2Factory: artifact('@uniswap/v2-core/build/UniswapV2Factory.json'),
  v2Pair: artifact('@uniswap/v2-core/build/UniswapV2Pair.json'),
  v3Factory: artifact(`${V3}/UniswapV3Factory.sol/UniswapV3Factory.json`),
  v3Pool: artifact(`${V3}/UniswapV3Pool.sol/UniswapV3Pool.json`),
  positionManager: artifact(`${PERIPHERY}/NonfungiblePositionManager.sol/NonfungiblePositionManager.json`),
  swapRouter: artifact(`${PERIPHERY}/SwapRouter.sol/SwapRouter.json`),
  quoterV2: artifact(`${PERIPHERY}/lens/QuoterV2.sol/QuoterV2.json`),
  weth9: artifact('@uniswap/v2-periphery/build/WETH9.json'),
  erc20: testContracts.TestERC20 as Artifact,
  v2Swapper: testContracts.V2Swapper as Artifact,
  /** A target for `swapAndCall` (evm-calldata-tx): credits what it is sent to a beneficiary. */
  callTarget: testContracts.CallTarget as Artifact,
}

/** PoolAddress.POOL_INIT_CODE_HASH of v3-periphery: the v3-core pool artifact's bytecode hashes to it. */
export const POOL_INIT_CODE_HASH = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'

/**
 * Multicall3's creation code, as viem ships it for deployless calls (its constants are not a public export, so it is
 * read from viem's own file).
 *
 * @throws Error when viem's file no longer holds it.
 */
export function multicall3Bytecode(): Hex {
  const file = join(dirname(require.resolve('viem/package.json')), '_esm/constants/contracts.js')
  const match = /multicall3Bytecode\s*=\s*'(0x[0-9a-f]+)'/.exec(readFileSync(file, 'utf8'))
  if (match === null) throw new Error(`no multicall3Bytecode in ${file}`)
  return match[1] as Hex
}

/** Clients on a node, acting as one account. */
export interface Clients {
  readonly publicClient: PublicClient
  readonly wallet: WalletClient
  readonly account: Address
}

/**
 * Public and wallet clients of a node.
 *
 * @param privateKey - the acting account; default the node's funded account (`FUNDED_ACCOUNT`).
 * @example const { publicClient, wallet } = clientsOf(node)
 */
export function clientsOf(
  node: Pick<EvmNode, 'url' | 'chainId'>,
  privateKey: Hex = FUNDED_ACCOUNT.privateKey,
): Clients {
  const chain = defineChain({
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  })
  const account = privateKeyToAccount(privateKey)
  return {
    publicClient: createPublicClient({ chain, transport: http(node.url) }) as PublicClient,
    wallet: createWalletClient({ account, chain, transport: http(node.url) }),
    account: account.address,
  }
}

/**
 * Deploys a contract and returns its address.
 *
 * @throws Error when the deployment is not mined with a contract address.
 */
export async function deploy(
  { publicClient, wallet }: Clients,
  { abi, bytecode }: Artifact,
  args: unknown[] = [],
): Promise<Address> {
  const hash = await wallet.deployContract({ abi, bytecode, args, account: wallet.account!, chain: wallet.chain })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.contractAddress == null) throw new Error('deployment failed')
  return receipt.contractAddress
}

/**
 * Sends a contract call and waits for it.
 *
 * @throws Error naming the function when the transaction reverts.
 */
export async function send(
  { publicClient, wallet }: Clients,
  address: Address,
  abi: Abi,
  functionName: string,
  args: unknown[] = [],
  value?: bigint,
): Promise<void> {
  const hash = await wallet.writeContract({
    address,
    abi,
    functionName,
    args,
    account: wallet.account!,
    chain: wallet.chain,
    gas: 10_000_000n,
    ...(value === undefined ? {} : { value }),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted`)
}
