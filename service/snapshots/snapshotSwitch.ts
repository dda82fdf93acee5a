/**
 * A worker's side of hot reload: which app (engine, routes) the next request runs on. The reference is swapped
 * whole, between requests; a request keeps the app it started with until it ends, so a reload never fails or
 * changes a request in flight.
 *
 * Two ways in, one outcome:
 * - every request first compares the published version (`snapshotSignal.ts`, one atomic load) with the one it
 *   holds, and builds the newer snapshot's app before running when they differ: no request admitted after a
 *   reload was published runs on the old snapshot;
 * - a `BroadcastChannel` message (`SNAPSHOT_CHANNEL`) makes a worker whose event loop is running build it at once,
 *   between requests, so a busy worker is usually switched before its next request arrives. (An idle piscina worker
 *   sleeps in `Atomics.wait` and gets the message with its next request; the version check has switched it by then.)
 */
import { type PublishedSnapshot, publishedVersion, readPublishedSnapshot } from './snapshotSignal.js'

/** The name of the channel the main thread announces a publication on (the message carries no data). */
export const SNAPSHOT_CHANNEL = 'crossroute:snapshot'

/** What `createSnapshotSwitch` needs. */
export interface CreateSnapshotSwitchOptions<T> {
  /** The main thread's signal; none: the initial value is kept (a pool started without hot reload). */
  readonly signal: SharedArrayBuffer | undefined
  /** What the worker started on, and the version it was published as (0 when none). */
  readonly initial: { readonly version: number; readonly value: T }
  /** Builds the value of a published snapshot (loads it by id). May throw: the current value is kept. */
  readonly load: (published: PublishedSnapshot) => T
  /** Told when `load` failed; the version is not tried again. */
  readonly onError?: (error: unknown, published: PublishedSnapshot) => void
  /** Told after each switch. */
  readonly onSwitch?: (published: PublishedSnapshot) => void
}

/** The current value, switched when a newer snapshot is published. */
export interface SnapshotSwitch<T> {
  /** The value of the newest published snapshot, loaded first when it is newer than the one held. */
  current(): T
  /** Stops listening on the channel. */
  close(): void
}

/**
 * Creates a worker's switch.
 *
 * @example
 * const apps = createSnapshotSwitch({ signal, initial: { version, value: dispatcherOf(engine) },
 *   load: ({ snapshotId }) => dispatcherOf(loadStoredEngine(snapshotId)) })
 * const dispatch = (wire: string) => apps.current()(wire)
 */
export function createSnapshotSwitch<T>(options: CreateSnapshotSwitchOptions<T>): SnapshotSwitch<T> {
  const { signal, load } = options
  let value = options.initial.value
  // The newest version tried, loaded or not: a version that failed is not tried on every request.
  let version = options.initial.version
  const update = () => {
    if (signal === undefined || publishedVersion(signal) === version) return
    const published = readPublishedSnapshot(signal)
    if (published === undefined || published.version === version) return
    version = published.version
    try {
      value = load(published)
      options.onSwitch?.(published)
    } catch (error) {
      options.onError?.(error, published)
    }
  }
  const channel = signal === undefined ? undefined : new BroadcastChannel(SNAPSHOT_CHANNEL)
  if (channel !== undefined) {
    // After the current turn: a request running now keeps its app either way.
    channel.onmessage = () => setImmediate(update)
    channel.unref()
  }
  return {
    current() {
      update()
      return value
    },
    close() {
      channel?.close()
    },
  }
}
