/**
 * Versioned schema migrations of the PostgreSQL store. Table `schema_migrations` lists the versions applied (one
 * row each, with its name and time); migration `n` takes the database from version `n − 1` to `n`. Append new
 * migrations; never edit a released one. The SQLite store has its own list (`../migrations.ts`): the two schemas
 * hold the same data, each in its engine's terms.
 */
import type { Migration } from '../migrations.js'
import type { PgDatabase } from './connection.js'
import { PG_CORE_SCHEMA_SQL } from './schema.js'
import { PG_VENUE_SCHEMA_SQL } from './venueSchema.js'
import { SOURCE_SCOPE_SQL } from '../sourceTransactions.js'

/**
 * Every PostgreSQL migration, in order.
 *
 * 1. The core schema (`schema.ts`): transactions with their quote records and lifecycle, history counters, deposit
 *    watches and scan cursors, API keys and their version counter.
 * 2. The prediction-market venue (`venueSchema.ts`).
 * 3. Each API key's own daily quote quota (`../apiKeys.ts`).
 * 4. Source transactions scoped by organization (`../sourceTransactions.ts`, the same SQL as SQLite's 12).
 */
export const PG_MIGRATIONS: readonly Migration[] = Object.freeze([
  { version: 1, name: 'core: transactions, history counts, deposit watches, api keys', sql: PG_CORE_SCHEMA_SQL },
  { version: 2, name: 'venue', sql: PG_VENUE_SCHEMA_SQL },
  {
    version: 3,
    name: 'api key daily quote quotas',
    sql: 'ALTER TABLE api_keys ADD COLUMN daily_quote_quota INTEGER CHECK (daily_quote_quota >= 0);',
  },
  { version: 4, name: 'source transactions scoped by organization', sql: SOURCE_SCOPE_SQL },
])

/** The schema version this code expects on PostgreSQL. */
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length

/**
 * The key of the transaction-level advisory lock that serializes migrations: any constant shared by every process
 * of this code (here "crossrou" in ASCII). Other applications on the same database would have to pick it too.
 */
export const MIGRATION_LOCK_KEY = 0x63726f73_73726f75n

/**
 * Brings a database to `PG_SCHEMA_VERSION`. One transaction takes `pg_advisory_xact_lock` first (released at its
 * end), then creates `schema_migrations` when missing, reads the version and applies the pending migrations: the
 * replicas and worker threads that open the store together run each migration exactly once (the others wait on
 * the lock, then find nothing to do). A failed migration rolls back entirely, DDL included.
 *
 * @returns the versions applied by this call (empty when the schema was current).
 * @throws Error when the database is newer than this code (a downgrade), or a migration fails.
 * @example await migratePg(db) // [1, 2] on an empty database, [] afterwards
 */
export async function migratePg(db: PgDatabase, migrations: readonly Migration[] = PG_MIGRATIONS): Promise<number[]> {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(`migration ${migration.name} has version ${migration.version}, expected ${index + 1}`)
  })
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()])
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer     PRIMARY KEY,
        name       text        NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`)
    const [{ version: current }] = (await tx.query<{ version: number }>(
      'SELECT coalesce(max(version), 0)::integer AS version FROM schema_migrations',
    )) as [{ version: number }]
    if (current > migrations.length) {
      throw new Error(
        `database schema version ${current} is newer than this code's ${migrations.length}; refusing to run`,
      )
    }
    const pending = migrations.slice(current)
    for (const migration of pending) {
      // Several statements in one simple query (no parameters): the migration's SQL as written.
      if (migration.sql.trim() !== '') await tx.query(migration.sql)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
    }
    return pending.map((migration) => migration.version)
  })
}
