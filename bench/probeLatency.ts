/**
 * Liveness and readiness probes as an orchestrator sends them: each on a new connection (no keep-alive), every
 * 50 ms, timed from the request to the end of the answer. Shared by `bench:hostile` (`probeWhile`) and
 * `bench:probes` (`probeTargets`).
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

/** One probe: milliseconds to the whole answer, or the timeout and status 0. */
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

/** Percentiles and status counts of a run's samples. */
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

/**
 * Probes every target (name → URL) every 50 ms for `seconds`, each on its own schedule.
 *
 * @example const byName = await probeTargets({ health: `${url}/health` }, 5) // Map { 'health' => { p99Ms, … } }
 */
export async function probeTargets(
  targets: Readonly<Record<string, string>>,
  seconds: number,
): Promise<Map<string, ProbeStats>> {
  const samples = new Map<string, { ms: number; status: number }[]>(Object.keys(targets).map((name) => [name, []]))
  const endAt = Date.now() + seconds * 1000
  const pending: Promise<void>[] = []
  while (Date.now() < endAt) {
    for (const [name, url] of Object.entries(targets)) {
      pending.push(probe(url).then((sample) => void samples.get(name)!.push(sample)))
    }
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS))
  }
  await Promise.all(pending)
  return new Map([...samples].map(([name, list]) => [name, stats(list)]))
}
