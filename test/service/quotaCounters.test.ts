/**
 * The main thread's counters behind batch counting and quote quotas, on an injected clock: a batch's reservation
 * from the key's window (`rateLimiter.ts` `takeUpTo`, `giveBack`) and the daily quote quota (`dailyQuota.ts`).
 * Through the real service: admission.service.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createDailyQuota, secondsToNextUtcDay } from '../../service/rateLimit/dailyQuota.js'
import { createRateLimiter } from '../../service/rateLimit/rateLimiter.js'

const LIMIT = { requests: 5, windowSeconds: 60 }
const DAY = 86_400_000

describe('rate limiter reservations', () => {
  it('takes what the window has room for, gives back the unused part, and refuses beyond', () => {
    const limiter = createRateLimiter()
    expect(limiter.take('k', LIMIT, 0).isAllowed).toBe(true)
    expect(limiter.takeUpTo('k', LIMIT, 0, 24)).toBe(4)
    expect(limiter.take('k', LIMIT, 1).isAllowed).toBe(false)
    limiter.giveBack('k', 2, 0)
    expect(limiter.take('k', LIMIT, 2).isAllowed).toBe(true)
    expect(limiter.takeUpTo('k', LIMIT, 2, 24)).toBe(1)
    expect(limiter.secondsLeft('k', 2_000)).toBe(58)
  })

  it('a refund made after the window ended does not credit the next window', () => {
    const limiter = createRateLimiter()
    limiter.take('k', LIMIT, 0)
    expect(limiter.takeUpTo('k', LIMIT, 0, 4)).toBe(4)
    // The next window opens at 60 s and fills up; the old reservation's refund must not make room in it.
    for (let i = 0; i < 5; i += 1) expect(limiter.take('k', LIMIT, 60_000 + i).isAllowed).toBe(true)
    limiter.giveBack('k', 4, 0)
    expect(limiter.take('k', LIMIT, 60_010).isAllowed).toBe(false)
  })

  it('unlimited (0 requests): any reservation, nothing counted', () => {
    const limiter = createRateLimiter()
    expect(limiter.take('k', { requests: 0, windowSeconds: 60 }, 0).isAllowed).toBe(true)
    expect(limiter.takeUpTo('k', { requests: 0, windowSeconds: 60 }, 0, 24)).toBe(Number.POSITIVE_INFINITY)
    expect(limiter.size).toBe(0)
  })
})

describe('daily quote quota', () => {
  it('reserves up to what is left, settles to what was recorded, and starts over at 00:00 UTC', () => {
    let now = 10 * DAY + 1000
    const quota = createDailyQuota(() => now)
    expect(quota.reserve('k', 10, now, 25)).toBe(10)
    expect(quota.reserve('k', 10, now, 1)).toBe(0)
    // 10 reserved, 3 recorded: 7 back.
    quota.settle('k', 10, 3, now)
    expect(quota.usedBy('k', now)).toBe(3)
    expect(quota.reserve('k', 10, now, 25)).toBe(7)
    expect(secondsToNextUtcDay(now)).toBe(86_399)
    now = 11 * DAY
    expect(quota.usedBy('k', now)).toBe(0)
    // Yesterday's reservation settles into nothing today.
    quota.settle('k', 7, 0, 10 * DAY + 1000)
    expect(quota.usedBy('k', now)).toBe(0)
    expect(quota.reserve('k', 10, now, 4)).toBe(4)
  })

  it("starts from the store's count of the day, and ignores a count of another day", () => {
    const now = 3 * DAY + 5000
    const quota = createDailyQuota(() => now)
    quota.seed(new Map([['k', 8]]), 3 * DAY)
    quota.seed(new Map([['k', 100]]), 2 * DAY)
    expect(quota.usedBy('k', now)).toBe(8)
    expect(quota.reserve('k', 10, now, 25)).toBe(2)
    expect(quota.reserve('other', 0, now, 25)).toBe(Number.POSITIVE_INFINITY)
  })
})
