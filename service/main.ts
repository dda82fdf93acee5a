/**
 * Entry point of the quote service. Compiled (`npm start`: `node dist/service/main.js`), the workers and the
 * tracker thread load the compiled modules beside it; from the sources (`npm run dev`: `node --import tsx
 * service/main.ts`), the workers inherit `--import tsx` and load the `.ts` modules (`moduleUrl.ts`).
 *
 * 1. Reads the configuration (environment variables, `config.ts`).
 * 2. Starts the worker pool and the transaction tracker thread (service/tracker/README.md), and waits until every
 *    worker has built its app and the tracker is running. A worker that cannot (bad snapshot, unreadable keys file,
 *    development keys with `NODE_ENV=production`: the key cache refuses), or a tracker that cannot (`RPC_URLS`
 *    naming a chain the snapshot lacks), makes the service exit 1 with the reason, before it ever listens.
 * 3. Only then listens, and prints `crossroute listening on http://HOST:PORT/api` (the real port when `PORT=0`)
 *    and, with the development keys file, the development keys' names.
 * 4. Hot reload (README "Hot reload", service/snapshots/): on SIGHUP, a change of the `SNAPSHOT_PATH` file, or every
 *    `SNAPSHOT_REFRESH_SECONDS` from chain state, the new snapshot is checked, kept by id and published; every
 *    worker switches between requests. A refused snapshot is logged and the current one stays.
 * 5. On SIGTERM or SIGINT: stops accepting, lets requests in flight finish (at most `SHUTDOWN_GRACE_MS`), stops
 *    the workers and the tracker (after its current tick), exits 0. A second signal cuts the grace period short.
 */
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { type ServiceConfig, loadConfig } from './config.js'
import { log, logError } from './log.js'
import { placeholderRouterNote } from './routerAddresses.js'
import type { SnapshotJson } from '../engine/graph/types.js'
import { createMainMetrics } from './metrics/mainMetrics.js'
import { createQuotePool } from './pool.js'
import { createQuoteServer } from './server.js'
import { startProbeThread } from './probeThread.js'
import { type KeyCache, createKeyCache } from './keys/keyRing.js'
import { createAdmission } from './rateLimit/admission.js'
import { createStoreProbe } from './store/probe.js'
import { openStore } from './store/open.js'
import type { Store } from './store/store.js'
import { startTrackerThread } from './tracker/trackerThread.js'
import { createSnapshotCoordinator } from './snapshots/reloadCoordinator.js'
import { startReloadTriggers } from './snapshots/reloadTriggers.js'
import { createSnapshotMetrics } from './snapshots/snapshotMetrics.js'
import { createSnapshotSignal } from './snapshots/snapshotSignal.js'
import { snapshotsDirOf } from './snapshots/snapshotStore.js'
import { BUILD_CHAIN_SNAPSHOT_TASK, VALIDATE_SNAPSHOT_TASK } from './workerProtocol.js'

/** `API_PREFIX` of `app.ts`, repeated rather than imported: `app.ts` loads Koa and the engine (seconds). */
const API_PREFIX = '/api'

/** How long in-flight requests may take to finish after SIGTERM/SIGINT. */
export const SHUTDOWN_GRACE_MS = 10_000

/** Plaintext of the keys in `fixtures/keys.dev.json` (public; its `comment` and service/keys/README.md list them). */
const DEVELOPMENT_KEYS = ['dev-key-alpha', 'dev-key-alpha-2', 'dev-key-beta'] as const

/** Prints the reason to stderr and exits 1: the service cannot start. */
function refuseToStart(reason: string): never {
  process.stderr.write(`crossroute: cannot start: ${reason}\n`)
  process.exit(1)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

let config: ServiceConfig
try {
  config = loadConfig()
} catch (error) {
  refuseToStart(messageOf(error))
}
// The key ring is not loaded here: its validation loads the engine's address rules (viem, @solana/web3.js,
// bitcoinjs-lib: seconds and ~75 MB) on a thread that never needs them. The workers load it and refuse for us.
const isDevelopmentKeysFile = config.keysFile === loadConfig({}).keysFile

// Human-readable logs on a terminal outside production, for every thread (workers inherit the environment).
if (process.env.LOG_PRETTY === undefined && process.stderr.isTTY && !config.production) process.env.LOG_PRETTY = '1'
// --- Hot reload (service/snapshots/): the snapshot is kept and published by id; the workers start on it and
// switch to each reload (checked on a worker first). The triggers start once the service is up.
const snapshotSignal = createSnapshotSignal()
const coordinator = createSnapshotCoordinator({
  snapshotsDir: snapshotsDirOf(config),
  signal: snapshotSignal,
  validate: (path) => pool.runTask(VALIDATE_SNAPSHOT_TASK, path),
  onReload: (outcome, trigger) => observeSnapshotReload(outcome, trigger),
})
try {
  await coordinator.publishStarting(config.snapshotPath)
} catch (error) {
  refuseToStart(`the snapshot cannot be read: ${messageOf(error)}`)
}
// --- end hot reload
const pool = createQuotePool(config, { snapshotSignal })
// Transaction status tracking runs off the request path, in its own thread with its own store connection.
let trackerTickAtMs: number | undefined
// Every thread's metrics, in one registry on this thread (`metrics/`): the workers' come with their answers.
const metrics = createMainMetrics({
  queued: () => pool.queued,
  inFlight: () => pool.inFlight,
  readyWorkers: () => pool.readyWorkers,
  threads: config.threads,
  trackerTickAtMs: () => trackerTickAtMs,
})
const observeSnapshotReload = createSnapshotMetrics(metrics.registry, () => coordinator.snapshotId)
const tracker = startTrackerThread(config, {
  snapshotSignal,
  onTick: ({ due, claimsLost, observations }) => {
    trackerTickAtMs = Date.now()
    metrics.observeTrackerTick(due, claimsLost)
    if (observations !== undefined) metrics.absorb(observations)
  },
})
// Until the server exists, a signal only has workers and the tracker to stop.
const stopDuringStartup = (signal: NodeJS.Signals) => {
  log('info', 'shutdown.during-startup', { signal })
  void Promise.all([pool.destroy(), tracker.stop()]).then(() => process.exit(0))
}
process.once('SIGTERM', stopDuringStartup).once('SIGINT', stopDuringStartup)
try {
  await pool.ready
} catch (error) {
  await Promise.all([pool.destroy(), tracker.stop()])
  refuseToStart(`a worker failed to start: ${messageOf(error)}`)
}
try {
  await tracker.ready
} catch (error) {
  await pool.destroy()
  refuseToStart(`the transaction tracker failed to start: ${messageOf(error)}`)
}
process.off('SIGTERM', stopDuringStartup).off('SIGINT', stopDuringStartup)

// The rate limits are counted here, for every worker, with the keys read on a store connection of this thread
// (no engine: the key cache and the store's modules do not load it). The workers have seeded the keys by now.
let mainStore: Store
let keys: KeyCache
try {
  mainStore = await openStore(config)
  keys = createKeyCache(mainStore, { refreshMs: config.keysRefreshMs, useTimer: true })
  await keys.ready
} catch (error) {
  await Promise.all([pool.destroy(), tracker.stop()])
  refuseToStart(`the API keys cannot be read from the store: ${messageOf(error)}`)
}
const reloadTriggers = startReloadTriggers(config, {
  coordinator,
  buildChainSnapshot: (path) => pool.runTask(BUILD_CHAIN_SNAPSHOT_TASK, path),
})
// Keys, rate limits and quote quotas are checked here, from the headers, before a body is read or a worker sees the
// request; the quote quota starts from what the store holds for today (a restart does not reset it).
const { admit, quota } = createAdmission(keys, () => pool.routes, config)
const startOfTodayMs = Math.floor(Date.now() / 86_400_000) * 86_400_000
try {
  quota.seed(await mainStore.quotesRecordedSince(startOfTodayMs / 1000), startOfTodayMs)
} catch (error) {
  // Not a reason to stay down: the quota then counts from zero until the end of the day.
  logError('quota.seed-failed', error)
}
// Readiness reads the store on a connection of its own (libsql or pg only: this thread never loads the engine).
const { server, close } = createQuoteServer(pool, config, {
  isStoreReachable: createStoreProbe(config),
  admit,
  metrics: { metrics, token: config.metricsToken, production: config.production },
})
// Where a user first meets tx.to: say which chains still have the default fixture's placeholder router (no code).
const routerNote = placeholderRouterNote(
  JSON.parse(await readFile(config.snapshotPath, 'utf8')) as Pick<SnapshotJson, 'chains'>,
  config.routerAddresses,
)
server.on('error', (error) => refuseToStart(`cannot listen on ${config.host}:${config.port}: ${messageOf(error)}`))
// PROBE_PORT: the probes also on a listener of their own thread, answered even when this thread is saturated.
const probes = config.probePort === undefined ? undefined : startProbeThread(config, () => pool.readyWorkers)
void probes?.port.then(
  (port) => {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host
    process.stdout.write(`crossroute probes listening on http://${host}:${port}${API_PREFIX}\n`)
  },
  (error: unknown) =>
    refuseToStart(`cannot listen on ${config.host}:${config.probePort} for the probes: ${messageOf(error)}`),
)
server.listen(config.port, config.host, () => {
  const { address, family, port } = server.address() as AddressInfo
  const host = family === 'IPv6' ? `[${address}]` : address
  // One write, so that whoever waits for the listening line also has the keys line.
  const keysLine = `development keys (public; refused with NODE_ENV=production), send one as x-api-key: ${DEVELOPMENT_KEYS.join(', ')}\n`
  process.stdout.write(
    `crossroute listening on http://${host}:${port}${API_PREFIX}\n${isDevelopmentKeysFile ? keysLine : ''}${routerNote}`,
  )
  log('info', 'service.started', { url: `http://${host}:${port}${API_PREFIX}`, threads: config.threads })
})

let isStopping = false
function stop(signal: NodeJS.Signals): void {
  if (isStopping) {
    // A second signal: do not wait any longer.
    log('warn', 'shutdown.hurried', { signal })
    server.closeAllConnections()
    return
  }
  isStopping = true
  log('info', 'shutdown.started', { signal, inFlight: pool.inFlight, graceMs: SHUTDOWN_GRACE_MS })
  reloadTriggers.stop()
  // Tracking can stop at once: what it has not done yet, the next start resumes from the store.
  const trackerStopped = tracker.stop()
  void close(SHUTDOWN_GRACE_MS).then(async (outcome) => {
    await Promise.all([pool.destroy(), trackerStopped, probes?.stop()])
    keys.stop()
    await mainStore.close()
    log(outcome === 'drained' ? 'info' : 'warn', 'shutdown.complete', { outcome })
    process.exit(0)
  })
}
process.on('SIGTERM', stop).on('SIGINT', stop)
