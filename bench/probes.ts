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
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { usdcToWethQuery } from '../test/helpers/arbitrumPair.js'
import { type RunningService, startService } from '../test/helpers/startService.js'
import { type ProbeStats, probeTargets } from './probeLatency.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const IDLE_SECONDS = 5
const QUOTE = usdcToWethQuery('0x8ba1f109551bD432803012645Ac136ddd64DBA72')

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '512' } },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)

function report(title: string, byName: Map<string, ProbeStats>) {
  console.log(`\n${title}`)
  console.log(
    'probe'.padEnd(28),
    'n'.padStart(5),
    'p50 ms'.padStart(9),
    'p99 ms'.padStart(9),
    'max ms'.padStart(9),
    ' statuses',
  )
  for (const [name, { count, p50Ms, p99Ms, maxMs, statuses }] of byName) {
    console.log(
      name.padEnd(28),
      String(count).padStart(5),
      p50Ms.toFixed(1).padStart(9),
      p99Ms.toFixed(1).padStart(9),
      maxMs.toFixed(1).padStart(9),
      ` ${Object.entries(statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
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
    report(`idle, ${IDLE_SECONDS} s`, await probeTargets(targets, IDLE_SECONDS))

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
    const underLoad = await probeTargets(targets, seconds - 3)
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
