/**
 * `npm run bench:check`: a short regression check of quote latency (well under 60 s). Each guarded figure is
 * measured side by side with a calibration task, round after round, and kept as a ratio (task median / calibration
 * median); the median ratio over rounds is compared with `bench/baseline.json`. Exit 1 when a figure got worse than
 * its baseline by more than the tolerance (`compare.ts`).
 *
 * `npm run bench:baseline` (`--write-baseline`) measures the same figures and rewrites the baseline instead.
 * Options: `--rounds N` (default 9), `--task-time MS` (per task and round, default 80), `--tolerance T`.
 * Each run also writes its figures and per-round ratios to `bench/results/check.json`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Bench } from 'tinybench'
import { type Engine, createEngine, loadSnapshot } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'
import { generateSnapshot } from '../fixtures/generate.js'
import { CALIBRATION_CHECKSUM, calibrationWork } from './calibration.js'
import { EVICTOR_CASE, EVICTOR_REQUEST, amountVariants, caseById, checkCase } from './cases.js'
import {
  type Baseline,
  type Comparison,
  type FigureSummary,
  type RoundSample,
  TOLERANCE,
  baselineRatios,
  compareWithBaseline,
  hasRegression,
  summarizeRounds,
} from './compare.js'
import { GENERATED_SEED } from './fixtures.js'
import { formatTable, machineState } from './report.js'
import { formatMs, statsOf } from './stats.js'

const BASELINE_URL = new URL('./baseline.json', import.meta.url)
const RESULTS_URL = new URL('./results/check.json', import.meta.url)
const CALIBRATION_TASK = 'calibration: bigint swap-step loop (cpu)'
/** The generated snapshot of the check: 10k pools, built in memory (about 2 s, plus 1 s to load). */
const LARGE_POOLS = 10_000

const { values } = parseArgs({
  options: {
    'write-baseline': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '9' },
    'task-time': { type: 'string', default: '80' },
    tolerance: { type: 'string', default: String(TOLERANCE) },
  },
})
const rounds = positiveInteger('rounds', values.rounds)
const taskTimeMs = positiveInteger('task-time', values['task-time'])
const tolerance = Number(values.tolerance)
const started = performance.now()
const machineAtStart = machineState()

/** A guarded figure: a name (`area: case (fixture)`), the timed call, and an optional untimed call before each. */
interface Figure {
  readonly name: string
  readonly run: () => unknown
  readonly beforeEach?: () => void
}

const figures = setUp()
console.log(
  `bench:check — ${figures.length} figures × ${rounds} rounds, ${taskTimeMs} ms per task and round; load average ${machineAtStart.loadAverageAtStart[0]}`,
)

// One unrecorded round warms the JIT for every figure and the calibration.
for (const figure of figures) measurePair(figure, 0)
const samples = new Map<string, RoundSample[]>(figures.map((figure) => [figure.name, []]))
for (let round = 1; round <= rounds; round++) {
  // Rotate the order of figures each round, so that no figure always runs at the same point of a round.
  for (let k = 0; k < figures.length; k++) {
    const figure = figures[(k + round) % figures.length]!
    samples.get(figure.name)!.push(measurePair(figure, round))
  }
}
const summaries = new Map<string, FigureSummary>([...samples].map(([name, rs]) => [name, summarizeRounds(rs)]))
const current = Object.fromEntries([...summaries].map(([name, summary]) => [name, summary.ratio]))
const seconds = ((performance.now() - started) / 1000).toFixed(1)

if (values['write-baseline']) {
  const baseline: Baseline = {
    version: 1,
    createdAt: new Date().toISOString(),
    machine: { ...machineAtStart, loadAverageAtEnd: loadavg().map((x) => Number(x.toFixed(2))) },
    rounds,
    figures: Object.fromEntries(
      [...summaries].map(([name, s]) => [
        name,
        { ratio: round4(s.ratio), medianMs: round4(s.medianMs), calibrationMedianMs: round4(s.calibrationMedianMs) },
      ]),
    ),
  }
  writeFileSync(BASELINE_URL, `${JSON.stringify(baseline, null, 2)}\n`)
  console.log(summaryTable())
  console.log(`\nwrote ${fileURLToPath(BASELINE_URL)} in ${seconds} s`)
  writeResults(undefined)
} else {
  if (!existsSync(BASELINE_URL)) throw new Error('bench/baseline.json is missing: run npm run bench:baseline')
  const baseline = JSON.parse(readFileSync(BASELINE_URL, 'utf8')) as Baseline
  const comparisons = compareWithBaseline(current, baselineRatios(baseline), tolerance)
  console.log(comparisonTable(comparisons))
  writeResults(comparisons)
  const regressed = comparisons.filter((c) => c.status === 'regressed')
  if (hasRegression(comparisons)) {
    for (const c of regressed) {
      console.log(
        `REGRESSED: ${c.figure} is ${c.change!.toFixed(2)}× its baseline ratio (limit ${c.limit.toFixed(2)}×)`,
      )
    }
    console.log(
      `bench:check FAILED in ${seconds} s (baseline of ${baseline.createdAt.slice(0, 10)}, tolerance +${Math.round(tolerance * 100)} %)`,
    )
    process.exitCode = 1
  } else {
    console.log(
      `bench:check passed in ${seconds} s (tolerance +${Math.round(tolerance * 100)} % over the baseline ratio)`,
    )
  }
}

function setUp(): Figure[] {
  if (calibrationWork() !== CALIBRATION_CHECKSUM) throw new Error('calibration task returned a wrong checksum')
  const snapshot = loadSnapshotFile()
  const engine = createEngine(snapshot)
  const firstCallEngine = createEngine(snapshot, { pathCacheSize: 1 })
  const large = createEngine(loadSnapshot(generateSnapshot({ pools: LARGE_POOLS, seed: GENERATED_SEED })))
  const largeName = `${LARGE_POOLS / 1000}k`
  const cross = caseById('cross-chain')
  checkCase(firstCallEngine, cross, 'default')
  checkCase(firstCallEngine, EVICTOR_CASE, 'default')
  return [
    repeated(engine, 'same-chain 1-hop', 'default'),
    repeated(engine, 'cross-chain', 'default'),
    repeated(engine, 'exact-out', 'default'),
    repeated(engine, 'evm→solana', 'default'),
    {
      // The engine keeps one pair; quoting another pair first (untimed) makes every timed call a first call.
      name: 'first quote: cross-chain (default)',
      run: () => firstCallEngine.quote(cross.request),
      beforeEach: () => {
        firstCallEngine.quote(EVICTOR_REQUEST)
      },
    },
    repeated(large, 'cross-chain', largeName),
  ]
}

function repeated(engine: Engine, id: Parameters<typeof caseById>[0], fixture: string): Figure {
  const quoteCase = caseById(id)
  checkCase(engine, quoteCase, fixture)
  const requests = amountVariants(quoteCase.request)
  let i = 0
  return { name: `quote: ${id} (${fixture})`, run: () => engine.quote(requests[i++ & 63]!) }
}

/** One round of one figure: the calibration and the figure back to back, in an order that alternates by round. */
function measurePair(figure: Figure, round: number): RoundSample {
  const bench = new Bench({ time: taskTimeMs, iterations: 16, warmup: false, throws: true })
  const addCalibration = () => bench.add(CALIBRATION_TASK, calibrationWork)
  const addFigure = () =>
    bench.add(figure.name, figure.run, figure.beforeEach === undefined ? {} : { beforeEach: figure.beforeEach })
  if (round % 2 === 0) {
    addCalibration()
    addFigure()
  } else {
    addFigure()
    addCalibration()
  }
  bench.runSync()
  return {
    taskMedianMs: statsOf(bench.getTask(figure.name)).medianMs,
    calibrationMedianMs: statsOf(bench.getTask(CALIBRATION_TASK)).medianMs,
  }
}

function summaryTable(): string {
  return formatTable(
    ['figure', 'ratio', 'range over rounds', 'median', 'calibration'],
    [...summaries].map(([name, s]) => [
      name,
      s.ratio.toFixed(3),
      `${s.minRatio.toFixed(3)}–${s.maxRatio.toFixed(3)}`,
      formatMs(s.medianMs),
      formatMs(s.calibrationMedianMs),
    ]),
  )
}

function comparisonTable(comparisons: readonly Comparison[]): string {
  return formatTable(
    ['figure (ratio to calibration)', 'baseline', 'now', 'range over rounds', 'change', 'limit', 'status'],
    comparisons.map((c) => {
      const s = summaries.get(c.figure)
      return [
        c.figure,
        c.baselineRatio?.toFixed(3) ?? '—',
        c.currentRatio?.toFixed(3) ?? '—',
        s === undefined ? '—' : `${s.minRatio.toFixed(3)}–${s.maxRatio.toFixed(3)}`,
        c.change === undefined ? '—' : `${c.change >= 1 ? '+' : ''}${((c.change - 1) * 100).toFixed(1)} %`,
        `+${((c.limit - 1) * 100).toFixed(0)} %`,
        c.status === 'regressed' ? 'REGRESSED' : c.status,
      ]
    }),
  )
}

function writeResults(comparisons: readonly Comparison[] | undefined): void {
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
  const perRound = Object.fromEntries(
    [...samples].map(([name, rs]) => [name, rs.map((r) => round4(r.taskMedianMs / r.calibrationMedianMs))]),
  )
  writeFileSync(
    RESULTS_URL,
    `${JSON.stringify({ createdAt: new Date().toISOString(), machine: machineAtStart, rounds, taskTimeMs, tolerance, figures: Object.fromEntries(summaries), perRound, comparisons }, null, 2)}\n`,
  )
}

function positiveInteger(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${text}`)
  return value
}

function round4(x: number): number {
  return Number(x.toPrecision(4))
}
