/**
 * The research charts as vega-lite specs: output and price impact against amount, route share by amount, and
 * latency against snapshot size. Amounts become numbers only here, as chart coordinates (display, never math).
 */
import type { TopLevelSpec } from 'vega-lite'
import type { SweepPoint } from '../../engine/research/sweep.js'
import { formatUnits } from '../output.js'

/** Tokens of a sweep, for axis titles and units. */
export interface SweepLabels {
  readonly title: string
  readonly tokenIn: { readonly symbol: string; readonly decimals: number }
  readonly tokenOut: { readonly symbol: string; readonly decimals: number }
}

const WIDTH = 560
const CONFIG = { font: 'DejaVu Sans, Arial, sans-serif', axis: { labelFontSize: 11, titleFontSize: 12 } } as const

/**
 * Output and price impact against amount: two panels over one logarithmic amount axis, one mark per quoted amount.
 *
 * @example await writeSvg('sweep.svg', sweepChart(sweep(engine, request, amounts), labels))
 */
export function sweepChart(points: readonly SweepPoint[], labels: SweepLabels): TopLevelSpec {
  const values = points
    .filter((point) => point.amountOut !== undefined)
    .map((point) => ({
      amountIn: Number(formatUnits(point.amountIn!, labels.tokenIn.decimals)),
      amountOut: Number(formatUnits(point.amountOut!, labels.tokenOut.decimals)),
      priceImpact: point.priceImpact!,
    }))
  const x = {
    field: 'amountIn',
    type: 'quantitative',
    scale: { type: 'log' },
    axis: { format: '~s', grid: true },
    title: `amount in (${labels.tokenIn.symbol}, log scale)`,
  } as const
  const panel = (field: string, title: string, color: string, log: boolean, format: string) =>
    ({
      width: WIDTH,
      height: 190,
      mark: { type: 'line', point: { filled: true, size: 40 }, color },
      encoding: {
        x,
        y: { field, type: 'quantitative', title, scale: log ? { type: 'log' } : { zero: true }, axis: { format } },
        tooltip: [{ field: 'amountIn' }, { field }],
      },
    }) as const
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: labels.title, subtitle: `${values.length} quoted amounts` },
    data: { values },
    vconcat: [
      panel('amountOut', `amount out (${labels.tokenOut.symbol}, log scale)`, '#1f77b4', true, '~g'),
      panel('priceImpact', 'price impact (%)', '#d62728', false, '.2~f'),
    ],
    config: CONFIG,
  } as TopLevelSpec
}

/**
 * Route share by amount: per quoted amount, the share of the amount each route carries (a split shares it), one
 * colour per route, stacked to 100%.
 *
 * @example await writeSvg('routes.svg', routeShareChart(points, labels))
 */
export function routeShareChart(points: readonly SweepPoint[], labels: SweepLabels): TopLevelSpec {
  const quoted = points.filter((point) => point.route !== undefined)
  const amountLabel = (point: SweepPoint) => siLabel(Number(formatUnits(point.amountIn!, labels.tokenIn.decimals)))
  const order = quoted.map(amountLabel)
  const values = quoted.flatMap((point) =>
    (point.splits ?? [{ shareBps: 10_000, route: point.route! }]).map((part) => ({
      amount: amountLabel(point),
      route: part.route.join(' → '),
      share: part.shareBps / 100,
    })),
  )
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: labels.title, subtitle: 'share of the amount per route (splits share it)' },
    data: { values },
    width: WIDTH,
    height: 260,
    mark: { type: 'bar' },
    encoding: {
      x: {
        field: 'amount',
        type: 'ordinal',
        sort: order,
        title: `amount in (${labels.tokenIn.symbol}, one bar per swept amount)`,
        axis: { labelAngle: -45 },
      },
      y: {
        field: 'share',
        type: 'quantitative',
        stack: 'zero',
        title: 'share of the amount (%)',
        scale: { domain: [0, 100] },
      },
      color: {
        field: 'route',
        type: 'nominal',
        title: 'route (pool and lane ids)',
        legend: { orient: 'bottom', columns: 1, labelLimit: 900, titleLimit: 900 },
      },
      tooltip: [{ field: 'amount' }, { field: 'route' }, { field: 'share' }],
    },
    config: CONFIG,
  } as TopLevelSpec
}

/** One measured latency of `latencyChart`. */
export interface LatencyPoint {
  /** Pools in the snapshot. */
  readonly pools: number
  /** The quote case, e.g. `same-chain 1-hop`. */
  readonly case: string
  /** `repeated calls` or `first call of a pair`. */
  readonly kind: string
  readonly medianMs: number
}

/**
 * Median quote latency against snapshot size: both axes logarithmic, one colour per case, dashed for first calls.
 *
 * @example await writeSvg('bench/latency-vs-size.svg', latencyChart(points, '2026-11-24, 2 CPUs, load 1.6'))
 */
export function latencyChart(points: readonly LatencyPoint[], subtitle: string): TopLevelSpec {
  const sizes = points.map((point) => point.pools)
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'crossroute engine: median quote latency vs snapshot size', subtitle },
    data: { values: points },
    width: WIDTH,
    height: 340,
    mark: { type: 'line', point: true },
    encoding: {
      x: {
        field: 'pools',
        type: 'quantitative',
        // Half a decade of room either side of the sizes measured, not the next powers of ten.
        scale: { type: 'log', nice: false, domain: [Math.min(...sizes) / 1.5, Math.max(...sizes) * 1.5] },
        axis: { format: '~s' },
        title: 'snapshot size (pools, log scale)',
      },
      y: {
        field: 'medianMs',
        type: 'quantitative',
        scale: { type: 'log' },
        title: 'median latency per quote (ms, log scale)',
      },
      color: { field: 'case', type: 'nominal', title: 'case', legend: { symbolType: 'stroke', symbolStrokeWidth: 3 } },
      strokeDash: {
        field: 'kind',
        type: 'nominal',
        title: 'calls',
        sort: ['repeated calls', 'first call of a pair'],
        legend: {
          symbolType: 'stroke',
          symbolSize: 400,
          labelLimit: 300,
          // The dash legend has no colour of its own: draw its samples in dark grey.
          symbolStrokeWidth: 2,
          encode: { symbols: { update: { stroke: { value: '#333' } } } },
        },
      },
      tooltip: [{ field: 'pools' }, { field: 'case' }, { field: 'kind' }, { field: 'medianMs' }],
    },
    config: CONFIG,
  } as TopLevelSpec
}

/** A positive number with three significant digits and an SI suffix: 1620 → `1.62k`, 0.5 → `0.5`. */
function siLabel(value: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ]
  const [scale, suffix] = units.find(([size]) => value >= size) ?? [1, '']
  return `${Number((value / scale).toPrecision(3))}${suffix}`
}
