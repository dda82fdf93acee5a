/**
 * API key authentication (SPEC §5): every request carries `x-api-key`.
 */
import type Koa from 'koa'
import { InvalidApiKeyError, MissingApiKeyError } from '../errors.js'
import type { KeyCache, KeyRing } from '../keys/keyRing.js'
import type { AppState } from '../types.js'

/**
 * Middleware that authenticates the request by its `x-api-key` header and sets `ctx.state.apiKey` to the
 * key's record. It only throws; the error middleware above it writes the envelope. Which paths skip it is the
 * app composer's decision.
 *
 * It is the one key check of the service: below it the state is `AuthenticatedState`, and the routers mounted
 * there (`AuthenticatedRouter`) read `ctx.state.apiKey` as present instead of checking it again.
 *
 * @param keys - the worker's key cache (`createKeyCache`), or any key ring.
 * @returns the middleware.
 * @throws MissingApiKeyError (401 `MISSING_API_KEY`) when the header is absent or empty;
 *   InvalidApiKeyError (401 `INVALID_API_KEY`) when it names no key (a repeated header, joined with `, `,
 *   names none either).
 *
 * @example
 * app.use(createAuth(keys)).use(api.routes()) // api: AuthenticatedRouter
 * // in a route of api: ctx.state.apiKey.appId
 */
export function createAuth(keys: KeyRing & Partial<Pick<KeyCache, 'refreshIfDue'>>): Koa.Middleware<AppState> {
  return async function auth(ctx, next) {
    const presented = ctx.get('x-api-key')
    if (presented === '') throw new MissingApiKeyError()
    // At most once per KEYS_REFRESH_MS: the store's key version is read, and the keys reloaded if it changed.
    const refreshing = keys.refreshIfDue?.()
    if (refreshing !== undefined) await refreshing
    const record = keys.lookup(presented)
    if (record === undefined) throw new InvalidApiKeyError()
    ctx.state.apiKey = record
    await next()
  }
}
