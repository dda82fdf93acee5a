/**
 * Versioned schema migrations of the SQLite store. The schema version is `PRAGMA user_version`; migration `n`
 * (1-based) takes the database from version `n − 1` to `n`. Append new migrations; never edit a released one.
 */
import type { Database } from 'better-sqlite3'

/** One schema step. */
export interface Migration {
  /** 1, 2, 3…: its position in `MIGRATIONS`. */
  readonly version: number
  readonly name: string
  /** SQL run inside the migration transaction. */
  readonly sql: string
}

/**
 * Every migration, in order.
 *
 * 1. `transactions`: one row per quote (`getAction`), keyed by `tx_id`, carried through its lifecycle by later
 *    migrations (registration, status tracking). A rowid table rather than `WITHOUT ROWID`: rows carry kilobytes of
 *    JSON, which SQLite advises against in a clustered primary key; `tx_id` gets its own unique index. Indexes
 *    serve history by organization or app in time order and by wallet (SPEC §4.4).
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: 'create transactions',
    sql: `
      CREATE TABLE transactions (
        id              INTEGER PRIMARY KEY,
        tx_id           TEXT    NOT NULL UNIQUE,
        org_id          TEXT    NOT NULL,
        app_id          TEXT    NOT NULL,
        key_id          TEXT    NOT NULL,
        app_name        TEXT    NOT NULL,
        affiliate_id    TEXT    NOT NULL,
        sender          TEXT    NOT NULL,
        src_chain_id    INTEGER NOT NULL,
        dst_chain_id    INTEGER NOT NULL,
        vm_id           TEXT    NOT NULL,
        created_at      INTEGER NOT NULL,
        status          TEXT    NOT NULL DEFAULT 'quoted',
        action_request  TEXT    NOT NULL CHECK (json_valid(action_request)),
        action_response TEXT    NOT NULL CHECK (json_valid(action_response))
      );
      CREATE INDEX transactions_org_created ON transactions (org_id, created_at);
      CREATE INDEX transactions_app_created ON transactions (app_id, created_at);
      CREATE INDEX transactions_sender ON transactions (sender, created_at);
    `,
  },
])

/** The schema version this code expects. */
export const SCHEMA_VERSION = MIGRATIONS.length

/**
 * Brings a database to `SCHEMA_VERSION`. The pending migrations and the new `user_version` are applied in one
 * `BEGIN IMMEDIATE` transaction, which takes the write lock first and then re-reads the version: several workers
 * opening the same file at once run each migration exactly once (the others wait on `busy_timeout`, then find
 * nothing to do). A failed migration rolls back entirely.
 *
 * @returns the versions applied by this call (empty when the schema was current).
 * @throws Error when the database is newer than this code (a downgrade), or a migration fails.
 *
 * @example migrate(db) // [1] on a new file, [] afterwards
 */
export function migrate(db: Database): number[] {
  checkOrder()
  const version = () => db.pragma('user_version', { simple: true }) as number
  if (version() === SCHEMA_VERSION) return []
  return db
    .transaction(() => {
      const current = version()
      if (current > SCHEMA_VERSION) {
        throw new Error(`database schema version ${current} is newer than this code's ${SCHEMA_VERSION}; refusing to run`)
      }
      const pending = MIGRATIONS.slice(current)
      for (const migration of pending) db.exec(migration.sql)
      // PRAGMA takes no bound parameters; SCHEMA_VERSION is a constant integer.
      db.pragma(`user_version = ${SCHEMA_VERSION}`)
      return pending.map((migration) => migration.version)
    })
    .immediate()
}

function checkOrder(): void {
  MIGRATIONS.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`migration ${migration.name} has version ${migration.version}, expected ${index + 1}`)
  })
}
