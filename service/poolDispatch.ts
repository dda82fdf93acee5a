/**
 * The main thread's hand-off to the worker pool (`server.ts`): an admitted request, body read, goes to `pool.run`
 * and its reply is written back; a full pool sheds it with 503. What the worker reports back (metrics, the quotes a
 * batch used) is absorbed here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  AT_CAPACITY_RETRY_AFTER_SECONDS,
  type ApiError,
  InternalServerError,
  ServiceUnavailableError,
} from './errors.js'
import { logError } from './log.js'
import { NO_ROUTE, hasBody } from './mainReplies.js'
import type { MainMetrics } from './metrics/mainMetrics.js'
import { REQUEST_ID_HEADER } from './middleware/requestId.js'
import type { QuotePool } from './pool.js'
import type { Admission, RefusalReason } from './rateLimit/admission.js'
import type { WireRequest } from './types.js'
import { decodeResponse } from './wire.js'

/** How long a 503 for a full pool waits before it is sent (`shed`). */
const SHED_DELAY_MS = 250

/** What the dispatch needs from the server. */
export interface PoolDispatchOptions {
  readonly pool: QuotePool
  /** Whether the server is closing (replies then close their connection, and nothing is shed). */
  readonly isClosing: () => boolean
  /** Counts an answer: its route label, status, and seconds since `startedMs`. */
  readonly observe: (req: IncomingMessage, route: string, status: number, startedMs: number) => void
  /** Writes an error in the envelope (`mainReplies.ts`). */
  readonly writeError: (res: ServerResponse, requestId: string, error: ApiError, extra?: Record<string, string>) => void
  readonly metrics?: MainMetrics
}

/** Forwards one admitted request with its body, and writes its reply. */
export type Forward = (
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  body: string,
  startedMs: number,
  admission: Admission,
) => void

/**
 * The forward function of one server.
 *
 * @example
 * const forward = createPoolDispatch({ pool, isClosing: () => false, observe, writeError })
 * forward(req, res, requestId, body, performance.now(), admission)
 */
export function createPoolDispatch({ pool, isClosing, observe, writeError, metrics }: PoolDispatchOptions): Forward {
  const forward: Forward = (req, res, requestId, body, startedMs, admission) => {
    if (pool.inFlight >= pool.capacity && !isClosing()) return shed(req, res, requestId, startedMs, admission)
    req.headers[REQUEST_ID_HEADER] = requestId
    const request: WireRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers as Record<string, string>,
      body,
      remoteAddress: req.socket.remoteAddress ?? '',
    }
    const settle = admission.kind === 'keyed' ? admission.settle : undefined
    if (admission.kind === 'keyed' && admission.quoteAllowance !== undefined) {
      request.quoteAllowance = admission.quoteAllowance
    }
    // A request without a valid key is forwarded without its body, which is never read: close, do not drain.
    const mustClose = admission.kind === 'anonymous' && hasBody(req)
    pool.run(request).then(
      (text) => {
        try {
          const { status, headers, body: responseBody, route, observations, quotes } = decodeResponse(text)
          if (observations !== undefined) metrics?.absorb(observations)
          settle?.(quotes)
          if (quotes?.isOverAllowance === true) metrics?.observeRefusal('batch_over_allowance' satisfies RefusalReason)
          if (isClosing() || mustClose) headers.connection = 'close'
          res.writeHead(status, headers)
          res.end(responseBody)
          observe(req, route ?? NO_ROUTE, status, startedMs)
        } catch (error) {
          // A malformed reply or an invalid header value: a bug, but never an unhandled rejection.
          logError('request.reply-failed', error, { requestId, method: req.method, url: req.url })
          writeError(res, requestId, new InternalServerError())
          observe(req, NO_ROUTE, 500, startedMs)
        }
      },
      (error: unknown) => {
        settle?.(undefined)
        const close: Record<string, string> = mustClose ? { connection: 'close' } : {}
        if (error instanceof ServiceUnavailableError) {
          writeError(res, requestId, error, { 'retry-after': String(error.details.retryAfterSeconds), ...close })
        } else {
          // The worker died with this request in flight (piscina replaces it); the details stay in the log.
          logError('request.worker-failed', error, { requestId, method: req.method, url: req.url })
          writeError(res, requestId, new InternalServerError(), close)
        }
        observe(req, NO_ROUTE, res.statusCode, startedMs)
      },
    )
  }

  /**
   * The pool is full: 503, answered after `SHED_DELAY_MS`. A client that ignores `Retry-After` cannot send its next
   * request on the connection before then, so shedding costs this thread a bounded rate of answers per connection
   * instead of as many as clients can send (the probes on this thread starved otherwise: issue 24).
   */
  const shed = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    startedMs: number,
    admission: Admission,
  ) => {
    if (admission.kind === 'keyed') admission.settle(undefined)
    const error = new ServiceUnavailableError({ retryAfterSeconds: AT_CAPACITY_RETRY_AFTER_SECONDS })
    const extra: Record<string, string> = { 'retry-after': String(AT_CAPACITY_RETRY_AFTER_SECONDS) }
    if (admission.kind === 'anonymous' && hasBody(req)) extra.connection = 'close'
    setTimeout(() => {
      if (res.destroyed) return
      writeError(res, requestId, error, extra)
      observe(req, NO_ROUTE, 503, startedMs)
    }, SHED_DELAY_MS)
  }

  return forward
}
