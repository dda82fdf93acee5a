import { readFileSync } from 'node:fs'
import { InvalidSnapshotError } from '../errors/index.js'
import type { Snapshot, SnapshotJson } from './types.js'
import { validateSnapshot } from './validateSnapshot.js'

/** Where the default fixture lives, relative to this module (works from source and from a build). */
const DEFAULT_SNAPSHOT_URL = new URL('../../fixtures/default.json', import.meta.url)

/**
 * Loads, validates and freezes a liquidity snapshot.
 *
 * @param pathOrObject A path to a snapshot JSON file, an already parsed `SnapshotJson`, or nothing for the
 *   default fixture (`fixtures/default.json`).
 * @returns The loaded snapshot: bigint amounts, token keys, deeply frozen.
 * @throws InvalidSnapshotError naming the offending entry (unknown token, duplicate id, invalid address for its
 *   VM, non-positive reserves, unknown bridge id, inconsistent decimals, …) or an unreadable file.
 *
 * @example
 * const snapshot = loadSnapshot()                       // default fixture
 * const custom = loadSnapshot('./my-snapshot.json')     // a file of yours
 */
export function loadSnapshot(pathOrObject?: string | URL | SnapshotJson): Snapshot {
  const json = typeof pathOrObject === 'object' && !(pathOrObject instanceof URL) ? pathOrObject : readJson(pathOrObject ?? DEFAULT_SNAPSHOT_URL)
  return deepFreeze(validateSnapshot(json))
}

function readJson(path: string | URL): SnapshotJson {
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

/** Freezes objects, arrays and the maps' values; Maps themselves are frozen and their mutators disabled. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  if (value instanceof Map) {
    for (const entry of value.values()) deepFreeze(entry)
    const refuse = () => {
      throw new TypeError('snapshot is immutable')
    }
    Object.defineProperties(value, { set: { value: refuse }, delete: { value: refuse }, clear: { value: refuse } })
  } else {
    for (const entry of Object.values(value)) deepFreeze(entry)
  }
  return Object.freeze(value)
}
