/**
 * The storage interface of the service: everything shared between workers (SPEC §2.5 transactions) lives behind
 * it. `sqlite.ts` implements it on one SQLite file, `postgres/store.ts` on a PostgreSQL database shared by replicas;
 * `open.ts` chooses (`DATABASE_URL`).
 *
 * A transaction's life in the store (README "Lifecycle"):
 *
 * ```
 * getAction ──recordQuote──▶ quoted ──registerTransaction──▶ pending ──recordProgress──▶ success | failed | refunded
 *                              │                                 ▲  └──recordProgress──▶ requires refund ─┘
 *                              └──expireQuotes──▶ expired ────────┘ (a late registration is still accepted)
 *   quoted | expired ──deleteUnregisteredQuotes (after QUOTE_RETENTION_SECONDS)──▶ deleted
 * ```
 */
import type { ApiKeyRecord } from '../types.js'
import type { TxPathEntry } from '../schema/transactionDetails.js'
import type { ApiKeyStore } from './apiKeys.js'
import type { VenueStore } from './venueStore.js'
import type { VenueBookStore } from './venueBook.js'
import type { VenueUserStore } from './venueUsers.js'
import type { VenueWorkflowStore } from './venueWorkflows.js'
import type { DepositStore, DepositWatchEntry } from './depositStore.js'

/**
 * Lifecycle of a stored transaction: `quoted` at `getAction`; `expired` when never registered within the quote's
 * time to live (`expireQuotes`; an extension of SPEC §3); the spec's statuses (SPEC §3) once registered.
 */
export type TransactionStatus = 'quoted' | 'expired' | 'pending' | 'success' | 'requires refund' | 'refunded' | 'failed'

/** The statuses of a registered transaction (SPEC §2.5 `status`). */
export const REGISTERED_STATUSES = [
  'pending',
  'success',
  'requires refund',
  'refunded',
  'failed',
] as const satisfies readonly TransactionStatus[]

/** One hop of an executed route (SPEC §2.5 `bridgeDetails.txPath`): the wire object's type, stored as it is sent. */
export type { TxPathEntry } from '../schema/transactionDetails.js'

/** A quote to record, as `getAction` answered it. */
export interface QuoteEntry {
  /** The response's `txId` (0x and 64 hex digits). */
  readonly txId: string
  /** Unix seconds. */
  readonly createdAt: number
  /** The caller's key: its org, app, app name and affiliate id are stored with the quote (SPEC §2.5 `org`). */
  readonly apiKey: ApiKeyRecord
  /** The validated request (SPEC §2.3), stored as JSON. */
  readonly actionRequest: object
  /**
   * The whole response (SPEC §2.4) as the JSON text that was sent: serialized once by the route, stored (compressed)
   * as it is, and answered again byte for byte by getStatus.
   */
  readonly actionResponseJson: string
  readonly srcChainId: number
  readonly dstChainId: number
  /** In lookup form (lower case on EVM-format chains), so history filters by wallet can use the index. */
  readonly sender: string
  readonly vmId: string
  /** With a deposit address (`returnDepositAddress`): the watch the tracker keeps on it, stored with the quote. */
  readonly depositWatch?: DepositWatchEntry
}

/** A stored quote/transaction, as read back. */
export interface StoredQuote {
  readonly txId: string
  readonly createdAt: number
  readonly orgId: string
  readonly appId: string
  readonly keyId: string
  readonly appName: string
  readonly affiliateId: string
  readonly sender: string
  readonly srcChainId: number
  readonly dstChainId: number
  readonly vmId: string
  readonly status: TransactionStatus
  readonly actionRequest: unknown
  readonly actionResponse: unknown
}

/** A stored row with its lifecycle fields (migration 2). The registration fields are `null` until registered. */
export interface StoredTransaction extends StoredQuote {
  /** Unix seconds of the registration (`POST /registerTxs`); `null` for a bare quote. */
  readonly registeredAt: number | null
  /** Unix seconds of the last change (the quote's time until something changes). */
  readonly updatedAt: number
  /** The registered source transaction's hash, in its stored form (`normalizeTxHash`). */
  readonly srcTxHash: string | null
  readonly srcTxChainId: number | null
  /** The `vmId` the registration named. */
  readonly registeredVmId: string | null
  readonly dstTxHash: string | null
  readonly txPath: readonly TxPathEntry[]
  /** What the tracker learnt, merged across `recordProgress` calls (keys listed at `ProgressUpdate.detail`). */
  readonly detail: Readonly<Record<string, unknown>>
  /** Unix seconds of the next status check; `null` once tracking stopped (or before registration). */
  readonly nextCheckAt: number | null
  /** The JSON text `actionResponse` was parsed from, for answers that embed it unchanged (no re-serialization). */
  readonly actionResponseJson: string
}

/** A transaction due for a status check, as the tracker sees it. */
export interface TrackedTransaction {
  txId: string
  status: TransactionStatus
  srcChainId: number
  dstChainId: number
  srcTxHash: string
  registeredAt: number
  updatedAt: number
  txPath: TxPathEntry[]
  actionResponse: unknown
  /**
   * The claim `dueForTracking` took on the row (one random token per call): pass it to `recordProgress`, which
   * writes only while the row is still this claim's.
   */
  claim: string
}

/** One registration (an item of `POST /registerTxs`), already validated against its quote by the route. */
export interface RegistrationInput {
  txId: string
  /** In stored form (`normalizeTxHash`): the same transaction always gives the same string. */
  txHash: string
  /** The source chain (the quote's `srcChainId`). */
  chainId: number
  vmId: string
  /** Unix seconds. */
  registeredAt: number
}

/**
 * What a registration did:
 * - `registered`: recorded now (status `pending`, first check due at once);
 * - `duplicate`: this txId was already registered with this hash — nothing changed (idempotent retry);
 * - `conflict`: this txId is registered with another hash, `existingHash`;
 * - `hash-in-use`: this hash is registered (on this chain) for another txId **of the same organization**. Another
 *   organization's registration of the hash is neither an obstacle nor visible (README "Source transactions").
 */
export type RegistrationOutcome =
  { outcome: 'registered' | 'duplicate' } | { outcome: 'conflict'; existingHash: string } | { outcome: 'hash-in-use' }

/** A change the tracker records. Absent fields are left as they are. */
export interface ProgressUpdate {
  status?: TransactionStatus
  /** Appended to the stored `txPath`, in order. */
  appendTxPath?: TxPathEntry[]
  dstTxHash?: string
  /** Unix seconds of the next check; `null` stops tracking. */
  nextCheckAt?: number | null
  /**
   * Merged into the stored detail object (JSON merge patch, RFC 7396: a `null` value removes its key). Keys the
   * routes read: `revertReason` (string, SPEC §2.5 `srcTx/dstTx.revertReason` of a failed transaction),
   * `amountOut` (decimal string, the amount delivered, for `dstTx.paymentToken.amount`), `srcValue` (decimal
   * string, wei actually sent, for `srcTx.value`).
   */
  detail?: Record<string, unknown>
  /** Unix seconds. */
  updatedAt: number
}

/** Filters of a history page (SPEC §4.4). Every given filter must hold (AND). */
export interface HistoryFilter {
  orgId: string
  /** Only these apps (of `orgId`); absent: every app of the org. */
  appIds?: readonly string[]
  /** `sender` in lookup form. */
  sender?: string
  /** Transactions whose source **or** destination chain is one of these. */
  chainIds?: readonly number[]
  /** Registered at or after (Unix seconds). */
  registeredFrom?: number
  /** Registered at or before (Unix seconds). */
  registeredTo?: number
}

/** One page of history and the number of transactions matching the filters. */
export interface HistoryPage {
  transactions: StoredTransaction[]
  total: number
}

/**
 * The service's store. Every method returns a Promise (the PostgreSQL backend talks to a server; the SQLite one,
 * `sqlite.ts`, wraps synchronous libsql calls): one call is one short transaction; each worker thread opens its own
 * `Store`. The venue's methods: `venueStore.ts` (catalog, search, fills), `venueUsers.ts` and `venueBook.ts` (users
 * and live books), `venueWorkflows.ts` (order workflows), declared beside their tables; the deposit addresses'
 * methods: `depositStore.ts`; the API keys': `apiKeys.ts`.
 */
export interface Store
  extends VenueStore, VenueUserStore, VenueBookStore, VenueWorkflowStore, DepositStore, ApiKeyStore {
  /**
   * Records a quote under its `txId`, status `quoted`.
   * @throws Error when the `txId` is already stored (txIds are random 256-bit values: a bug, not a race).
   */
  recordQuote(entry: QuoteEntry): Promise<void>
  /**
   * Records a quote like `recordQuote`, in one transaction with every other quote queued in the same turn of the
   * event loop (group commit). Resolves once the transaction committed; rejects, for every quote of the batch,
   * if it failed. Answer the request only after it resolves: an acknowledged quote is stored.
   */
  recordQuoteSoon(entry: QuoteEntry): Promise<void>
  /** The stored quote of a `txId`, or `undefined`. */
  getQuote(txId: string): Promise<StoredQuote | undefined>

  /**
   * The transaction of a `txId` if it belongs to `orgId`, else `undefined` (another org's txId looks unknown).
   */
  getByTxId(txId: string, orgId: string): Promise<StoredTransaction | undefined>
  /**
   * The registered transaction whose source hash is `txHash` (stored form), in `orgId`, on `chainId` when given.
   * Without `chainId` and with the hash registered on several chains: the latest registration.
   */
  getByHash(txHash: string, orgId: string, chainId?: number): Promise<StoredTransaction | undefined>
  /**
   * Registered transactions matching `filter`, newest registration first (ties: latest stored first), page
   * `page` (1-based) of `limit`, with the total that match.
   */
  listTransactions(filter: HistoryFilter, page: number, limit: number): Promise<HistoryPage>

  /**
   * Registers one transaction: one short `BEGIN IMMEDIATE` transaction, committed with `synchronous=FULL` before
   * it returns. On `registered`: status `pending`, `next_check_at = registeredAt`, the action response compressed.
   * A quote in status `quoted` or `expired` can be registered.
   * @throws Error when no quote has this `txId` (the route checks first).
   */
  registerTransaction(input: RegistrationInput): Promise<RegistrationOutcome>
  /**
   * `registerTransaction` for several, in order, in **one** write transaction (one fsync): the outcomes in input
   * order. A later input sees the earlier ones (the same txId twice: `registered`, then `duplicate`).
   */
  registerTransactions(inputs: readonly RegistrationInput[]): Promise<RegistrationOutcome[]>

  /**
   * Claims the transactions to check now and returns them: status `pending` or `requires refund` with
   * `next_check_at <= now`, most overdue first, at most `limit`. In the same write transaction each returned row
   * gets `next_check_at = now + leaseSeconds` and `claim_token` = a fresh random token (one per call, returned as
   * `claim`): no other call returns it before the lease ends, so N trackers on one store never check the same
   * transaction at once. A tracker that dies holding a claim leaves the row due again when the lease ends.
   */
  dueForTracking(now: number, limit: number, leaseSeconds: number): Promise<TrackedTransaction[]>
  /**
   * Records what the tracker learnt about a registered transaction. With `claim` (the `TrackedTransaction.claim` it
   * was given), writes only while the row's claim is still that one: returns `false` and writes nothing when another
   * call has claimed it since (the lease ended and another tracker took it). Without, always writes: `true`.
   * @throws Error when no registered transaction has this `txId`.
   */
  recordProgress(txId: string, update: ProgressUpdate, claim?: string): Promise<boolean>
  /**
   * Claims a chain transaction for the registration whose source leg it confirmed: the first `txId` to claim
   * `(chainId, txHash)` (stored form) holds it for good. Atomic: of registrations of one hash by several
   * organizations, tracked at once by several trackers, exactly one gets its own `txId` back.
   * @returns the `txId` holding the transaction: `txId` itself, or the registration that claimed it first.
   */
  claimSourceTransaction(txId: string, chainId: number, txHash: string): Promise<string>
  /** Marks quotes never registered and created before `createdBefore` (Unix seconds) `expired`; returns how many. */
  expireQuotes(createdBefore: number): Promise<number>
  /**
   * Retention: deletes at most `limit` quotes never registered (`quoted` or `expired`) created before
   * `createdBefore` (Unix seconds), oldest first, in one short write transaction; returns how many. Their pages
   * are reused by later rows (the file stops growing once retention keeps up). Call again while it returns `limit`.
   */
  deleteUnregisteredQuotes(createdBefore: number, limit: number): Promise<number>

  /** Closes the connection; the store is unusable afterwards. Idempotent. */
  close(): Promise<void>
}

/**
 * The synchronous form of a store interface: each method returns its Promise's value instead. What the SQLite
 * backend's modules implement over libsql; `sqlite.ts` wraps them into the `Store` (`asyncMethods`).
 */
export type Synchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : T[K]
}
