/**
 * Opens the configured store: PostgreSQL when `DATABASE_URL` names a server (`postgres://…` or `postgresql://…`),
 * else the embedded SQLite file at `DATABASE_PATH`. One `Store` interface (`store.ts`) for both. Both backends'
 * modules are imported statically (under `--import tsx` the worker threads load modules through tsx's `require`
 * hook, and a dynamic `import()` of a sibling module found no file there); the `pg` driver itself is loaded at the
 * first PostgreSQL pool (`postgres/connection.ts`), so a SQLite service runs without it installed.
 */
import type { ServiceConfig } from '../config.js'
import { openPgStore } from './postgres/store.js'
import { openSqliteStore } from './sqlite.js'
import type { Store } from './store.js'

/** What `openStore` reads: the SQLite file's place, and the PostgreSQL server's when there is one. */
export type StoreConfig = Pick<ServiceConfig, 'dataDir' | 'databasePath'> &
  Partial<Pick<ServiceConfig, 'databaseUrl' | 'databasePoolSize'>>

/**
 * Opens the store a thread keeps for its lifetime (each worker, the tracker, the main thread's key cache): its
 * schema migrated to the current version (once, whoever opens it first).
 *
 * @throws Error when the store cannot be opened (file, server unreachable, authentication) or a migration fails,
 *   or the database's schema is newer than this code.
 * @example
 * const store = await openStore(loadConfig())
 * await store.getQuote(txId)
 */
export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.databaseUrl !== undefined) return openPgStore(config.databaseUrl, config.databasePoolSize)
  return openSqliteStore(config)
}
