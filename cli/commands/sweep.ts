/**
 * `crossroute sweep`: one request at many amounts (log-spaced or listed), as a table or JSON, with optional plots of
 * output and price impact against amount and of the route share by amount.
 */
import type { Command } from 'commander'
import type { Snapshot } from '../../engine/index.js'
import { type SweepPoint, sweep } from '../../engine/research/sweep.js'
import { badOption } from '../errors.js'
import { formatUnits, printJson, startProgress, table } from '../output.js'
import { routeShareChart, type SweepLabels, sweepChart } from '../plot/charts.js'
import { writeSvg } from '../plot/render.js'
import { type RequestOptions, engineOf, parseAmount, requestOf, resolveToken, withRequestOptions } from '../request.js'

/** Amounts quoted between two updates of the progress bar. */
const PROGRESS_STEP = 100

interface SweepOptions extends RequestOptions {
  from?: string
  to?: string
  points: string
  amounts?: string
  plot?: string
  routePlot?: string
}

/**
 * Registers `sweep` on the program.
 *
 * @example crossroute sweep --src 42161:USDC --dst 42161:WETH --from 1000000 --to 10000000000000 --plot sweep.svg
 */
export function registerSweep(program: Command, run: (action: () => unknown) => Promise<void>): void {
  withRequestOptions(program.command('sweep'))
    .description('quote one request at many amounts: output, price impact and route per amount')
    .option('--from <units>', 'smallest amount (smallest units)')
    .option('--to <units>', 'largest amount (smallest units)')
    .option('--points <n>', 'amounts between --from and --to, log-spaced', '25')
    .option('--amounts <list>', 'comma-separated amounts instead of --from/--to')
    .option('--plot <file.svg>', 'write output and price impact against amount (SVG)')
    .option('--route-plot <file.svg>', 'write the route share by amount (SVG)')
    .action((options: SweepOptions) =>
      run(async () => {
        const engine = engineOf(options)
        const request = requestOf(engine.snapshot, options)
        const amounts = amountsOf(options)
        const progress = startProgress(amounts.length, { json: options.json === true, label: 'sweeping' })
        const points: SweepPoint[] = []
        for (let start = 0; start < amounts.length; start += PROGRESS_STEP) {
          points.push(...sweep(engine, request, amounts.slice(start, start + PROGRESS_STEP)))
          progress.update(points.length)
        }
        progress.stop()
        if (options.plot !== undefined || options.routePlot !== undefined) {
          const labels = labelsOf(engine.snapshot, options)
          if (options.plot !== undefined) await writeSvg(options.plot, sweepChart(points, labels))
          if (options.routePlot !== undefined) await writeSvg(options.routePlot, routeShareChart(points, labels))
        }
        if (options.json === true) printJson(points)
        else process.stdout.write(sweepTable(points, labelsOf(engine.snapshot, options)))
      }),
    )
}

/**
 * The amounts of a sweep: `--amounts`, or `--points` amounts from `--from` to `--to` spaced evenly on a log scale
 * (each rounded to 6 significant digits; the spacing is a choice of sample points, not token arithmetic).
 *
 * @throws InvalidParameterError naming the option.
 * @example logSpacedAmounts(10n ** 6n, 10n ** 12n, 7) // [1000000n, 10000000n, …, 1000000000000n]
 */
export function amountsOf(options: Pick<SweepOptions, 'from' | 'to' | 'points' | 'amounts'>): bigint[] {
  if (options.amounts !== undefined)
    return options.amounts.split(',').map((value) => BigInt(parseAmount('--amounts', value.trim())))
  if (options.from === undefined || options.to === undefined) {
    throw badOption('--from', options.from ?? '', 'give --from and --to, or --amounts')
  }
  const from = BigInt(parseAmount('--from', options.from))
  const to = BigInt(parseAmount('--to', options.to))
  const count = Number(options.points)
  if (!Number.isInteger(count) || count < 2 || count > 10_000) {
    throw badOption('--points', options.points, 'must be an integer from 2 to 10000')
  }
  if (from === 0n || to <= from) throw badOption('--to', options.to, 'must be above --from, which must be above 0')
  return logSpacedAmounts(from, to, count)
}

/** `count` amounts from `from` to `to` (both included), evenly spaced on a log scale, 6 significant digits. */
export function logSpacedAmounts(from: bigint, to: bigint, count: number): bigint[] {
  const low = Math.log10(Number(from))
  const high = Math.log10(Number(to))
  const amounts = Array.from({ length: count }, (_, i) => {
    if (i === 0) return from
    if (i === count - 1) return to
    const exponent = low + ((high - low) * i) / (count - 1)
    const magnitude = Math.floor(exponent) - 5
    const mantissa = BigInt(Math.round(10 ** (exponent - magnitude)))
    return magnitude >= 0 ? mantissa * 10n ** BigInt(magnitude) : mantissa / 10n ** BigInt(-magnitude)
  })
  return [...new Set(amounts)].filter((amount) => amount > 0n)
}

function labelsOf(snapshot: Snapshot, options: RequestOptions): SweepLabels {
  const src = resolveToken(snapshot, '--src', options.src).token
  const dst = resolveToken(snapshot, '--dst', options.dst).token
  const tokenIn = { symbol: src?.symbol ?? options.src, decimals: src?.decimals ?? 0 }
  const tokenOut = { symbol: dst?.symbol ?? options.dst, decimals: dst?.decimals ?? 0 }
  const chains = (token: typeof src, option: string) => snapshot.chains.get(token?.chainId ?? -1)?.name ?? option
  return {
    title: `${tokenIn.symbol} (${chains(src, options.src)}) → ${tokenOut.symbol} (${chains(dst, options.dst)})`,
    tokenIn,
    tokenOut,
  }
}

/** A sweep's points for people: amounts in whole tokens. */
function sweepTable(points: readonly SweepPoint[], labels: SweepLabels): string {
  const rows = points.map((point) =>
    point.error !== undefined
      ? [point.amount, '-', '-', '-', `error ${point.error.code}`]
      : [
          formatUnits(point.amountIn!, labels.tokenIn.decimals),
          formatUnits(point.amountOut!, labels.tokenOut.decimals),
          `${point.priceImpact}%`,
          point.splits === undefined ? '1' : String(point.splits.length),
          point.route!.join(' → '),
        ],
  )
  const header = [`in (${labels.tokenIn.symbol})`, `out (${labels.tokenOut.symbol})`, 'impact', 'routes', 'route']
  return table(header, rows)
}
