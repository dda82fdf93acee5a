/**
 * The chain side of snapshots (`crossroute/chain`): builds a snapshot from pools read over JSON-RPC (viem). Kept out
 * of the engine's entry, which does no I/O.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { SnapshotJson } from './graph/types.js'
import type { ChainSnapshotConfig } from './chain/types.js'

export { buildSnapshotFromChain } from './chain/buildSnapshotFromChain.js'
export type { BuildSnapshotFromChainOptions, BuildSnapshotFromChainReturnType } from './chain/buildSnapshotFromChain.js'
export { createChainReader } from './chain/chainReader.js'
export type { ChainReader, ContractCall, CreateChainReaderOptions } from './chain/chainReader.js'
export { readUniswapV2Pair } from './chain/readUniswapV2.js'
export { readUniswapV3Pool, bitmapWordRange, ticksOfWord } from './chain/readUniswapV3.js'
export type { ChainPoolSource, ChainPoolType, ChainSnapshotConfig, ChainSourceConfig } from './chain/types.js'

/**
 * Reads a chain snapshot configuration file (JSON, `ChainSnapshotConfig`).
 *
 * @example const config = readChainSnapshotConfig('./chains.config.json')
 */
export function readChainSnapshotConfig(path: string | URL): ChainSnapshotConfig {
  return JSON.parse(readFileSync(path, 'utf8')) as ChainSnapshotConfig
}

/**
 * Writes a snapshot file: JSON, two-space indent, newline-terminated.
 *
 * @example writeSnapshotFile('./snapshot.json', (await buildSnapshotFromChain(config)).json)
 */
export function writeSnapshotFile(path: string | URL, json: SnapshotJson): void {
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`)
}
