/**
 * Deploys the crossroute router (engine/vm/evm/router/: the Solidity source and its committed artifact) to an EVM
 * chain with viem, for `npm run router:deploy` and `npm run localnet`. The address it prints is what
 * `ROUTER_ADDRESSES` (or the chain's `routerAddress` in a snapshot) must name: the service's `tx.to` on that chain.
 */
import { readFileSync } from 'node:fs'
import {
  type Abi,
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  isAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { packagePath } from '../../engine/packagePath.js'

/** Where the router's compiled artifact (`{ abi, bytecode, … }`) is committed. */
export const ROUTER_ARTIFACT_PATH = packagePath('engine/vm/evm/router/CrossrouteRouter.json')

/** The router's ABI and creation code. */
export interface RouterArtifact {
  readonly abi: Abi
  readonly bytecode: Hex
}

/**
 * Reads the router's committed artifact.
 *
 * @throws Error naming the file when it is missing or holds no ABI and bytecode.
 */
export function loadRouterArtifact(path: string = ROUTER_ARTIFACT_PATH): RouterArtifact {
  let parsed: { abi?: Abi; bytecode?: string }
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as typeof parsed
  } catch (cause) {
    throw new Error(`the router artifact ${path} cannot be read (${(cause as Error).message})`)
  }
  const { abi, bytecode } = parsed
  if (!Array.isArray(abi) || typeof bytecode !== 'string' || !/^(0x)?[0-9a-fA-F]+$/.test(bytecode))
    throw new Error(`the router artifact ${path} has no abi and bytecode`)
  return { abi, bytecode: (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex }
}

/** What the router is deployed against: the chain's WETH and Uniswap factories (its constructor's arguments). */
export interface RouterDeploymentParameters {
  /** JSON-RPC URL of the chain. */
  readonly rpcUrl: string
  /** The deployer's key (`0x` + 64 hex digits). Never logged nor printed. */
  readonly privateKey: Hex
  /** The wrapped native token (WETH9 or the chain's equivalent). */
  readonly weth: Address
  /** UniswapV2Factory: the router runs a V2 step only on a pair this factory created. */
  readonly uniswapV2Factory: Address
  /** UniswapV3Factory: the router's swap callback accepts only a pool of this factory. */
  readonly uniswapV3Factory: Address
}

/** A deployed router. */
export interface RouterDeployment {
  readonly chainId: number
  readonly address: Address
  readonly transactionHash: Hex
  readonly gasUsed: bigint
}

/**
 * Deploys the router and checks that code is there.
 *
 * @throws Error when an address is not one, the key is malformed (the message never holds it), the node refuses, or
 *   the deployment reverts.
 * @example
 * const { address, chainId } = await deployRouter({ rpcUrl, privateKey, weth, uniswapV2Factory, uniswapV3Factory })
 * console.log(`ROUTER_ADDRESSES=${chainId}=${address}`)
 */
export async function deployRouter(
  parameters: RouterDeploymentParameters,
  artifact: RouterArtifact = loadRouterArtifact(),
): Promise<RouterDeployment> {
  for (const name of ['weth', 'uniswapV2Factory', 'uniswapV3Factory'] as const)
    if (!isAddress(parameters[name], { strict: false })) throw new Error(`${name} is not an address`)
  if (!/^0x[0-9a-fA-F]{64}$/.test(parameters.privateKey))
    throw new Error('the private key must be 0x followed by 64 hex digits')
  const account = privateKeyToAccount(parameters.privateKey)
  const transport = http(parameters.rpcUrl)
  const chainId = await createPublicClient({ transport }).getChainId()
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [parameters.rpcUrl] } },
  })
  const publicClient = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ account, chain, transport })
  const transactionHash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [
      getAddress(parameters.weth),
      getAddress(parameters.uniswapV2Factory),
      getAddress(parameters.uniswapV3Factory),
    ],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash: transactionHash })
  if (receipt.status !== 'success' || receipt.contractAddress == null)
    throw new Error(`the deployment ${transactionHash} reverted`)
  const code = await publicClient.getCode({ address: receipt.contractAddress })
  if (code === undefined || code === '0x') throw new Error(`no code at ${receipt.contractAddress} after deployment`)
  return { chainId, address: getAddress(receipt.contractAddress), transactionHash, gasUsed: receipt.gasUsed }
}
