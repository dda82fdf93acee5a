/**
 * Decides 404 and 405 before authentication: the list of routes is public (it is the OpenAPI document), so an
 * unknown path or a wrong method is answered as such whether or not the caller has a key, and a request that
 * cannot be served never costs a key lookup or a compliance check.
 */
import type { Middleware } from 'koa'
import { cutText } from '../../engine/errors/index.js'
import { MethodNotAllowedError, NotFoundError } from '../errors.js'
import type { AppState } from '../types.js'

/** What the check reads of a router (`@koa/router`'s `match`): public and authenticated routers alike. */
export interface RouteTable {
  match(
    path: string,
    method: string,
  ): { readonly route: boolean; readonly path: readonly { readonly methods: readonly string[] }[] }
}

/**
 * Middleware that checks the request's path and method against every route of `routers`:
 * - no route at the path: 404 `NOT_FOUND` with `details.path`;
 * - `OPTIONS` on a known path: 204 with an `Allow` header;
 * - a known path with another method: 405 `METHOD_NOT_ALLOWED` with `details.method` and an `Allow` header;
 * - otherwise: on to the next middleware. `HEAD` is allowed wherever `GET` is (the router answers it without a body).
 *
 * @param routers - all routers of the app, with their prefixes (public and authenticated ones alike)
 * @throws NotFoundError, MethodNotAllowedError for the error middleware to render
 * @example
 * app.use(routeCheck([publicApi, api]))
 */
export function routeCheck(routers: readonly RouteTable[]): Middleware<AppState> {
  return async function routeCheckMiddleware(ctx, next) {
    const allowed = new Set<string>()
    let isRouted = false
    for (const router of routers) {
      const match = router.match(ctx.path, ctx.method)
      if (match.route) {
        isRouted = true
        break
      }
      // Plain middleware layers (`router.use(fn)`) match every path and have no methods: they are not routes.
      for (const layer of match.path) for (const method of layer.methods) allowed.add(method)
    }
    if (isRouted) return next()
    if (allowed.size === 0) {
      // The path is the caller's text (up to Node's 16 KB head): shown cut, like every value an error echoes.
      const path = cutText(ctx.path)
      throw new NotFoundError(`No endpoint at ${path}`, { path })
    }
    allowed.add('OPTIONS')
    ctx.set('Allow', [...allowed].sort().join(', '))
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204
      return
    }
    throw new MethodNotAllowedError({ method: ctx.method })
  }
}
