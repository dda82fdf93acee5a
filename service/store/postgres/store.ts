/**
 * The PostgreSQL store: one database shared by every replica, a small pool per thread (`connection.ts`). This file
 * opens it (pool, migrations) and records and reads quotes; `lifecycle.ts` (registration, tracking, expiry,
 * retention), `history.ts` (status and history reads), `deposits.ts`, `apiKeys.ts` and `venue.ts` add the rest of
 * `Store`. README "PostgreSQL".
 *
 * Durability: every commit is durable when its Promise resolves (`synchronous_commit` on, the server's default): a
 * quote, like a registration, survives the server crashing after it was answered. Quotes pay for it once per event
 * loop turn, not once each (`recordQuoteSoon`'s group commit).
 */
import type { DepositWatchEntry } from '../depositStore.js'
import { PG_ROW_COLUMNS, type QuoteRowValues, type TransactionRow, quoteFromRow, quoteRowValues } from '../rows.js'
import type { QuoteEntry, Store } from '../store.js'
import { pgApiKeyMethods } from './apiKeys.js'
import { DEFAULT_POOL_SIZE, type PgDatabase, type Sql, openPgDatabase } from './connection.js'
import { pgDepositMethods } from './deposits.js'
import { pgHistoryMethods } from './history.js'
import { pgLifecycleMethods } from './lifecycle.js'
import { migratePg } from './migrations.js'
import { pgVenueMethods } from './venue.js'

/**
 * Opens the PostgreSQL store at `url`: a pool of at most `poolSize` connections, the schema migrated to the current
 * version (once, whichever thread or replica comes first). Each thread that uses the store opens its own.
 *
 * @throws Error when the server cannot be reached or refuses the login, a migration fails, or the database's schema
 *   is newer than this code.
 * @example
 * const store = await openPgStore('postgres://crossroute:secret@db:5432/crossroute')
 * await store.getQuote(txId)
 */
export async function openPgStore(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Store> {
  const db = openPgDatabase(url, poolSize)
  try {
    await migratePg(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return pgStore(db)
}

/**
 * One statement inserts any number of quotes: one array parameter per column, `unnest`ed into rows (the same text
 * for every batch size, and no limit of 65,535 parameters).
 */
const INSERT_QUOTES_SQL = `
  INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id,
    vm_id, created_at, updated_at, quote_record)
  SELECT tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id, vm_id, created_at,
    created_at, quote_record
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[],
    $9::bigint[], $10::text[], $11::bigint[], $12::bytea[])
    AS q (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id, vm_id, created_at,
      quote_record)`

const INSERT_WATCHES_SQL = `
  INSERT INTO deposit_watches (tx_id, chain_id, address, token, amount_required, watch_until)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[])`

interface QueuedQuote {
  readonly row: QuoteRowValues
  readonly watch: DepositWatchEntry | undefined
}

/** Inserts the quotes, and the deposit watches of those that have one, in the caller's transaction. */
async function insertQuotes(tx: Sql, quotes: readonly QueuedQuote[]): Promise<void> {
  const column = <K extends keyof QuoteRowValues>(key: K) => quotes.map(({ row }) => row[key])
  await tx.query(INSERT_QUOTES_SQL, [
    column('txId'),
    column('orgId'),
    column('appId'),
    column('keyId'),
    column('appName'),
    column('affiliateId'),
    column('sender'),
    column('srcChainId'),
    column('dstChainId'),
    column('vmId'),
    column('createdAt'),
    column('quoteRecord'),
  ])
  const watched = quotes.filter((quote) => quote.watch !== undefined)
  if (watched.length === 0) return
  await tx.query(INSERT_WATCHES_SQL, [
    watched.map(({ row }) => row.txId),
    watched.map(({ row }) => row.srcChainId),
    watched.map(({ watch }) => watch!.address),
    watched.map(({ watch }) => watch!.token),
    watched.map(({ watch }) => watch!.amountRequired),
    watched.map(({ watch }) => watch!.watchUntil),
  ])
}

function pgStore(db: PgDatabase): Store {
  const record = (quotes: readonly QueuedQuote[]) =>
    quotes.some((quote) => quote.watch !== undefined)
      ? db.transaction((tx) => insertQuotes(tx, quotes))
      : insertQuotes(db, quotes) // one statement: atomic on its own
  const queuedOf = (entry: QuoteEntry): QueuedQuote => ({ row: quoteRowValues(entry), watch: entry.depositWatch })

  // Group commit: the quotes a worker answers in one turn of its event loop share one INSERT and one commit (one
  // WAL flush on the server) instead of one each. A batch still in flight does not hold the next one back.
  let queued: (QueuedQuote & { resolve: () => void; reject: (error: unknown) => void })[] = []
  const flushQuotes = () => {
    const batch = queued
    queued = []
    record(batch).then(
      () => batch.forEach((item) => item.resolve()),
      (error: unknown) => batch.forEach((item) => item.reject(error)),
    )
  }

  const lifecycle = pgLifecycleMethods(db)
  return {
    ...pgVenueMethods(db),
    ...pgDepositMethods(db),
    ...pgApiKeyMethods(db),
    ...lifecycle,
    ...pgHistoryMethods(db),
    async recordQuote(entry) {
      await record([queuedOf(entry)])
    },
    recordQuoteSoon(entry) {
      return new Promise((resolve, reject) => {
        const quote = queuedOf(entry)
        if (queued.length === 0) setImmediate(flushQuotes)
        queued.push({ ...quote, resolve, reject })
      })
    },
    async getQuote(txId) {
      const [row] = await db.query<TransactionRow>(`SELECT ${PG_ROW_COLUMNS} FROM transactions t WHERE t.tx_id = $1`, [
        txId,
      ])
      return row === undefined ? undefined : quoteFromRow(row)
    },
    close: () => db.close(),
  }
}
