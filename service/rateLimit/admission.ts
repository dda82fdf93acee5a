/**
 * The main thread's admission of a request, from its method, path and headers alone — before its body is read and
 * before a worker sees it:
 *
 * - **No valid key** (`x-api-key` missing, empty or unknown to the key cache of this thread, refreshed first when its
 *   check is due, as a worker's is): counted per client address (`clientAddress.ts`) against
 *   `UNAUTHENTICATED_RATE_LIMIT_REQUESTS` per `UNAUTHENTICATED_RATE_LIMIT_WINDOW_SECONDS` (429 beyond); on a route
 *   that needs a key (`routeAccess.ts`), answered 401 here. Other such requests (public routes, unknown paths) go on
 *   to a worker, without their body (`server.ts`).
 * - **A valid key**: its rate limit (`rateLimiter.ts`, 429). On a quoting route, the quotes it may record are
 *   reserved: the key's room in its window (a `getActions` batch counts each item) and in its daily quote quota
 *   (`dailyQuota.ts`); none left: 429. The worker refuses a batch larger than the reservation (`quoteAllowance`)
 *   and reports what it quoted; `settle` returns the rest.
 */
import type { IncomingMessage } from 'node:http'
import type { ServiceConfig } from '../config.js'
import { type ApiError, InvalidApiKeyError, MissingApiKeyError, RateLimitedError } from '../errors.js'
import type { KeyCache } from '../keys/keyRing.js'
import { type RouteAccess, type RouteEntry, createRouteAccess } from '../routeAccess.js'
import type { QuoteAllowance, QuoteCount } from '../types.js'
import { clientAddressOf } from './clientAddress.js'
import { createDailyQuota, secondsToNextUtcDay } from './dailyQuota.js'
import { createRateLimiter } from './rateLimiter.js'

/** Why the main thread refused a request (the `reason` label of `crossroute_refusals_total`). */
export type RefusalReason =
  | 'rate_limit'
  | 'unauthenticated'
  | 'unauthenticated_rate_limit'
  | 'quote_quota'
  | 'batch_over_allowance'
  | 'connections'
  | 'buffered_bytes'

/** The verdict on a request. */
export type Admission =
  | { readonly kind: 'refused'; readonly error: ApiError; readonly reason: RefusalReason }
  /** No valid key, on a route that needs none or on no route: forwarded without its body. */
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'keyed'
      /** On a quoting route whose reservation is below the route's most: the worker refuses a larger batch. */
      readonly quoteAllowance?: QuoteAllowance
      /** Call once with what the worker reported (`undefined`: no answer from a worker); returns what was unused. */
      settle(quotes: QuoteCount | undefined): void
    }

/** Admits or refuses a request: synchronously, unless an unknown key waits for a due key refresh. */
export type Admit = (req: IncomingMessage) => Admission | Promise<Admission>

/** The keys as admission reads them. */
export type AdmissionKeys = Pick<KeyCache, 'lookup' | 'rateLimitOf' | 'refreshIfDue'> &
  Partial<Pick<KeyCache, 'dailyQuoteQuotaOf'>>

/** How often windows that ended are forgotten. */
const SWEEP_INTERVAL_MS = 60_000
const DAY_SECONDS = 86_400
const NOTHING_TO_SETTLE = { kind: 'keyed', settle: () => undefined } as const satisfies Admission
const ANONYMOUS = { kind: 'anonymous' } as const satisfies Admission

/** What admission needs of the configuration. */
export type AdmissionConfig = Pick<
  ServiceConfig,
  'defaultRateLimit' | 'unauthenticatedRateLimit' | 'clientIpHeader' | 'dailyQuoteQuota'
>

/**
 * The admission of the service's requests.
 *
 * @param keys - the main thread's key cache
 * @param routes - the workers' route table (`pool.routes`; read until it is known)
 * @param clock - milliseconds now; `Date.now` by default.
 * @returns the admission, and the daily quota's counters (seeded from the store at start)
 * @example
 * const { admit } = createAdmission(keys, () => pool.routes, config)
 * const admission = await admit(req) // refused → its error's envelope, here
 */
export function createAdmission(
  keys: AdmissionKeys,
  routes: () => readonly RouteEntry[],
  config: AdmissionConfig,
  clock: () => number = Date.now,
): { admit: Admit; quota: ReturnType<typeof createDailyQuota> } {
  const byKey = createRateLimiter()
  const byAddress = createRateLimiter()
  const quota = createDailyQuota(clock)
  setInterval(() => {
    byKey.sweep(clock())
    byAddress.sweep(clock())
  }, SWEEP_INTERVAL_MS).unref()
  let access: RouteAccess | undefined
  const routeAccess = () => {
    if (access !== undefined) return access
    const table = routes()
    if (table.length > 0) access = createRouteAccess(table)
    return access
  }

  const anonymous = (req: IncomingMessage, presented: string, route: RouteEntry | undefined): Admission => {
    const verdict = byAddress.take(
      clientAddressOf(req, config.clientIpHeader),
      config.unauthenticatedRateLimit,
      clock(),
    )
    if (!verdict.isAllowed) {
      const { limit, windowSeconds, retryAfterSeconds } = verdict
      const error = new RateLimitedError(
        { limit, windowSeconds, retryAfterSeconds },
        `Requests without a valid API key are limited to ${limit} per ${windowSeconds} s from one address: retry ` +
          `after ${retryAfterSeconds} s`,
      )
      return { kind: 'refused', error, reason: 'unauthenticated_rate_limit' }
    }
    if (route === undefined || route.isPublic) return ANONYMOUS
    const error = presented === '' ? new MissingApiKeyError() : new InvalidApiKeyError()
    return { kind: 'refused', error, reason: 'unauthenticated' }
  }

  const keyed = (keyId: string, route: RouteEntry | undefined): Admission => {
    const limit = keys.rateLimitOf(keyId) ?? config.defaultRateLimit
    const nowMs = clock()
    const verdict = byKey.take(keyId, limit, nowMs)
    if (!verdict.isAllowed) {
      const { limit: requests, windowSeconds, retryAfterSeconds } = verdict
      return {
        kind: 'refused',
        error: new RateLimitedError({ limit: requests, windowSeconds, retryAfterSeconds }),
        reason: 'rate_limit',
      }
    }
    if (route === undefined || route.maxQuotes === 0) return NOTHING_TO_SETTLE
    // The request itself counted one; a batch reserves the rest of its most now, and gives back what it did not use.
    const extra = byKey.takeUpTo(keyId, limit, nowMs, route.maxQuotes - 1)
    const rateItems = Math.min(route.maxQuotes, 1 + extra)
    const dailyQuota = keys.dailyQuoteQuotaOf?.(keyId) ?? config.dailyQuoteQuota
    const reserved = quota.reserve(keyId, dailyQuota, nowMs, rateItems)
    const giveBackExtra = (used: number) => {
      if (Number.isFinite(extra) && extra > used) byKey.giveBack(keyId, extra - used, nowMs)
    }
    if (reserved === 0) {
      giveBackExtra(0)
      const retryAfterSeconds = secondsToNextUtcDay(nowMs)
      const error = new RateLimitedError(
        { limit: dailyQuota, windowSeconds: DAY_SECONDS, retryAfterSeconds },
        `This API key's quota of ${dailyQuota} quotes per UTC day is used up: retry after ${retryAfterSeconds} s`,
      )
      return { kind: 'refused', error, reason: 'quote_quota' }
    }
    const items = Math.min(rateItems, reserved)
    let isSettled = false
    const settle = (quotes: QuoteCount | undefined) => {
      if (isSettled) return
      isSettled = true
      giveBackExtra(Math.max(0, Math.min(items, quotes?.items ?? 1) - 1))
      quota.settle(keyId, reserved, Math.min(reserved, quotes?.recorded ?? 0), nowMs)
    }
    if (items >= route.maxQuotes) return { kind: 'keyed', settle }
    const isQuotaBinding = reserved < rateItems
    const quoteAllowance: QuoteAllowance = isQuotaBinding
      ? { items, limit: dailyQuota, windowSeconds: DAY_SECONDS, retryAfterSeconds: secondsToNextUtcDay(nowMs) }
      : {
          items,
          limit: limit.requests,
          windowSeconds: limit.windowSeconds,
          retryAfterSeconds: byKey.secondsLeft(keyId, nowMs),
        }
    return { kind: 'keyed', quoteAllowance, settle }
  }

  const admit: Admit = (req) => {
    const route = routeAccess()?.routeOf(req.method, req.url)
    const header = req.headers['x-api-key']
    const presented = typeof header === 'string' ? header : ''
    const record = presented === '' ? undefined : keys.lookup(presented)
    if (record !== undefined) return keyed(record.keyId, route)
    // An unknown key on a keyed route: a key created since the last check must not be refused (as in a worker).
    const refreshing = presented !== '' && route?.isPublic === false ? keys.refreshIfDue() : undefined
    if (refreshing === undefined) return anonymous(req, presented, route)
    return refreshing.then(() => {
      const refreshed = keys.lookup(presented)
      return refreshed === undefined ? anonymous(req, presented, route) : keyed(refreshed.keyId, route)
    })
  }
  return { admit, quota }
}
