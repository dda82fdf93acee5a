/**
 * Quotes per API key per UTC day, counted on the main thread (`admission.ts`): every quote is a row in the store,
 * kept `QUOTE_RETENTION_SECONDS`, so a key's daily quota (`DAILY_QUOTE_QUOTA`, or its own: `npm run keys:quota`)
 * bounds how much one key can make the store grow.
 *
 * A request reserves the quotes it may record before it is queued (a `getAction` one, a batch its items) and settles
 * to what it recorded when answered, so concurrent requests cannot overrun the quota together. Counted per replica,
 * like the rate limits; at start, today's count of each key is read back from the store (`seed`), so a restart does
 * not hand out a fresh quota.
 */

/** One day, in milliseconds. */
const DAY_MS = 86_400_000

/** The counters of quotes per key for the current UTC day. */
export interface DailyQuota {
  /**
   * Reserves up to `most` quotes of `keyId` today against `quota` (0: unlimited, nothing counted).
   * @returns how many were reserved (`Infinity` when unlimited; 0 when the day's quota is used up)
   */
  reserve(keyId: string, quota: number, nowMs: number, most: number): number
  /** Settles a reservation of `reserved` quotes made at `reservedAtMs` to the `recorded` ones (same day only). */
  settle(keyId: string, reserved: number, recorded: number, reservedAtMs: number): void
  /** Adds counts read from the store for the day of `dayOfMs` (ignored when that day is over). */
  seed(counts: ReadonlyMap<string, number>, dayOfMs: number): void
  /** Quotes of `keyId` counted today (reservations included). */
  usedBy(keyId: string, nowMs: number): number
}

/**
 * Seconds until the UTC day of `nowMs` ends (at least 1): when a used-up quota is whole again.
 *
 * @example secondsToNextUtcDay(Date.UTC(2026, 0, 1, 23, 59, 30)) // 30
 */
export function secondsToNextUtcDay(nowMs: number): number {
  return Math.max(1, Math.ceil(((Math.floor(nowMs / DAY_MS) + 1) * DAY_MS - nowMs) / 1000))
}

/**
 * New, empty counters.
 *
 * @param clock - milliseconds now, for `settle` and `seed`; `Date.now` by default.
 * @example
 * const quota = createDailyQuota()
 * quota.reserve('key_1', 1000, Date.now(), 25) // 25
 */
export function createDailyQuota(clock: () => number = Date.now): DailyQuota {
  let day = -1
  let counts = new Map<string, number>()
  /** The counters of the day of `nowMs`, emptied when a new day starts. */
  const today = (nowMs: number) => {
    const current = Math.floor(nowMs / DAY_MS)
    if (current !== day) {
      day = current
      counts = new Map()
    }
    return counts
  }
  return {
    reserve(keyId, quota, nowMs, most) {
      if (quota === 0) return Number.POSITIVE_INFINITY
      const counted = today(nowMs)
      const used = counted.get(keyId) ?? 0
      const reserved = Math.max(0, Math.min(most, quota - used))
      if (reserved > 0) counted.set(keyId, used + reserved)
      return reserved
    },
    settle(keyId, reserved, recorded, reservedAtMs) {
      if (!Number.isFinite(reserved) || reserved === recorded) return
      const counted = today(clock())
      if (Math.floor(reservedAtMs / DAY_MS) !== day) return
      counted.set(keyId, Math.max(0, (counted.get(keyId) ?? 0) - reserved + recorded))
    },
    seed(seeded, dayOfMs) {
      const counted = today(clock())
      if (Math.floor(dayOfMs / DAY_MS) !== day) return
      for (const [keyId, count] of seeded) counted.set(keyId, (counted.get(keyId) ?? 0) + count)
    },
    usedBy(keyId, nowMs) {
      return today(nowMs).get(keyId) ?? 0
    },
  }
}
