/**
 * Liveness and readiness (`GET /api/health`, `GET /api/ready`), answered by the main thread (`server.ts`) so that
 * they never queue behind quotes: with every worker slot busy, a probe through the pool waited as long as the
 * quotes ahead of it (14 s, found by trying). Both need no key, like every probe a load balancer or orchestrator
 * sends.
 *
 * - `health`: the process is alive and its main thread answers: `200 {"status":"ok"}`.
 * - `ready`: the service can serve: at least one worker has built its app (so loaded the snapshot) and is running,
 *   and the store can be read. `200` when ready, `503` when not, both with `ReadinessResponse`.
 */
import type { ReadinessResponse } from './schema/actionResponse.js'
import type { StoreProbe } from './store/probe.js'

export type { ReadinessResponse } from './schema/actionResponse.js'

/** The probe paths, under the API prefix. */
const PROBE_PATHS = new Set(['/api/health', '/api/ready'])

/** What readiness is computed from. */
export interface ProbeInputs {
  readonly readyWorkers: () => number
  readonly threads: number
  readonly isStoreReachable: StoreProbe
}

/**
 * Whether a request is a probe this thread answers (`GET` or `HEAD` of a probe path, query ignored).
 *
 * @example isProbe('GET', '/api/ready?verbose') // true
 */
export function isProbe(method: string | undefined, url: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && PROBE_PATHS.has(url?.split('?', 1)[0] ?? '')
}

/**
 * The status and JSON body of a probe.
 *
 * @example await probeReply('/api/health', inputs) // { status: 200, body: '{"status":"ok"}' }
 */
export async function probeReply(
  url: string | undefined,
  inputs: ProbeInputs,
): Promise<{ status: number; body: string }> {
  if (url?.split('?', 1)[0] !== '/api/ready') return { status: 200, body: '{"status":"ok"}' }
  const workers = { ready: inputs.readyWorkers(), total: inputs.threads }
  const store = (await inputs.isStoreReachable()) ? 'ok' : 'unreachable'
  const isReady = workers.ready > 0 && store === 'ok'
  const body: ReadinessResponse = { status: isReady ? 'ready' : 'not ready', workers, store }
  return { status: isReady ? 200 : 503, body: JSON.stringify(body) }
}
