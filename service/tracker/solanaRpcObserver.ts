/**
 * The Solana JSON-RPC chain observer, for a Solana chain with an `RPC_URLS` entry (web3.js `Connection`).
 *
 * - **Source leg**: `getSignatureStatuses` of the registered signature (history searched). `confirmed` or
 *   `finalized` without error, and the transaction executes this quote (`getTransaction`: an SPL Memo instruction
 *   carrying the `txId`, as the quote's own transaction has, or the quote's deposit address among its accounts) →
 *   confirmed at its slot's time (`getBlockTime`); without error but another quote's → failed, nothing appended;
 *   with an error → failed, the
 *   runtime's error as `revertReason` (e.g. `{"InstructionError":[2,{"Custom":1}]}`); unknown → looked at again
 *   after a backoff, and failed once `notFoundTimeoutSeconds` (default 300 s) have passed since registration: a
 *   transaction whose recent blockhash expired (about 150 slots, a minute) can no longer land, so it was dropped.
 * - **Last delivery leg** (a bridge into Solana): the vault's (`routerAddress`) transactions since the previous leg
 *   (`getSignaturesForAddress`), the first successful one whose memo carries the `txId`; none within
 *   `deliveryTimeoutSeconds(leg)` → failed, i.e. `requires refund`.
 *
 * A node that does not answer never fails a transaction: the leg stays pending and the problem is logged.
 */
import type { Connection, VersionedMessage } from '@solana/web3.js'
import { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { MEMO_PROGRAM_ID, depositAddressOf } from '../../engine/transactions.js'
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
 * Whether a transaction's message executes the quote `txId`: an SPL Memo instruction whose text carries the `txId`
 * (the quote's transaction signs one, engine/vm/solana/README.md), or the quote's deposit address (derived from
 * `routerAddress`) among its accounts (a deposit the user registers). Program ids are static accounts, never loaded
 * from a lookup table, so the memo is found in the message alone.
 *
 * @example executesSolanaQuote(response.transaction.message, txId, vault) // true
 */
export function executesSolanaQuote(message: VersionedMessage, txId: string, routerAddress?: string): boolean {
  const keys = message.staticAccountKeys
  const quote = txId.toLowerCase()
  const hasMemo = message.compiledInstructions.some(
    (instruction) =>
      keys[instruction.programIdIndex]?.equals(MEMO_PROGRAM_ID) === true &&
      Buffer.from(instruction.data).toString('utf8').toLowerCase().includes(quote),
  )
  if (hasMemo || routerAddress === undefined) return hasMemo
  try {
    const deposit = depositAddressOf({ vm: 'solana', routerAddress }, txId as Hex)
    return keys.some((key) => key.toBase58() === deposit)
  } catch {
    return false // not a 32-byte txId: no deposit address
  }
}

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

  async function observeSource({ txId, leg, srcTxHash, since, now }: ObserveLegParameters): Promise<LegObservation> {
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
      const transaction = await connection.getTransaction(srcTxHash, { maxSupportedTransactionVersion: 0 })
      // Confirmed but not served yet (a node behind its own status): look again.
      if (transaction === null) return later(leg, since, now)
      if (!executesSolanaQuote(transaction.transaction.message, txId, options.routerAddress)) {
        return {
          status: 'failed',
          timestamp,
          reason: `transaction ${srcTxHash} does not execute quote ${txId}: no memo of it, no payment to its deposit address`,
        }
      }
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
