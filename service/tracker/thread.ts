/**
 * The tracker thread (a `node:worker_threads` Worker started by `trackerThread.ts`, not a piscina task): its own
 * store connection, a tick every `TRACKER_INTERVAL_MS` (at once again while a backlog remains), and on
 * `TRACKER_STOP` it finishes the tick in progress, closes the store and ends.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { log, logError } from '../log.js'
import { instrumentStore, takeObservations } from '../metrics/observations.js'
import { openStore } from '../store/open.js'
import { trackerFromConfig } from './trackerFromConfig.js'
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

const { config } = workerData as TrackerWorkerData
const port = parentPort!
// Its store calls are observed for the metrics: the statuses transactions enter (`metrics/observations.ts`).
const store = instrumentStore(await openStore(config))
let tracker
try {
  tracker = trackerFromConfig(config, store, venueWorkflowSettler(store))
} catch (error) {
  await store.close()
  throw error
}

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
  if (!isBacklogged)
    await sleep(config.trackerIntervalMs, undefined, { signal: stopping.signal }).catch(() => undefined)
}
await store.close()
log('info', 'tracker.stopped')
// Ends the thread even if an idle HTTP keep-alive socket of an RPC client would keep it alive.
process.exit(0)
