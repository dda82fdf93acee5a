import type { Snapshot, SnapshotJson } from './types.js'
import { validateSnapshot } from './validateSnapshot.js'

/**
 * Validates and freezes a liquidity snapshot. Pure: the object comes from you; to read a file (or the default
 * fixture) use `loadSnapshotFile` of `crossroute/loader`.
 *
 * @param json An already parsed `SnapshotJson` (format: `fixtures/README.md`).
 * @returns The loaded snapshot: bigint amounts, token keys, deeply frozen.
 * @throws InvalidSnapshotError naming the offending entry (unknown token, duplicate id, invalid address for its
 *   VM, non-positive reserves, unknown bridge id, inconsistent decimals, …).
 *
 * @example
 * const snapshot = loadSnapshot(JSON.parse(text))
 * const engine = createEngine(snapshot)
 */
export function loadSnapshot(json: SnapshotJson): Snapshot {
  return deepFreeze(validateSnapshot(json))
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
