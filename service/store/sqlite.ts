/**
 * The SQLite store: one connection (libsql, `database.ts`) per worker thread on a shared file in WAL mode. This file
 * opens
 * and configures the connection and records quotes; `lifecycle.ts` (registration, tracking) and `history.ts`
 * (status and history reads) add the rest of `Store` over the same connection.
 *
 * Durability: WAL with `synchronous=NORMAL` writes each commit to the WAL file before the call returns, but
 * fsyncs only at checkpoints. A committed quote therefore survives the process being killed (the data is in the
 * OS page cache and the WAL), and the database is never corrupted; it does **not** survive an OS crash or power
 * loss: the transactions committed since the last checkpoint can roll back. Quotes are cheap to re-request, so
 * the latency saved (no fsync per request) is worth it. Registrations are committed with `synchronous=FULL`
 * (`lifecycle.ts`): an acknowledged registration survives an OS crash too.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { ServiceConfig } from '../config.js'
import { apiKeyMethods } from './apiKeys.js'
import { type ConnectionGate, gateOf } from './connectionGate.js'
import { type Database, openDatabase, pragmaValue, prepare } from './database.js'
import { depositMethods } from './deposits.js'
import { historyMethods } from './history.js'
import { DEFAULT_SYNCHRONOUS, lifecycleMethods } from './lifecycle.js'
import { migrate } from './migrations.js'
import { ROW_COLUMNS, type TransactionRow, quoteFromRow, quoteRowValues } from './rows.js'
import { sourceTransactionMethods } from './sourceTransactions.js'
import type { QuoteEntry, Store, StoredQuote } from './store.js'
import { venueCatalogMethods } from './venueCatalog.js'
import { venueFillMethods } from './venueFills.js'
import { venueSearchMethods } from './venueSearch.js'
import { venueBookMethods } from './venueBook.js'
import { venueUserMethods } from './venueUsers.js'
import { venueWorkflowMethods } from './venueWorkflows.js'

/** How long a connection waits for another worker's write lock before failing (ms). */
export const BUSY_TIMEOUT_MS = 5_000

/**
 * Page size of a new database file (bytes; an existing file keeps its own). A registered row is ~2 KB (README
 * "Size"): two of them do not fit a 4 KiB page, so with SQLite's default every such row took a page of its own.
 */
export const PAGE_SIZE = 8192

/**
 * Opens (creating `dataDir` and the file when needed) the SQLite store at `config.databasePath`: WAL mode,
 * `synchronous=NORMAL`, `busy_timeout`, schema migrated to the current version, statements prepared once.
 * Each worker thread opens one and keeps it for its lifetime. The service calls `openStore` (`open.ts`), which
 * chooses this backend unless `DATABASE_URL` names a PostgreSQL server.
 *
 * @param config - the service configuration; only `dataDir` and `databasePath` are read.
 * @throws Error when the file cannot be opened, WAL cannot be enabled, or a migration fails.
 *
 * @example
 * const store = openSqliteStore(loadConfig())
 * await store.recordQuote({ txId, createdAt, apiKey, actionRequest, actionResponseJson, srcChainId, dstChainId,
 *   sender, vmId })
 */
export function openSqliteStore(config: Pick<ServiceConfig, 'dataDir' | 'databasePath'>): Store {
  mkdirSync(config.dataDir, { recursive: true })
  mkdirSync(dirname(config.databasePath), { recursive: true })
  const db = openDatabase(config.databasePath, BUSY_TIMEOUT_MS)
  try {
    configureConnection(db, config.databasePath)
    migrate(db)
    return asyncMethods(sqliteStore(db), gateOf(db))
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
 * @param path - the file's path, for the error message.
 * @throws Error when WAL cannot be enabled (e.g. a network file system without shared memory).
 * @example configureConnection(openDatabase(path), path)
 */
export function configureConnection(db: Database, path: string): void {
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  // Only takes effect on a file without pages yet (before WAL is enabled); ignored otherwise.
  db.exec(`PRAGMA page_size = ${PAGE_SIZE}`)
  const mode = pragmaValue(db, 'journal_mode = WAL')
  if (mode !== 'wal') throw new Error(`could not enable WAL mode on ${path} (journal_mode is ${String(mode)})`)
  db.exec(`PRAGMA synchronous = ${DEFAULT_SYNCHRONOUS}`)
}

/**
 * The `Store` of synchronous methods: each becomes an `async` function around it, so that a libsql error is a
 * rejection (as on PostgreSQL), never a throw from the call itself. `recordQuoteSoon` is already asynchronous.
 * With a `gate`, a call waits while an exclusive section (a transaction spanning `await`s: `connectionGate.ts`)
 * holds the connection.
 *
 * @example const store = asyncMethods(sqliteStore(db), gateOf(db))
 */
export function asyncMethods<T extends object>(
  methods: T,
  gate?: ConnectionGate,
): { [K in keyof T]: AsyncMethod<T[K]> } {
  const wrapped: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(methods)) {
    wrapped[name] =
      typeof method === 'function'
        ? async (...args: unknown[]): Promise<unknown> => {
            while (gate?.isHeld === true) await gate.released()
            return method(...args)
          }
        : method
  }
  return wrapped as { [K in keyof T]: AsyncMethod<T[K]> }
}

/** A method returning a Promise of what `M` returns (unwrapped once when it is a Promise already). */
type AsyncMethod<M> = M extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : M

/**
 * What `sqliteStore` returns: each method synchronous (`Synchronous`), or asynchronous already where its module
 * was written against the Promise interface (venue workflows, deposits, API keys).
 */
type SqliteMethods = {
  [K in keyof Store]: Store[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R | Promise<R> : never
}

function sqliteStore(db: Database): SqliteMethods {
  const insertQuote = prepare<[Record<string, string | number | Buffer>]>(
    db,
    `
    INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id,
      dst_chain_id, vm_id, created_at, updated_at, quote_record)
    VALUES (@txId, @orgId, @appId, @keyId, @appName, @affiliateId, @sender, @srcChainId,
      @dstChainId, @vmId, @createdAt, @createdAt, @quoteRecord)`,
  )
  const selectQuote = prepare<[string], TransactionRow>(
    db,
    `SELECT ${ROW_COLUMNS} FROM transactions t WHERE t.tx_id = ?`,
  )

  const deposits = depositMethods(db)
  /** The quote's row, and its deposit watch when it has a deposit address (same transaction). */
  const insertQuoteWithWatch = (row: Record<string, string | number | Buffer>, entry: QuoteEntry) => {
    insertQuote.run(row)
    if (entry.depositWatch !== undefined) deposits.insertWatch(entry.txId, entry.srcChainId, entry.depositWatch)
  }

  /** The row's parameters, its record compressed: done before the write lock is taken, never inside it. */
  const quoteParameters = (entry: QuoteEntry): Record<string, string | number | Buffer> => ({
    ...quoteRowValues(entry),
  })
  // Group commit: the quotes a worker produces in one turn of its event loop (it runs several requests at once)
  // share one IMMEDIATE transaction — one write lock and one WAL commit instead of one each. With two workers this
  // also halves how often they collide on SQLite's single write lock (a collision sleeps the loser ≥ 1 ms).
  const insertQuotes = db.transaction(
    (items: readonly { row: Record<string, string | number | Buffer>; entry: QuoteEntry }[]) => {
      for (const { row, entry } of items) insertQuoteWithWatch(row, entry)
    },
  )
  let queued: {
    row: Record<string, string | number | Buffer>
    entry: QuoteEntry
    resolve: () => void
    reject: (error: unknown) => void
  }[] = []
  const gate = gateOf(db)
  const flushQuotes = (): void => {
    // A settlement's transaction (connectionGate.ts) may be open across awaits: its commit comes first.
    if (gate.isHeld) return void gate.released().then(flushQuotes)
    const batch = queued
    queued = []
    try {
      insertQuotes.immediate(batch)
      for (const item of batch) item.resolve()
    } catch (error) {
      for (const item of batch) item.reject(error)
    }
  }

  return {
    ...lifecycleMethods(db),
    ...sourceTransactionMethods(db),
    ...historyMethods(db),
    ...venueCatalogMethods(db),
    ...venueSearchMethods(db),
    ...venueFillMethods(db),
    ...venueUserMethods(db),
    ...venueBookMethods(db),
    ...venueWorkflowMethods(db),
    ...deposits.methods,
    ...apiKeyMethods(db),
    recordQuote(entry: QuoteEntry): void {
      const row = quoteParameters(entry)
      // A quote alone is one statement (autocommit); with its deposit watch, one transaction for both.
      if (entry.depositWatch === undefined) insertQuote.run(row)
      else insertQuotes.immediate([{ row, entry }])
    },
    // Synchronous<Store> keeps it asynchronous: its Promise resolves at the batch's commit.
    recordQuoteSoon(entry: QuoteEntry): Promise<void> {
      return new Promise((resolve, reject) => {
        const row = quoteParameters(entry)
        if (queued.length === 0) setImmediate(flushQuotes)
        queued.push({ row, entry, resolve, reject })
      })
    },
    getQuote(txId: string): StoredQuote | undefined {
      const row = selectQuote.get(txId)
      return row === undefined ? undefined : quoteFromRow(row)
    },
    close(): void {
      if (db.open) db.close()
    },
  }
}
