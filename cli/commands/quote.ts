/**
 * `crossroute quote`: one quote, as a table of its figures or (`--json`) the engine's full result.
 */
import type { Command } from 'commander'
import type { QuoteResult } from '../../engine/index.js'
import { routeIds } from '../../engine/research/sweep.js'
import { formatUnits, printJson, table } from '../output.js'
import { type RequestOptions, engineOf, parseAmount, requestOf, withRequestOptions } from '../request.js'

/**
 * Registers `quote` on the program.
 *
 * @example crossroute quote --src 42161:USDC --dst 42161:WETH --amount 1000000000
 */
export function registerQuote(program: Command, run: (action: () => unknown) => Promise<void>): void {
  withRequestOptions(program.command('quote'))
    .description('quote one swap or bridge over the snapshot')
    .requiredOption('--amount <units>', 'amount in smallest units (input; output with --exact-out)')
    .action((options: RequestOptions & { amount: string }) =>
      run(() => {
        const engine = engineOf(options)
        const result = engine.quote({
          ...requestOf(engine.snapshot, options),
          amount: parseAmount('--amount', options.amount),
        })
        if (options.json === true) printJson(result)
        else process.stdout.write(quoteTable(result))
      }),
    )
}

/**
 * A quote's figures for people: amounts in whole tokens with their symbols.
 *
 * @example quoteTable(engine.quote(request)) // 'figure  value\n…\namount out  0.25 WETH\n…'
 */
export function quoteTable(result: QuoteResult): string {
  const amount = (value: QuoteResult['amountOut']) => `${formatUnits(value.amount, value.decimals)} ${value.symbol}`
  const rows: [string, string][] = [
    ['amount in', amount(result.amountIn)],
    ['amount out', amount(result.amountOut)],
    ['minimum out', amount(result.amountOutMin)],
    ['price impact', `${result.estimatedPriceImpact}%`],
    ['exchange rate', String(result.exchangeRate)],
    ['route', routeIds(result.steps).join(' → ')],
    ['bridges', result.bridgeIds.join(', ') || '-'],
    ['estimated time', `${result.estimatedTxTime} s`],
    ['network fee', amount(result.networkFee)],
    ['bridge fee', amount(result.bridgeFee)],
  ]
  if (result.splits !== undefined) {
    result.splits.forEach((part, index) =>
      rows.push([`split ${index + 1}`, `${part.shareBps / 100}% via ${routeIds(part.steps).join(' → ')}`]),
    )
  }
  return table(['figure', 'value'], rows)
}
