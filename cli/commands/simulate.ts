/**
 * `crossroute simulate`: what-if. Applies a sequence of trades, each quoted on the state the earlier ones left, then
 * re-quotes a request on the original and on the final state: the price impact of the earlier trades.
 */
import type { Command } from 'commander'
import type { Engine } from '../../engine/createEngine.js'
import type { QuoteRequest, QuoteResult } from '../../engine/index.js'
import { badOption } from '../errors.js'
import { formatUnits, printJson, table } from '../output.js'
import { engineOf, parseAmount, requestOf, withCommonOptions } from '../request.js'

interface SimulateOptions {
  snapshot?: string
  json?: boolean
  trade: string[]
  requote?: string
  slippage: string
  sender?: string
}

/**
 * Registers `simulate` on the program.
 *
 * @example crossroute simulate --trade 42161:USDC,42161:WETH,5000000000000 --requote 42161:USDC,42161:WETH,1000000000
 */
export function registerSimulate(program: Command, run: (action: () => unknown) => Promise<void>): void {
  withCommonOptions(program.command('simulate'))
    .description('apply trades in sequence, then re-quote: the price impact of earlier trades')
    .requiredOption(
      '--trade <src,dst,amount>',
      'a trade to apply, exact input in smallest units (repeat for a sequence), e.g. 42161:USDC,42161:WETH,5000000000000',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--requote <src,dst,amount>', 'the request quoted before and after (default: the first trade)')
    .option('--slippage <bps>', 'slippage tolerance in bps', '50')
    .option(
      '--sender <address>',
      'sender of every trade (default 0x1111…1111 on EVM-address chains; required elsewhere)',
    )
    .action((options: SimulateOptions) =>
      run(() => {
        const original = engineOf(options)
        const trades = options.trade.map((spec) => requestOfSpec(original, '--trade', spec, options))
        let engine = original
        const applied = trades.map((request) => {
          const result = engine.quote(request)
          engine = engine.apply(result)
          return result
        })
        const requote =
          options.requote === undefined ? trades[0]! : requestOfSpec(original, '--requote', options.requote, options)
        const before = original.quote(requote)
        const after = engine.quote(requote)
        const change = changeBps(BigInt(before.amountOut.amount), BigInt(after.amountOut.amount))
        if (options.json === true) {
          printJson({ trades: applied, before, after, amountOutChangeBps: change })
          return
        }
        const amount = (value: QuoteResult['amountOut']) =>
          `${formatUnits(value.amount, value.decimals)} ${value.symbol}`
        process.stdout.write(
          table(
            ['#', 'amount in', 'amount out', 'impact'],
            applied.map((result, index) => [
              String(index + 1),
              amount(result.amountIn),
              amount(result.amountOut),
              `${result.estimatedPriceImpact}%`,
            ]),
          ),
        )
        process.stdout.write(
          `\n${table(
            ['re-quote', 'amount in', 'amount out', 'impact'],
            [
              [
                'before the trades',
                amount(before.amountIn),
                amount(before.amountOut),
                `${before.estimatedPriceImpact}%`,
              ],
              ['after the trades', amount(after.amountIn), amount(after.amountOut), `${after.estimatedPriceImpact}%`],
            ],
          )}output change: ${(Number(change) / 100).toFixed(2)}%\n`,
        )
      }),
    )
}

/** `after` relative to `before` in bps, rounded toward zero (bigint). */
function changeBps(before: bigint, after: bigint): bigint {
  return before === 0n ? 0n : ((after - before) * 10_000n) / before
}

/** The exact-in request a `src,dst,amount` spec names. */
function requestOfSpec(
  engine: Engine,
  option: string,
  spec: string,
  { slippage, sender }: Pick<SimulateOptions, 'slippage' | 'sender'>,
): QuoteRequest {
  const parts = spec.split(',')
  if (parts.length !== 3)
    throw badOption(option, spec, 'must be <chainId:token>,<chainId:token>,<amount in smallest units>')
  const [src, dst, amount] = parts as [string, string, string]
  return {
    ...requestOf(engine.snapshot, { src, dst, slippage, ...(sender === undefined ? {} : { sender }) }),
    amount: parseAmount(option, amount),
  } as QuoteRequest
}
