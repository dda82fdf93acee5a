/**
 * The piscina worker: builds the Koa app once, when the module loads, then serves one task per HTTP request.
 *
 * Task: a `WireRequest` serialized by `wire.ts`; result: a serialized `WireResponse`. The handler never throws
 * (`createDispatcher` turns every failure into an envelope), so a rejected task on the main thread always means
 * that the worker itself died.
 *
 * When the app is built and the keys read from the store, the worker posts `WORKER_READY` to the main thread;
 * `pool.ts` waits for every worker's before the server listens. A failure while building (bad snapshot, keys file
 * refused, development keys in production) posts `WORKER_FAILED` with the reason, then ends the worker.
 *
 * Hot reload (service/snapshots/): the worker starts on the snapshot the main thread published (`workerData`'s
 * `snapshotSignal`) and switches to each newer one between requests (`snapshotSwitch.ts`): the app is rebuilt over
 * the new engine (the store, keys and venue are shared), and a request runs to its end on the app it started on.
 * The named tasks `validateSnapshot` and `buildChainSnapshot` run a reload's checks off the main thread.
 *
 * Note: under `--import tsx` on Node 20, worker threads load this module through tsx's `require` hook (piscina
 * tries `require` first), i.e. as CommonJS: no top-level `await` here.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads'
import { createApp, loadAppDeps, routeTableOf } from './app.js'
import { type ServiceConfig, loadConfig } from './config.js'
import { createDispatcher } from './dispatch.js'
import { startWorkerHeartbeat } from './heartbeat.js'
import { flushLog, log, logError } from './log.js'
import { createSnapshotSwitch } from './snapshots/snapshotSwitch.js'
import { type LoadedSnapshot, loadStartingEngine, loadStoredEngine } from './snapshots/workerSnapshot.js'
import { testRoutesEnabled } from './routes/testRoutes.js'
import { WORKER_FAILED, WORKER_READY, type WorkerData, type WorkerMessage } from './workerProtocol.js'

const reportFailure = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  parentPort?.postMessage({ type: WORKER_FAILED, threadId, message } satisfies WorkerMessage)
}

async function buildApp() {
  const data = workerData as WorkerData | undefined
  const config: ServiceConfig = data?.config ?? loadConfig()
  try {
    const { version, ...snapshot } = loadStartingEngine(config, data?.snapshotSignal)
    const deps = await loadAppDeps(config, snapshot)
    const testRoutes = testRoutesEnabled(config)
    const appOf = (loaded: LoadedSnapshot) => createApp({ ...deps, ...loaded }, { testRoutes })
    const dispatcherOf = (loaded: LoadedSnapshot) => createDispatcher(appOf(loaded))
    // The routes do not change with the snapshot: the starting app's table stands for every later one.
    const initialApp = appOf(snapshot)
    const apps = createSnapshotSwitch({
      signal: data?.snapshotSignal,
      initial: { version, value: createDispatcher(initialApp) },
      load: ({ snapshotId }) => dispatcherOf(loadStoredEngine(config, snapshotId)),
      onSwitch: ({ snapshotId, version }) => log('info', 'snapshot.switched', { threadId, snapshotId, version }),
      onError: (error, { snapshotId }) => logError('snapshot.switch-failed', error, { threadId, snapshotId }),
    })
    // The keys are read from the store (the development keys or KEYS_FILE imported first) before the first task.
    await deps.keys.ready
    // Beats often enough that a thread is found stuck within a tenth of the deadline of its last beat.
    const heartbeat = startWorkerHeartbeat(Math.min(100, Math.max(5, config.requestDeadlineMs / 10)))
    const routes = routeTableOf(initialApp)
    parentPort?.postMessage({
      type: WORKER_READY,
      threadId,
      heartbeat: heartbeat.buffer,
      routes,
    } satisfies WorkerMessage)
    return async (wireRequest: string) => {
      heartbeat.begin()
      try {
        return await apps.current()(wireRequest)
      } finally {
        // The last request ended: the worker may park in Atomics.wait next, so its gathered lines go out now.
        if (heartbeat.end() === 0) flushLog()
      }
    }
  } catch (error) {
    reportFailure(error)
    throw error
  }
}

/**
 * Runs one serialized request through the app; piscina calls it once per task. Built once, when the module loads
 * (the store may open over the network, and the keys are read from it: asynchronous), and exported as a promise,
 * which piscina awaits before it sends the worker any task. Waiting any other way would not work: an idle piscina
 * worker sleeps in `Atomics.wait`, where no promise makes progress.
 */
const dispatch: Promise<(wireRequest: string) => Promise<string>> = buildApp().catch(() => {
  // Reported (WORKER_FAILED). A rejected export would make piscina load the module a second time (with import()):
  // end the thread instead.
  process.exit(1)
})
export default dispatch

export { buildChainSnapshot, validateSnapshot } from './snapshots/snapshotTasks.js'
