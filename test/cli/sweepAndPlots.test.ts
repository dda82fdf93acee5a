import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { describe, expect, it } from 'vitest'
import { latencyChart, routeShareChart, sweepChart } from '../../cli/plot/charts.js'
import { renderSvg } from '../../cli/plot/render.js'
import { logSpacedAmounts } from '../../cli/commands/sweep.js'
import { formatUnits } from '../../cli/output.js'
import { createEngine } from '../../engine/createEngine.js'
import { sweep } from '../../engine/research/sweep.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { USDC_TO_WETH, USDC_TO_WETH_OPTIONS } from '../helpers/arbitrumPair.js'
import { runCli } from '../helpers/runCli.js'

const engine = createEngine(loadSnapshotFile())
const request = USDC_TO_WETH
const labels = {
  title: 'USDC → WETH',
  tokenIn: { symbol: 'USDC', decimals: 6 },
  tokenOut: { symbol: 'WETH', decimals: 18 },
}

/** The PNG's width and height, read from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe('log-spaced sweep amounts', () => {
  it('runs from --from to --to, increasing, one decade per step over seven decades', () => {
    expect(logSpacedAmounts(10n ** 6n, 10n ** 13n, 8)).toEqual(
      Array.from({ length: 8 }, (_, i) => 10n ** BigInt(6 + i)),
    )
    const amounts = logSpacedAmounts(1_000n, 987_654_321_000n, 25)
    expect(amounts).toHaveLength(25)
    expect(amounts.every((amount, i) => i === 0 || amount > amounts[i - 1]!)).toBe(true)
  })
})

describe('crossroute sweep', () => {
  it("prints the engine's sweep and writes both plots from it", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'crossroute-sweep-'))
    const plot = join(folder, 'sweep.svg')
    const routes = join(folder, 'routes.svg')
    const { stdout, status } = await runCli([
      'sweep',
      ...USDC_TO_WETH_OPTIONS,
      '--from',
      '1000000',
      '--to',
      '10000000000000',
      '--points',
      '15',
      '--plot',
      plot,
      '--route-plot',
      routes,
      '--json',
    ])
    expect(status).toBe(0)
    const expected = sweep(engine, request, logSpacedAmounts(10n ** 6n, 10n ** 13n, 15))
    expect(JSON.parse(stdout)).toEqual(expected)
    const svg = readFileSync(plot, 'utf8')
    // One point per amount in each panel, labelled with the data: the extremes of input and output are there.
    expect(svg.match(/aria-roledescription="point"/g)).toHaveLength(30)
    const labelled = (text: string) => svg.includes(text)
    expect(labelled('amountIn: 1;')).toBe(true)
    expect(labelled('amountIn: 10000000;')).toBe(true)
    for (const point of [expected[0]!, expected.at(-1)!]) {
      expect(labelled(`amountOut: ${Number(formatUnits(point.amountOut!, 18))}`)).toBe(true)
      expect(labelled(`priceImpact: ${point.priceImpact}`)).toBe(true)
    }
    // The largest amounts take another pool than the smallest: two routes, one bar per amount.
    const routeSvg = readFileSync(routes, 'utf8')
    expect(routeSvg.match(/aria-roledescription="bar"/g)).toHaveLength(15)
    expect(new Set(expected.map((point) => point.route!.join()))).toHaveProperty('size', 2)
    for (const route of new Set(expected.map((point) => point.route![0]!))) expect(routeSvg.includes(route)).toBe(true)
  }, 90_000)

  it('names a bad option with INVALID_PARAMETER', async () => {
    const { stderr, status } = await runCli(['sweep', ...USDC_TO_WETH_OPTIONS, '--from', '10', '--to', '5'])
    expect(status).toBe(1)
    expect(stderr).toContain('error INVALID_PARAMETER: Invalid value for --to')
  }, 60_000)
})

describe('plots', () => {
  const points = sweep(engine, request, logSpacedAmounts(10n ** 6n, 10n ** 13n, 20))

  it('render to PNGs of the chart size with labelled axes', async () => {
    const sizes = []
    for (const spec of [sweepChart(points, labels), routeShareChart(points, labels)]) {
      const svg = await renderSvg(spec)
      const [width, height] = [
        Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]),
        Number(/<svg[^>]* height="(\d+)"/.exec(svg)![1]),
      ]
      const png = new Resvg(svg, { background: 'white' }).render().asPng()
      expect(pngSize(png)).toEqual([width, height])
      sizes.push(width)
      expect(svg.includes('amount in (USDC')).toBe(true)
    }
    expect(sizes.every((width) => width > 500)).toBe(true)
  }, 60_000)

  it('draws latency against size on log axes, one line per case and kind', async () => {
    const data = [100, 1_000, 100_000].flatMap((pools) =>
      ['1-hop', 'cross-chain'].flatMap((name) => [
        { pools, case: name, kind: 'repeated calls', medianMs: pools / 10_000 },
        { pools, case: name, kind: 'first call of a pair', medianMs: pools / 1_000 },
      ]),
    )
    const svg = await renderSvg(latencyChart(data, 'test'))
    expect(svg.match(/aria-roledescription="line mark"/g)).toHaveLength(4)
    expect(svg.includes("X-axis titled 'snapshot size (pools, log scale)' for a log scale")).toBe(true)
    expect(svg).toContain('median latency per quote (ms, log scale)')
  }, 60_000)
})
