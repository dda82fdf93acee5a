/**
 * `npm run bench`: the engine suites in-process on the default fixture and on generated snapshots of 1k, 10k and
 * 100k pools — load time and memory, repeated quotes, first quotes of a pair — then the HTTP suite
 * (`bench/http.ts`, maintained separately) when it exists.
 *
 * Writes `bench/results/engine.json` and, when every fixture ran, `bench/latency-vs-size.svg`.
 * Options: `--fixtures default,1k` (a subset), `--quick` (shorter budgets, for trying changes), `--skip-http`.
 * Needs `node --expose-gc --import tsx` (the npm script sets it).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createEngine } from '../engine/index.js'
import { QUOTE_CASES } from './cases.js'
import { FIXTURES, type FixtureSpec, ensureFixtureFile } from './fixtures.js'
import { collectGarbage, loadMeasured, timeLoad } from './load.js'
import { LATENCY_SVG_URL, latencyVsSizeSvg, subtitleOf } from './plot.js'
import { runQuoteSuites } from './quote.js'
import {
  type EngineReport,
  type FixtureReport,
  evaluateTargets,
  fixtureTables,
  machineState,
  targetTable,
} from './report.js'

const RESULTS_URL = new URL('./results/engine.json', import.meta.url)
const HTTP_BENCH_URL = new URL('./http.ts', import.meta.url)
const PACKAGE_URL = new URL('../package.json', import.meta.url)

/** Complete loads timed per fixture: each 100k load takes seconds. */
const LOAD_SAMPLES: Readonly<Record<string, number>> = { default: 20, '1k': 10, '10k': 5, '100k': 3 }

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string', default: FIXTURES.map((f) => f.name).join(',') },
    quick: { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
  },
})
const wanted = new Set(values.fixtures.split(','))
const fixtures = FIXTURES.filter((f) => wanted.has(f.name))
if (fixtures.length !== wanted.size)
  throw new Error(`--fixtures: choose among ${FIXTURES.map((f) => f.name).join(', ')}`)
const settings = { repeatedTimeMs: values.quick ? 300 : 1_000, firstCallSamples: values.quick ? 8 : 20 }

const machine = machineState()
console.log(
  `engine benchmarks — node ${machine.node}, ${machine.cpuCount} × ${machine.cpuModel}, load average ${machine.loadAverageAtStart.join(' ')}`,
)
console.log('(medians of per-call latencies; ops/s = 1000 / mean; route = pools/lanes of the best route)\n')

const reports: FixtureReport[] = []
for (const spec of fixtures) {
  reports.push(await benchFixture(spec))
  collectGarbage()
}

const targets = evaluateTargets(reports)
const report: EngineReport = {
  generatedAt: new Date().toISOString(),
  machine: { ...machine, loadAverageAtEnd: loadavg().map((x) => Number(x.toFixed(2))) },
  settings,
  fixtures: reports,
  targets,
}
if (targets.length > 0) console.log(`${targetTable(targets)}\n`)
mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
writeFileSync(RESULTS_URL, `${JSON.stringify(report, null, 2)}\n`)
console.log(`wrote ${fileURLToPath(RESULTS_URL)}`)
if (reports.length === FIXTURES.length) {
  writeFileSync(LATENCY_SVG_URL, await latencyVsSizeSvg(reports, subtitleOf(report)))
  console.log(`wrote ${fileURLToPath(LATENCY_SVG_URL)}`)
} else {
  console.log('latency-vs-size.svg not rewritten: it needs every fixture')
}

if (!values['skip-http']) runHttpSuite()

async function benchFixture(spec: FixtureSpec): Promise<FixtureReport> {
  const { path, isGenerated } = ensureFixtureFile(spec)
  console.log(
    `── ${spec.name}: ${spec.pools.toLocaleString('en-US')} pools${isGenerated ? ' (snapshot generated now)' : ''} — ${path}`,
  )
  const loaded = loadMeasured(path)
  const firstCallEngine = createEngine(loaded.snapshot, { pathCacheSize: 1 })
  const cases = await runQuoteSuites({
    fixture: spec.name,
    cases: QUOTE_CASES,
    engine: loaded.engine,
    firstCallEngine,
    ...settings,
  })
  const load = await timeLoad(
    path,
    spec.name,
    values.quick ? Math.min(3, LOAD_SAMPLES[spec.name] ?? 3) : (LOAD_SAMPLES[spec.name] ?? 5),
  )
  const report: FixtureReport = {
    fixture: spec.name,
    pools: spec.pools,
    ...(spec.seed === undefined ? {} : { seed: spec.seed }),
    path,
    load,
    memory: loaded.memory,
    cases,
  }
  console.log(`${fixtureTables(report)}\n`)
  return report
}

/** Runs the HTTP suite in its own process (its npm script when there is one), if its file exists. */
function runHttpSuite(): void {
  if (!existsSync(HTTP_BENCH_URL)) {
    console.log('bench/http.ts not found: HTTP suite skipped')
    return
  }
  const scripts = (JSON.parse(readFileSync(PACKAGE_URL, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {}
  console.log('\n── HTTP suite (bench/http.ts)')
  const root = fileURLToPath(new URL('..', import.meta.url))
  const child =
    scripts['bench:http'] !== undefined
      ? spawnSync('npm', ['run', '--silent', 'bench:http'], { cwd: root, stdio: 'inherit' })
      : spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(HTTP_BENCH_URL)], { cwd: root, stdio: 'inherit' })
  if (child.status !== 0) {
    console.error(`HTTP suite failed (exit ${child.status ?? child.signal})`)
    process.exitCode = 1
  }
}
