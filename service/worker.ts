/**
 * The piscina worker: builds the Koa app once, when the module loads, then serves one task per HTTP request.
 *
 * Task: a `WireRequest` serialized by `wire.ts`; result: a serialized `WireResponse`. The handler never throws
 * (`createDispatcher` turns every failure into an envelope), so a rejected task on the main thread always means
 * that the worker itself died.
 *
 * When the app is built, the worker posts `WORKER_READY` to the main thread; `pool.ts` waits for every worker's
 * before the server listens. A failure while building (bad snapshot, keys file refused) posts `WORKER_FAILED`
 * with the reason, then ends the worker.
 *
 * Note: under `--import tsx` on Node 20, worker threads load this module through tsx's `require` hook (piscina
 * tries `require` first), i.e. as CommonJS: no top-level `await` here.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads'
import { createApp, loadAppDeps } from './app.js'
import { type ServiceConfig, loadConfig } from './config.js'
import { createDispatcher } from './dispatch.js'
import { testRoutesEnabled } from './routes/testRoutes.js'
import { WORKER_FAILED, WORKER_READY, type WorkerData, type WorkerMessage } from './workerProtocol.js'

async function buildApp() {
  const config: ServiceConfig = (workerData as WorkerData | undefined)?.config ?? loadConfig()
  try {
    const dispatcher = createDispatcher(createApp(await loadAppDeps(config), { testRoutes: testRoutesEnabled(config) }))
    parentPort?.postMessage({ type: WORKER_READY, threadId } satisfies WorkerMessage)
    return dispatcher
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    parentPort?.postMessage({ type: WORKER_FAILED, threadId, message } satisfies WorkerMessage)
    throw error
  }
}

// Built once, when the module loads (the store may open over the network: asynchronous). Piscina waits for an
// exported Promise before it sends this worker a task ("delaying availability"); its own Atomics wait between tasks
// would otherwise stall a build still in progress. A failed build was reported (WORKER_FAILED) and ends the worker.
const dispatch: Promise<(wireRequest: string) => Promise<string>> = buildApp()
export default dispatch
