/**
 * The status tracker: moves registered transactions through their lifecycle (README.md beside this file) and
 * expires quotes never registered. `thread.ts` calls `tick` on an interval, off the request path.
 *
 * Nothing is kept in memory between ticks: each tick claims the transactions due from the store
 * (`dueForTracking`, a lease of `leaseSeconds`), asks the chain observers about their next leg, and writes what
 * changed with `recordProgress` under its claim. A tracker stopped at any point (even killed between an observation
 * and its write) resumes from the store and observes the same thing again; so does another replica's tracker once
 * the lease ends. A write refused because the claim was lost means another tracker has the transaction.
 */
import { DEFAULT_LEASE_SECONDS, DEFAULT_QUOTE_RETENTION_SECONDS } from '../config.js'
import { log, logError } from '../log.js'
import type { ProgressUpdate, Store, TrackedTransaction } from '../store/store.js'
import type { DepositStore } from '../store/depositStore.js'
import type { ChainObserver } from './chainObserver.js'
import { type DepositWatcher, watchDeposits } from './depositWatcher.js'
import { createQuoteHousekeeping } from './quoteHousekeeping.js'
import { createLegProgress } from './legProgress.js'
import type { TrackingFacts } from './trackingPlan.js'

/** Transactions read per store query. */
export const DEFAULT_BATCH_SIZE = 100
/** Transactions observed at once (RPC requests in flight). */
export const DEFAULT_CONCURRENCY = 8
/** When something unexpected fails for one transaction, it is looked at again after this many seconds. */
export const ERROR_RETRY_SECONDS = 60

/**
 * How long a due transaction stays claimed by the tracker that read it (`Store.dueForTracking`): another tracker
 * takes it over only after this, should this one die mid-check.
 */

/** What the tracker works with. */
export interface TrackerOptions {
  readonly store: Pick<
    Store,
    'dueForTracking' | 'recordProgress' | 'expireQuotes' | 'deleteUnregisteredQuotes' | 'claimSourceTransaction'
  > &
    DepositStore
  readonly facts: TrackingFacts
  /** Observes every leg no RPC observer takes. */
  readonly simulated: ChainObserver
  /** RPC observers by chain id (`RPC_URLS`): they observe source legs and last deliveries on their chain. */
  readonly rpc?: ReadonlyMap<number, ChainObserver>
  /** Deposit watchers by source chain (`depositWatcher.ts`); they need the store's `DepositStore` methods. */
  readonly depositWatchers?: readonly DepositWatcher[]
  /** `QUOTE_TTL_SECONDS`: quotes never registered expire after this. */
  readonly quoteTtlSeconds: number
  /** `QUOTE_RETENTION_SECONDS`: quotes never registered are deleted after this; default 7 days. */
  readonly quoteRetentionSeconds?: number
  /** Transactions advanced at most per tick (claimed `concurrency` at a time). */
  readonly batchSize?: number
  readonly concurrency?: number
  /** `TRACKER_LEASE_SECONDS`: how long a claim lasts (`dueForTracking`); default `DEFAULT_LEASE_SECONDS`. */
  readonly leaseSeconds?: number
  /**
   * Called before a new status is recorded: the venue's order workflow places its order or fails
   * (`service/venue/placeOrder.ts`). Idempotent; if it throws, nothing is recorded and the transaction is retried.
   */
  readonly settleWorkflow?: (tx: TrackedTransaction, update: ProgressUpdate) => Promise<void>
}

/** What one tick did. */
export interface TickReport {
  /** Transactions looked at. */
  readonly checked: number
  /** Of those, writes refused because another tracker claimed the transaction meanwhile (lease ended). */
  readonly claimsLost: number
  /** Quotes marked `expired`. */
  readonly expired: number
  /** Quotes never registered deleted by retention. */
  readonly deleted: number
  /** Deposits to deposit addresses registered. */
  readonly deposits: number
  /** Whether more transactions were due than one batch: call `tick` again without waiting. */
  readonly isBacklogged: boolean
}

/** The tracker: one `tick` at a time. */
export interface Tracker {
  /**
   * Expires old quotes (at most every `quoteTtlSeconds / 4`, at most every minute), deletes quotes past their
   * retention (bounded batches), registers the deposits the deposit watchers see, then advances one batch of due
   * transactions.
   */
  tick(nowSeconds?: number): Promise<TickReport>
}

/**
 * Creates a tracker over a store and chain observers.
 *
 * @example
 * const simulated = createSimulatedObserver({ timeScale: 1 })
 * const tracker = createTracker({ store, facts, simulated, quoteTtlSeconds: 1800 })
 * setInterval(() => void tracker.tick(), 1000)
 */
export function createTracker(options: TrackerOptions): Tracker {
  const { store, facts, simulated, quoteTtlSeconds } = options
  const housekeeping = createQuoteHousekeeping({
    store,
    quoteTtlSeconds,
    quoteRetentionSeconds: options.quoteRetentionSeconds ?? DEFAULT_QUOTE_RETENTION_SECONDS,
  })
  const depositWatchers = options.depositWatchers ?? []
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS

  const progressOf = createLegProgress({ facts, simulated, rpc: options.rpc })

  /**
   * A source leg confirmed now: the chain transaction is claimed for this `txId` (`claimSourceTransaction`). When
   * another registration of the same hash (another organization's: within one, a hash has one row) holds it
   * already, this one ends `failed` instead — one chain transaction executes one quote and is counted once. The
   * observers that read the chain have already refused a transaction of another quote (README "Source
   * transactions"); this settles the legs none can tie to a quote (simulated ones), whatever the order in which
   * trackers and replicas see them.
   */
  async function claimSource(tx: TrackedTransaction, update: ProgressUpdate): Promise<ProgressUpdate> {
    if (tx.txPath.length > 0 || update.status === 'failed' || (update.appendTxPath ?? []).length === 0) return update
    const holder = await store.claimSourceTransaction(tx.txId, tx.srcChainId, tx.srcTxHash)
    if (holder === tx.txId) return update
    log('warn', 'tracker.source-taken', { txId: tx.txId, chainId: tx.srcChainId, txHash: tx.srcTxHash })
    return {
      status: 'failed',
      nextCheckAt: null,
      detail: { failureReason: `transaction ${tx.srcTxHash} executes another quote` },
      updatedAt: update.updatedAt,
    }
  }

  /** Observes and records; `false` when the claim was lost (another tracker has the transaction now). */
  async function advance(tx: TrackedTransaction, now: number): Promise<boolean> {
    const update = await claimSource(tx, await progressOf(tx, now))
    // Idempotent (only a pending workflow is settled): a tracker whose claim is lost below may have run it too.
    if (update.status !== undefined) await options.settleWorkflow?.(tx, update)
    if (!(await store.recordProgress(tx.txId, update, tx.claim))) {
      log('info', 'tracker.claim-lost', { txId: tx.txId, leaseSeconds })
      return false
    }
    if (update.status !== undefined) {
      log('info', 'tracker.status', {
        txId: tx.txId,
        status: update.status,
        txPath: tx.txPath.length + (update.appendTxPath?.length ?? 0),
      })
    }
    return true
  }

  /** `advance`, and on an error a retry in `ERROR_RETRY_SECONDS` (under the same claim); `false`: claim lost. */
  async function advanceSafely(tx: TrackedTransaction, now: number): Promise<boolean> {
    try {
      return await advance(tx, now)
    } catch (error) {
      logError('tracker.advance-failed', error, { txId: tx.txId, retryInSeconds: ERROR_RETRY_SECONDS })
      try {
        const retry = { nextCheckAt: now + ERROR_RETRY_SECONDS, updatedAt: tx.updatedAt }
        return await store.recordProgress(tx.txId, retry, tx.claim)
      } catch (storeError) {
        // The claim's lease makes it due again anyway.
        logError('tracker.reschedule-failed', storeError, { txId: tx.txId })
        return true
      }
    }
  }

  /**
   * Claims and advances up to `batchSize` due transactions, `concurrency` at a time: a claim is held only while
   * its transactions are observed (the lease need cover one observation, not a batch), and replicas share the due
   * transactions in small portions.
   */
  async function advanceDue(now: number): Promise<{ checked: number; claimsLost: number }> {
    let checked = 0
    let claimsLost = 0
    while (checked < batchSize) {
      const wanted = Math.min(concurrency, batchSize - checked)
      const due = await store.dueForTracking(now, wanted, leaseSeconds)
      const outcomes = await Promise.all(due.map((tx) => advanceSafely(tx, now)))
      checked += due.length
      claimsLost += outcomes.filter((isRecorded) => !isRecorded).length
      if (due.length < wanted) break
    }
    return { checked, claimsLost }
  }

  /** Deposits seen this tick, registered before the due transactions are read: they are tracked in this tick. */
  async function registerDeposits(now: number): Promise<number> {
    if (depositWatchers.length === 0) return 0
    try {
      return await watchDeposits(store, depositWatchers, now)
    } catch (error) {
      logError('tracker.deposits-failed', error)
      return 0
    }
  }

  return {
    async tick(nowSeconds = Date.now() / 1000) {
      const quotes = await housekeeping(nowSeconds)
      const deposits = await registerDeposits(nowSeconds)
      const { checked, claimsLost } = await advanceDue(nowSeconds)
      return {
        checked,
        claimsLost,
        expired: quotes.expired,
        deleted: quotes.deleted,
        deposits,
        isBacklogged: checked === batchSize || quotes.isBacklogged,
      }
    },
  }
}
