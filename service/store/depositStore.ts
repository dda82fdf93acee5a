/**
 * The store's part for deposit addresses (`returnDepositAddress=true`, README "Deposit addresses"): the watches
 * recorded with quotes, what the tracker lists and registers, and the EVM watcher's scan cursors. Implemented on
 * SQLite by `deposits.ts` (migration 6, `depositSchema.ts`) and `lifecycle.ts` (`registerDeposit`).
 */
import type { RegistrationInput, RegistrationOutcome, TxPathEntry } from './store.js'

/**
 * Grace after a quote's expiry during which its deposit address is still watched (s): a deposit sent just before
 * the deadline may confirm after it (a Bitcoin block takes ten minutes).
 */
export const DEPOSIT_GRACE_SECONDS = 600

/**
 * The end of a quote's deposit window: its expiry (`createdAt + QUOTE_TTL_SECONDS`, the router deadline) plus
 * `DEPOSIT_GRACE_SECONDS`.
 *
 * @example depositWatchUntil(1_700_000_000, 1800) // 1_700_002_400
 */
export function depositWatchUntil(createdAt: number, quoteTtlSeconds: number): number {
  return createdAt + quoteTtlSeconds + DEPOSIT_GRACE_SECONDS
}

/** The watch recorded with a quote that has a deposit address (`QuoteEntry.depositWatch`). */
export interface DepositWatchEntry {
  /** The deposit address, in lookup form (lower case on EVM-format chains). */
  readonly address: string
  /** The quote's input token (`amountIn.address`), in lookup form. */
  readonly token: string
  /** What must arrive: the quote's `amountInMax`, base units, decimal string. */
  readonly amountRequired: string
  /** Unix seconds: the end of the deposit window (`depositWatchUntil`). */
  readonly watchUntil: number
}

/** A quote awaiting its deposit, as the tracker lists it. */
export interface DepositWatch extends DepositWatchEntry {
  readonly txId: string
  /** The source chain, where the address is. */
  readonly chainId: number
  /** The quote's `vmId` (the registration's). */
  readonly vmId: string
  /** Unix seconds of the quote. */
  readonly createdAt: number
}

/**
 * A detected deposit to register: a registration (the deposit transaction's hash as `txHash`) plus what the tracker
 * decided from its amount (`service/tracker/depositRule.ts`).
 */
export interface DepositRegistration extends RegistrationInput {
  /** `pending`: tracked from now like any registration; `requires refund`: tracking stops at once. */
  readonly status: 'pending' | 'requires refund'
  /** Merged into the stored detail (`depositAmount`, `depositExcess`, `failureReason`). */
  readonly detail: Readonly<Record<string, unknown>>
  /** The first `txPath` entries (the deposit itself, for a deposit that is refunded rather than executed). */
  readonly txPath?: readonly TxPathEntry[]
}

/** The deposit-address methods of the store. Every method returns a `Promise` (a PostgreSQL backend can follow). */
export interface DepositStore {
  /**
   * Quotes on `chainId` awaiting a deposit: a deposit watch, no registration yet (status `quoted`, or `expired`
   * within the grace period), `watchUntil >= now`; earliest window end first, at most `limit`.
   */
  awaitingDeposits(chainId: number, now: number, limit: number): Promise<DepositWatch[]>
  /**
   * Registers a detected deposit: `registerTransaction`'s effect (same checks and outcomes, durable commit) with the
   * status, detail and first `txPath` entries of `input`. `requires refund` leaves `next_check_at` empty.
   */
  registerDeposit(input: DepositRegistration): Promise<RegistrationOutcome>
  /** The last block of `chainId` the deposit watcher scanned, or `undefined` before its first scan. */
  depositScanCursor(chainId: number): Promise<number | undefined>
  /** Records the last block of `chainId` scanned for deposits. */
  saveDepositScanCursor(chainId: number, scannedBlock: number): Promise<void>
}
