/**
 * The whole request path in one run (`npm run bench:http`): autocannon on loopback, 64 connections, 5 s per
 * measurement after 1 s of warm-up, `GET /api/getAction` for a cached pair (1,000 USDC → WETH on Arbitrum) and
 * `GET /api/health` (answered by the main thread since the probes moved there), against, in one run on the same
 * machine:
 *
 * - `service`: the real service (`service/main.ts`): node:http on the main thread, the Koa app on THREADS = cores
 *   piscina workers, quotes recorded in SQLite;
 * - `service, no record`: the same with `CROSSROUTE_BENCH_NO_STORE=1` (quotes answered, never stored): an upper
 *   bound for what the quote record costs;
 * - `service, PostgreSQL`: only when `DATABASE_URL` is set (a database the benchmark may write to): the service with
 *   that PostgreSQL store instead of SQLite (the other modes never see `DATABASE_URL`);
 * - `service, fixed body`: the service answering `GET /api/__test/body` (a test route, enabled for this mode only)
 *   with a precomputed body of getAction's reply size: the main thread, the pool hop, Koa and every middleware
 *   (key, rate limit, compliance, request id, metrics), without any route's own work — the dispatch ceiling that
 *   no getAction on Koa-in-workers can pass;
 * - `koa inline`: the same `createApp` served by node:http on the main thread (no piscina hop);
 * - `bare node:http`: a fixed JSON body of the same size as the route's real reply, no work at all (the ceiling of
 *   the HTTP layer on this machine, and the denominator of every ratio).
 *
 * Every server runs in its own process, so the load generator never shares an event loop with it. For each
 * measurement: req/s, its ratio to bare node:http (the figure that holds from run to run on a shared machine),
 * p50/p99 latency, and the server's CPU time per request by thread (`bench/threadCpu.ts`: main thread, worker
 * threads, other threads, from /proc on Linux), plus the load generator's own (`process.cpuUsage`). Prints a table
 * and the target (getAction ≥ 1/4 of bare node:http, p99 ≤ 30 ms), writes `bench/results/http.json`.
 *
 * Options: `--duration 5` (s), `--connections 64`, `--snapshots default` (`default,100k` adds a generated
 * 100k-pool snapshot), `--rounds 1` (timed runs per measurement; the median by req/s is kept).
 * Internal: `--serve inline|bare` runs one server (what the benchmark spawns).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { startService } from '../test/helpers/startService.js'
import { splitThreadCpu, threadCpuMicros } from './threadCpu.js'

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
const PATHS = { getAction: `/getAction?${QUERY}`, health: '/health' } as const
type Route = keyof typeof PATHS
const BARE = 'bare node:http'
/** The target for getAction through the service. */
const TARGET = { ratio: 0.25, p99Ms: 30 } as const

/** One server process and what is measured on it. */
interface Mode {
  mode: string
  routes: readonly Route[]
  env: Record<string, string>
  entry?: string[]
  /** The path asked instead of the route's own (`service, fixed body`). */
  path?: (route: Route, bodyBytes: Record<Route, number>) => string
  /** Worker threads of the process (the busiest non-main threads counted as workers). */
  workerThreads: number
}

/** One measured run. */
interface Run {
  snapshot: string
  route: Route
  mode: string
  requestsPerSecond: number
  /** req/s over bare node:http's for the same route and body size, in this run. */
  ratioToBare: number | null
  p50Ms: number
  p99Ms: number
  /** Server CPU time per request (user + system), all threads and by kind; null where /proc is unavailable. */
  cpuMicrosPerRequest: { total: number; main: number; workers: number; other: number } | null
  /** The load generator's (this process's) CPU per request. */
  loadGeneratorCpuMicrosPerRequest: number
  non2xx: number
  errors: number
  bodyBytes: number
}

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '64' },
    snapshots: { type: 'string', default: 'default' },
    rounds: { type: 'string', default: '1' },
  },
})

/** The Koa app on the main thread, exactly as a worker builds it, behind node:http. */
async function serveInline(): Promise<void> {
  const { createApp, loadAppDeps } = await import('../service/app.js')
  const { loadConfig } = await import('../service/config.js')
  const config = loadConfig()
  const deps = await loadAppDeps(config)
  await deps.keys.ready
  const server = createServer(createApp(deps).callback())
  server.listen(config.port, config.host, () => printListening(server))
}

/** Fixed JSON bodies as large as the real replies: getAction's, or health's for `/api/health`. HTTP alone. */
function serveBare(bodyBytes: number, healthBytes: number): void {
  const reply = (body: string) => ({
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) },
  })
  const large = reply(JSON.stringify({ padding: 'x'.repeat(Math.max(bodyBytes - 14, 0)) }))
  const small = reply(JSON.stringify({ padding: 'x'.repeat(Math.max(healthBytes - 14, 0)) }))
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
  const loadAverageAtStart = loadavg()
  const databaseUrl = process.env.DATABASE_URL ?? ''
  const runs: Run[] = []
  for (const snapshot of values.snapshots.split(',') as (keyof typeof SNAPSHOTS)[]) {
    const snapshotPath = SNAPSHOTS[snapshot]
    if (snapshotPath !== undefined && !existsSync(snapshotPath)) generate(snapshotPath)
    // A rate limit no run reaches, so that every request still pays for the key's check (main thread) and is counted.
    const env: Record<string, string> = {
      RATE_LIMIT_REQUESTS: '1000000000',
      DATABASE_URL: '', // SQLite, whatever this process was given
      ...(snapshotPath === undefined ? {} : { SNAPSHOT_PATH: snapshotPath }),
    }
    // The bare server answers bodies as large as the real ones, measured on the service (first).
    const bodyBytes: Record<Route, number> = { getAction: 0, health: 0 }
    const modes: Mode[] = [
      {
        mode: 'service',
        routes: ['getAction', 'health'],
        env: { ...env, THREADS: String(threads) },
        workerThreads: threads,
      },
      ...(databaseUrl === ''
        ? []
        : [
            {
              mode: 'service, PostgreSQL',
              routes: ['getAction'] as Route[],
              env: { ...env, THREADS: String(threads), DATABASE_URL: databaseUrl },
              workerThreads: threads,
            },
          ]),
      {
        mode: 'service, no record',
        routes: ['getAction'],
        env: { ...env, THREADS: String(threads), CROSSROUTE_BENCH_NO_STORE: '1' },
        workerThreads: threads,
      },
      {
        mode: 'service, fixed body',
        routes: ['getAction'],
        env: { ...env, THREADS: String(threads), CROSSROUTE_TEST_ROUTES: '1' },
        path: (route, bytes) => `/__test/body?bytes=${bytes[route]}`,
        workerThreads: threads,
      },
      {
        mode: 'koa inline',
        routes: ['getAction', 'health'],
        env,
        entry: ['bench/http.ts', '--serve', 'inline'],
        workerThreads: 0,
      },
      {
        mode: BARE,
        routes: ['getAction', 'health'],
        env: {},
        entry: ['bench/http.ts', '--serve', 'bare'],
        workerThreads: 0,
      },
    ]
    const snapshotRuns: Run[] = []
    for (const { mode, routes, env: modeEnv, entry, path, workerThreads } of modes) {
      const service = await startService(
        {
          CROSSROUTE_TEST_ROUTES: '',
          ...modeEnv,
          BENCH_BODY_BYTES: String(bodyBytes.getAction),
          BENCH_HEALTH_BYTES: String(bodyBytes.health),
        },
        { entry, timeoutMs: 300_000 },
      )
      try {
        const pid = service.process.pid!
        for (const route of routes) {
          const url = `${service.url}${path === undefined ? PATHS[route] : path(route, bodyBytes)}`
          // Checked once before timing; this also warms the pair's path cache in the worker that answers.
          const check = await fetch(url, { headers: HEADERS })
          const text = await check.text()
          if (
            check.status !== 200 ||
            (route === 'getAction' && mode !== BARE && path === undefined && !text.includes('"amountOut"'))
          ) {
            throw new Error(`${mode} ${route}: unexpected answer ${check.status}: ${text.slice(0, 300)}`)
          }
          if (bodyBytes[route] === 0) bodyBytes[route] = Buffer.byteLength(text)
          await load(url, connections, 1) // warm-up: every worker quotes the pair, JIT settles
          const rounds: Run[] = []
          for (let round = 0; round < Number(values.rounds); round += 1) {
            const threadsBefore = threadCpuMicros(pid)
            const selfBefore = process.cpuUsage()
            const result = await load(url, connections, duration)
            const self = process.cpuUsage(selfBefore)
            const threadsAfter = threadCpuMicros(pid)
            const requests = result.requests.total
            const split =
              threadsBefore === null || threadsAfter === null
                ? null
                : splitThreadCpu(pid, threadsBefore, threadsAfter, workerThreads)
            rounds.push({
              snapshot,
              route,
              mode,
              requestsPerSecond: Math.round(result.requests.average),
              ratioToBare: null,
              p50Ms: result.latency.p50,
              p99Ms: result.latency.p99,
              cpuMicrosPerRequest:
                split === null
                  ? null
                  : {
                      total: Math.round((split.main + split.workers + split.other) / requests),
                      main: Math.round(split.main / requests),
                      workers: Math.round(split.workers / requests),
                      other: Math.round(split.other / requests),
                    },
              loadGeneratorCpuMicrosPerRequest: Math.round((self.user + self.system) / requests),
              non2xx: result.non2xx,
              errors: result.errors + result.timeouts,
              bodyBytes: Buffer.byteLength(text),
            })
          }
          rounds.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
          const run = rounds[Math.floor(rounds.length / 2)]!
          snapshotRuns.push(run)
          console.error(`  measured ${snapshot} ${route} ${mode}: ${run.requestsPerSecond} req/s`)
        }
      } finally {
        await service.stop()
      }
    }
    for (const run of snapshotRuns) {
      const bare = snapshotRuns.find((other) => other.mode === BARE && other.route === run.route)
      run.ratioToBare = bare === undefined ? null : run.requestsPerSecond / bare.requestsPerSecond
    }
    // getAction rows first, then health; in each, the modes in the order above.
    snapshotRuns.sort((a, b) => (a.route === b.route ? 0 : a.route === 'getAction' ? -1 : 1))
    runs.push(...snapshotRuns)
  }
  const loadAverageAtEnd = loadavg()
  console.log(
    `\n${new Date().toISOString()}  ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}  node ${process.version}  ` +
      `load average ${loadAverageAtStart.map((value) => value.toFixed(2)).join(' ')} at start, ` +
      `${loadAverageAtEnd.map((value) => value.toFixed(2)).join(' ')} at end  ` +
      `(${connections} connections, ${duration} s per measurement)\n`,
  )
  printTable(runs)
  for (const run of runs.filter((each) => each.route === 'getAction' && each.mode === 'service')) {
    const isMet = (run.ratioToBare ?? 0) >= TARGET.ratio && run.p99Ms <= TARGET.p99Ms
    console.log(
      `\ntarget (${run.snapshot}): getAction ≥ ${TARGET.ratio} × bare node:http with p99 ≤ ${TARGET.p99Ms} ms — ` +
        `${(run.ratioToBare ?? 0).toFixed(3)} ×, p99 ${run.p99Ms} ms: ${isMet ? 'met' : 'missed'}`,
    )
  }
  mkdirSync(`${ROOT}bench/results`, { recursive: true })
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    loadAverageAtStart,
    loadAverageAtEnd,
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

function generate(path: string): void {
  console.log(`generating ${path} (once; ~20 s)…`)
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'fixtures/generate.ts', '--pools', '100000', '--seed', '1', '--out', path],
    { cwd: ROOT, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error(`fixtures/generate.ts failed (${result.status})`)
}

function printTable(runs: readonly Run[]): void {
  const columns: [string, number, (run: Run) => string][] = [
    ['snapshot', -9, (run) => run.snapshot],
    ['route', -10, (run) => run.route],
    ['mode', -19, (run) => run.mode],
    ['req/s', 8, (run) => String(run.requestsPerSecond)],
    ['× bare', 8, (run) => (run.ratioToBare === null ? '–' : run.ratioToBare.toFixed(3))],
    ['p50 ms', 8, (run) => String(run.p50Ms)],
    ['p99 ms', 8, (run) => String(run.p99Ms)],
    ['cpu µs/req', 11, (run) => String(run.cpuMicrosPerRequest?.total ?? '–')],
    ['main', 7, (run) => String(run.cpuMicrosPerRequest?.main ?? '–')],
    ['workers', 8, (run) => String(run.cpuMicrosPerRequest?.workers ?? '–')],
    ['other', 7, (run) => String(run.cpuMicrosPerRequest?.other ?? '–')],
    ['loadgen', 8, (run) => String(run.loadGeneratorCpuMicrosPerRequest)],
    ['non2xx', 7, (run) => String(run.non2xx)],
    ['errors', 7, (run) => String(run.errors)],
    ['body B', 7, (run) => String(run.bodyBytes)],
  ]
  const pad = (text: string, width: number) => (width < 0 ? text.padEnd(-width) : text.padStart(width))
  console.log(columns.map(([title, width]) => pad(title, width)).join(' '))
  for (const run of runs) console.log(columns.map(([, width, cell]) => pad(cell(run), width)).join(' '))
}

// Last, so that every declaration above is initialized when it runs.
if (values.serve === 'inline') await serveInline()
else if (values.serve === 'bare')
  serveBare(Number(process.env.BENCH_BODY_BYTES), Number(process.env.BENCH_HEALTH_BYTES))
else await main()
