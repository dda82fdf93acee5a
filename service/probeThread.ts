/**
 * The probe listener's main-thread side (`PROBE_PORT`, README "Probes"): starts `probeListener.ts` in a thread of its
 * own and keeps what it reads current in a `SharedArrayBuffer`: the workers that are ready, and this thread's beat.
 *
 * Why a thread: under overload the main thread's event loop is what is starved (every request is accepted, parsed
 * and answered there), and a probe on its port waits its turn: 0.9–4.9 s measured with 512 clients ignoring
 * `Retry-After` (issue 24). An idle thread with its own event loop and listener is scheduled as soon as a probe
 * arrives. It still tells a busy main thread from a stuck one: the beat written here every `BEAT_INTERVAL_MS`
 * stops when this thread's loop stops, and after `MAIN_STALL_MS` without one both probes answer 503.
 */
import { Worker } from 'node:worker_threads'
import type { ServiceConfig } from './config.js'
import { logError } from './log.js'
import { siblingModule } from './moduleUrl.js'

/** Layout of the shared cells: [0] workers ready, [1] Unix ms of the main thread's last beat. */
export const READY_WORKERS_CELL = 0
export const MAIN_BEAT_CELL = 1

/** How often the main thread publishes its beat and the workers' readiness. */
const BEAT_INTERVAL_MS = 100

/** What the probe thread is started with. */
export interface ProbeThreadData {
  readonly host: string
  readonly port: number
  readonly threads: number
  readonly databasePath: string
  readonly databaseUrl?: string
  /** `BigInt64Array` cells, laid out as above. */
  readonly shared: SharedArrayBuffer
  /** How long the main thread may go without a beat before both probes answer 503 (`MAIN_STALL_MS`). */
  readonly mainStallMs: number
}

/** How long the main thread may go without a beat before the probes say the process is stuck, by default. */
export const MAIN_STALL_MS = 10_000

/** Posted by the probe thread once it listens. */
export interface ProbeListeningMessage {
  readonly type: 'crossroute:probes-listening'
  readonly port: number
}

/** The running probe thread. */
export interface ProbeThread {
  /** The port it listens on (the real one when `PROBE_PORT=0`); rejects when it cannot listen. */
  readonly port: Promise<number>
  /** Stops the thread. */
  stop(): Promise<void>
}

/**
 * Starts the probe listener on `config.probePort`.
 *
 * @param readyWorkers - the workers ready now (`pool.readyWorkers`), read every beat
 * @param mainStallMs - how long without a beat from this thread makes both probes 503 (`MAIN_STALL_MS` by default)
 * @returns the thread
 * @example
 * const probes = startProbeThread(config, () => pool.readyWorkers)
 * console.log(`probes on ${await probes.port}`)
 */
export function startProbeThread(
  config: Pick<ServiceConfig, 'host' | 'probePort' | 'threads' | 'databasePath' | 'databaseUrl'>,
  readyWorkers: () => number,
  mainStallMs: number = MAIN_STALL_MS,
): ProbeThread {
  const shared = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT)
  const cells = new BigInt64Array(shared)
  const beat = () => {
    Atomics.store(cells, READY_WORKERS_CELL, BigInt(readyWorkers()))
    Atomics.store(cells, MAIN_BEAT_CELL, BigInt(Date.now()))
  }
  beat()
  const timer = setInterval(beat, BEAT_INTERVAL_MS).unref()
  const entry = siblingModule('probeListener', import.meta.url)
  // As for the tracker thread: on Node 20 a Worker does not inherit `--import tsx` for its entry module.
  const bootstrap = entry.pathname.endsWith('.ts')
    ? `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}); register(); await import(${JSON.stringify(entry.href)})`
    : `await import(${JSON.stringify(entry.href)})`
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    workerData: {
      host: config.host,
      port: config.probePort ?? 0,
      threads: config.threads,
      databasePath: config.databasePath,
      ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
      shared,
      mainStallMs,
    } satisfies ProbeThreadData,
    name: 'crossroute-probes',
  })
  const port = new Promise<number>((resolve, reject) => {
    worker.on('message', (message: ProbeListeningMessage) => {
      if (message?.type === 'crossroute:probes-listening') resolve(message.port)
    })
    worker.once('error', (error) => {
      logError('probes.failed', error)
      reject(error)
    })
    worker.once('exit', (code) => reject(new Error(`the probe thread exited with code ${code}`)))
  })
  port.catch(() => undefined)
  return {
    port,
    async stop() {
      clearInterval(timer)
      await worker.terminate()
    },
  }
}
