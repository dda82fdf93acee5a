/**
 * Sweeps: one request quoted at many amounts, with what a study plots — output, price impact and the route chosen.
 */
import type { Engine } from '../createEngine.js'
import type { QuoteRequest, QuoteResult } from '../quote/types.js'
import { type QuoteFailure, quoteOne } from './quoteMany.js'

/** One amount of a sweep. Amounts are decimal strings in smallest units, as in quotes. */
export interface SweepPoint {
  /** The requested amount (input for exact-in, output for exact-out). */
  readonly amount: string
  /** The quote's input and output (absent on failure). */
  readonly amountIn?: string
  readonly amountOut?: string
  /** `estimatedPriceImpact` of the quote, percent. */
  readonly priceImpact?: number
  /** The chosen route: the pool or lane id of each step (wrap/unwrap hops as `wrap`/`unwrap`). */
  readonly route?: readonly string[]
  /** Split quotes: each part's share of the amount (bps) and route. */
  readonly splits?: readonly { readonly shareBps: number; readonly route: readonly string[] }[]
  /** Why this amount has no quote. */
  readonly error?: QuoteFailure
}

/** The route of a quote as step ids. */
export function routeIds(steps: QuoteResult['steps']): string[] {
  return steps.map((step) => step.id ?? step.type)
}

/**
 * The sweep point of one quote.
 *
 * @example sweepPointOf('1000000', engine.quote(request))
 */
export function sweepPointOf(amount: string, result: QuoteResult): SweepPoint {
  return {
    amount,
    amountIn: result.amountIn.amount,
    amountOut: result.amountOut.amount,
    priceImpact: result.estimatedPriceImpact,
    route: routeIds(result.steps),
    ...(result.splits === undefined
      ? {}
      : { splits: result.splits.map((part) => ({ shareBps: part.shareBps, route: routeIds(part.steps) })) }),
  }
}

/**
 * Quotes `request` at each amount.
 *
 * @param engine - the engine to quote on.
 * @param request - the request without its amount.
 * @param amounts - amounts in smallest units (bigint or decimal string).
 * @returns one point per amount, in order; a failing amount carries `error`.
 *
 * @example
 * const points = sweep(engine, request, [10n ** 6n, 10n ** 8n, 10n ** 10n])
 * points.map((point) => point.priceImpact)
 */
export function sweep(
  engine: Engine,
  request: Omit<QuoteRequest, 'amount'>,
  amounts: readonly (bigint | string)[],
): SweepPoint[] {
  return amounts.map((value) => {
    const amount = value.toString()
    const answer = quoteOne(engine, { ...request, amount } as QuoteRequest)
    return answer.ok ? sweepPointOf(amount, answer.result) : { amount, error: answer.error }
  })
}
