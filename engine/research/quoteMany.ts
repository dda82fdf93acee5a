/**
 * Batch quoting in-process: many requests on one engine, each answered or failed on its own.
 */
import type { Engine } from '../createEngine.js'
import { type ErrorCode, type ErrorDetails, isBaseError } from '../errors/index.js'
import type { ParsedQuoteRequest, QuoteRequest, QuoteResult } from '../quote/types.js'

/** A request's failure: the spec's error code, message and details (what the HTTP envelope carries). */
export interface QuoteFailure {
  readonly code: ErrorCode
  readonly message: string
  readonly details: ErrorDetails
}

/** One answer of `quoteMany`: the quote, or why there is none. */
export type QuoteManyItem =
  { readonly ok: true; readonly result: QuoteResult } | { readonly ok: false; readonly error: QuoteFailure }

/**
 * Quotes one request, catching the engine's quote errors (a `BaseError`) as a failure item.
 *
 * @throws anything that is not a `BaseError` (a defect, not an answer).
 * @example quoteOne(engine, request) // { ok: true, result } or { ok: false, error: { code: 'NO_AVAILABLE_ROUTE', … } }
 */
export function quoteOne(engine: Engine, request: QuoteRequest | ParsedQuoteRequest): QuoteManyItem {
  try {
    return { ok: true, result: engine.quote(request) }
  } catch (error) {
    if (!isBaseError(error)) throw error
    return { ok: false, error: { code: error.code as ErrorCode, message: error.message, details: error.details ?? {} } }
  }
}

/**
 * Quotes every request, in order; a request that fails does not stop the others.
 *
 * @param engine - the engine to quote on.
 * @param requests - requests as `engine.quote` takes them.
 * @returns one item per request, same order.
 *
 * @example
 * const answers = quoteMany(engine, [requestA, requestB])
 * answers.filter((answer) => answer.ok).length
 */
export function quoteMany(engine: Engine, requests: readonly (QuoteRequest | ParsedQuoteRequest)[]): QuoteManyItem[] {
  return requests.map((request) => quoteOne(engine, request))
}
