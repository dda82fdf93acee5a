/**
 * What every RPC chain observer shares: the stateless backoff between looks at a pending leg, and the dispatch of a
 * leg to the observer's source or delivery lookup with a node failure turned into "pending, look again later".
 */
import { log } from '../log.js'
import type { ChainObserver, LegObservation, ObserveLegParameters } from './chainObserver.js'
import type { Leg } from './trackingPlan.js'

/** Looks up one kind of leg on the node; rejects when the node cannot be asked. */
export type LegLookup = (parameters: ObserveLegParameters) => Promise<LegObservation>

/** What `rpcObserver` assembles. */
export interface RpcObserverParts {
  /** `evm-rpc`, `solana-rpc`, …: recorded in the progress detail, shown in logs. */
  readonly name: string
  readonly chainId: number
  readonly observeSource: LegLookup
  /** The last delivery's lookup; absent when the chain has no marker for deliveries (no router address). */
  readonly observeDelivery?: LegLookup | undefined
  /** Run before each lookup (the EVM observer checks the node's chain id once); a rejection counts as a failure. */
  readonly beforeLookup?: () => Promise<void>
  /** When to look again at a leg still pending (`pendingLater`). */
  readonly later: (leg: Leg, since: number, now: number) => LegObservation
}

/**
 * A pending observation after a stateless backoff: a quarter of the time waited so far, between `minPollSeconds`
 * (and at least one block) and `maxPollSeconds`.
 *
 * @example pendingLater(leg, since, now, 1, 60) // { status: 'pending', checkAt: now + … }
 */
export function pendingLater(
  leg: Leg,
  since: number,
  now: number,
  minPollSeconds: number,
  maxPollSeconds: number,
): LegObservation {
  const wait = Math.min(maxPollSeconds, Math.max(minPollSeconds, leg.blockTimeMs / 1000, (now - since) / 4))
  return { status: 'pending', checkAt: now + wait }
}

/**
 * An RPC chain observer from its lookups. A leg it has no lookup for is the tracker's wiring bug (thrown before any
 * request); a lookup that rejects is a node failure: logged as `tracker.rpc-failed`, the leg stays pending.
 *
 * @example return rpcObserver({ name: 'solana-rpc', chainId, observeSource, observeDelivery, later })
 */
export function rpcObserver(parts: RpcObserverParts): ChainObserver {
  const { name, chainId } = parts
  return {
    name,
    async observe(parameters) {
      const { leg, since, now } = parameters
      const lookup =
        leg.kind === 'source' ? parts.observeSource : leg.kind === 'delivery' ? parts.observeDelivery : undefined
      if (lookup === undefined) throw new Error(`the ${name} observer does not observe ${leg.kind} legs`)
      try {
        await parts.beforeLookup?.()
        return await lookup(parameters)
      } catch (error) {
        log('warn', 'tracker.rpc-failed', {
          chainId,
          txId: parameters.txId,
          leg: leg.index,
          reason: error instanceof Error ? error.message.split('\n')[0] : String(error),
        })
        return parts.later(leg, since, now)
      }
    },
  }
}
