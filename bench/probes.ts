/**
 * `npm run bench:probes [-- --seconds 20 --connections 512]`: latency of `/api/health` and `/api/ready` while the
 * worker pool is saturated and shedding (issue 24 point 5), on the main listener and on the probe listener
 * (`PROBE_PORT`, its own thread: `service/probeThread.ts`).
 *
 * The service runs as a child (`THREADS=2`, `MAX_QUEUE=64`, no rate limit or quote quota, so every request reaches
 * the pool); `autocannon` runs as another child with `--connections` clients that ignore `Retry-After` and hammer
 * `GET /api/getAction`. This process only probes: every 50 ms one probe of each kind, on a new connection each (as a
 * kubelet does), first for 5 s idle, then for `--seconds` under the load. Prints p50 / p99 / max per probe, and the
 * load's answers (2xx, 503…).
 */
import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type RunningService, startService } from '../test/helpers/startService.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PROBE_EVERY_MS = 50
const PROBE_TIMEOUT_MS = 10_000
const IDLE_SECONDS = 5
const QUOTE = new URLSearchParams({
  actionType: 'swap-action',
  srcChainId: '42161',
  dstChainId: '42161',
  amount: '1000000000',
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  swapDirection: 'exact-amount-in',
  slippage: '50',
  sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
})

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '512' } },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)

/** One probe on a new connection: milliseconds to the whole answer, or `PROBE_TIMEOUT_MS` and status 0. */
function probe(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.resume().on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }))
    req.end()
  })
}

/** Probes every target every `PROBE_EVERY_MS` for `forSeconds`; returns the samples per target. */
async function probeFor(targets: Record<string, string>, forSeconds: number) {
  const samples = new Map<string, { ms: number; status: number }[]>(Object.keys(targets).map((name) => [name, []]))
  const pending: Promise<void>[] = []
  const endsAt = Date.now() + forSeconds * 1000
  while (Date.now() < endsAt) {
    for (const [name, url] of Object.entries(targets))
      pending.push(probe(url).then((sample) => void samples.get(name)!.push(sample)))
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
  }
  await Promise.all(pending)
  return samples
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!

function report(title: string, samples: Map<string, { ms: number; status: number }[]>) {
  console.log(`\n${title}`)
  console.log(
    'probe'.padEnd(28),
    'n'.padStart(5),
    'p50 ms'.padStart(9),
    'p99 ms'.padStart(9),
    'max ms'.padStart(9),
    ' statuses',
  )
  for (const [name, list] of samples) {
    const sorted = list.map((sample) => sample.ms).sort((a, b) => a - b)
    const statuses = new Map<number, number>()
    for (const { status } of list) statuses.set(status, (statuses.get(status) ?? 0) + 1)
    console.log(
      name.padEnd(28),
      String(list.length).padStart(5),
      percentile(sorted, 0.5).toFixed(1).padStart(9),
      percentile(sorted, 0.99).toFixed(1).padStart(9),
      sorted.at(-1)!.toFixed(1).padStart(9),
      ` ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`,
    )
  }
}

async function main() {
  let service: RunningService | undefined
  try {
    service = await startService({
      THREADS: '2',
      MAX_QUEUE: '64',
      RATE_LIMIT_REQUESTS: '0',
      DAILY_QUOTE_QUOTA: '0',
      PROBE_PORT: '0',
      CROSSROUTE_TEST_ROUTES: '0',
      LOG_LEVEL: 'error',
    })
    const started = Date.now()
    while (!/probes listening on (http:\/\/\S+)/.test(service.stdout())) {
      if (Date.now() - started > 30_000) throw new Error('the probe listener did not start')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const probeUrl = /probes listening on (http:\/\/\S+)/.exec(service.stdout())![1]!
    const targets = {
      'main    /api/health': `${service.url}/health`,
      'main    /api/ready': `${service.url}/ready`,
      'PROBE_PORT /api/health': `${probeUrl}/health`,
      'PROBE_PORT /api/ready': `${probeUrl}/ready`,
    }
    report(`idle, ${IDLE_SECONDS} s`, await probeFor(targets, IDLE_SECONDS))

    const load = spawn(
      `${ROOT}node_modules/.bin/autocannon`,
      [
        '--json',
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-H',
        'x-api-key=dev-key-alpha',
        `${service.url}/getAction?${QUOTE}`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    )
    let loadJson = ''
    load.stdout.setEncoding('utf8').on('data', (text: string) => (loadJson += text))
    const loadDone = new Promise<void>((resolve) => load.once('exit', () => resolve()))
    // Probing starts once the load has ramped up.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const underLoad = await probeFor(targets, seconds - 3)
    await loadDone
    report(`under load: ${connections} connections ignoring Retry-After, MAX_QUEUE=64, THREADS=2`, underLoad)
    const result = JSON.parse(loadJson) as {
      requests: { total: number }
      '2xx': number
      non2xx: number
      statusCodeStats?: Record<string, { count: number }>
      latency: { p50: number; p99: number }
    }
    const codes = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}×${count}`)
    console.log(
      `\nload: ${result.requests.total} requests, 2xx ${result['2xx']}, non-2xx ${result.non2xx} (${codes.join(' ')}); ` +
        `getAction latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    )
  } finally {
    await service?.stop('SIGKILL')
  }
}

await main()
