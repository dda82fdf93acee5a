/**
 * The tracker thread (a `node:worker_threads` Worker started by `trackerThread.ts`, not a piscina task): its own
 * store connection, a tick every `TRACKER_INTERVAL_MS` (at once again while a backlog remains), and on
 * `TRACKER_STOP` it finishes the tick in progress, closes the store and ends.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { flushLog, log, logError } from '../log.js'
import { instrumentStore, takeObservations } from '../metrics/observations.js'
import { openStore } from '../store/open.js'
import { trackerFromConfig } from './trackerFromConfig.js'
import { liveTrackingFacts, loadTrackingFacts } from './trackingPlan.js'
import { createSnapshotSwitch } from '../snapshots/snapshotSwitch.js'
import { type PublishedSnapshot, readPublishedSnapshot } from '../snapshots/snapshotSignal.js'
import { snapshotPathOf, snapshotsDirOf } from '../snapshots/snapshotStore.js'
import { venueWorkflowSettler } from '../venue/placeOrder.js'
import {
  TRACKER_METRICS,
  TRACKER_READY,
  TRACKER_STOP,
  type TrackerMessage,
  type TrackerMetricsMessage,
  type TrackerWorkerData,
  isTrackerMessage,
} from './trackerProtocol.js'

const { config, snapshotSignal } = workerData as TrackerWorkerData
const port = parentPort!
// Its store calls are observed for the metrics: the statuses transactions enter (`metrics/observations.ts`).
const store = instrumentStore(await openStore(config))
// The chains and lane times of the snapshot published now (SNAPSHOT_PATH's without hot reload), then of each one
// published later, added to what it knew: a reload adding a chain is tracked from its first registration.
const factsOf = ({ snapshotId }: PublishedSnapshot) =>
  loadTrackingFacts(snapshotPathOf(snapshotsDirOf(config), snapshotId))
const published = snapshotSignal === undefined ? undefined : readPublishedSnapshot(snapshotSignal)
let live
let tracker
try {
  live = liveTrackingFacts(published === undefined ? loadTrackingFacts(config.snapshotPath) : factsOf(published))
  tracker = trackerFromConfig(config, store, venueWorkflowSettler(store), live.facts)
} catch (error) {
  await store.close()
  throw error
}
const snapshots = createSnapshotSwitch<void>({
  signal: snapshotSignal,
  initial: { version: published?.version ?? 0, value: undefined },
  load: (next) => live.absorb(factsOf(next)),
  onSwitch: ({ snapshotId, version }) => log('info', 'tracker.snapshot-switched', { snapshotId, version }),
  onError: (error, { snapshotId }) => logError('tracker.snapshot-switch-failed', error, { snapshotId }),
})

const stopping = new AbortController()
port.on('message', (message: unknown) => {
  if (isTrackerMessage(message, TRACKER_STOP)) stopping.abort()
})
port.postMessage({ type: TRACKER_READY } satisfies TrackerMessage)
log('info', 'tracker.started', {
  intervalMs: config.trackerIntervalMs,
  rpcChains: config.rpcUrls.map((entry) => entry.chainId),
  simulatedTimeScale: config.simulatedTimeScale,
})

while (!stopping.signal.aborted) {
  let isBacklogged = false
  try {
    snapshots.current()
    const tick = await tracker.tick()
    isBacklogged = tick.isBacklogged
    const observations = takeObservations()
    port.postMessage({
      type: TRACKER_METRICS,
      due: tick.checked,
      claimsLost: tick.claimsLost,
      observations,
    } satisfies TrackerMetricsMessage)
  } catch (error) {
    // The store itself failed (locked past busy_timeout, disk full…): log, and try again next interval.
    logError('tracker.tick-failed', error)
  }
  // This thread's lines are gathered in 4 KB batches like a worker's (`log.ts`): out before it sleeps.
  flushLog()
  if (!isBacklogged)
    await sleep(config.trackerIntervalMs, undefined, { signal: stopping.signal }).catch(() => undefined)
}
snapshots.close()
await store.close()
log('info', 'tracker.stopped')
// Ends the thread even if an idle HTTP keep-alive socket of an RPC client would keep it alive.
process.exit(0)
