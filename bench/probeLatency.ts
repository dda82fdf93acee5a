/**
 * Liveness and readiness probes as an orchestrator sends them: `GET /api/health` and `GET /api/ready` alternately
 * every 50 ms, each on a new connection (no keep-alive), timed from the request to the end of the answer.
 */
import { request } from 'node:http'

/** Latency of one probe path over a run. */
export interface ProbeStats {
  readonly count: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  readonly statuses: Readonly<Record<string, number>>
}

const INTERVAL_MS = 50
/** Longer than any orchestrator's probe timeout: a slower probe counts at this. */
const TIMEOUT_MS = 10_000

function probe(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: TIMEOUT_MS }, (res) => {
      res.resume().on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }))
    req.end()
  })
}

function stats(samples: { ms: number; status: number }[]): ProbeStats {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b)
  const at = (fraction: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0) * 10) / 10
  const statuses: Record<string, number> = {}
  for (const { status } of samples) statuses[status] = (statuses[status] ?? 0) + 1
  return { count: samples.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), statuses }
}

/**
 * Probes the service at `apiUrl` (its `/api` URL) for `seconds`.
 *
 * @example const { health, ready } = await probeWhile(service.url, 10)
 */
export async function probeWhile(apiUrl: string, seconds: number): Promise<{ health: ProbeStats; ready: ProbeStats }> {
  const samples = { health: [] as { ms: number; status: number }[], ready: [] as { ms: number; status: number }[] }
  const endAt = Date.now() + seconds * 1000
  const pending: Promise<void>[] = []
  for (let index = 0; Date.now() < endAt; index++) {
    const name = index % 2 === 0 ? 'health' : 'ready'
    // Each probe on its own schedule: a slow answer does not delay the next probe (an orchestrator's do not wait).
    pending.push(probe(`${apiUrl}/${name}`).then((sample) => void samples[name].push(sample)))
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS))
  }
  await Promise.all(pending)
  return { health: stats(samples.health), ready: stats(samples.ready) }
}
