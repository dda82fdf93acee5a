/**
 * `GET /api/health`: liveness of the service, answered by a worker (so it also proves that the pool is serving).
 * Needs no API key, like `GET /api/openapi.json`: load balancers and orchestrators probe it without credentials.
 */
import { createRouter } from './router.js'
import Router from '@koa/router'
import type { AppState } from '../types.js'

/** The body of a healthy answer. */
export interface HealthResponse {
  status: 'ok'
}

/**
 * The health router (no prefix; `createApp` mounts it under `/api`, outside authentication).
 *
 * @example
 * // GET /api/health → 200 {"status":"ok"}
 * publicApi.use(healthRoutes().routes())
 */
export function healthRoutes(): Router<AppState> {
  const router = createRouter()
  router.get('/health', (ctx) => {
    ctx.set('cache-control', 'no-store')
    ctx.body = { status: 'ok' } satisfies HealthResponse
  })
  return router
}
