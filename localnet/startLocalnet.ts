/**
 * The whole local chain as one call, for `npm run localnet` and the end-to-end tests: a Hardhat node, the contracts
 * (`deployLocalnet`), the snapshot built from the chain and kept following it (`followChain`), and the description
 * a user or a test needs — the JSON file `npm run localnet` writes.
 */
import { dirname, join, basename } from 'node:path'
import { mkdirSync } from 'node:fs'
import type { Address, Hex } from 'viem'
import { loadRouterArtifact } from '../service/cli/routerDeployment.js'
import { type LocalnetDeployment, deployLocalnet } from './deployLocalnet.js'
import { type EvmNode, startEvmNode } from './evmNode.js'
import { type ChainFollower, followChain, localnetChainConfig } from './localnetSnapshot.js'

/** The file `npm run localnet` writes: exactly these fields. */
export interface LocalnetDescription {
  readonly rpcUrl: string
  readonly chainId: number
  readonly routerAddress: Address
  readonly account: { readonly address: Address; readonly privateKey: Hex }
  /** Symbol → address: `USDC`, `WETH`, `DAI`, and `ETH` (the native token, the zero address). */
  readonly tokens: Readonly<Record<string, Address>>
  /** The environment of `npm start` that quotes from this chain, tracks over its RPC and calls its router. */
  readonly serviceEnv: Readonly<Record<string, string>>
}

/** Options of `startLocalnet`. */
export interface StartLocalnetOptions {
  /** Default 31337 (Hardhat's). */
  readonly chainId?: number
  /** Default a free port. */
  readonly port?: number
  /** The snapshot file the follower writes and `serviceEnv.SNAPSHOT_PATH` names. */
  readonly snapshotPath: string
  /** See `followChain`. */
  readonly onBuilt?: (blockNumber: bigint) => void
  readonly onError?: (error: unknown) => void
}

/** A running local chain. */
export interface Localnet {
  readonly node: EvmNode
  readonly deployment: LocalnetDeployment
  readonly follower: ChainFollower
  readonly description: LocalnetDescription
  /** Stops the follower, then the node. */
  stop(): Promise<void>
}

/**
 * Starts the node, deploys and seeds the contracts, builds the snapshot and follows the chain.
 *
 * @throws Error when the router artifact is missing, the node does not start, or a deployment fails (the node is
 *   stopped first).
 * @example const localnet = await startLocalnet({ snapshotPath: 'data/localnet/snapshot.json' })
 */
export async function startLocalnet(options: StartLocalnetOptions): Promise<Localnet> {
  const router = loadRouterArtifact()
  const node = await startEvmNode({ chainId: options.chainId ?? 31337, port: options.port })
  try {
    const deployment = await deployLocalnet(node, router)
    mkdirSync(dirname(options.snapshotPath), { recursive: true })
    const follower = await followChain({
      config: localnetChainConfig(deployment),
      path: options.snapshotPath,
      onBuilt: options.onBuilt,
      onError: options.onError,
    })
    const { chainId, rpcUrl, routerAddress } = deployment
    const description: LocalnetDescription = {
      rpcUrl,
      chainId,
      routerAddress,
      account: deployment.account,
      tokens: { ...deployment.tokens, ETH: '0x0000000000000000000000000000000000000000' },
      serviceEnv: {
        SNAPSHOT_PATH: options.snapshotPath,
        SNAPSHOT_WATCH: '1',
        SNAPSHOT_WATCH_DEBOUNCE_MS: '50',
        RPC_URLS: `${chainId}=${rpcUrl}`,
        ROUTER_ADDRESSES: `${chainId}=${routerAddress}`,
      },
    }
    return {
      node,
      deployment,
      follower,
      description,
      async stop() {
        await follower.stop()
        await node.stop()
      },
    }
  } catch (error) {
    await node.stop()
    throw error
  }
}

/** The snapshot file beside a description file: `<dir>/<name>.snapshot.json`. */
export function snapshotPathBeside(descriptionPath: string): string {
  return join(dirname(descriptionPath), `${basename(descriptionPath, '.json')}.snapshot.json`)
}
