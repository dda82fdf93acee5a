/**
 * Research plots (`crossroute/plot`): vega-lite charts of sweeps and benchmarks, rendered to SVG by vega. Needs the
 * optional peer dependencies `vega` and `vega-lite`.
 *
 * @example
 * import { renderSvg, sweepChart } from 'crossroute/plot'
 * writeFileSync('sweep.svg', await renderSvg(sweepChart(points, labels)))
 */
export { latencyChart, routeShareChart, sweepChart } from './charts.js'
export type { LatencyPoint, SweepLabels } from './charts.js'
export { renderSvg, writeSvg } from './render.js'
