/**
 * The comparison behind `npm run bench:check`: guarded figures are ratios (task median / calibration median,
 * measured side by side), summarised as the median over rounds, and compared with the committed baseline.
 * Pure functions, tested in `test/bench/check.test.ts`.
 */
import { median } from './stats.js'

/**
 * How much worse than its baseline a ratio may get before the check fails: 0.5 allows current ≤ 1.5 × baseline.
 * Chosen from the run-to-run spread of the ratios (bench/README.md, "Tolerance"): well above the spread measured on a
 * busy shared machine, well below the 2× slowdown the check has to catch.
 */
export const TOLERANCE = 0.5

/** The committed baseline, `bench/baseline.json`. */
export interface Baseline {
  readonly version: 1
  readonly createdAt: string
  /** Node version, CPU and load when the baseline was measured (for people; not compared). */
  readonly machine: Readonly<Record<string, unknown>>
  readonly rounds: number
  /** Per guarded figure: the median ratio, and the medians it came from (ms, for people). */
  readonly figures: Readonly<Record<string, BaselineFigure>>
}

export interface BaselineFigure {
  readonly ratio: number
  readonly medianMs: number
  readonly calibrationMedianMs: number
}

/** One round of one figure: the task's and the calibration's median latency, measured back to back. */
export interface RoundSample {
  readonly taskMedianMs: number
  readonly calibrationMedianMs: number
}

/** A figure over all rounds: the median of the per-round ratios, and their spread. */
export interface FigureSummary {
  readonly ratio: number
  readonly minRatio: number
  readonly maxRatio: number
  readonly medianMs: number
  readonly calibrationMedianMs: number
}

export type ComparisonStatus = 'ok' | 'regressed' | 'new' | 'missing'

export interface Comparison {
  readonly figure: string
  readonly status: ComparisonStatus
  readonly baselineRatio?: number
  readonly currentRatio?: number
  /** current / baseline: 1.25 means 25 % slower relative to the calibration task. */
  readonly change?: number
  /** The largest `change` that passes. */
  readonly limit: number
}

/**
 * Summarises one figure's rounds: the median of per-round ratios (a median of medians), so that a round hit by a
 * burst of load on the shared machine moves nothing.
 *
 * @throws Error when there are no rounds or a median is not a positive number.
 */
export function summarizeRounds(rounds: readonly RoundSample[]): FigureSummary {
  if (rounds.length === 0) throw new Error('no rounds')
  const ratios = rounds.map((round) => {
    if (!(round.taskMedianMs > 0) || !(round.calibrationMedianMs > 0)) throw new Error('medians must be positive')
    return round.taskMedianMs / round.calibrationMedianMs
  })
  return {
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
    medianMs: median(rounds.map((round) => round.taskMedianMs)),
    calibrationMedianMs: median(rounds.map((round) => round.calibrationMedianMs)),
  }
}

/**
 * Compares current ratios with the baseline's. A figure regresses when `current > baseline × (1 + tolerance)`;
 * faster is never a failure. Figures only in one of the two are reported (`new`, `missing`) but do not fail.
 */
export function compareWithBaseline(
  current: Readonly<Record<string, number>>,
  baseline: Readonly<Record<string, number>>,
  tolerance: number = TOLERANCE,
): Comparison[] {
  if (!(tolerance >= 0)) throw new Error(`tolerance must be ≥ 0, got ${tolerance}`)
  const limit = 1 + tolerance
  const comparisons: Comparison[] = []
  for (const [figure, currentRatio] of Object.entries(current)) {
    const baselineRatio = baseline[figure]
    if (baselineRatio === undefined) {
      comparisons.push({ figure, status: 'new', currentRatio, limit })
      continue
    }
    const change = currentRatio / baselineRatio
    comparisons.push({
      figure,
      status: change > limit ? 'regressed' : 'ok',
      baselineRatio,
      currentRatio,
      change,
      limit,
    })
  }
  for (const [figure, baselineRatio] of Object.entries(baseline)) {
    if (!(figure in current)) comparisons.push({ figure, status: 'missing', baselineRatio, limit })
  }
  return comparisons
}

export function hasRegression(comparisons: readonly Comparison[]): boolean {
  return comparisons.some((comparison) => comparison.status === 'regressed')
}

/** The ratios of a baseline file, by figure. */
export function baselineRatios(baseline: Baseline): Record<string, number> {
  return Object.fromEntries(Object.entries(baseline.figures).map(([figure, entry]) => [figure, entry.ratio]))
}
