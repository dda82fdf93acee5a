/**
 * The snapshots the service has quoted on, kept by id under `<DATA_DIR>/snapshots/<id>.json` (README "Hot reload"),
 * so that any stored quote can be replayed on its snapshot. Each file holds the snapshot's canonical text, whose
 * SHA-256 starts with the id. Main-thread safe: no engine module beyond the id's hash.
 */
import { existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SNAPSHOT_ID_PATTERN, canonicalSnapshotText, snapshotIdOf } from '../../engine/graph/snapshotId.js'
import { InvalidSnapshotError } from '../../engine/errors/index.js'

/**
 * The directory of the kept snapshots: `<DATA_DIR>/snapshots`.
 *
 * @example snapshotsDirOf({ dataDir: '/var/lib/crossroute' }) // '/var/lib/crossroute/snapshots'
 */
export function snapshotsDirOf(config: { readonly dataDir: string }): string {
  return join(config.dataDir, 'snapshots')
}

/**
 * Where the snapshot of an id is kept.
 *
 * @throws InvalidSnapshotError for a string that is not a snapshot id (no path is built from anything else).
 */
export function snapshotPathOf(snapshotsDir: string, snapshotId: string): string {
  if (!SNAPSHOT_ID_PATTERN.test(snapshotId))
    throw new InvalidSnapshotError({ entry: `snapshot id ${JSON.stringify(snapshotId)}`, reason: 'not 32 hex digits' })
  return join(snapshotsDir, `${snapshotId}.json`)
}

/** A snapshot ready to keep: its id and canonical text. */
export interface CanonicalSnapshot {
  readonly snapshotId: string
  readonly text: string
}

/**
 * Reads a snapshot file's text.
 *
 * @throws InvalidSnapshotError naming the file when it cannot be read.
 */
export async function readSnapshotText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (cause) {
    throw new InvalidSnapshotError({ entry: path, reason: `cannot read file (${(cause as Error).message})` })
  }
}

/**
 * The canonical form of a snapshot file's text.
 *
 * @throws InvalidSnapshotError when the text is not JSON (the entry named is `source`).
 */
export function canonicalSnapshotOf(text: string, source: string): CanonicalSnapshot {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    throw new InvalidSnapshotError({ entry: source, reason: `not valid JSON (${(cause as Error).message})` })
  }
  const canonical = canonicalSnapshotText(json)
  return { snapshotId: snapshotIdOf(canonical), text: canonical }
}

/**
 * Writes a snapshot's canonical text to a temporary file of the directory (created if missing), for validation
 * before it is kept (`keepSnapshot`).
 *
 * @returns the temporary file's path.
 */
export function writeCandidate(snapshotsDir: string, snapshot: CanonicalSnapshot): string {
  mkdirSync(snapshotsDir, { recursive: true })
  const path = join(snapshotsDir, `.${snapshot.snapshotId}.${process.pid}.candidate`)
  writeFileSync(path, snapshot.text)
  return path
}

/**
 * Keeps a candidate under its id (an atomic rename: a reader never sees half a file). A snapshot already kept is
 * left as it is (same id, same text) and the candidate removed.
 *
 * @returns the kept file's path.
 */
export function keepSnapshot(snapshotsDir: string, snapshotId: string, candidatePath: string): string {
  const path = snapshotPathOf(snapshotsDir, snapshotId)
  if (existsSync(path)) unlinkSync(candidatePath)
  else renameSync(candidatePath, path)
  return path
}

/** Removes a candidate that was refused; a missing one is fine. */
export function discardCandidate(candidatePath: string): void {
  try {
    unlinkSync(candidatePath)
  } catch {
    // already gone
  }
}
