/**
 * Tasks the main thread runs on a worker (piscina named tasks, exported by `worker.ts`): what needs the engine's
 * validators or viem, which the main thread never loads.
 */
import { buildSnapshotFromChain, readChainSnapshotConfig } from '../../engine/chain.js'
import { createEngine } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'

/** What a valid candidate holds, for the reload's log line. */
export interface SnapshotSummary {
  readonly name: string
  readonly chains: number
  readonly pools: number
  readonly lanes: number
}

/**
 * Loads a candidate snapshot file as a worker would, and builds an engine over it.
 *
 * @throws InvalidSnapshotError naming the bad entry (the task rejects).
 * @example await pool.runTask(VALIDATE_SNAPSHOT_TASK, candidatePath)
 */
export function validateSnapshot(path: string): SnapshotSummary {
  const snapshot = loadSnapshotFile(path)
  createEngine(snapshot)
  return {
    name: snapshot.name,
    chains: snapshot.chains.size,
    pools: snapshot.pools.length,
    lanes: snapshot.lanes.length,
  }
}

/**
 * Reads the pools of a chain snapshot configuration (`SNAPSHOT_CHAIN_CONFIG`, `ChainSnapshotConfig`) over their
 * chains' JSON-RPC, and returns the snapshot's JSON text (validated by the builder).
 *
 * @throws (rejects) the builder's errors: a read that fails, a token without a USD price, an invalid result.
 */
export async function buildChainSnapshot(configPath: string): Promise<string> {
  const { json } = await buildSnapshotFromChain(readChainSnapshotConfig(configPath))
  return JSON.stringify(json)
}
