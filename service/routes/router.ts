import Router from '@koa/router'
import type { AppState, AuthenticatedState } from '../types.js'

/**
 * A router whose routes `createApp` mounts below the auth middleware: its handlers see the caller's key in
 * `ctx.state.apiKey`, typed as present (the middleware answered 401 otherwise).
 */
export type AuthenticatedRouter = Router<AuthenticatedState>

/**
 * A router of the service. Paths are matched exactly — case-sensitive, no trailing slash — so that every endpoint
 * has one URL, as in the OpenAPI document (`/api/GetAction` and `/api/getAction/` are 404s).
 *
 * @typeParam StateT - `AppState` for public routes; `AuthenticatedState` for routes behind the auth middleware.
 * @example
 * const router = createRouter({ prefix: '/api' })
 * const authenticated: AuthenticatedRouter = createRouter<AuthenticatedState>()
 */
export function createRouter<StateT extends AppState = AppState>(options: { prefix?: string } = {}): Router<StateT> {
  return new Router<StateT>({ ...options, sensitive: true, strict: true })
}
