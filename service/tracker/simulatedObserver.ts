/**
 * The simulated chain observer (the embedded default, for chains without an `RPC_URLS` entry): each leg happens
 * when the quote said it would. The source transaction confirms one source block after registration; each bridge
 * hop delivers its lane's estimated time after the previous leg (plus one destination block on the last hop); a
 * refund arrives the failed lane's time plus one source block after the failure. Every duration is multiplied by
 * `SIMULATED_TIME_SCALE`.
 *
 * The hashes of delivery and refund legs are `simulatedTxHash` values (deterministic, in the chain's format); the
 * source leg keeps the hash the user registered. Outcomes other than success are injected per transaction
 * (`simulatedOutcomes.ts`).
 */
import type { ChainObserver, LegObservation, ObserveLegParameters } from './chainObserver.js'
import type { SimulatedOutcome } from './simulatedOutcomes.js'
import { simulatedTxHash } from './simulatedTxHash.js'

/** Options of `createSimulatedObserver`. */
export interface SimulatedObserverOptions {
  /** Factor on every simulated duration (`SIMULATED_TIME_SCALE`); 1 is real time. */
  readonly timeScale: number
  /** The injected outcome of a transaction; default: always `success`. */
  readonly outcomeOf?: (txId: string) => SimulatedOutcome
}

/**
 * Creates the simulated observer.
 *
 * | injected outcome | source leg | first hop's delivery | refund leg |
 * |---|---|---|---|
 * | `success` (default) | confirmed | delivered | — |
 * | `failed` | reverted → `failed` | — | — |
 * | `refunded` | confirmed (same-chain swap: reverted → `failed`) | not delivered → `requires refund` | → `refunded` |
 * | `requires refund` | as `refunded` | as `refunded` | never: stays `requires refund` |
 *
 * @example
 * const outcomeOf = (txId: string) => readSimulatedOutcome(dataDir, txId)
 * const observer = createSimulatedObserver({ timeScale: 0.001, outcomeOf })
 */
export function createSimulatedObserver(options: SimulatedObserverOptions): ChainObserver {
  const { timeScale } = options
  const outcomeOf = options.outcomeOf ?? (() => 'success')
  return {
    name: 'simulated',
    async observe({ txId, leg, srcTxHash, since, now }: ObserveLegParameters): Promise<LegObservation> {
      const outcome = outcomeOf(txId)
      if (leg.kind === 'refund' && outcome === 'requires refund') return { status: 'pending', checkAt: null }
      const dueAt = since + leg.expectedSeconds * timeScale
      if (now < dueAt) return { status: 'pending', checkAt: dueAt }
      const timestamp = Math.floor(dueAt)
      const isRefundOutcome = outcome === 'refunded' || outcome === 'requires refund'
      switch (leg.kind) {
        case 'source':
          // A same-chain swap cannot be refunded: it reverts as a whole.
          if (outcome === 'failed' || (isRefundOutcome && leg.isLast)) {
            return {
              status: 'failed',
              timestamp,
              txHash: srcTxHash,
              reason: `simulated outcome: ${outcome}`,
              revertReason: 'execution reverted (simulated)',
            }
          }
          return { status: 'confirmed', txHash: srcTxHash, timestamp }
        case 'delivery':
          if (isRefundOutcome && leg.index === 1) {
            return {
              status: 'failed',
              timestamp,
              reason: `simulated outcome: ${outcome}: ${leg.viaBridge} did not deliver on chain ${leg.chainId}`,
            }
          }
          return { status: 'confirmed', txHash: simulatedTxHash(leg.vm, txId, `delivery-${leg.index}`), timestamp }
        case 'refund':
          return { status: 'confirmed', txHash: simulatedTxHash(leg.vm, txId, 'refund'), timestamp }
      }
    },
  }
}
