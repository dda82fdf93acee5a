/**
 * The configuration of a snapshot read from chains (`buildSnapshotFromChain`): which pools to read on which chain,
 * and what a chain cannot say — USD prices, bridge lanes, gas figures, tokens that are in no pool.
 */
import type { BridgeLaneJson, ChainJson, TokenJson } from '../graph/types.js'

/** Pool contract families the builder reads. */
export type ChainPoolType = 'uniswap-v2' | 'uniswap-v3'

/** One pool to read. */
export interface ChainPoolSource {
  /** Pair (V2) or pool (V3) contract address. */
  address: string
  type: ChainPoolType
  /** Snapshot `protocol` label; default the type (`uniswap-v2`, `uniswap-v3`); e.g. `sushiswap-v2` for a fork. */
  protocol?: string
  /** V2 only: the fee in bps, which a pair does not expose; default 30 (Uniswap V2's 0.30%). */
  feeBps?: number
  /** Snapshot pool id; default `<chainId>:<protocol>:<address lowercased>`. */
  id?: string
}

/** One chain: its snapshot entry, where to read it and the pools to read. */
export interface ChainSourceConfig extends ChainJson {
  /** JSON-RPC URL; ignored when the caller passes a client for this chain. */
  rpcUrl?: string
  /**
   * Multicall3 contract; default the viem chain's, else a deployless multicall (an `eth_call` that carries the
   * Multicall3 code, works on any EVM node, no deployment needed).
   */
  multicallAddress?: string
  pools: ChainPoolSource[]
}

/** The whole configuration file (JSON). */
export interface ChainSnapshotConfig {
  /** Snapshot name. */
  name: string
  chains: ChainSourceConfig[]
  /**
   * USD price of one whole token, decimal string, keyed `<chainId>:<address>` (address case-insensitive). A token
   * read from a pool without a price here is refused (USD figures and route ranking need one).
   */
  usdPrices: Record<string, string>
  /**
   * Tokens written as given: the native token of each chain, and any token of a lane that is in no pool. Also
   * overrides what is read for a pool token with the same address (e.g. its `logo` or `svcCode`).
   */
  tokens?: TokenJson[]
  /** Bridge lanes, copied as they are. */
  lanes?: BridgeLaneJson[]
}
