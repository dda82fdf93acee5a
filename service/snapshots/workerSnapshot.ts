/**
 * The worker side of snapshots: loading the engine a worker quotes on — the snapshot the main thread published,
 * by id from the snapshots directory, or `SNAPSHOT_PATH` itself for a pool started without hot reload — and the
 * tasks the main thread runs on a worker (validating a candidate, building one from chains), which keep the
 * engine's validators and viem off the main thread.
 */
import { type Engine, createEngine } from '../../engine/index.js'
import { loadSnapshot } from '../../engine/graph/loadSnapshot.js'
import { snapshotIdOf } from '../../engine/graph/snapshotId.js'
import { readSnapshotJson } from '../../engine/loader.js'
import type { ServiceConfig } from '../config.js'
import { instrumentEngine } from '../metrics/observations.js'
import { type PublishedSnapshot, readPublishedSnapshot } from './snapshotSignal.js'
import { snapshotPathOf, snapshotsDirOf } from './snapshotStore.js'

/** An engine and the id of its snapshot. */
export interface LoadedSnapshot {
  readonly snapshotId: string
  readonly engine: Engine
}

/**
 * Loads a snapshot file into an engine with the service's options (quotes timed for the metrics).
 *
 * @throws InvalidSnapshotError for an unreadable, malformed or invalid snapshot (the error names the entry).
 * @example const { snapshotId, engine } = loadEngineFile(config.snapshotPath, config)
 */
export function loadEngineFile(path: string, config: Pick<ServiceConfig, 'protocolFeeBps'>): LoadedSnapshot {
  const json = readSnapshotJson(path)
  const engine = createEngine(loadSnapshot(json), { protocolFeeBps: config.protocolFeeBps })
  return { snapshotId: snapshotIdOf(json), engine: instrumentEngine(engine) }
}

/**
 * Loads a kept snapshot by id (`<DATA_DIR>/snapshots/<id>.json`).
 *
 * @throws InvalidSnapshotError when it is not kept or does not load.
 */
export function loadStoredEngine(
  config: Pick<ServiceConfig, 'protocolFeeBps' | 'dataDir'>,
  snapshotId: string,
): LoadedSnapshot {
  return loadEngineFile(snapshotPathOf(snapshotsDirOf(config), snapshotId), config)
}

/**
 * What a worker starts on: the snapshot published now (and its version), else `SNAPSHOT_PATH` (version 0).
 *
 * @throws InvalidSnapshotError when it does not load.
 */
export function loadStartingEngine(
  config: ServiceConfig,
  signal: SharedArrayBuffer | undefined,
): LoadedSnapshot & Pick<PublishedSnapshot, 'version'> {
  const published = signal === undefined ? undefined : readPublishedSnapshot(signal)
  if (published === undefined) return { ...loadEngineFile(config.snapshotPath, config), version: 0 }
  return { ...loadStoredEngine(config, published.snapshotId), version: published.version }
}
