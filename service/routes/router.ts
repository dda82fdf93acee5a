import Router from '@koa/router'
import type { AppState } from '../types.js'

/**
 * A router of the service. Paths are matched exactly — case-sensitive, no trailing slash — so that every endpoint
 * has one URL, as in the OpenAPI document (`/api/GetAction` and `/api/getAction/` are 404s).
 *
 * @example const router = createRouter({ prefix: '/api' })
 */
export function createRouter(options: { prefix?: string } = {}): Router<AppState> {
  return new Router<AppState>({ ...options, sensitive: true, strict: true })
}
