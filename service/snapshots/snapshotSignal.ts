/**
 * How the main thread tells every worker which snapshot to quote on: a `SharedArrayBuffer` (in each worker's
 * `workerData`) holding a sequence number and the current snapshot id. A worker reads the sequence number with one
 * atomic load per request, and loads the snapshot by id when it changed (`snapshotSwitch.ts`).
 *
 * Layout: `Int32[0]` the sequence number (a seqlock: odd while the main thread writes, +2 per publication), then the
 * id's 32 ASCII hex digits. One writer, the main thread.
 */
import { SNAPSHOT_ID_LENGTH } from '../../engine/graph/snapshotId.js'

const ID_OFFSET = 4

/** A snapshot the main thread published. */
export interface PublishedSnapshot {
  /** Increases with each publication (1 for the first); 0: nothing published yet. */
  readonly version: number
  readonly snapshotId: string
}

/**
 * A new, empty signal: nothing published.
 *
 * @example const signal = createSnapshotSignal(); publishSnapshot(signal, id)
 */
export function createSnapshotSignal(): SharedArrayBuffer {
  return new SharedArrayBuffer(ID_OFFSET + SNAPSHOT_ID_LENGTH)
}

/**
 * Publishes `snapshotId` (main thread only): the next request of every worker quotes on it.
 *
 * @returns the publication's version.
 * @throws TypeError for an id that is not 32 hex digits.
 */
export function publishSnapshot(signal: SharedArrayBuffer, snapshotId: string): number {
  if (!/^[0-9a-f]{32}$/.test(snapshotId)) throw new TypeError(`not a snapshot id: ${JSON.stringify(snapshotId)}`)
  const sequence = new Int32Array(signal, 0, 1)
  Atomics.add(sequence, 0, 1)
  new Uint8Array(signal, ID_OFFSET, SNAPSHOT_ID_LENGTH).set(Buffer.from(snapshotId, 'latin1'))
  return (Atomics.add(sequence, 0, 1) + 1) / 2
}

/**
 * The version published now, with one atomic load: compare it with the version a worker holds, and read the id
 * (`readPublishedSnapshot`) only when it differs.
 */
export function publishedVersion(signal: SharedArrayBuffer): number {
  return Math.floor(Atomics.load(new Int32Array(signal, 0, 1), 0) / 2)
}

/** The snapshot published now, or `undefined` when nothing was. */
export function readPublishedSnapshot(signal: SharedArrayBuffer): PublishedSnapshot | undefined {
  const sequence = new Int32Array(signal, 0, 1)
  for (;;) {
    const before = Atomics.load(sequence, 0)
    if (before === 0) return undefined
    if (before % 2 === 1) continue
    const snapshotId = Buffer.from(new Uint8Array(signal, ID_OFFSET, SNAPSHOT_ID_LENGTH)).toString('latin1')
    if (Atomics.load(sequence, 0) === before) return { version: before / 2, snapshotId }
  }
}
