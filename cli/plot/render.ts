/**
 * Renders a vega-lite chart to SVG: compiled by vega-lite, laid out and drawn by vega's headless SVG renderer. Both
 * are optional peer dependencies of the package (README "CLI"), loaded only when a plot is asked for.
 */
import { writeFileSync } from 'node:fs'
import type { TopLevelSpec } from 'vega-lite'
import { InvalidParameterError } from '../../engine/errors/index.js'

/**
 * The SVG of a vega-lite spec.
 *
 * @throws InvalidParameterError (`plot`) when vega or vega-lite is not installed.
 * @example const svg = await renderSvg({ data: { values }, mark: 'line', encoding: { … } })
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]).catch((cause: unknown) => {
    throw new InvalidParameterError({
      parameter: 'plot',
      value: 'vega, vega-lite',
      reason: `plots need the optional peer dependencies vega and vega-lite: npm install vega vega-lite (${(cause as Error).message})`,
    })
  })
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' })
  try {
    return await view.toSVG()
  } finally {
    view.finalize()
  }
}

/**
 * Renders `spec` and writes the SVG to `path`.
 *
 * @example await writeSvg('sweep.svg', sweepChart(points, labels))
 */
export async function writeSvg(path: string, spec: TopLevelSpec): Promise<void> {
  writeFileSync(path, await renderSvg(spec))
}
