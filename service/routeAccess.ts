/**
 * Which routes need an API key and which record quotes, as the main thread learns it from the workers' app: each
 * worker describes the routes of the app it built (`app.ts`'s `routeTableOf`: the routers mounted before the auth
 * middleware are public, the others need a key) in its `WORKER_READY` message, and the main thread answers a
 * request without a valid key on a keyed route itself (401, `rateLimit/admission.ts`), without a worker. One source
 * of truth — the app's own composition — so the two threads cannot disagree about a route.
 *
 * No runtime imports: the main thread loads it without Koa or the engine.
 */

/** One route of the app: method, full path (prefix included), whether it needs a key, what it records. */
export interface RouteEntry {
  readonly method: string
  readonly path: string
  readonly isPublic: boolean
  /** The most quotes one request records: 0 for most routes, 1 for `getAction`, the batch bound for `getActions`. */
  readonly maxQuotes: number
}

/** How the main thread sees a request's route. */
export interface RouteAccess {
  /**
   * The route a request is for, matched exactly like the app's routers (case-sensitive, no trailing slash, query
   * ignored; `HEAD` wherever `GET`), or `undefined` for no route (the worker answers 404, 405 or `OPTIONS`).
   */
  routeOf(method: string | undefined, url: string | undefined): RouteEntry | undefined
}

/**
 * The lookup over a route table.
 *
 * @param table - the routes a worker reported (`WorkerReadyMessage.routes`)
 * @returns the lookup
 * @example
 * const access = createRouteAccess([{ method: 'GET', path: '/api/health', isPublic: true, maxQuotes: 0 }])
 * access.routeOf('HEAD', '/api/health?x=1')?.isPublic // true
 */
export function createRouteAccess(table: readonly RouteEntry[]): RouteAccess {
  const byKey = new Map<string, RouteEntry>()
  for (const entry of table) {
    byKey.set(`${entry.method} ${entry.path}`, entry)
    if (entry.method === 'GET') byKey.set(`HEAD ${entry.path}`, entry)
  }
  return {
    routeOf(method, url) {
      if (method === undefined || url === undefined) return undefined
      const queryAt = url.indexOf('?')
      return byKey.get(`${method} ${queryAt < 0 ? url : url.slice(0, queryAt)}`)
    },
  }
}
