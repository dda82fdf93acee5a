/**
 * The access log: one `request` line per request at `info` (`log.ts`), written once the reply is settled, with
 * the request id, method, route (the matched route's pattern, not the URL: no query string, no ids), status,
 * duration and the caller's app id. Never the key, never the query or the body: they carry wallet addresses.
 */
import type { Middleware } from 'koa'
import { isLogged, log } from '../log.js'
import type { AppState } from '../types.js'

/**
 * Koa middleware, outside the error middleware so that it logs the status the client gets.
 *
 * @example app.use(requestId()).use(requestLog()).use(errors())
 */
export function requestLog(): Middleware<AppState> {
  return async function requestLog(ctx, next) {
    if (!isLogged('info')) return next()
    const started = performance.now()
    try {
      await next()
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute
      log('info', 'request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        route: typeof matched === 'string' ? matched : null,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        appId: ctx.state.apiKey?.appId ?? null,
      })
    }
  }
}
