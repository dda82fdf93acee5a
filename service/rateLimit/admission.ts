/**
 * The main thread's rate-limit check: which key a request carries (the same key cache as the workers', over a store
 * connection of this thread) and whether its window has room (`rateLimiter.ts`).
 */
import type { IncomingMessage } from 'node:http'
import type { ServiceConfig } from '../config.js'
import { RateLimitedError } from '../errors.js'
import type { KeyRing } from '../keys/keyRing.js'
import { createRateLimiter } from './rateLimiter.js'

/** Returns the error to answer, or `undefined` to let the request through. */
export type RateLimitCheck = (req: IncomingMessage) => RateLimitedError | undefined

/** How often windows that ended are forgotten. */
const SWEEP_INTERVAL_MS = 60_000

/**
 * The check of every request with a valid key: its own limit (`npm run keys:limit`) or the default
 * (`RATE_LIMIT_REQUESTS` per `RATE_LIMIT_WINDOW_SECONDS`). A request without a valid key is let through (a worker
 * answers its 401), and so is every request when the default and the key's limit are 0 (unlimited).
 *
 * @param clock - milliseconds now; `Date.now` by default.
 * @example
 * const check = createRateLimitCheck(keys, config)
 * const error = check(req) // RateLimitedError → 429 with Retry-After
 */
export function createRateLimitCheck(
  keys: Pick<KeyRing, 'lookup' | 'rateLimitOf'>,
  config: Pick<ServiceConfig, 'defaultRateLimit'>,
  clock: () => number = Date.now,
): RateLimitCheck {
  const limiter = createRateLimiter()
  setInterval(() => limiter.sweep(clock()), SWEEP_INTERVAL_MS).unref()
  return (req) => {
    const presented = req.headers['x-api-key']
    if (typeof presented !== 'string' || presented === '') return undefined
    const record = keys.lookup(presented)
    if (record === undefined) return undefined
    const verdict = limiter.take(record.keyId, keys.rateLimitOf(record.keyId) ?? config.defaultRateLimit, clock())
    if (verdict.isAllowed) return undefined
    const { limit, windowSeconds, retryAfterSeconds } = verdict
    return new RateLimitedError({ limit, windowSeconds, retryAfterSeconds })
  }
}
