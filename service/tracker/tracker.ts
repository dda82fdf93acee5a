/**
 * The status tracker: moves registered transactions through their lifecycle (README.md beside this file) and
 * expires quotes never registered. `thread.ts` calls `tick` on an interval, off the request path.
 *
 * Nothing is kept in memory between ticks: each tick reads the transactions due from the store, asks the chain
 * observers about their next leg, and writes what changed with `recordProgress`. A tracker stopped at any point
 * (even killed between an observation and its write) resumes from the store and observes the same thing again.
 */
import { DEFAULT_QUOTE_RETENTION_SECONDS } from '../config.js'
import { log, logError } from '../log.js'
import type { ProgressUpdate, Store, TrackedTransaction, TxPathEntry } from '../store/store.js'
import type { DepositStore } from '../store/depositStore.js'
import type { ChainObserver, LegObservation } from './chainObserver.js'
import { type DepositWatcher, watchDeposits } from './depositWatcher.js'
import { type Leg, type TrackingFacts, type TrackingPlan, planTracking } from './trackingPlan.js'

/** Rows a retention statement deletes at most: a few milliseconds of write lock. */
export const RETENTION_BATCH_ROWS = 500
/** Retention statements a tick runs at most (10,000 rows: several times the quotes a second of full load adds). */
export const RETENTION_BATCHES_PER_TICK = 20

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
export const TRACKING_LEASE_SECONDS = 60

/** What the tracker works with. */
export interface TrackerOptions {
  readonly store: Pick<Store, 'dueForTracking' | 'recordProgress' | 'expireQuotes' | 'deleteUnregisteredQuotes'> &
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
  readonly batchSize?: number
  readonly concurrency?: number
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
  const quoteRetentionSeconds = options.quoteRetentionSeconds ?? DEFAULT_QUOTE_RETENTION_SECONDS
  const rpc = options.rpc ?? new Map<number, ChainObserver>()
  const depositWatchers = options.depositWatchers ?? []
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  const expireEverySeconds = Math.min(60, quoteTtlSeconds / 4)
  let lastExpiryAt = Number.NEGATIVE_INFINITY

  /** Source legs and the last delivery go to the chain's RPC observer if it has one; the rest is simulated. */
  const observerFor = (leg: Leg): ChainObserver => {
    const observer = leg.kind === 'source' || (leg.kind === 'delivery' && leg.isLast) ? rpc.get(leg.chainId) : undefined
    return observer !== undefined && (observer.observes?.(leg) ?? true) ? observer : simulated
  }

  async function advance(tx: TrackedTransaction, now: number): Promise<void> {
    const plan = planTracking(tx, facts)
    const update =
      tx.status === 'requires refund' ? await advanceRefund(tx, plan, now) : await advancePending(tx, plan, now)
    if (update.status !== undefined) await options.settleWorkflow?.(tx, update)
    await store.recordProgress(tx.txId, update)
    if (update.status !== undefined) {
      log('info', 'tracker.status', {
        txId: tx.txId,
        status: update.status,
        txPath: tx.txPath.length + (update.appendTxPath?.length ?? 0),
      })
    }
  }

  /** Observes the legs after the last `txPath` entry, in order, for as long as they have happened. */
  async function advancePending(tx: TrackedTransaction, plan: TrackingPlan, now: number): Promise<ProgressUpdate> {
    const appended: TxPathEntry[] = []
    const detail: Record<string, unknown> = {}
    const changedAt = Math.floor(now)
    for (let index = tx.txPath.length; ; index += 1) {
      const leg = plan.legs[index]
      const previous = appended.at(-1) ?? tx.txPath.at(-1)
      // Every leg is in txPath but the status was never set (cannot happen: the last append sets it): finish.
      if (leg === undefined)
        return {
          status: 'success',
          appendTxPath: appended,
          dstTxHash: previous?.txHash,
          nextCheckAt: null,
          updatedAt: changedAt,
        }
      const since = previous === undefined ? tx.registeredAt : Number(previous.timestamp)
      const observation: LegObservation = await observerFor(leg).observe({
        txId: tx.txId,
        leg,
        srcTxHash: tx.srcTxHash,
        since,
        now,
      })
      switch (observation.status) {
        case 'pending':
          return {
            ...(appended.length > 0 ? { appendTxPath: appended, detail } : {}),
            nextCheckAt: observation.checkAt,
            // updatedAt moves only when something changed: the refund leg is timed from it.
            updatedAt: appended.length > 0 ? changedAt : tx.updatedAt,
          }
        case 'confirmed': {
          appended.push({
            chainId: leg.chainId,
            txHash: observation.txHash,
            timestamp: String(observation.timestamp),
            nextBridge: leg.nextBridge,
          })
          Object.assign(detail, observation.detail)
          if (leg.kind === 'source' && detail.srcValue === undefined) detail.srcValue = quotedValue(tx.actionResponse)
          if (!leg.isLast) continue
          if (detail.amountOut === undefined && observerFor(leg) === simulated)
            detail.amountOut = quotedAmountOut(tx.actionResponse)
          return {
            status: 'success',
            appendTxPath: appended,
            dstTxHash: observation.txHash,
            nextCheckAt: null,
            detail,
            updatedAt: changedAt,
          }
        }
        case 'failed': {
          detail.failureReason = observation.reason
          if (observation.revertReason !== undefined) detail.revertReason = observation.revertReason
          if (leg.kind === 'source') {
            // The reverted transaction is on chain: it is the journey's only hop.
            if (observation.txHash !== undefined) {
              appended.push({
                chainId: leg.chainId,
                txHash: observation.txHash,
                timestamp: String(observation.timestamp),
                nextBridge: '',
              })
            }
            return { status: 'failed', appendTxPath: appended, nextCheckAt: null, detail, updatedAt: changedAt }
          }
          // Funds left the source chain and did not arrive: a refund is owed. The refund leg is timed from now
          // (`updatedAt`); ask now when it is due, so that the first look at it is on time.
          const refund =
            plan.refund === undefined
              ? undefined
              : await simulated.observe({
                  txId: tx.txId,
                  leg: plan.refund,
                  srcTxHash: tx.srcTxHash,
                  since: changedAt,
                  now,
                })
          const nextCheckAt = refund === undefined ? null : refund.status === 'pending' ? refund.checkAt : now
          return { status: 'requires refund', appendTxPath: appended, nextCheckAt, detail, updatedAt: changedAt }
        }
      }
    }
  }

  /** `requires refund`: the refund leg, on the source chain, timed from when the status was set (`updatedAt`). */
  async function advanceRefund(tx: TrackedTransaction, plan: TrackingPlan, now: number): Promise<ProgressUpdate> {
    const leg = plan.refund
    if (leg === undefined) return { nextCheckAt: null, updatedAt: tx.updatedAt }
    const observation = await simulated.observe({
      txId: tx.txId,
      leg,
      srcTxHash: tx.srcTxHash,
      since: tx.updatedAt,
      now,
    })
    if (observation.status !== 'confirmed') {
      return { nextCheckAt: observation.status === 'pending' ? observation.checkAt : null, updatedAt: tx.updatedAt }
    }
    return {
      status: 'refunded',
      appendTxPath: [
        { chainId: leg.chainId, txHash: observation.txHash, timestamp: String(observation.timestamp), nextBridge: '' },
      ],
      nextCheckAt: null,
      updatedAt: Math.floor(now),
    }
  }

  async function advanceSafely(tx: TrackedTransaction, now: number): Promise<void> {
    try {
      await advance(tx, now)
    } catch (error) {
      logError('tracker.advance-failed', error, { txId: tx.txId, retryInSeconds: ERROR_RETRY_SECONDS })
      try {
        await store.recordProgress(tx.txId, { nextCheckAt: now + ERROR_RETRY_SECONDS, updatedAt: tx.updatedAt })
      } catch (storeError) {
        logError('tracker.reschedule-failed', storeError, { txId: tx.txId })
      }
    }
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
      let expired = 0
      if (nowSeconds - lastExpiryAt >= expireEverySeconds) {
        expired = await store.expireQuotes(nowSeconds - quoteTtlSeconds)
        lastExpiryAt = nowSeconds
        if (expired > 0) log('info', 'tracker.quotes-expired', { count: expired })
      }
      const retention = await deleteExpiredQuotes(store, Math.floor(nowSeconds - quoteRetentionSeconds))
      if (retention.deleted > 0) log('info', 'tracker.quotes-deleted', { count: retention.deleted })
      const deposits = await registerDeposits(nowSeconds)
      const due = await store.dueForTracking(nowSeconds, batchSize, TRACKING_LEASE_SECONDS)
      for (let start = 0; start < due.length; start += concurrency) {
        await Promise.all(due.slice(start, start + concurrency).map((tx) => advanceSafely(tx, nowSeconds)))
      }
      return {
        checked: due.length,
        expired,
        deleted: retention.deleted,
        deposits,
        isBacklogged: due.length === batchSize || retention.isBacklogged,
      }
    },
  }
}

/**
 * Retention: deletes quotes never registered created before `createdBefore`, `RETENTION_BATCH_ROWS` a statement
 * (each its own short write transaction, so a worker's quote waits for the lock a few milliseconds at most), at
 * most `RETENTION_BATCHES_PER_TICK` statements; more left over makes the tick report a backlog.
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

/** `tx.value` of the stored action response: the wei the quote's transaction sends. */
function quotedValue(actionResponse: unknown): string | undefined {
  const value = (actionResponse as { tx?: { value?: unknown } } | null)?.tx?.value
  return typeof value === 'string' ? value : undefined
}

/** `amountOut.amount` of the stored action response: what a simulated delivery delivers. */
function quotedAmountOut(actionResponse: unknown): string | undefined {
  const amount = (actionResponse as { amountOut?: { amount?: unknown } } | null)?.amountOut?.amount
  return typeof amount === 'string' ? amount : undefined
}
