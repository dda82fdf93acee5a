/**
 * The storage interface of the service: everything shared between workers (SPEC §2.5 transactions) lives behind
 * it. `sqlite.ts` implements it on one SQLite file; a PostgreSQL implementation can follow for scale-out.
 */
import type { ApiKeyRecord } from '../types.js'

/** Lifecycle of a stored transaction: `quoted` at `getAction`, then the spec's statuses (SPEC §3) once registered. */
export type TransactionStatus = 'quoted' | 'pending' | 'success' | 'requires refund' | 'refunded' | 'failed'

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
  /** The whole response (SPEC §2.4), stored as JSON. */
  readonly actionResponse: object
  readonly srcChainId: number
  readonly dstChainId: number
  /** In lookup form (lower case on EVM-format chains), so history filters by wallet can use the index. */
  readonly sender: string
  readonly vmId: string
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

/**
 * The service's store. Every method is synchronous (better-sqlite3): one call is one short transaction; each
 * worker thread opens its own `Store`.
 */
export interface Store {
  /**
   * Records a quote under its `txId`, status `quoted`.
   * @throws Error when the `txId` is already stored (txIds are random 256-bit values: a bug, not a race).
   */
  recordQuote(entry: QuoteEntry): void
  /** The stored quote of a `txId`, or `undefined`. */
  getQuote(txId: string): StoredQuote | undefined
  /** Closes the connection; the store is unusable afterwards. Idempotent. */
  close(): void
}
