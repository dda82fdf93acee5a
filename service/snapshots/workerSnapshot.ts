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
import { withRouterAddresses } from '../routerAddresses.js'
import { type PublishedSnapshot, readPublishedSnapshot } from './snapshotSignal.js'
import { snapshotPathOf, snapshotsDirOf } from './snapshotStore.js'

/** An engine and the id of its snapshot. */
export interface LoadedSnapshot {
  readonly snapshotId: string
  readonly engine: Engine
}

/** The configuration a worker's engine is built with. */
type EngineConfig = Pick<ServiceConfig, 'protocolFeeBps'> & Partial<Pick<ServiceConfig, 'routerAddresses'>>

/**
 * Loads a snapshot file into an engine with the service's options: quotes timed for the metrics, and the routers of
 * `ROUTER_ADDRESSES` in place of the snapshot's. The id is the file's own (a kept snapshot is replayed under the
 * configuration of the day).
 *
 * @param strict - the starting snapshot: refuse a `ROUTER_ADDRESSES` chain it lacks (`withRouterAddresses`).
 * @throws InvalidSnapshotError for an unreadable, malformed or invalid snapshot, a configured router address included
 *   (the error names the entry); Error naming `ROUTER_ADDRESSES` for a chain the snapshot lacks when `strict`.
 * @example const { snapshotId, engine } = loadEngineFile(config.snapshotPath, config)
 */
export function loadEngineFile(path: string, config: EngineConfig, strict = false): LoadedSnapshot {
  const json = readSnapshotJson(path)
  const configured = withRouterAddresses(json, config.routerAddresses ?? new Map(), strict)
  const engine = createEngine(loadSnapshot(configured), { protocolFeeBps: config.protocolFeeBps })
  return { snapshotId: snapshotIdOf(json), engine: instrumentEngine(engine) }
}

/**
 * Loads a kept snapshot by id (`<DATA_DIR>/snapshots/<id>.json`).
 *
 * @throws InvalidSnapshotError when it is not kept or does not load.
 */
export function loadStoredEngine(
  config: EngineConfig & Pick<ServiceConfig, 'dataDir'>,
  snapshotId: string,
): LoadedSnapshot {
  return loadEngineFile(snapshotPathOf(snapshotsDirOf(config), snapshotId), config)
}

/**
 * What a worker starts on: the snapshot published now (and its version), else `SNAPSHOT_PATH` (version 0). Its
 * chains must include every chain of `ROUTER_ADDRESSES`.
 *
 * @throws InvalidSnapshotError when it does not load; Error naming `ROUTER_ADDRESSES` for a chain it lacks.
 */
export function loadStartingEngine(
  config: ServiceConfig,
  signal: SharedArrayBuffer | undefined,
): LoadedSnapshot & Pick<PublishedSnapshot, 'version'> {
  const published = signal === undefined ? undefined : readPublishedSnapshot(signal)
  if (published === undefined) return { ...loadEngineFile(config.snapshotPath, config, true), version: 0 }
  const path = snapshotPathOf(snapshotsDirOf(config), published.snapshotId)
  return { ...loadEngineFile(path, config, true), version: published.version }
}
