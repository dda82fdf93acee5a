/** The engine benchmark report: tables for stdout, targets, and the JSON written to `bench/results/engine.json`. */
import { cpus, loadavg, totalmem } from 'node:os'
import type { CaseId, RouteSummary } from './cases.js'
import type { LoadMemory } from './load.js'
import type { QuoteCaseResult } from './quote.js'
import { type LatencyStats, formatBytes, formatMs } from './stats.js'

export interface FixtureReport {
  readonly fixture: string
  readonly pools: number
  readonly seed?: number
  readonly path: string
  readonly load: LatencyStats
  readonly memory: LoadMemory
  readonly cases: readonly QuoteCaseResult[]
}

export interface TargetResult {
  readonly figure: string
  readonly targetMs: number
  readonly measuredMs: number
  readonly isMet: boolean
}

export interface EngineReport {
  readonly generatedAt: string
  readonly machine: MachineState
  readonly settings: { readonly repeatedTimeMs: number; readonly firstCallSamples: number }
  readonly fixtures: readonly FixtureReport[]
  readonly targets: readonly TargetResult[]
}

export interface MachineState {
  readonly node: string
  readonly cpuModel: string
  readonly cpuCount: number
  readonly totalMemoryBytes: number
  /** 1-, 5- and 15-minute load averages when the run started and ended: the benchmarks share the machine. */
  readonly loadAverageAtStart: readonly number[]
  readonly loadAverageAtEnd?: readonly number[]
}

export function machineState(): MachineState {
  return {
    node: process.version,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    cpuCount: cpus().length,
    totalMemoryBytes: totalmem(),
    loadAverageAtStart: loadavg().map((x) => Number(x.toFixed(2))),
  }
}

/** The targets (reported against, not enforced). Only figures of fixtures that ran are listed. */
export function evaluateTargets(fixtures: readonly FixtureReport[]): TargetResult[] {
  const targets: TargetResult[] = []
  const caseOf = (fixture: FixtureReport, id: CaseId) => fixture.cases.find((c) => c.case === id)
  const add = (figure: string, targetMs: number, measuredMs: number | undefined) => {
    if (measuredMs !== undefined) targets.push({ figure, targetMs, measuredMs, isMet: measuredMs <= targetMs })
  }
  const small = fixtures.find((f) => f.fixture === 'default')
  if (small !== undefined) {
    const crossChain = caseOf(small, 'cross-chain')?.repeated.medianMs
    const oneHop = caseOf(small, 'same-chain 1-hop')?.repeated.medianMs
    // Issue 2's targets, then issue 10's (which also holds them as ratios to the calibration task: bench:check).
    add('repeated quote, cross-chain (default), median', 0.05, crossChain)
    add('repeated quote, evm→solana (default), median', 0.05, caseOf(small, 'evm→solana')?.repeated.medianMs)
    add('repeated quote, same-chain 1-hop (default), median', 0.01, oneHop)
    add('issue 10: repeated cross-chain (default), median', 0.03, crossChain)
    add('issue 10: repeated same-chain 1-hop (default), median', 0.015, oneHop)
  }
  const large = fixtures.find((f) => f.fixture === '100k')
  if (large !== undefined) {
    for (const c of large.cases) add(`repeated quote, ${c.case} (100k), median`, 1, c.repeated.medianMs)
    for (const c of large.cases) add(`first quote, ${c.case} (100k), median`, 50, c.firstCall.medianMs)
    add('load: loadSnapshot + createEngine (100k), median', 5_000, large.load.medianMs)
  }
  return targets
}

/** A plain-text table with aligned columns (first column left, the rest right). */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

const latencyCells = (stats: LatencyStats) => [
  formatMs(stats.medianMs),
  formatMs(stats.p99Ms),
  formatMs(stats.meanMs),
  stats.opsPerSecond >= 100 ? stats.opsPerSecond.toFixed(0) : stats.opsPerSecond.toFixed(2),
  String(stats.samples),
]

const routeCell = (route: RouteSummary) => `${route.pools}p/${route.lanes}l`

export function fixtureTables(report: FixtureReport): string {
  const rows: string[][] = []
  for (const c of report.cases)
    rows.push([`quote: ${c.case} (${report.fixture})`, ...latencyCells(c.repeated), routeCell(c.route)])
  for (const c of report.cases)
    rows.push([`first quote: ${c.case} (${report.fixture})`, ...latencyCells(c.firstCall), routeCell(c.route)])
  rows.push([`load: loadSnapshot + createEngine (${report.fixture})`, ...latencyCells(report.load), ''])
  const memory =
    `memory (${report.fixture}, heapUsed after load − before): snapshot ${formatBytes(report.memory.snapshotBytes)}, ` +
    `routing graph ${formatBytes(report.memory.graphBytes)}, total ${formatBytes(report.memory.totalBytes)}`
  return `${formatTable(['task', 'median', 'p99', 'mean', 'ops/s', 'samples', 'route'], rows)}\n${memory}`
}

export function targetTable(targets: readonly TargetResult[]): string {
  return formatTable(
    ['target (reported, not enforced)', 'target', 'measured', ''],
    targets.map((t) => [t.figure, `≤ ${formatMs(t.targetMs)}`, formatMs(t.measuredMs), t.isMet ? 'met' : 'MISSED']),
  )
}
