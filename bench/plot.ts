/**
 * Hand-written SVG chart of median quote latency against snapshot size: log-x (pools), log-y (ms), one colour per
 * case, solid lines for repeated calls and dashed lines for first calls of a pair.
 */
import type { FixtureReport } from './report.js'

const WIDTH = 760
const HEIGHT = 480
const MARGIN = { left: 78, right: 200, top: 48, bottom: 58 }
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b']

export interface PlotNote {
  /** A line under the title, e.g. the date and the machine's load. */
  readonly subtitle: string
}

export function latencyVsSizeSvg(fixtures: readonly FixtureReport[], note: PlotNote): string {
  const sorted = [...fixtures].sort((a, b) => a.pools - b.pools)
  const caseIds = [...new Set(sorted.flatMap((f) => f.cases.map((c) => c.case)))]
  const values = sorted.flatMap((f) => f.cases.flatMap((c) => [c.repeated.medianMs, c.firstCall.medianMs]))
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...values)))
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...values)))
  const xMin = 50
  const xMax = 200_000
  const plotW = WIDTH - MARGIN.left - MARGIN.right
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom
  const x = (pools: number) =>
    MARGIN.left + ((Math.log10(pools) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotW
  const y = (ms: number) =>
    MARGIN.top + plotH - ((Math.log10(ms) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plotH
  const f = (n: number) => n.toFixed(1)

  const parts: string[] = []
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`)
  parts.push(
    `<text x="${MARGIN.left}" y="22" font-size="15" font-weight="bold">crossroute engine: median quote latency vs snapshot size</text>`,
  )
  parts.push(`<text x="${MARGIN.left}" y="38" font-size="11" fill="#555">${escapeXml(note.subtitle)}</text>`)
  // Grid and y ticks at powers of ten.
  for (let v = yMin; v <= yMax * 1.0001; v *= 10) {
    parts.push(
      `<line x1="${MARGIN.left}" y1="${f(y(v))}" x2="${MARGIN.left + plotW}" y2="${f(y(v))}" stroke="#e3e3e3"/>`,
    )
    parts.push(
      `<text x="${MARGIN.left - 6}" y="${f(y(v) + 4)}" font-size="11" text-anchor="end">${escapeXml(axisLabel(v))}</text>`,
    )
  }
  for (const fixture of sorted) {
    const px = f(x(fixture.pools))
    parts.push(`<line x1="${px}" y1="${MARGIN.top}" x2="${px}" y2="${MARGIN.top + plotH}" stroke="#e3e3e3"/>`)
    const label = fixture.fixture === 'default' ? `${fixture.pools} (default)` : fixture.pools.toLocaleString('en-US')
    parts.push(`<text x="${px}" y="${MARGIN.top + plotH + 16}" font-size="11" text-anchor="middle">${label}</text>`)
  }
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`,
  )
  parts.push(
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 14}" font-size="12" text-anchor="middle">snapshot size (pools, log scale)</text>`,
  )
  parts.push(
    `<text transform="translate(18 ${MARGIN.top + plotH / 2}) rotate(-90)" font-size="12" text-anchor="middle">median latency per quote (log scale)</text>`,
  )
  // Series.
  caseIds.forEach((caseId, index) => {
    const color = COLORS[index % COLORS.length]!
    for (const kind of ['repeated', 'firstCall'] as const) {
      const points = sorted.flatMap((fixture) => {
        const c = fixture.cases.find((entry) => entry.case === caseId)
        return c === undefined ? [] : [[x(fixture.pools), y(c[kind].medianMs)] as const]
      })
      const dash = kind === 'firstCall' ? ' stroke-dasharray="6 4"' : ''
      parts.push(
        `<polyline points="${points.map(([px, py]) => `${f(px)},${f(py)}`).join(' ')}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`,
      )
      for (const [px, py] of points) {
        parts.push(
          kind === 'repeated'
            ? `<circle cx="${f(px)}" cy="${f(py)}" r="3.5" fill="${color}"/>`
            : `<circle cx="${f(px)}" cy="${f(py)}" r="3.5" fill="#ffffff" stroke="${color}" stroke-width="1.5"/>`,
        )
      }
    }
    const ly = MARGIN.top + 10 + index * 20
    const lx = MARGIN.left + plotW + 16
    parts.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 22}" y2="${ly}" stroke="${color}" stroke-width="2"/>`)
    parts.push(`<text x="${lx + 28}" y="${ly + 4}" font-size="11">${escapeXml(caseId)}</text>`)
  })
  const ly = MARGIN.top + 20 + caseIds.length * 20
  const lx = MARGIN.left + plotW + 16
  parts.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 22}" y2="${ly}" stroke="#333" stroke-width="2"/>`)
  parts.push(`<text x="${lx + 28}" y="${ly + 4}" font-size="11">repeated calls</text>`)
  parts.push(
    `<line x1="${lx}" y1="${ly + 18}" x2="${lx + 22}" y2="${ly + 18}" stroke="#333" stroke-width="2" stroke-dasharray="6 4"/>`,
  )
  parts.push(`<text x="${lx + 28}" y="${ly + 22}" font-size="11">first call of a pair</text>`)

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">`,
    ...parts.map((p) => `  ${p}`),
    '</svg>',
    '',
  ].join('\n')
}

/** A power-of-ten duration in ms as an axis label: 10 µs, 1 ms, 100 ms, 10 s. */
function axisLabel(ms: number): string {
  const rounded = (x: number) => String(Number(x.toPrecision(1)))
  if (ms < 1) return `${rounded(ms * 1000)} µs`
  if (ms < 1000) return `${rounded(ms)} ms`
  return `${rounded(ms / 1000)} s`
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
