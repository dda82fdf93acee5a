/**
 * The Solana JSON-RPC chain observer, for a Solana chain with an `RPC_URLS` entry (web3.js `Connection`).
 *
 * - **Source leg**: `getSignatureStatuses` of the registered signature (history searched). `confirmed` or
 *   `finalized` without error → confirmed at its slot's time (`getBlockTime`); with an error → failed, the
 *   runtime's error as `revertReason` (e.g. `{"InstructionError":[2,{"Custom":1}]}`); unknown → looked at again
 *   after a backoff, and failed once `notFoundTimeoutSeconds` (default 300 s) have passed since registration: a
 *   transaction whose recent blockhash expired (about 150 slots, a minute) can no longer land, so it was dropped.
 * - **Last delivery leg** (a bridge into Solana): the vault's (`routerAddress`) transactions since the previous leg
 *   (`getSignaturesForAddress`), the first successful one whose memo carries the `txId`; none within
 *   `deliveryTimeoutSeconds(leg)` → failed, i.e. `requires refund`.
 *
 * A node that does not answer never fails a transaction: the leg stays pending and the problem is logged.
 */
import type { Connection } from '@solana/web3.js'
import { PublicKey } from '@solana/web3.js'
import { solanaModule } from '../../engine/vm/solana.js'
import { solanaConnection } from '../vm/solanaConnection.js'
import type { ChainObserver, LegObservation, ObserveLegParameters } from './chainObserver.js'
import type { EvmRpcObserverOptions } from './evmRpcObserver.js'
import { pendingLater, rpcObserver } from './rpcObserverShell.js'
import type { Leg } from './trackingPlan.js'

/** Options of `createSolanaRpcObserver`: those of every RPC observer (`RPC_URLS` entry and snapshot facts). */
export type SolanaRpcObserverOptions = EvmRpcObserverOptions

/** Signatures read per `getSignaturesForAddress` page (the RPC's maximum is 1000). */
const SIGNATURE_PAGE = 1000

/**
 * Creates the observer of one Solana chain.
 *
 * @example
 * const solana = createSolanaRpcObserver({ chainId: 1151111081099710, url: 'http://127.0.0.1:8899', routerAddress })
 * await solana.observe({ txId, leg, srcTxHash, since: registeredAt, now: Date.now() / 1000 })
 */
export function createSolanaRpcObserver(options: SolanaRpcObserverOptions): ChainObserver {
  const { chainId } = options
  const minPoll = options.minPollSeconds ?? 1
  const maxPoll = options.maxPollSeconds ?? 60
  const notFoundTimeout = options.notFoundTimeoutSeconds ?? 300
  const deliveryTimeout = options.deliveryTimeoutSeconds ?? ((leg: Leg) => Math.max(3600, 10 * leg.expectedSeconds))
  const connection: Connection = solanaConnection(options.url, options.requestTimeoutMs ?? 10_000)

  const later = (leg: Leg, since: number, now: number) => pendingLater(leg, since, now, minPoll, maxPoll)
  const slotTime = async (slot: number, now: number) => (await connection.getBlockTime(slot)) ?? Math.floor(now)

  async function observeSource({ leg, srcTxHash, since, now }: ObserveLegParameters): Promise<LegObservation> {
    const problem = solanaModule.txHashProblem(srcTxHash)
    if (problem !== undefined) return { status: 'failed', timestamp: Math.floor(now), reason: problem }
    const { value } = await connection.getSignatureStatuses([srcTxHash], { searchTransactionHistory: true })
    const status = value[0]
    if (status === null || status === undefined || status.confirmationStatus === 'processed') {
      if (status || now - since <= notFoundTimeout) return later(leg, since, now)
      return {
        status: 'failed',
        timestamp: Math.floor(now),
        reason: `transaction ${srcTxHash} not found on chain ${chainId} within ${notFoundTimeout} s (dropped: its blockhash expired)`,
      }
    }
    const timestamp = await slotTime(status.slot, now)
    if (status.err === null) {
      return { status: 'confirmed', txHash: srcTxHash, timestamp, detail: { srcBlockNumber: status.slot } }
    }
    return {
      status: 'failed',
      timestamp,
      txHash: srcTxHash,
      reason: `transaction failed in slot ${status.slot}`,
      revertReason: JSON.stringify(status.err),
    }
  }

  async function observeDelivery({ txId, leg, since, now }: ObserveLegParameters): Promise<LegObservation> {
    const vault = new PublicKey(options.routerAddress!)
    const signatures = await connection.getSignaturesForAddress(vault, { limit: SIGNATURE_PAGE })
    const delivered = signatures.find(
      (entry) => entry.err === null && entry.memo?.includes(txId) && (entry.blockTime ?? now) >= Math.floor(since),
    )
    if (delivered !== undefined) {
      return {
        status: 'confirmed',
        txHash: delivered.signature,
        timestamp: delivered.blockTime ?? (await slotTime(delivered.slot, now)),
        detail: { dstBlockNumber: delivered.slot },
      }
    }
    const timeout = deliveryTimeout(leg)
    if (now - since <= timeout) return later(leg, since, now)
    return {
      status: 'failed',
      timestamp: Math.floor(now),
      reason: `no vault transaction with the memo ${txId} on chain ${chainId} within ${timeout} s`,
    }
  }

  return rpcObserver({
    name: 'solana-rpc',
    chainId,
    observeSource,
    observeDelivery: options.routerAddress === undefined ? undefined : observeDelivery,
    later,
  })
}
