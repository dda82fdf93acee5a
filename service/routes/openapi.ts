/**
 * `GET /api/openapi.json`: the service's OpenAPI 3.1 document (`service/openapi/`). Needs no API key, like
 * `GET /api/health`: the list of routes is public.
 */
import { createRouter } from './router.js'
import Router from '@koa/router'
import { buildOpenApiDocument } from '../openapi/document.js'
import type { AppState } from '../types.js'

/**
 * The OpenAPI router (no prefix; `createApp` mounts it under `/api`, outside authentication). The document is built
 * and serialized once, when the router is created.
 *
 * @example
 * // GET /api/openapi.json → 200 {"openapi":"3.1.0",…}
 * publicApi.use(openapiRoutes().routes())
 */
export function openapiRoutes(): Router<AppState> {
  const json = JSON.stringify(buildOpenApiDocument())
  const router = createRouter()
  router.get('/openapi.json', (ctx) => {
    ctx.body = json
    ctx.type = 'application/json'
    ctx.set('cache-control', 'public, max-age=300')
  })
  return router
}
