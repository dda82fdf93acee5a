/**
 * The `transactions` row as SQLite returns it, and its mapping to the store's types. Shared by the SQLite store's
 * parts (`sqlite.ts`, `lifecycle.ts`, `history.ts`).
 *
 * A row keeps its request and response in one of two forms (README "Size"): `quote_record`, one compressed blob
 * (`encodeQuoteRecord`, every row since schema version 3), or, in rows of earlier versions, `action_request` (JSON)
 * and `action_response` (JSON text while a bare quote, its gzip once registered). `quoteJsonOf` reads both.
 */
import { deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib'
import type { StoredQuote, StoredTransaction, TransactionStatus, TxPathEntry } from './store.js'

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

/** The select list of a whole row (`t` is the table's alias). */
export const ROW_COLUMNS = `t.id, t.tx_id, t.org_id, t.app_id, t.key_id, t.app_name, t.affiliate_id, t.sender, t.src_chain_id,
  t.dst_chain_id, t.vm_id, t.created_at, t.status, t.updated_at, t.registered_at, t.registered_vm_id, t.src_tx_chain_id,
  t.src_tx_hash, t.dst_tx_hash, t.next_check_at, t.tx_path, t.detail, t.action_request, t.action_response, t.quote_record`

/** The first byte of a quote record: its format. 1: raw deflate (level 1) of `<request JSON>\n<response JSON>`. */
export const QUOTE_RECORD_FORMAT = 1

/**
 * Raw deflate at level 1: on a 14.5 KB response (the bench's pair) 1.5 KB in ~80 µs; gzip's default level saves
 * ~10 % more for twice the CPU, brotli more again (measurements in README "Size"). Quotes are written on the
 * request path: speed first.
 */
const QUOTE_RECORD_LEVEL = 1

/**
 * The stored form of a quote: one byte of format, then the raw deflate of the request's JSON, a newline and the
 * response's JSON. JSON text never contains a raw newline, so the first one separates the two. The response's
 * text is kept byte for byte: the answer of getStatus embeds it unchanged.
 *
 * @example decodeQuoteRecord(encodeQuoteRecord('{"a":1}', '{"b":2}')).responseJson // '{"b":2}'
 */
export function encodeQuoteRecord(requestJson: string, responseJson: string): Buffer {
  const deflated = deflateRawSync(`${requestJson}\n${responseJson}`, { level: QUOTE_RECORD_LEVEL })
  const record = Buffer.allocUnsafe(deflated.length + 1)
  record[0] = QUOTE_RECORD_FORMAT
  deflated.copy(record, 1)
  return record
}

/** The JSON texts of a quote's request and response. */
export interface QuoteJson {
  readonly requestJson: string
  readonly responseJson: string
}

/**
 * Reads `encodeQuoteRecord`'s blob back.
 *
 * @throws Error for an unknown format byte (a record written by newer code).
 */
export function decodeQuoteRecord(value: Uint8Array | ArrayBuffer): QuoteJson {
  const bytes = value instanceof Uint8Array ? value : new Uint8Array(value)
  if (bytes[0] !== QUOTE_RECORD_FORMAT) throw new Error(`unknown quote record format ${String(bytes[0])}`)
  const text = inflateRawSync(bytes.subarray(1)).toString('utf8')
  const newline = text.indexOf('\n')
  return { requestJson: text.slice(0, newline), responseJson: text.slice(newline + 1) }
}

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
