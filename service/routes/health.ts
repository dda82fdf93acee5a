/**
 * `GET /api/health` in the Koa app: what an app served on its own (`createApp` behind any HTTP server) answers.
 * The service's main thread answers this path itself (`probes.ts`), so that it never queues behind quotes. Needs
 * no API key, like `GET /api/openapi.json`: load balancers and orchestrators probe it without credentials.
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
