/**
 * What changed for one tracked transaction: its next legs observed in order (the chain's RPC observer for source
 * legs and last deliveries where `RPC_URLS` has the chain, the simulated observer for the rest) and the
 * `ProgressUpdate` to record. Reads nothing and writes nothing in the store: `tracker.ts` records the update under
 * its claim.
 */
import type { ProgressUpdate, TrackedTransaction, TxPathEntry } from '../store/store.js'
import type { ChainObserver, LegObservation } from './chainObserver.js'
import { type Leg, type TrackingFacts, type TrackingPlan, planTracking } from './trackingPlan.js'

/** The observers and chain facts a transaction's progress is read with. */
export interface LegProgressOptions {
  readonly facts: TrackingFacts
  /** Observes every leg no RPC observer takes. */
  readonly simulated: ChainObserver
  /** RPC observers by chain id (`RPC_URLS`). */
  readonly rpc?: ReadonlyMap<number, ChainObserver>
}

/**
 * The progress reader: `progressOf(tx, now)` observes the legs after `tx.txPath` (or the refund leg of a
 * transaction in `requires refund`) and returns what to record.
 *
 * @example
 * const progressOf = createLegProgress({ facts, simulated })
 * await store.recordProgress(tx.txId, await progressOf(tx, Date.now() / 1000), tx.claim)
 */
export function createLegProgress(
  options: LegProgressOptions,
): (tx: TrackedTransaction, now: number) => Promise<ProgressUpdate> {
  const { facts, simulated } = options
  const rpc = options.rpc ?? new Map<number, ChainObserver>()

  /** Source legs and the last delivery go to the chain's RPC observer if it has one; the rest is simulated. */
  const observerFor = (leg: Leg): ChainObserver => {
    const observer = leg.kind === 'source' || (leg.kind === 'delivery' && leg.isLast) ? rpc.get(leg.chainId) : undefined
    return observer !== undefined && (observer.observes?.(leg) ?? true) ? observer : simulated
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
        actionResponse: tx.actionResponse,
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

  return (tx, now) => {
    const plan = planTracking(tx, facts)
    return tx.status === 'requires refund' ? advanceRefund(tx, plan, now) : advancePending(tx, plan, now)
  }
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
