/**
 * The latency-against-size chart of `npm run bench` (`bench/latency-vs-size.svg`): median quote latency per case
 * against snapshot size, repeated calls and first calls of a pair, drawn by the CLI's vega-lite charts
 * (`cli/plot/charts.ts`). `npm run bench:plot` redraws it from `bench/results/engine.json` without re-measuring.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type LatencyPoint, latencyChart } from '../cli/plot/charts.js'
import { renderSvg } from '../cli/plot/render.js'
import type { EngineReport, FixtureReport } from './report.js'

/** Where `npm run bench` writes the chart. */
export const LATENCY_SVG_URL = new URL('./latency-vs-size.svg', import.meta.url)

/**
 * The chart's SVG for the fixtures' reports.
 *
 * @example writeFileSync(LATENCY_SVG_URL, await latencyVsSizeSvg(reports, subtitleOf(report)))
 */
export async function latencyVsSizeSvg(fixtures: readonly FixtureReport[], subtitle: string): Promise<string> {
  const points: LatencyPoint[] = fixtures.flatMap((fixture) =>
    fixture.cases.flatMap((entry) => [
      { pools: fixture.pools, case: entry.case, kind: 'repeated calls', medianMs: entry.repeated.medianMs },
      { pools: fixture.pools, case: entry.case, kind: 'first call of a pair', medianMs: entry.firstCall.medianMs },
    ]),
  )
  return renderSvg(latencyChart(points, subtitle))
}

/** The chart's subtitle: when and on what the figures were taken. */
export function subtitleOf(report: Pick<EngineReport, 'generatedAt' | 'machine'>): string {
  const { machine } = report
  return `${report.generatedAt.slice(0, 10)}, node ${machine.node}, ${machine.cpuCount} CPUs, load average ${machine.loadAverageAtStart[0]} at start`
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = JSON.parse(readFileSync(new URL('./results/engine.json', import.meta.url), 'utf8')) as EngineReport
  writeFileSync(LATENCY_SVG_URL, await latencyVsSizeSvg(report.fixtures, subtitleOf(report)))
  console.log(`wrote ${fileURLToPath(LATENCY_SVG_URL)} from bench/results/engine.json (${report.generatedAt})`)
}
