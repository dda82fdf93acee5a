/**
 * The `transactions` row as SQLite returns it, and its mapping to the store's types. Shared by the SQLite store's
 * parts (`sqlite.ts`, `lifecycle.ts`, `history.ts`) and the PostgreSQL store's (`postgres/`, which selects the same
 * row shape with `PG_ROW_COLUMNS`).
 *
 * A row keeps its request and response in one of two forms (README "Size"): `quote_record`, one compressed blob
 * (`quoteRecord.ts`, every row since schema version 3), or, in rows of earlier versions, `action_request` (JSON)
 * and `action_response` (JSON text while a bare quote, its gzip once registered). `quoteJsonOf` reads both.
 */
import { gunzipSync, gzipSync } from 'node:zlib'
import { type QuoteJson, decodeQuoteRecord, encodeQuoteRecord } from './quoteRecord.js'
import type {
  QuoteEntry,
  StoredQuote,
  StoredTransaction,
  TrackedTransaction,
  TransactionStatus,
  TxPathEntry,
} from './store.js'

/** Every column of a `transactions` row. */
export interface TransactionRow {
  id: number
  tx_id: string
  org_id: string
  app_id: string
  key_id: string
  app_name: string
  affiliate_id: string
  sender: string
  src_chain_id: number
  dst_chain_id: number
  vm_id: string
  created_at: number
  status: TransactionStatus
  updated_at: number
  registered_at: number | null
  registered_vm_id: string | null
  src_tx_chain_id: number | null
  src_tx_hash: string | null
  dst_tx_hash: string | null
  next_check_at: number | null
  tx_path: string
  detail: string
  /** Rows of schema versions 1–2 only (else `null`): the request's JSON. */
  action_request: string | null
  /**
   * Rows of schema versions 1–2 only (else `null`): JSON text, or its gzip once registered (a `Buffer` from
   * `get()`, an `ArrayBuffer` from `all()` with libsql).
   */
  action_response: string | Uint8Array | ArrayBuffer | null
  /** Newer rows (else `null`): `encodeQuoteRecord` of the request and the response. */
  quote_record: Uint8Array | ArrayBuffer | null
}

/** The columns both backends have, as a select list (`t` is the table's alias). */
const COMMON_COLUMNS = `t.id, t.tx_id, t.org_id, t.app_id, t.key_id, t.app_name, t.affiliate_id, t.sender, t.src_chain_id,
  t.dst_chain_id, t.vm_id, t.created_at, t.status, t.updated_at, t.registered_at, t.registered_vm_id, t.src_tx_chain_id,
  t.src_tx_hash, t.dst_tx_hash, t.next_check_at, t.tx_path, t.detail`

/** The select list of a whole row (`t` is the table's alias). */
export const ROW_COLUMNS = `${COMMON_COLUMNS}, t.action_request, t.action_response, t.quote_record`

/**
 * The select list of a whole row on PostgreSQL: the same `TransactionRow`. Its schema starts with the quote record
 * (`postgres/schema.ts`), so the columns of SQLite's versions 1–2 are always `NULL`.
 */
export const PG_ROW_COLUMNS = `${COMMON_COLUMNS}, NULL AS action_request, NULL AS action_response, t.quote_record`

/** The request's and response's JSON of a row, whichever form it keeps them in. */
export function quoteJsonOf(
  row: Pick<TransactionRow, 'action_request' | 'action_response' | 'quote_record'>,
): QuoteJson {
  if (row.quote_record !== null) return decodeQuoteRecord(row.quote_record)
  return { requestJson: row.action_request!, responseJson: jsonTextOf(row.action_response!) }
}

/**
 * The stored form of a JSON document kept for long: gzip (default level) of its UTF-8 text. Self-describing (the
 * gzip magic `1f 8b`), readable with standard tools (`sqlite3 … "SELECT writefile('r.gz', action_response) …"`).
 *
 * @example compressJson('{"a":1}').subarray(0, 2) // <Buffer 1f 8b>
 */
export function compressJson(text: string): Buffer {
  return gzipSync(text)
}

/**
 * The JSON text of a column stored as text or as `compressJson`'s gzip.
 *
 * @example jsonTextOf(compressJson('{"a":1}')) // '{"a":1}'
 */
export function jsonTextOf(value: string | Uint8Array | ArrayBuffer): string {
  return typeof value === 'string' ? value : gunzipSync(value).toString('utf8')
}

/**
 * Parses a JSON column stored as text or as `compressJson`'s gzip.
 *
 * @example parseJsonColumn(compressJson('{"a":1}')) // { a: 1 }
 */
export function parseJsonColumn(value: string | Uint8Array | ArrayBuffer): unknown {
  return JSON.parse(jsonTextOf(value)) as unknown
}

/**
 * A row as a `StoredQuote` (the fields of version 1). Every field is read by name: a row object may carry more
 * than its columns (libsql's `_metadata`, `database.ts`), so rows are never spread or serialized whole.
 */
export function quoteFromRow(row: TransactionRow): StoredQuote {
  const { requestJson, responseJson } = quoteJsonOf(row)
  return quoteOf(row, JSON.parse(requestJson) as unknown, JSON.parse(responseJson) as unknown)
}

function quoteOf(row: TransactionRow, actionRequest: unknown, actionResponse: unknown): StoredQuote {
  return {
    txId: row.tx_id,
    createdAt: row.created_at,
    orgId: row.org_id,
    appId: row.app_id,
    keyId: row.key_id,
    appName: row.app_name,
    affiliateId: row.affiliate_id,
    sender: row.sender,
    srcChainId: row.src_chain_id,
    dstChainId: row.dst_chain_id,
    vmId: row.vm_id,
    status: row.status,
    actionRequest,
    actionResponse,
  }
}

/** A row as a `StoredTransaction`. */
export function transactionFromRow(row: TransactionRow): StoredTransaction {
  const { requestJson, responseJson } = quoteJsonOf(row)
  return {
    ...quoteOf(row, JSON.parse(requestJson) as unknown, JSON.parse(responseJson) as unknown),
    registeredAt: row.registered_at,
    updatedAt: row.updated_at,
    srcTxHash: row.src_tx_hash,
    srcTxChainId: row.src_tx_chain_id,
    registeredVmId: row.registered_vm_id,
    dstTxHash: row.dst_tx_hash,
    txPath: JSON.parse(row.tx_path) as TxPathEntry[],
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    nextCheckAt: row.next_check_at,
    actionResponseJson: responseJson,
  }
}

/** The values of a new quote's row, by column (camel case), its record compressed. */
export type QuoteRowValues = Pick<
  StoredQuote,
  | 'txId'
  | 'orgId'
  | 'appId'
  | 'keyId'
  | 'appName'
  | 'affiliateId'
  | 'sender'
  | 'srcChainId'
  | 'dstChainId'
  | 'vmId'
  | 'createdAt'
> & { readonly quoteRecord: Buffer }

/**
 * The row of a quote to insert, its record compressed (`encodeQuoteRecord`, ~0.2 ms): computed before any lock or
 * connection is taken, never inside a write transaction. Both backends insert it.
 *
 * @example quoteRowValues(entry).quoteRecord[0] // QUOTE_RECORD_FORMAT
 */
export function quoteRowValues(entry: QuoteEntry): QuoteRowValues {
  const { apiKey } = entry
  return {
    txId: entry.txId,
    orgId: apiKey.orgId,
    appId: apiKey.appId,
    keyId: apiKey.keyId,
    appName: apiKey.appName,
    affiliateId: apiKey.affiliateId,
    sender: entry.sender,
    srcChainId: entry.srcChainId,
    dstChainId: entry.dstChainId,
    vmId: entry.vmId,
    createdAt: entry.createdAt,
    quoteRecord: encodeQuoteRecord(JSON.stringify(entry.actionRequest), entry.actionResponseJson),
  }
}

/** The columns a due transaction is read with (`dueForTracking`). */
export type TrackedRow = Pick<
  TransactionRow,
  | 'tx_id'
  | 'status'
  | 'src_chain_id'
  | 'dst_chain_id'
  | 'src_tx_hash'
  | 'registered_at'
  | 'updated_at'
  | 'tx_path'
  | 'action_request'
  | 'action_response'
  | 'quote_record'
>

/**
 * A due row as the tracker sees it, under the claim `dueForTracking` took (both backends).
 *
 * @example trackedFromRow(row, claim).txPath // []
 */
export function trackedFromRow(row: TrackedRow, claim: string): TrackedTransaction {
  return {
    txId: row.tx_id,
    status: row.status,
    srcChainId: row.src_chain_id,
    dstChainId: row.dst_chain_id,
    srcTxHash: row.src_tx_hash!,
    registeredAt: row.registered_at!,
    updatedAt: row.updated_at,
    txPath: JSON.parse(row.tx_path) as TxPathEntry[],
    actionResponse: JSON.parse(quoteJsonOf(row).responseJson) as unknown,
    claim,
  }
}
