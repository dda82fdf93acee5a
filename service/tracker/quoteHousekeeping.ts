/**
 * The tracker's work on quotes never registered: expiry (`quoted` → `expired` after `QUOTE_TTL_SECONDS`) and
 * retention (deleted after `QUOTE_RETENTION_SECONDS`, in bounded batches). Both are idempotent statements over the
 * store: with N replicas each tracker runs them, and a row is expired or deleted once whichever runs first.
 */
import { log } from '../log.js'
import type { Store } from '../store/store.js'

/** Rows a retention statement deletes at most: a few milliseconds of write lock. */
export const RETENTION_BATCH_ROWS = 500
/** Retention statements a tick runs at most (10,000 rows: several times the quotes a second of full load adds). */
export const RETENTION_BATCHES_PER_TICK = 20

/** What one run did. */
export interface HousekeepingReport {
  /** Quotes marked `expired`. */
  readonly expired: number
  /** Quotes never registered deleted by retention. */
  readonly deleted: number
  /** More quotes are past retention than one run deletes: run again without waiting. */
  readonly isBacklogged: boolean
}

/** Options of `createQuoteHousekeeping`. */
export interface QuoteHousekeepingOptions {
  readonly store: Pick<Store, 'expireQuotes' | 'deleteUnregisteredQuotes'>
  /** `QUOTE_TTL_SECONDS`. */
  readonly quoteTtlSeconds: number
  /** `QUOTE_RETENTION_SECONDS`. */
  readonly quoteRetentionSeconds: number
}

/**
 * Expiry at most every `quoteTtlSeconds / 4` (and at most every minute), retention on every run.
 *
 * @example
 * const housekeeping = createQuoteHousekeeping({ store, quoteTtlSeconds: 1800, quoteRetentionSeconds: 604800 })
 * const { expired, deleted } = await housekeeping(Date.now() / 1000)
 */
export function createQuoteHousekeeping(
  options: QuoteHousekeepingOptions,
): (nowSeconds: number) => Promise<HousekeepingReport> {
  const { store, quoteTtlSeconds, quoteRetentionSeconds } = options
  const expireEverySeconds = Math.min(60, quoteTtlSeconds / 4)
  let lastExpiryAt = Number.NEGATIVE_INFINITY
  return async (nowSeconds) => {
    let expired = 0
    if (nowSeconds - lastExpiryAt >= expireEverySeconds) {
      expired = await store.expireQuotes(nowSeconds - quoteTtlSeconds)
      lastExpiryAt = nowSeconds
      if (expired > 0) log('info', 'tracker.quotes-expired', { count: expired })
    }
    const retention = await deleteExpiredQuotes(store, Math.floor(nowSeconds - quoteRetentionSeconds))
    if (retention.deleted > 0) log('info', 'tracker.quotes-deleted', { count: retention.deleted })
    return { expired, ...retention }
  }
}

/**
 * Retention: deletes quotes never registered created before `createdBefore`, `RETENTION_BATCH_ROWS` a statement
 * (each its own short write transaction, so a worker's quote waits for the lock a few milliseconds at most), at
 * most `RETENTION_BATCHES_PER_TICK` statements; more left over makes the run report a backlog.
 */
async function deleteExpiredQuotes(
  store: Pick<Store, 'deleteUnregisteredQuotes'>,
  createdBefore: number,
): Promise<{ deleted: number; isBacklogged: boolean }> {
  let deleted = 0
  for (let batch = 0; batch < RETENTION_BATCHES_PER_TICK; batch += 1) {
    const count = await store.deleteUnregisteredQuotes(createdBefore, RETENTION_BATCH_ROWS)
    deleted += count
    if (count < RETENTION_BATCH_ROWS) return { deleted, isBacklogged: false }
  }
  return { deleted, isBacklogged: true }
}
