/**
 * HTTP load test of the quote path (`npm run bench:http`): autocannon on loopback, 64 connections, 5 s per run,
 * `GET /api/getAction` for a cached pair (1,000 USDC → WETH on Arbitrum), against:
 *
 * - `service ×1`, `service ×N`: the real service (`service/main.ts`), 1 and N = cores worker threads;
 * - `koa inline`: the same `createApp` served by node:http on one thread (no pool);
 * - `bare node:http`: a fixed JSON body of the same size, no work at all (the ceiling of the HTTP layer);
 *
 * on the default snapshot and on a generated 100k-pool one (generated when missing). On the default snapshot,
 * `GET /api/health` is measured too: no route work, so it shows what the thread hop and the dispatch cost.
 * Every server runs in its own
 * process, so the load generator never shares an event loop with it. Prints a table, writes
 * `bench/results/http.json`.
 *
 * Besides req/s and latency, each run reports the server's CPU time per request (`cpu µs/req`, all threads of the
 * server process, from /proc on Linux): on a machine shared with other work, throughput moves with the neighbours'
 * load, CPU per request much less.
 *
 * Options: `--duration 5` (s), `--connections 64`, `--snapshots default,100k`, `--rounds 1` (timed runs per case;
 * the median by req/s is kept).
 * Internal: `--serve inline|bare` runs one server (what the benchmark spawns).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { startService } from '../test/helpers/startService.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SNAPSHOTS = {
  default: undefined,
  '100k': 'fixtures/generated/pools-100k.json',
} as const satisfies Record<string, string | undefined>
const QUERY = new URLSearchParams({
  actionType: 'swap-action',
  srcChainId: '42161',
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', // USDC
  dstChainId: '42161',
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', // WETH
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
  slippage: '50',
  sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
})
const HEADERS = { 'x-api-key': 'dev-key-alpha' }

/** What is requested: the cached getAction pair, and (default snapshot only) the no-work health route. */
const TARGETS = [
  { route: 'getAction', path: `/getAction?${QUERY}`, defaultSnapshotOnly: false },
  { route: 'health', path: '/health', defaultSnapshotOnly: true },
] as const

/** One measured run. */
interface Run {
  snapshot: string
  route: string
  mode: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Server CPU time (user + system, all threads) per request; null where /proc is unavailable. */
  cpuMicrosPerRequest: number | null
  non2xx: number
  errors: number
  bodyBytes: number
}

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '64' },
    snapshots: { type: 'string', default: 'default,100k' },
    rounds: { type: 'string', default: '1' },
  },
})

/** The Koa app on the main thread, exactly as a worker builds it, behind node:http. */
async function serveInline(): Promise<void> {
  const { createApp, loadAppDeps } = await import('../service/app.js')
  const { loadConfig } = await import('../service/config.js')
  const config = loadConfig()
  const server = createServer(createApp(loadAppDeps(config)).callback())
  server.listen(config.port, config.host, () => printListening(server))
}

/** Fixed JSON bodies: `bodyBytes` bytes, or health's for `/api/health`. The cost of HTTP alone. */
function serveBare(bodyBytes: number): void {
  const reply = (body: string) => ({
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) },
  })
  const large = reply(JSON.stringify({ padding: 'x'.repeat(Math.max(bodyBytes - 14, 0)) }))
  const small = reply(JSON.stringify({ status: 'ok' }))
  const server = createServer((req, res) => {
    const { body, headers } = req.url === '/api/health' ? small : large
    res.writeHead(200, headers)
    res.end(body)
  })
  server.listen(Number(process.env.PORT), process.env.HOST, () => printListening(server))
}

function printListening(server: ReturnType<typeof createServer>): void {
  const address = server.address() as { port: number }
  process.stdout.write(`crossroute listening on http://127.0.0.1:${address.port}/api\n`)
}

async function main(): Promise<void> {
  const duration = Number(values.duration)
  const connections = Number(values.connections)
  const threads = availableParallelism()
  const runs: Run[] = []
  for (const snapshot of values.snapshots.split(',') as (keyof typeof SNAPSHOTS)[]) {
    const snapshotPath = SNAPSHOTS[snapshot]
    if (snapshotPath !== undefined && !existsSync(snapshotPath)) generate(snapshotPath)
    const env: Record<string, string> = snapshotPath === undefined ? {} : { SNAPSHOT_PATH: snapshotPath }
    // Servers, in order; the bare one answers a body as large as the real one, measured on the first run.
    let bodyBytes = 0
    const modes: { mode: string; env: Record<string, string>; entry?: string[] }[] = [
      { mode: 'service ×1', env: { ...env, THREADS: '1' } },
      { mode: `service ×${threads}`, env: { ...env, THREADS: String(threads) } },
      { mode: 'koa inline', env, entry: ['bench/http.ts', '--serve', 'inline'] },
      { mode: 'bare node:http', env: {}, entry: ['bench/http.ts', '--serve', 'bare'] },
    ]
    for (const { mode, env: modeEnv, entry } of modes) {
      const service = await startService(
        { ...modeEnv, CROSSROUTE_TEST_ROUTES: '', BENCH_BODY_BYTES: String(bodyBytes) },
        { entry, timeoutMs: 300_000 },
      )
      try {
        for (const target of TARGETS) {
          if (target.defaultSnapshotOnly && snapshot !== 'default') continue
          const url = `${service.url}${target.path}`
          // Checked once before timing; this also warms the pair's path cache in the worker that answers.
          const check = await fetch(url, { headers: HEADERS })
          const text = await check.text()
          if (
            check.status !== 200 ||
            (target.route === 'getAction' && mode !== 'bare node:http' && !text.includes('"amountOut"'))
          ) {
            throw new Error(`${mode} ${target.route}: unexpected answer ${check.status}: ${text.slice(0, 300)}`)
          }
          if (target.route === 'getAction' && bodyBytes === 0) bodyBytes = Buffer.byteLength(text)
          await load(url, connections, 1) // warm-up: every worker quotes the pair, JIT settles
          const rounds: Run[] = []
          for (let round = 0; round < Number(values.rounds); round += 1) {
            const cpuBefore = cpuMicros(service.process.pid!)
            const result = await load(url, connections, duration)
            const cpuAfter = cpuMicros(service.process.pid!)
            rounds.push({
              snapshot,
              route: target.route,
              mode,
              requestsPerSecond: Math.round(result.requests.average),
              p50Ms: result.latency.p50,
              p99Ms: result.latency.p99,
              cpuMicrosPerRequest:
                cpuBefore === null || cpuAfter === null
                  ? null
                  : Math.round((cpuAfter - cpuBefore) / result.requests.total),
              non2xx: result.non2xx,
              errors: result.errors + result.timeouts,
              bodyBytes: Buffer.byteLength(text),
            })
          }
          rounds.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
          const run = rounds[Math.floor(rounds.length / 2)]!
          runs.push(run)
          printRow(run)
        }
      } finally {
        await service.stop()
      }
    }
  }
  mkdirSync(`${ROOT}bench/results`, { recursive: true })
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    connections,
    durationSeconds: duration,
    rounds: Number(values.rounds),
    runs,
  }
  writeFileSync(`${ROOT}bench/results/http.json`, `${JSON.stringify(report, null, 2)}\n`)
  console.log('\nwritten bench/results/http.json')
}

function load(url: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, headers: HEADERS })
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux in practice). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** CPU time (user + system, all threads) of a process so far, in µs; null without /proc. */
function cpuMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the parenthesized command name start at field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
  } catch {
    return null
  }
}

function generate(path: string): void {
  console.log(`generating ${path} (once; ~20 s)…`)
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'fixtures/generate.ts', '--pools', '100000', '--seed', '1', '--out', path],
    { cwd: ROOT, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error(`fixtures/generate.ts failed (${result.status})`)
}

let isHeaderPrinted = false
function printRow(run: Run): void {
  if (!isHeaderPrinted) {
    console.log(
      `${'snapshot'.padEnd(9)}${'route'.padEnd(10)}${'mode'.padEnd(16)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'cpu µs/req'.padStart(11)}${'non2xx'.padStart(8)}${'errors'.padStart(8)}${'body B'.padStart(8)}`,
    )
    isHeaderPrinted = true
  }
  const cells = [run.requestsPerSecond, run.p50Ms, run.p99Ms].map((value) => String(value).padStart(8))
  const cpu = String(run.cpuMicrosPerRequest ?? '–').padStart(11)
  const tail = [run.non2xx, run.errors, run.bodyBytes].map((value) => String(value).padStart(8))
  console.log(
    `${run.snapshot.padEnd(9)}${run.route.padEnd(10)}${run.mode.padEnd(16)}${cells.join('')}${cpu}${tail.join('')}`,
  )
}

// Last, so that every declaration above is initialized when it runs.
if (values.serve === 'inline') await serveInline()
else if (values.serve === 'bare') serveBare(Number(process.env.BENCH_BODY_BYTES))
else await main()
