/**
 * The one place where errors become HTTP responses (SPEC §7.1), on both threads: the Koa middleware at the top of
 * each worker's chain, and the main thread's own answers (413, 503, 500 when a worker dies).
 *
 * Imports the error classes from `engine/errors/` rather than the engine's public entry on purpose: the public
 * entry loads viem, @solana/web3.js and bitcoinjs-lib (~3 s and ~75 MB), which the main thread never needs. The
 * classes are the same modules either way, so `instanceof` holds across both import paths.
 */
import type { Middleware } from 'koa'
import { isBaseError } from '../../engine/errors/index.js'
import {
  type ApiError,
  type ApiErrorCode,
  InternalServerError,
  RateLimitedError,
  ServiceUnavailableError,
} from '../errors.js'
import { logError } from '../log.js'
import type { ErrorEnvelope } from '../schema/errorEnvelope.js'
import type { AppState } from '../types.js'

export type { ErrorEnvelope } from '../schema/errorEnvelope.js'

/**
 * Builds the envelope of an error. Every error response of the service goes through this function.
 *
 * @param now - the time stamped on the envelope (ISO 8601)
 * @example
 * errorEnvelope(new NotFoundError('Not found', { path: '/api/x' }))
 * // { success: false, error: { code: 'NOT_FOUND', name: 'NotFoundError', message: 'Not found', title: 'Not found',
 * //   statusCode: 404, details: { path: '/api/x' }, timestamp: '2025-…Z' } }
 */
export function errorEnvelope(error: ApiError, now: Date = new Date()): ErrorEnvelope {
  const { name, message, title, status: statusCode, details } = error
  // Every class's code is in the union; the classes' static `code` is typed `string` for the base class only.
  const code = error.code as ApiErrorCode
  const timestamp = now.toISOString()
  // Key order as in SPEC §7.1; `details` only for the codes that have them.
  const body: ErrorEnvelope['error'] =
    details === undefined
      ? { code, name, message, title, statusCode, timestamp }
      : { code, name, message, title, statusCode, details, timestamp }
  return { success: false, error: body }
}

/**
 * The envelope as a JSON string, for the main thread, which writes it directly.
 *
 * @example
 * res.end(errorEnvelopeJson(new ServiceUnavailableError({ retryAfterSeconds: 1 })))
 */
export function errorEnvelopeJson(error: ApiError): string {
  return JSON.stringify(errorEnvelope(error))
}

/**
 * Koa middleware, first after `requestId`: any `BaseError` thrown downstream becomes its envelope and status;
 * anything else becomes a 500 `INTERNAL_SERVER_ERROR` carrying no internals, and is logged (stderr, one JSON line
 * with the request id and the stack). Headers already set downstream (e.g. `Allow` on a 405) are kept.
 *
 * @example
 * app.use(requestId()).use(errors())
 */
export function errors(): Middleware<AppState> {
  return async function errorsMiddleware(ctx, next) {
    try {
      await next()
    } catch (thrown) {
      let error: ApiError
      if (isBaseError(thrown)) {
        error = thrown
      } else {
        logError('request.failed', thrown, { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path })
        error = new InternalServerError()
      }
      ctx.status = error.status
      // A 503 or 429 always says when to retry (the OpenAPI document requires the header), whoever raised it.
      if (error instanceof ServiceUnavailableError || error instanceof RateLimitedError) {
        ctx.set('Retry-After', String(error.details.retryAfterSeconds))
      }
      ctx.body = errorEnvelope(error)
    }
  }
}
