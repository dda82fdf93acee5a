/**
 * The file side of snapshots (`crossroute/loader`): reads a snapshot JSON file, or the default fixture shipped
 * with the package, and hands it to the pure `loadSnapshot`. Kept out of the engine's entry, which does no I/O.
 */
import { readFileSync } from 'node:fs'
import { InvalidSnapshotError } from './errors/index.js'
import { loadSnapshot } from './graph/loadSnapshot.js'
import type { Snapshot, SnapshotJson } from './graph/types.js'
import { packagePath } from './packagePath.js'

/** The default snapshot shipped with the package (`fixtures/default.json`, documented in `fixtures/README.md`). */
export const DEFAULT_SNAPSHOT_PATH: string = packagePath('fixtures/default.json')

/**
 * Reads a snapshot file, then loads it like `loadSnapshot`: validated, bigint amounts, deeply frozen.
 *
 * @param path A snapshot JSON file; absent: the default fixture (`DEFAULT_SNAPSHOT_PATH`).
 * @throws InvalidSnapshotError for an unreadable file, invalid JSON, or a snapshot that fails validation (the
 *   error names the offending entry).
 *
 * @example
 * import { createEngine } from 'crossroute'
 * import { loadSnapshotFile } from 'crossroute/loader'
 * const engine = createEngine(loadSnapshotFile())               // default fixture
 * const custom = createEngine(loadSnapshotFile('./my-snapshot.json'))
 */
export function loadSnapshotFile(path: string | URL = DEFAULT_SNAPSHOT_PATH): Snapshot {
  return loadSnapshot(readSnapshotJson(path))
}

/**
 * Reads and parses a snapshot file without validating it (to edit it before `loadSnapshot`, for what-ifs).
 *
 * @throws InvalidSnapshotError for an unreadable file or invalid JSON.
 * @example const json = readSnapshotJson(DEFAULT_SNAPSHOT_PATH); json.pools.pop(); loadSnapshot(json)
 */
export function readSnapshotJson(path: string | URL = DEFAULT_SNAPSHOT_PATH): SnapshotJson {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (cause) {
    throw new InvalidSnapshotError({ entry: String(path), reason: `cannot read file (${(cause as Error).message})` })
  }
  try {
    return JSON.parse(text) as SnapshotJson
  } catch (cause) {
    throw new InvalidSnapshotError({ entry: String(path), reason: `not valid JSON (${(cause as Error).message})` })
  }
}
