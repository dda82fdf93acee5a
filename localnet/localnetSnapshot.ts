/**
 * The snapshot of the local chain: the chain builder's configuration for what `deployLocalnet` deployed, and a
 * follower that rebuilds the snapshot file from chain state whenever a block is mined (the service, watching the
 * file, reloads it: README "Hot reload").
 */
import { renameSync, writeFileSync } from 'node:fs'
import { createPublicClient, http } from 'viem'
import { type ChainSnapshotConfig, buildSnapshotFromChain } from '../engine/chain.js'
import type { SnapshotJson } from '../engine/graph/types.js'
import { WETH_USD_PRICE, type LocalnetDeployment } from './deployLocalnet.js'
import { CALIBRATED_SWAP_GAS_UNITS } from './gasCalibration.js'

const ZERO = '0x0000000000000000000000000000000000000000'

/**
 * The gas figures of the local chain's snapshot entry: `gasPrice` is what quotes price gas at (1 gwei), and
 * `swapGasUnits` is the router call with one pool swap, calibrated from executed transactions (gasCalibration.ts).
 */
export const LOCALNET_GAS = Object.freeze({
  swapGasUnits: BigInt(CALIBRATED_SWAP_GAS_UNITS),
  gasPrice: 1_000_000_000n,
})

/**
 * The chain builder's configuration (`ChainSnapshotConfig`) of a local chain: its V2 pairs and V3 pools, USDC and
 * DAI at $1 and WETH (and ETH) at `WETH_USD_PRICE`, the router as the chain's `routerAddress`.
 *
 * @example const { json } = await buildSnapshotFromChain(localnetChainConfig(localnet))
 */
export function localnetChainConfig(localnet: LocalnetDeployment): ChainSnapshotConfig {
  const { chainId, tokens } = localnet
  return {
    name: `localnet ${chainId}`,
    chains: [
      {
        chainId,
        name: 'Localnet',
        vm: 'evm',
        nativeToken: ZERO,
        wrappedNativeToken: tokens.WETH,
        routerAddress: localnet.routerAddress,
        blockTimeMs: 1000,
        swapGasUnits: String(LOCALNET_GAS.swapGasUnits),
        gasPrice: String(LOCALNET_GAS.gasPrice),
        rpcUrl: localnet.rpcUrl,
        multicallAddress: localnet.multicall3,
        pools: [
          { address: localnet.v2Pair, type: 'uniswap-v2', feeBps: 30 },
          { address: localnet.v2DaiPair, type: 'uniswap-v2', feeBps: 30 },
          { address: localnet.v3Pools[500], type: 'uniswap-v3' },
          { address: localnet.v3Pools[3000], type: 'uniswap-v3' },
        ],
      },
    ],
    usdPrices: {
      [`${chainId}:${tokens.USDC}`]: '1',
      [`${chainId}:${tokens.DAI}`]: '1',
      [`${chainId}:${tokens.WETH}`]: String(WETH_USD_PRICE),
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
        usdPrice: String(WETH_USD_PRICE),
      },
    ],
    lanes: [],
  }
}

/** A running follower. */
export interface ChainFollower {
  /** The block the file was last built at. */
  readonly blockNumber: bigint
  /** The snapshot last written. */
  readonly json: SnapshotJson
  /** Builds now if the chain moved since the last build (tests call it instead of waiting for the poll). */
  sync(): Promise<void>
  /** Stops polling; a build under way finishes. */
  stop(): Promise<void>
}

/** Options of `followChain`. */
export interface FollowChainOptions {
  readonly config: ChainSnapshotConfig
  /** The snapshot file, replaced atomically (written beside it, then renamed) on each build. */
  readonly path: string
  /** How often the block number is read; default 250 ms. */
  readonly pollMs?: number
  /** Called after each build after the first (e.g. to log it). */
  readonly onBuilt?: (blockNumber: bigint) => void
  /** Called when a build fails; polling goes on. */
  readonly onError?: (error: unknown) => void
}

/**
 * Builds the snapshot file from the chain now, then again at each new block.
 *
 * @throws (rejects) the builder's error when the first build fails.
 * @example const follower = await followChain({ config: localnetChainConfig(localnet), path: 'snapshot.json' })
 */
export async function followChain(options: FollowChainOptions): Promise<ChainFollower> {
  const source = options.config.chains[0]!
  // cacheTime 0: viem otherwise answers getBlockNumber from a 4 s cache, and a block mined since would be missed.
  const client = createPublicClient({ transport: http(source.rpcUrl), cacheTime: 0 })
  let json: SnapshotJson
  let blockNumber: bigint
  const build = async (at: bigint) => {
    const built = await buildSnapshotFromChain(options.config, { blockNumbers: { [source.chainId]: at } })
    const temporary = `${options.path}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(built.json))
    renameSync(temporary, options.path)
    json = built.json
    blockNumber = at
  }
  await build(await client.getBlockNumber())
  let running: Promise<void> = Promise.resolve()
  const sync = () =>
    (running = running
      .catch(() => undefined)
      .then(async () => {
        const latest = await client.getBlockNumber()
        if (latest === blockNumber) return
        await build(latest)
        options.onBuilt?.(latest)
      }))
  let stopped = false
  const poll = async () => {
    if (stopped) return
    try {
      await sync()
    } catch (error) {
      running = Promise.resolve()
      options.onError?.(error)
    }
    if (!stopped) timer = setTimeout(() => void poll(), options.pollMs ?? 250)
  }
  let timer = setTimeout(() => void poll(), options.pollMs ?? 250)
  return {
    get blockNumber() {
      return blockNumber
    },
    get json() {
      return json!
    },
    sync,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running.catch(() => undefined)
    },
  }
}
