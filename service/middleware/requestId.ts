/**
 * Request ids: every response carries `x-request-id`, and every log line about a request names it.
 *
 * The main thread assigns the id (it answers some requests itself: 413, 503, 500 when a worker dies) and passes it
 * to the worker in the request's `x-request-id` header; the Koa middleware adopts it. A client may send its own
 * id to correlate logs; it is kept when it looks like an id, replaced otherwise (it ends up in logs and headers).
 */
import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { AppState } from '../types.js'

/** Header that carries the id, in both directions. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** What a client-supplied id may look like: short, no spaces or control characters. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The id for a request: the client's `x-request-id` when acceptable, otherwise a fresh UUID.
 *
 * @example
 * requestIdFrom(req.headers['x-request-id']) // 'c0a8…' or the client's own id
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && CLIENT_ID.test(header) ? header : randomUUID()
}

/**
 * Koa middleware, first in the chain: sets `ctx.state.requestId` and the `x-request-id` response header before
 * anything can fail, so that even error responses carry it.
 *
 * @example
 * app.use(requestId())
 */
export function requestId(): Middleware<AppState> {
  return async function requestIdMiddleware(ctx, next) {
    const id = requestIdFrom(ctx.req.headers[REQUEST_ID_HEADER])
    ctx.state.requestId = id
    ctx.set(REQUEST_ID_HEADER, id)
    await next()
  }
}
