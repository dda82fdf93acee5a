/**
 * The adversarial benchmark (`npm run bench:hostile`, issue 24): in one run against the real service, legitimate
 * `getAction` latency alone and while each hostile pattern runs beside it, a fuzz pass, and the worker time a
 * nested body costs. Bounded: ~3–4 minutes with the defaults; `--duration 3 --fuzz 5000` for a quick look.
 *
 * 1. Body check cost (`bench/bodyCost.ts`): `readJsonBody` on the 40 KB body of 20,000 nested arrays and on valid
 *    bodies, side by side (in this process), and the worker CPU per request of each through the service.
 * 2. Legitimate client: `--legit-connections` (4) autocannon connections paced at `--legit-rate` (50) req/s of
 *    `GET /api/getAction` on `dev-key-alpha` (unlimited here): p50/p99 alone, then beside each pattern —
 *    (a) nested-JSON `POST /getActions` on a valid key, (b) a flood of invalid keys, (c) 300 unauthenticated
 *    connections holding partial bodies, (d) getActions batches of 25 on a key limited to 5/60 s, each in a child
 *    process of its own (`bench/hostilePatterns.ts`) — and (e) 512 clients ignoring Retry-After against a second
 *    service with `MAX_QUEUE=64`, while `/api/health` and `/api/ready` are probed every 50 ms (probe p50/p99).
 * 3. Fuzz pass (`bench/hostileFuzz.ts`): `--fuzz` requests (100,000) counting 5xx and non-envelope answers.
 *
 * Targets printed beside the figures: 0 × 5xx; legitimate p99 beside each pattern within 2× of alone; probes
 * p99 ≤ 50 ms. Writes `bench/results/hostile.json`. Other flags: `--patterns nested,invalidKeys,…` (a subset),
 * `--seed`, `--fuzz-concurrency` (32). Internal: `--role <pattern> --url <…/api>` runs one pattern (the children).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type RunningService, startService } from '../test/helpers/startService.js'
import { type BodyCost, measureBodyCost } from './bodyCost.js'
import { type FuzzSummary, fuzzPass } from './hostileFuzz.js'
import {
  GET_ACTION_QUERY,
  KEYS,
  PATTERNS,
  PATTERN_DEFAULTS,
  type Pattern,
  type PatternSummary,
  cannonCounting,
  runPattern,
} from './hostilePatterns.js'
import { probeWhile } from './probeLatency.js'
import { ALONE, ALONE_AGAIN, type Row, printReport } from './hostileReport.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Before the first measurement on a service: the workers' JIT and the pair's caches settle. */
const WARM_UP_SECONDS = 5

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    url: { type: 'string' },
    duration: { type: 'string', default: '10' },
    fuzz: { type: 'string', default: '100000' },
    'fuzz-concurrency': { type: 'string', default: '32' },
    seed: { type: 'string', default: '20261127' },
    patterns: { type: 'string', default: PATTERNS.join(',') },
    'legit-rate': { type: 'string', default: '50' },
    'legit-connections': { type: 'string', default: '4' },
  },
})

/** The legitimate client for `seconds`, sampling the service's RSS meanwhile. */
async function legitimate(service: RunningService, seconds: number): Promise<Omit<Row, 'pattern'>> {
  let maxRss = rssMb(service)
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(service))), 500)
  const { result, statuses } = await cannonCounting({
    url: `${service.url}/getAction?${new URLSearchParams(GET_ACTION_QUERY)}`,
    headers: { 'x-api-key': KEYS.legitimate },
    connections: Number(values['legit-connections']),
    overallRate: Number(values['legit-rate']),
    duration: seconds,
  })
  clearInterval(sampler)
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    legitRequests: result.requests.total,
    legitNon2xx: result.non2xx + result.errors + result.timeouts,
    legitStatuses: statuses,
    maxRssMb: maxRss,
  }
}

function rssMb(service: RunningService): number {
  try {
    const status = readFileSync(`/proc/${service.process.pid}/status`, 'utf8')
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  } catch {
    return 0
  }
}

/** Starts a pattern's child process; resolves once its clients run, with a promise of its summary. */
async function startPattern(pattern: Pattern, url: string, seconds: number): Promise<Promise<PatternSummary>> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/hostile.ts', '--role', pattern, '--url', url, '--duration', String(seconds)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  const isStarted = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text
      if (output.includes('started\n')) resolve()
    })
    child.on('exit', (code) => reject(new Error(`pattern ${pattern} exited (${code}) before starting`)))
  })
  const summary = new Promise<PatternSummary>((resolve, reject) =>
    child.on('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('{'))
      if (code === 0 && line !== undefined) resolve(JSON.parse(line) as PatternSummary)
      else reject(new Error(`pattern ${pattern} failed (${code}): ${output.slice(-500)}`))
    }),
  )
  await isStarted
  return summary
}

/** Sets a key's rate limit in the service's store (`npm run keys:limit`); running services see it within 2 s. */
function setLimit(dataDir: string, keyId: string, limit: string): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'service/cli/keys.ts', 'limit', keyId, limit], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`keys:limit ${keyId} ${limit} failed: ${run.stderr}`)
}

async function main(): Promise<void> {
  const seconds = Number(values.duration)
  const patterns = values.patterns.split(',').filter(Boolean) as Pattern[]
  for (const pattern of patterns) if (!PATTERNS.includes(pattern)) throw new Error(`unknown pattern ${pattern}`)
  const started = Date.now()
  const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-hostile-'))
  const rows: Row[] = []
  let fuzz: FuzzSummary | undefined
  let cost: BodyCost | undefined
  const service = await startService(
    { DATA_DIR: dataDir, DATABASE_URL: '', CROSSROUTE_TEST_ROUTES: '', KEYS_REFRESH_MS: '500' },
    { timeoutMs: 300_000 },
  )
  try {
    // The legitimate key unlimited (its figures are latency, not the limiter's), the batch key at 5 per 60 s.
    setLimit(dataDir, 'dev-alpha-web', '0/60')
    setLimit(dataDir, 'dev-beta-app', '5/60')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    cost = await measureBodyCost(service)
    console.error('warm-up…')
    await legitimate(service, WARM_UP_SECONDS)
    rows.push({ pattern: ALONE, ...(await legitimate(service, seconds)) })
    for (const pattern of patterns.filter((each) => each !== 'overload')) {
      console.error(`${PATTERN_DEFAULTS[pattern].label}…`)
      const summary = await startPattern(pattern, service.url, seconds + 1)
      const figures = await legitimate(service, seconds)
      rows.push({ pattern: PATTERN_DEFAULTS[pattern].label, ...figures, hostile: await summary })
    }
    // Alone once more: on a shared machine one baseline can be an outlier; the ratios use the better of the two.
    rows.push({ pattern: ALONE_AGAIN, ...(await legitimate(service, seconds)) })
    const total = Number(values.fuzz)
    if (total > 0) {
      console.error(`fuzz pass: ${total} requests…`)
      fuzz = await fuzzPass(service.url, total, Number(values['fuzz-concurrency']), Number(values.seed))
    }
  } finally {
    await service.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (patterns.includes('overload')) rows.push(await overload(seconds))
  printReport({ rows, fuzz, cost, seconds: (Date.now() - started) / 1000, resultsDir: `${ROOT}bench/results` })
}

/** (e): a second service with a small queue, 512 clients beside the legitimate one, probes every 50 ms. */
async function overload(seconds: number): Promise<Row> {
  console.error(`${PATTERN_DEFAULTS.overload.label}…`)
  const service = await startService(
    { MAX_QUEUE: '64', RATE_LIMIT_REQUESTS: '0', DATABASE_URL: '', CROSSROUTE_TEST_ROUTES: '' },
    { timeoutMs: 300_000 },
  )
  try {
    await legitimate(service, WARM_UP_SECONDS)
    const summary = await startPattern('overload', service.url, seconds + 1)
    const [figures, probes] = await Promise.all([legitimate(service, seconds), probeWhile(service.url, seconds)])
    return { pattern: PATTERN_DEFAULTS.overload.label, ...figures, hostile: await summary, probes }
  } finally {
    await service.stop()
  }
}

// Last, so that every declaration above is initialized when it runs.
if (values.role !== undefined) {
  const pattern = values.role as Pattern
  const summary = await runPattern(pattern, {
    url: values.url!,
    durationSeconds: Number(values.duration),
    ...PATTERN_DEFAULTS[pattern],
  })
  process.stdout.write(`${JSON.stringify(summary)}\n`)
} else await main()
