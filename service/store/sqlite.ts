/**
 * The SQLite store: one better-sqlite3 connection per worker thread on a shared file in WAL mode.
 *
 * Durability: WAL with `synchronous=NORMAL` writes each commit to the WAL file before the call returns, but
 * fsyncs only at checkpoints. A committed quote therefore survives the process being killed (the data is in the
 * OS page cache and the WAL), and the database is never corrupted; it does **not** survive an OS crash or power
 * loss: the transactions committed since the last checkpoint can roll back. Quotes are cheap to re-request, so
 * the latency saved (no fsync per request) is worth it; the lifecycle issue may raise registrations to `FULL`.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { ServiceConfig } from '../config.js'
import { migrate } from './migrations.js'
import type { QuoteEntry, Store, StoredQuote, TransactionStatus } from './store.js'

/** How long a connection waits for another worker's write lock before failing (ms). */
export const BUSY_TIMEOUT_MS = 5_000

interface QuoteRow {
  tx_id: string
  created_at: number
  org_id: string
  app_id: string
  key_id: string
  app_name: string
  affiliate_id: string
  sender: string
  src_chain_id: number
  dst_chain_id: number
  vm_id: string
  status: TransactionStatus
  action_request: string
  action_response: string
}

/**
 * Opens (creating `dataDir` and the file when needed) the SQLite store at `config.databasePath`: WAL mode,
 * `synchronous=NORMAL`, `busy_timeout`, schema migrated to the current version, statements prepared once.
 * Each worker thread calls it once and keeps the store for its lifetime.
 *
 * @param config - the service configuration; only `dataDir` and `databasePath` are read.
 * @throws Error when the file cannot be opened, WAL cannot be enabled, or a migration fails.
 *
 * @example
 * const store = openStore(loadConfig())
 * store.recordQuote({ txId, createdAt, apiKey, actionRequest, actionResponse, srcChainId, dstChainId, sender, vmId })
 */
export function openStore(config: Pick<ServiceConfig, 'dataDir' | 'databasePath'>): Store {
  mkdirSync(config.dataDir, { recursive: true })
  mkdirSync(dirname(config.databasePath), { recursive: true })
  const db = new Database(config.databasePath, { timeout: BUSY_TIMEOUT_MS })
  try {
    configureConnection(db)
    migrate(db)
    return sqliteStore(db)
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * The connection settings of every store connection: `busy_timeout` first (so that the WAL switch and the
 * migrations wait for other workers instead of failing), WAL (persistent in the file), `synchronous=NORMAL` (per
 * connection).
 *
 * @throws Error when WAL cannot be enabled (e.g. a network file system without shared memory).
 * @example configureConnection(new Database(path))
 */
export function configureConnection(db: Database.Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  const mode = db.pragma('journal_mode = WAL', { simple: true })
  if (mode !== 'wal') throw new Error(`could not enable WAL mode on ${db.name} (journal_mode is ${String(mode)})`)
  db.pragma('synchronous = NORMAL')
}

function sqliteStore(db: Database.Database): Store {
  const insertQuote = db.prepare<[Record<string, string | number>]>(`
    INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id,
      dst_chain_id, vm_id, created_at, action_request, action_response)
    VALUES (@txId, @orgId, @appId, @keyId, @appName, @affiliateId, @sender, @srcChainId,
      @dstChainId, @vmId, @createdAt, @actionRequest, @actionResponse)`)
  const selectQuote = db.prepare<[string], QuoteRow>(`
    SELECT tx_id, created_at, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id,
      vm_id, status, action_request, action_response
    FROM transactions WHERE tx_id = ?`)

  return {
    recordQuote(entry: QuoteEntry): void {
      const { apiKey } = entry
      insertQuote.run({
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
        actionRequest: JSON.stringify(entry.actionRequest),
        actionResponse: JSON.stringify(entry.actionResponse),
      })
    },
    getQuote(txId: string): StoredQuote | undefined {
      const row = selectQuote.get(txId)
      return row === undefined ? undefined : fromRow(row)
    },
    close(): void {
      if (db.open) db.close()
    },
  }
}

function fromRow(row: QuoteRow): StoredQuote {
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
    actionRequest: JSON.parse(row.action_request) as unknown,
    actionResponse: JSON.parse(row.action_response) as unknown,
  }
}
