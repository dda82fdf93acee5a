/**
 * The PostgreSQL store's connection: a small `pg` pool per thread (each worker and the tracker open their own
 * `Store`, as on SQLite), and the two operations every module of the backend is written against — a query, and a
 * transaction that runs several queries on one pooled client between `BEGIN` and `COMMIT`.
 */
import { createRequire } from 'node:module'
import type pg from 'pg'

/**
 * The `pg` driver, loaded at the first PostgreSQL pool rather than with the store modules: the default store is
 * SQLite, and `crossroute serve` from the installed package must start without `pg` (an optional peer dependency,
 * README "Install and package"). `require` rather than `import()`: synchronous (a pool opens synchronously), and
 * `pg` is CommonJS, so it is the same module object either way.
 */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg

/** Something that runs SQL: the pool (each query on any free client) or one client inside a transaction. */
export interface Sql {
  /**
   * Runs one statement with `$1…$n` parameters and returns its rows.
   *
   * @example
   * const rows = await sql.query<{ n: string }>('SELECT count(*) AS n FROM transactions WHERE status = $1', ['quoted'])
   */
  query<R extends object = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<R[]>
}

/** A pool of connections to one database. */
export interface PgDatabase extends Sql {
  /**
   * Runs `work` in one transaction on one client: `BEGIN` (at `isolation`, default READ COMMITTED), `work`, then
   * `COMMIT` — or `ROLLBACK` and the error rethrown when `work` rejects. The commit has returned before the Promise
   * resolves, so a caller that answers after it answers only what is durable (`synchronous_commit` on, the default).
   *
   * @example await db.transaction(async (tx) => { await tx.query('UPDATE …'); await tx.query('INSERT …') })
   */
  transaction<T>(
    work: (tx: Sql) => Promise<T>,
    isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE',
  ): Promise<T>
  /** Ends every connection of the pool. Idempotent. */
  close(): Promise<void>
}

/**
 * Connections per pool: one thread runs several requests at once (async handlers), but PostgreSQL pays a process
 * per connection, and N replicas × workers × this must stay under the server's `max_connections` (README
 * "PostgreSQL"). 4 covers a worker's concurrent store calls (a quote's group commit, a registration, reads).
 */
export const DEFAULT_POOL_SIZE = 4

/**
 * Type parsers of this backend's pools (never `pg.types` itself, which is global to the process): an `int8`
 * (`bigint` column, `count(*)`) becomes a `number`. Every `bigint` of the schema is an id, a Unix second, a chain id
 * (Solana's 1151111081099710 needs more than 32 bits), a count or a block number: all below 2^53, checked here so
 * that a value beyond it is an error, never a silently rounded number. Token amounts are `text`, `numeric` stays a
 * string.
 */
const typesOf = (driver: typeof pg) =>
  ({
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === driver.types.builtins.INT8 && format !== 'binary') return parseInt8
      return driver.types.getTypeParser(oid, format)
    },
  }) as pg.CustomTypesConfig

function parseInt8(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is beyond 2^53: read it as text`)
  return value
}

/**
 * Opens a pool on `url` (`postgres://user:password@host:port/database`). Connections are made lazily, at the first
 * query.
 *
 * @param url - the connection string (`DATABASE_URL`).
 * @param size - the most connections the pool opens.
 * @example const db = openPgDatabase('postgres://crossroute@localhost/crossroute')
 */
export function openPgDatabase(url: string, size = DEFAULT_POOL_SIZE): PgDatabase {
  const driver = loadPg()
  const pool = new driver.Pool({ connectionString: url, max: size, idleTimeoutMillis: 30_000, types: typesOf(driver) })
  // An idle client whose connection drops emits 'error' on the pool; without a listener that would crash the thread.
  // The next query opens a new connection, and its own error (if the server is still gone) reaches the caller.
  pool.on('error', () => {})
  let closed = false
  const query = async <R extends object>(text: string, values?: readonly unknown[]): Promise<R[]> =>
    (await pool.query<R>(text, values as unknown[] | undefined)).rows
  return {
    query,
    async transaction(work, isolation = 'READ COMMITTED') {
      const client = await pool.connect()
      const tx: Sql = {
        query: async <R extends object>(text: string, values?: readonly unknown[]) =>
          (await client.query<R>(text, values as unknown[] | undefined)).rows,
      }
      let broken = false
      try {
        await client.query(`BEGIN ISOLATION LEVEL ${isolation}`)
        const result = await work(tx)
        await client.query('COMMIT')
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
        } catch {
          broken = true // the connection itself failed: do not give it back to the pool
        }
        throw error
      } finally {
        client.release(broken)
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
