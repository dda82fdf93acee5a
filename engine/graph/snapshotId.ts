/**
 * The content id of a snapshot: what a quote names (`snapshotId`) and what the service keeps a snapshot under
 * (`<DATA_DIR>/snapshots/<id>.json`), so a quote can be replayed on exactly the liquidity it was made from.
 *
 * The id hashes the snapshot's **canonical text**: its JSON with the keys of every object sorted and no whitespace.
 * Two files that differ only in layout or key order have the same id; any change of a value, or of the order of an
 * array (pools, lanes…), gives another. Pure (no I/O); only `@noble/hashes`, so the service's main thread can
 * compute it without loading the engine's validators.
 */
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'

/** Hex digits of an id: the first 16 bytes (128 bits) of the SHA-256. */
export const SNAPSHOT_ID_LENGTH = 32

/** What a snapshot id looks like (`SNAPSHOT_ID_LENGTH` lower-case hex digits). */
export const SNAPSHOT_ID_PATTERN = /^[0-9a-f]{32}$/

/**
 * The canonical text of a snapshot's JSON: every object's keys sorted (by UTF-16 code units), arrays in their
 * order, no whitespace. `JSON.parse` of it gives the same snapshot back.
 *
 * @example canonicalSnapshotText({ pools: [], name: 'x' }) // '{"name":"x","pools":[]}'
 */
export function canonicalSnapshotText(json: unknown): string {
  return JSON.stringify(json, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key]
    return sorted
  })
}

/**
 * The id of a snapshot: the first 16 bytes of the SHA-256 of its canonical text, as 32 lower-case hex digits.
 *
 * @param json - a parsed snapshot (`SnapshotJson`), or its canonical text (`canonicalSnapshotText`).
 * @example snapshotIdOf(readSnapshotJson(DEFAULT_SNAPSHOT_PATH)) // '3f9c…' (32 hex digits)
 */
export function snapshotIdOf(json: unknown): string {
  const text = typeof json === 'string' ? json : canonicalSnapshotText(json)
  return bytesToHex(sha256(utf8ToBytes(text))).slice(0, SNAPSHOT_ID_LENGTH)
}
