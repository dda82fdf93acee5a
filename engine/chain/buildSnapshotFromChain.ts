/**
 * Builds a snapshot from chain state: reads the configured Uniswap V2 pairs and V3 pools, and their tokens'
 * metadata, over JSON-RPC at one block per chain, adds what the configuration supplies (USD prices, lanes, native
 * tokens), and validates the result with the engine's loader.
 */
import { type Address, type PublicClient, createPublicClient, getAddress, http } from 'viem'
import { InvalidSnapshotError } from '../errors/index.js'
import { loadSnapshot } from '../graph/loadSnapshot.js'
import type { ChainJson, PoolJson, Snapshot, SnapshotJson, TokenJson } from '../graph/types.js'
import { ERC20_METADATA_ABI } from './abis.js'
import { type ChainReader, createChainReader } from './chainReader.js'
import { readUniswapV2Pair } from './readUniswapV2.js'
import { readUniswapV3Pool } from './readUniswapV3.js'
import type { ChainPoolSource, ChainSnapshotConfig, ChainSourceConfig } from './types.js'

/** Options of `buildSnapshotFromChain`. */
export interface BuildSnapshotFromChainOptions {
  /** A client per chain id; a chain without one is read through its `rpcUrl`. */
  readonly clients?: Readonly<Record<number, PublicClient>>
  /** Block to read at per chain id; default each chain's latest block when the build starts. */
  readonly blockNumbers?: Readonly<Record<number, bigint>>
}

/** What `buildSnapshotFromChain` returns. */
export interface BuildSnapshotFromChainReturnType {
  /** The snapshot file's content (write it with `JSON.stringify`). */
  readonly json: SnapshotJson
  /** The same, loaded and validated. */
  readonly snapshot: Snapshot
  /** The block each chain was read at. */
  readonly blockNumbers: Readonly<Record<number, bigint>>
}

/**
 * Reads the configured pools from their chains and returns a validated snapshot.
 *
 * @throws InvalidSnapshotError naming the entry when a token has no USD price, a chain has neither client nor
 *   `rpcUrl`, or the result fails the loader's rules; viem's error when a read fails.
 *
 * @example
 * import { buildSnapshotFromChain, readChainSnapshotConfig } from 'crossroute/chain'
 * const { json } = await buildSnapshotFromChain(readChainSnapshotConfig('./mainnet.config.json'))
 * writeFileSync('snapshot.json', JSON.stringify(json))
 */
export async function buildSnapshotFromChain(
  config: ChainSnapshotConfig,
  options: BuildSnapshotFromChainOptions = {},
): Promise<BuildSnapshotFromChainReturnType> {
  const blockNumbers: Record<number, bigint> = {}
  const chains: ChainJson[] = []
  const pools: PoolJson[] = []
  const tokens = new Map<string, TokenJson>()
  for (const source of config.chains) {
    const { rpcUrl: _rpcUrl, multicallAddress, pools: poolSources, ...chain } = source
    chains.push(chain)
    const reader = await createChainReader(clientOf(source, options), {
      multicallAddress,
      blockNumber: options.blockNumbers?.[source.chainId],
    })
    blockNumbers[source.chainId] = reader.blockNumber
    const read = await Promise.all(poolSources.map((pool) => readPool(reader, source.chainId, pool)))
    pools.push(...read)
    for (const token of await readTokens(reader, source.chainId, read, config.usdPrices))
      tokens.set(keyOf(token), token)
  }
  for (const token of config.tokens ?? []) tokens.set(keyOf(token), token)
  const json: SnapshotJson = {
    version: 1,
    name: config.name,
    chains,
    tokens: [...tokens.values()],
    pools,
    lanes: config.lanes ?? [],
  }
  return { json, snapshot: loadSnapshot(json), blockNumbers }
}

function clientOf(source: ChainSourceConfig, options: BuildSnapshotFromChainOptions): PublicClient {
  const client = options.clients?.[source.chainId]
  if (client !== undefined) return client
  if (source.rpcUrl === undefined)
    throw new InvalidSnapshotError({ entry: `chain ${source.chainId}`, reason: 'no client and no rpcUrl' })
  return createPublicClient({ transport: http(source.rpcUrl) })
}

async function readPool(reader: ChainReader, chainId: number, source: ChainPoolSource): Promise<PoolJson> {
  const address = getAddress(source.address)
  const protocol = source.protocol ?? source.type
  const id = source.id ?? `${chainId}:${protocol}:${address.toLowerCase()}`
  const read =
    source.type === 'uniswap-v2'
      ? await readUniswapV2Pair(reader, address, source.feeBps ?? 30)
      : await readUniswapV3Pool(reader, address)
  return { id, chainId, protocol, ...read }
}

async function readTokens(
  reader: ChainReader,
  chainId: number,
  pools: readonly PoolJson[],
  usdPrices: Readonly<Record<string, string>>,
): Promise<TokenJson[]> {
  const addresses = [...new Set(pools.flatMap((pool) => pool.tokens.map((token) => getAddress(token))))]
  const calls = addresses.flatMap((address) =>
    (['decimals', 'symbol', 'name'] as const).map((functionName) => ({
      address,
      abi: ERC20_METADATA_ABI,
      functionName,
    })),
  )
  const results = await reader.read(calls)
  const prices = new Map(Object.entries(usdPrices).map(([key, price]) => [key.toLowerCase(), price]))
  return addresses.map((address: Address, i) => {
    const [decimals, symbol, name] = results.slice(i * 3, i * 3 + 3) as [number, string, string]
    const usdPrice = prices.get(`${chainId}:${address.toLowerCase()}`)
    if (usdPrice === undefined)
      throw new InvalidSnapshotError({ entry: `token ${chainId}:${address}`, reason: 'no USD price in usdPrices' })
    return { chainId, address, name, symbol, decimals, isNative: false, logo: '', svcCode: symbol, usdPrice }
  })
}

function keyOf(token: TokenJson): string {
  return `${token.chainId}:${token.address.toLowerCase()}`
}
