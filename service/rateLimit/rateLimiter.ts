/**
 * Fixed-window request counters per API key, on the main thread: every worker's requests pass through this one
 * thread before they are queued, so one `Map` counts them all exactly, with no message or lock per request, and a
 * request over the limit is answered 429 without ever taking a worker's time.
 *
 * A key's window opens with its first counted request and lasts `windowSeconds`; within it the first `requests`
 * requests pass. (Across the end of one window and the start of the next, a client can get up to twice the limit
 * in `windowSeconds`: the usual price of a fixed window, for a counter of two numbers per key.)
 */
import type { RateLimit } from '../store/apiKeys.js'

/** The verdict on one request. */
export type RateLimitVerdict =
  | { readonly isAllowed: true }
  | {
      readonly isAllowed: false
      readonly limit: number
      readonly windowSeconds: number
      readonly retryAfterSeconds: number
    }

/** Counters of requests per key. */
export interface RateLimiter {
  /**
   * Counts a request of `keyId` at `nowMs` against `limit` (`requests: 0`: unlimited, nothing counted). A refused
   * request is not counted.
   */
  take(keyId: string, limit: RateLimit, nowMs: number): RateLimitVerdict
  /**
   * After an allowed `take`: counts up to `most` more requests of `keyId` in its current window, as many as it has
   * room for (`Infinity` when unlimited: nothing counted). A batch reserves its items this way before a worker
   * quotes them, and `giveBack` returns those it did not use.
   * @returns how many were counted
   */
  takeUpTo(keyId: string, limit: RateLimit, nowMs: number, most: number): number
  /**
   * Uncounts `count` requests of `keyId` taken by `takeUpTo` at `takenAtMs`, unless that window ended meanwhile
   * (a new window does not inherit the old one's refunds).
   */
  giveBack(keyId: string, count: number, takenAtMs: number): void
  /** Seconds until the current window of `keyId` ends (at least 1; 1 when it has none). */
  secondsLeft(keyId: string, nowMs: number): number
  /** Forgets the windows that ended before `nowMs` (memory stays bounded by the keys active in one window). */
  sweep(nowMs: number): void
  /** Keys with an open window. */
  readonly size: number
}

const ALLOWED: RateLimitVerdict = Object.freeze({ isAllowed: true })

/**
 * A new set of counters.
 *
 * @example
 * const limiter = createRateLimiter()
 * limiter.take('key_1', { requests: 100, windowSeconds: 60 }, Date.now()).isAllowed // true
 */
export function createRateLimiter(): RateLimiter {
  const windows = new Map<string, { startedAtMs: number; endsAtMs: number; count: number }>()
  return {
    take(keyId, limit, nowMs) {
      if (limit.requests === 0) return ALLOWED
      let window = windows.get(keyId)
      if (window === undefined || window.endsAtMs <= nowMs) {
        window = { startedAtMs: nowMs, endsAtMs: nowMs + limit.windowSeconds * 1000, count: 0 }
        windows.set(keyId, window)
      }
      if (window.count < limit.requests) {
        window.count += 1
        return ALLOWED
      }
      return {
        isAllowed: false,
        limit: limit.requests,
        windowSeconds: limit.windowSeconds,
        retryAfterSeconds: Math.max(1, Math.ceil((window.endsAtMs - nowMs) / 1000)),
      }
    },
    takeUpTo(keyId, limit, nowMs, most) {
      if (limit.requests === 0) return Number.POSITIVE_INFINITY
      const window = windows.get(keyId)
      if (window === undefined || window.endsAtMs <= nowMs) return 0
      const taken = Math.max(0, Math.min(most, limit.requests - window.count))
      window.count += taken
      return taken
    },
    giveBack(keyId, count, takenAtMs) {
      const window = windows.get(keyId)
      if (window !== undefined && window.startedAtMs <= takenAtMs && takenAtMs < window.endsAtMs) {
        window.count = Math.max(0, window.count - count)
      }
    },
    secondsLeft(keyId, nowMs) {
      const window = windows.get(keyId)
      return window === undefined ? 1 : Math.max(1, Math.ceil((window.endsAtMs - nowMs) / 1000))
    },
    sweep(nowMs) {
      for (const [keyId, window] of windows) if (window.endsAtMs <= nowMs) windows.delete(keyId)
    },
    get size() {
      return windows.size
    },
  }
}
