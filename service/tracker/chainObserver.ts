/**
 * How the tracker learns what happened to one leg of a transaction on its chain. Two implementations:
 * `simulatedObserver.ts` (the embedded default: a timeline from the quote) and `evmRpcObserver.ts` (a chain's
 * JSON-RPC node, for chains listed in `RPC_URLS`). The tracker picks one per leg (`tracker.ts`).
 *
 * Observers keep no state between calls: everything they answer follows from the parameters, which come from the
 * store, so a restarted tracker picks up exactly where the last one stopped.
 */
import { log } from '../log.js'
import type { Leg } from './trackingPlan.js'

/** What an observer saw of a leg. Times are unix seconds (fractions allowed). */
export type LegObservation =
  /** Nothing yet: look again at `checkAt`; `null` when nothing will change by itself. */
  | { readonly status: 'pending'; readonly checkAt: number | null }
  /** The leg happened: its `txPath` entry gets this hash and time. */
  | {
      readonly status: 'confirmed'
      readonly txHash: string
      readonly timestamp: number
      readonly detail?: Readonly<Record<string, unknown>>
    }
  /**
   * The leg failed: a source transaction that reverted (`txHash` set) or was never found, or a hop that did not
   * deliver. `reason` is for operators; `revertReason` is the chain's own message, when it gave one.
   */
  | {
      readonly status: 'failed'
      readonly timestamp: number
      readonly txHash?: string
      readonly reason: string
      readonly revertReason?: string
    }

/** What an observer is asked about. */
export interface ObserveLegParameters {
  /** The transaction's `txId` (the router's events carry it; simulated hashes derive from it). */
  readonly txId: string
  readonly leg: Leg
  /** The source transaction hash the user registered. */
  readonly srcTxHash: string
  /**
   * Unix seconds of the previous step: registration for the source leg, the previous `txPath` entry's timestamp for
   * a delivery, the failure for the refund.
   */
  readonly since: number
  /** Unix seconds, now. */
  readonly now: number
  /**
   * The quote's stored action response (SPEC §2.4), for what a chain can only match against the quote itself (the
   * Bitcoin memo); absent, such a check is not made.
   */
  readonly actionResponse?: unknown
}

/** Something that can tell what happened to a leg on a chain. */
export interface ChainObserver {
  /** `simulated` or `evm-rpc`: recorded in the progress detail, shown in logs. */
  readonly name: string
  /**
   * Whether this observer can see a leg of its chain; absent: source legs and last deliveries (the EVM observer).
   * The tracker hands the others to the simulated observer.
   */
  observes?(leg: Leg): boolean
  /**
   * Observes one leg. Resolves with `pending` rather than rejecting when the chain cannot be asked right now (a
   * node that does not answer); rejects only on a bug.
   */
  observe(parameters: ObserveLegParameters): Promise<LegObservation>
}

/**
 * Logs that a chain's node or API could not answer about a leg (`tracker.rpc-failed`): RPC observers then leave the
 * leg pending rather than fail a transaction on their own failure.
 *
 * @example logRpcFailure(42161, parameters, error)
 */
export function logRpcFailure(chainId: number, parameters: ObserveLegParameters, error: unknown): void {
  log('warn', 'tracker.rpc-failed', {
    chainId,
    txId: parameters.txId,
    leg: parameters.leg.index,
    reason: error instanceof Error ? error.message.split('\n')[0] : String(error),
  })
}
