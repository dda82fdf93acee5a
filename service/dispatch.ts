/**
 * Lean dispatch of a `WireRequest` into a Koa app, inside a worker: no sockets, no streams, no light-my-request
 * (which alone costs ~40 µs a request, more than Koa itself; shared/research/http-dispatch.md).
 *
 * Koa only touches a few members of Node's request and response objects; `WireIncoming` and `WireOutgoing`
 * implement exactly those. The composed middleware runs once per request, then the status, headers and body are
 * read back from the context, the way Koa's own `respond()` would write them.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http'
import type Koa from 'koa'
import compose from 'koa-compose'
import {
  AT_CAPACITY_RETRY_AFTER_SECONDS,
  type ApiError,
  InternalServerError,
  ServiceUnavailableError,
} from './errors.js'
import { log, logError } from './log.js'
import { addBusySeconds, takeObservations } from './metrics/observations.js'
import { errorEnvelopeJson } from './middleware/errors.js'
import { REQUEST_ID_HEADER } from './middleware/requestId.js'
import type { AppContext, AppState, WireRequest, WireResponse } from './types.js'
import { decodeRequest, encodeResponse } from './wire.js'

/** Statuses that never carry a body (RFC 9110). */
const EMPTY_STATUSES = new Set([204, 205, 304])

/** The request members Koa reads. */
class WireIncoming {
  readonly httpVersionMajor = 1
  readonly httpVersionMinor = 1
  readonly httpVersion = '1.1'
  readonly socket: { remoteAddress: string; encrypted: boolean }
  constructor(
    public method: string,
    public url: string,
    public headers: IncomingHttpHeaders,
    remoteAddress: string,
  ) {
    this.socket = { remoteAddress, encrypted: false }
  }
}

/** The response members Koa writes; header names are kept lower-case, as Node does. */
class WireOutgoing {
  statusCode = 404
  statusMessage = ''
  readonly headersSent = false
  readonly writableEnded = false
  readonly finished = false
  /** No socket: Koa then treats the response as writable. */
  readonly socket = null
  readonly #headers = new Map<string, OutgoingHttpHeader>()
  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.#headers.set(name.toLowerCase(), value)
    return this
  }
  getHeader(name: string): OutgoingHttpHeader | undefined {
    return this.#headers.get(name.toLowerCase())
  }
  getHeaders(): Record<string, OutgoingHttpHeader> {
    return Object.fromEntries(this.#headers)
  }
  getHeaderNames(): string[] {
    return [...this.#headers.keys()]
  }
  hasHeader(name: string): boolean {
    return this.#headers.has(name.toLowerCase())
  }
  removeHeader(name: string): void {
    this.#headers.delete(name.toLowerCase())
  }
  /** Flattens the headers for the wire: numbers as strings, repeated values joined with `, `. */
  wireHeaders(): Record<string, string> {
    const headers: Record<string, string> = {}
    for (const [name, value] of this.#headers) headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
    return headers
  }
}

/**
 * Builds the per-worker dispatcher of a Koa app: composes its middleware once and returns a function from a
 * serialized `WireRequest` to a serialized `WireResponse` (see `wire.ts`). A failure outside the app's own error
 * middleware still becomes a 500 envelope; the promise rejects only for text that `encodeRequest` did not produce
 * (a bug on the main thread, which then answers 500 itself).
 *
 * @example
 * const dispatch = createDispatcher(createApp(deps))
 * const text = await dispatch(
 *   encodeRequest({ method: 'GET', url: '/api/health', headers: {}, body: '', remoteAddress: '::1' }),
 * )
 */
export function createDispatcher(app: Koa<AppState>): (wireRequest: string) => Promise<string> {
  const handle = compose(app.middleware)
  // Busy time for the metrics: wall time with at least one request in progress on this worker.
  let inProgress = 0
  let busySinceMs = 0
  return async function dispatch(wireRequest) {
    if (inProgress++ === 0) busySinceMs = performance.now()
    try {
      const request = decodeRequest(wireRequest)
      // Reached after its deadline (queued behind slow work): the main thread has answered 503 already.
      const response =
        request.answerBy !== undefined && Date.now() > request.answerBy
          ? overdueResponse(request)
          : await runRequest(app, handle, request)
      if (--inProgress === 0) addBusySeconds((performance.now() - busySinceMs) / 1000)
      const observations = takeObservations()
      if (observations !== undefined) response.observations = observations
      return encodeResponse(response)
    } catch (error) {
      if (--inProgress === 0) addBusySeconds((performance.now() - busySinceMs) / 1000)
      throw error
    }
  }
}

/**
 * The 503 for a request a worker reaches after its `answerBy`, without running it: under overload, work the main
 * thread no longer waits for would only delay the requests queued behind it. The main thread has usually answered
 * 503 already and drops this; when its deadline check has not run yet, this is the answer.
 */
function overdueResponse(request: WireRequest): WireResponse {
  const requestId = request.headers[REQUEST_ID_HEADER]
  log('warn', 'request.skipped-overdue', { requestId, method: request.method, url: request.url })
  const error = new ServiceUnavailableError({ retryAfterSeconds: AT_CAPACITY_RETRY_AFTER_SECONDS })
  return errorResponse(error, requestId, { 'retry-after': String(AT_CAPACITY_RETRY_AFTER_SECONDS) })
}

/** An error's envelope as a response, with the request id when there is one. */
function errorResponse(
  error: ApiError,
  requestId: string | undefined,
  extra: Record<string, string> = {},
): WireResponse {
  const body = errorEnvelopeJson(error)
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...extra }
  if (requestId !== undefined) headers[REQUEST_ID_HEADER] = requestId
  headers['content-length'] = String(Buffer.byteLength(body))
  return { status: error.status, headers, body }
}

/**
 * Runs one request through the app and reads back the response: what a worker does per task, minus the string
 * encoding. `handle` is `compose(app.middleware)`, composed once per app.
 */
async function runRequest(
  app: Koa<AppState>,
  handle: (ctx: AppContext) => Promise<unknown>,
  request: WireRequest,
): Promise<WireResponse> {
  const req = new WireIncoming(request.method, request.url, request.headers, request.remoteAddress)
  const res = new WireOutgoing()
  // Koa's types want Node's classes; the objects above implement the members Koa touches.
  const ctx = app.createContext(req as unknown as IncomingMessage, res as unknown as ServerResponse) as AppContext
  // Routes read it through `readJsonBody` (routes/body.ts); the field is declared in types.ts.
  ctx.request.rawBody = request.body
  if (request.quoteAllowance !== undefined) ctx.state.quoteAllowance = request.quoteAllowance
  try {
    await handle(ctx)
    return readResponse(ctx, res)
  } catch (thrown) {
    // Only reachable when a middleware above the error middleware throws, or the body cannot be serialized.
    logError('dispatch.failed', thrown, { requestId: ctx.state.requestId, method: request.method, url: request.url })
    return errorResponse(new InternalServerError(), ctx.state.requestId)
  }
}

/** What Koa's `respond()` would write, as a `WireResponse`: empty statuses and HEAD carry no body. */
function readResponse(ctx: AppContext, res: WireOutgoing): WireResponse {
  const status = ctx.status
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute
  // For the main thread: the route pattern (metrics) and what a quoting route quoted (rate limit, quote quota).
  const meta = {
    ...(typeof matched === 'string' ? { route: matched } : {}),
    ...(ctx.state.quotes === undefined ? {} : { quotes: ctx.state.quotes }),
  }
  if (EMPTY_STATUSES.has(status)) {
    res.removeHeader('content-type')
    res.removeHeader('content-length')
    res.removeHeader('transfer-encoding')
    return { status, headers: res.wireHeaders(), body: '', ...meta }
  }
  const value: unknown = ctx.body
  let body: string
  if (typeof value === 'string') body = value
  else if (Buffer.isBuffer(value)) body = value.toString('utf8')
  else if (value === null || value === undefined) {
    // A status without a body: Koa answers the status message as text.
    body = ctx.message || String(status)
    ctx.type = 'text'
  } else if (typeof (value as { pipe?: unknown }).pipe === 'function') {
    throw new TypeError('stream bodies cannot cross the worker boundary')
  } else body = JSON.stringify(value)
  res.setHeader('content-length', Buffer.byteLength(body))
  return { status, headers: res.wireHeaders(), body: ctx.method === 'HEAD' ? '' : body, ...meta }
}
