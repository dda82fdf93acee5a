/**
 * The main thread's side of hot reload: turns a new snapshot (a file, or the text a chain build returned) into the
 * one every worker quotes on, or refuses it and keeps the current one.
 *
 * A reload, one at a time:
 * 1. the text is parsed and put in canonical form; its id is computed (`engine/graph/snapshotId.ts`). The same id
 *    as now: nothing to do (`unchanged`);
 * 2. it is written as a candidate in the snapshots directory and checked on a worker as a worker would load it
 *    (`validateSnapshot`, `snapshotTasks.ts`): the engine's validators never load on this thread. Refused: the
 *    candidate is removed, the reason logged, the current snapshot stays;
 * 3. it is kept under its id (`<DATA_DIR>/snapshots/<id>.json`, for replay), then published
 *    (`snapshotSignal.ts`) and announced on `SNAPSHOT_CHANNEL`. Every request admitted from then on runs on it;
 *    requests in flight finish on the snapshot they started with.
 */
import { log } from '../log.js'
import { publishSnapshot } from './snapshotSignal.js'
import { SNAPSHOT_CHANNEL } from './snapshotSwitch.js'
import {
  type CanonicalSnapshot,
  canonicalSnapshotOf,
  discardCandidate,
  keepSnapshot,
  readSnapshotText,
  writeCandidate,
} from './snapshotStore.js'

/** What started a reload. */
export type ReloadTrigger = 'file' | 'signal' | 'chain'

/** What a reload did. */
export type ReloadOutcome =
  | { readonly outcome: 'reloaded'; readonly snapshotId: string; readonly previousId: string | undefined }
  | { readonly outcome: 'unchanged'; readonly snapshotId: string }
  | { readonly outcome: 'refused'; readonly reason: string }

/** What `createSnapshotCoordinator` needs. */
export interface SnapshotCoordinatorOptions {
  /** `<DATA_DIR>/snapshots` (`snapshotsDirOf`). */
  readonly snapshotsDir: string
  /** Shared with every worker (`createQuotePool`'s `snapshotSignal`). */
  readonly signal: SharedArrayBuffer
  /** Checks a candidate file on a worker; rejects with the reason it cannot be loaded. */
  readonly validate: (candidatePath: string) => Promise<unknown>
  /** Told after each reload (metrics). */
  readonly onReload?: (outcome: ReloadOutcome, trigger: ReloadTrigger) => void
}

/** Publishes snapshots for the workers. */
export interface SnapshotCoordinator {
  /** The id published now; `undefined` before `publishStarting`. */
  readonly snapshotId: string | undefined
  /**
   * Keeps and publishes the snapshot the service starts on, before the workers start. Not checked here: each
   * worker loads it and the service refuses to start when they cannot.
   * @throws InvalidSnapshotError for a file that cannot be read or is not JSON.
   */
  publishStarting(path: string): Promise<string>
  /** Reloads from a snapshot file (`SNAPSHOT_PATH`). Never rejects: a failure is the `refused` outcome. */
  reloadFile(path: string, trigger: ReloadTrigger): Promise<ReloadOutcome>
  /**
   * Reloads from a snapshot's JSON text that `read` produces (a chain build); `source` names it in the log. Never
   * rejects: a failure of `read` is a refusal too.
   */
  reloadFrom(read: () => Promise<string>, source: string, trigger: ReloadTrigger): Promise<ReloadOutcome>
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Creates the coordinator.
 *
 * @example
 * const coordinator = createSnapshotCoordinator({ snapshotsDir, signal,
 *   validate: (path) => pool.runTask(VALIDATE_SNAPSHOT_TASK, path) })
 * await coordinator.publishStarting(config.snapshotPath)
 * process.on('SIGHUP', () => void coordinator.reloadFile(config.snapshotPath, 'signal'))
 */
export function createSnapshotCoordinator(options: SnapshotCoordinatorOptions): SnapshotCoordinator {
  const { snapshotsDir, signal, validate } = options
  const channel = new BroadcastChannel(SNAPSHOT_CHANNEL)
  channel.unref()
  let snapshotId: string | undefined
  // Reloads run one after the other, in the order they were asked for.
  let queue: Promise<unknown> = Promise.resolve()

  const publish = (candidate: CanonicalSnapshot, candidatePath: string) => {
    keepSnapshot(snapshotsDir, candidate.snapshotId, candidatePath)
    const version = publishSnapshot(signal, candidate.snapshotId)
    snapshotId = candidate.snapshotId
    channel.postMessage(version)
  }

  const reload = async (read: () => Promise<string>, source: string, trigger: ReloadTrigger) => {
    let outcome: ReloadOutcome
    let candidatePath: string | undefined
    try {
      const candidate = canonicalSnapshotOf(await read(), source)
      if (candidate.snapshotId === snapshotId) {
        outcome = { outcome: 'unchanged', snapshotId: candidate.snapshotId }
      } else {
        candidatePath = writeCandidate(snapshotsDir, candidate)
        await validate(candidatePath)
        const previousId = snapshotId
        publish(candidate, candidatePath)
        candidatePath = undefined
        outcome = { outcome: 'reloaded', snapshotId: candidate.snapshotId, previousId }
      }
    } catch (error) {
      if (candidatePath !== undefined) discardCandidate(candidatePath)
      outcome = { outcome: 'refused', reason: messageOf(error) }
    }
    if (outcome.outcome === 'refused') {
      log('error', 'snapshot.reload-refused', { trigger, source, reason: outcome.reason, snapshotId })
    } else {
      log('info', `snapshot.${outcome.outcome}`, { trigger, source, ...outcome })
    }
    options.onReload?.(outcome, trigger)
    return outcome
  }
  const enqueue = (run: () => Promise<ReloadOutcome>) => {
    const next = queue.then(run)
    queue = next
    return next
  }

  return {
    get snapshotId() {
      return snapshotId
    },
    async publishStarting(path) {
      const candidate = canonicalSnapshotOf(await readSnapshotText(path), path)
      publish(candidate, writeCandidate(snapshotsDir, candidate))
      log('info', 'snapshot.published', { source: path, snapshotId: candidate.snapshotId })
      return candidate.snapshotId
    },
    reloadFile(path, trigger) {
      return enqueue(() => reload(() => readSnapshotText(path), path, trigger))
    },
    reloadFrom(read, source, trigger) {
      return enqueue(() => reload(read, source, trigger))
    },
  }
}
