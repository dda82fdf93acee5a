/**
 * What a deposit to a quote's deposit address does to the transaction (README "Deposit addresses"), the way
 * deposit-address services such as THORChain's inbound addresses and Relay's deposit addresses treat amounts that
 * differ from the quote:
 *
 * - **at least `amountInMax`** → executed as quoted: status `pending`, then tracked like any registration. The
 *   quote's `amountInMax` is swapped; anything above it (`depositExcess`) is returned to `refundTo` by the forwarder
 *   with the execution.
 * - **less than `amountInMax`** → not executed (the quote's minimum output could not be honoured): status
 *   `requires refund` at once, the deposit as the only `txPath` entry, `failureReason` saying by how much it fell
 *   short; the whole deposit is owed back to `refundTo`. Tracking stops there.
 *
 * Only the first deposit seen at an address counts: the quote is registered by it, and the address is no longer
 * watched.
 */
import type { DepositRegistration, DepositWatch } from '../store/depositStore.js'

/** A transfer into a watched deposit address, as a deposit watcher saw it. */
export interface DetectedDeposit {
  /** The quote whose deposit address received it. */
  readonly txId: string
  /** The deposit transaction, in stored form (`normalizeTxHash`). */
  readonly txHash: string
  /** What arrived, base units of the quote's input token. */
  readonly amount: bigint
  /** Unix seconds of its block. */
  readonly timestamp: number
  /** What the watcher adds to the detail (`depositBlockNumber`). */
  readonly detail?: Readonly<Record<string, unknown>>
}

/**
 * The registration of a detected deposit under the amount rule above.
 *
 * @param watch - the quote's watch (what it requires).
 * @param deposit - what arrived.
 * @param registeredAt - unix seconds, now.
 * @example depositRegistration(watch, { txId, txHash, amount: 5n, timestamp }, now).status // 'requires refund'
 */
export function depositRegistration(
  watch: DepositWatch,
  deposit: DetectedDeposit,
  registeredAt: number,
): DepositRegistration {
  const required = BigInt(watch.amountRequired)
  const registration = {
    txId: watch.txId,
    txHash: deposit.txHash,
    chainId: watch.chainId,
    vmId: watch.vmId,
    registeredAt,
  }
  const detail = { ...deposit.detail, depositAmount: deposit.amount.toString() }
  if (deposit.amount >= required) {
    const excess = deposit.amount - required
    return {
      ...registration,
      status: 'pending',
      detail: excess === 0n ? detail : { ...detail, depositExcess: excess.toString() },
    }
  }
  return {
    ...registration,
    status: 'requires refund',
    txPath: [
      {
        chainId: watch.chainId,
        txHash: deposit.txHash,
        timestamp: String(Math.floor(deposit.timestamp)),
        nextBridge: '',
      },
    ],
    detail: {
      ...detail,
      failureReason: `deposit of ${deposit.amount} is below the quote's amountInMax ${required} (short by ${required - deposit.amount}): not executed, owed back to refundTo`,
    },
  }
}
