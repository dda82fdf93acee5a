/**
 * Whether the store can be read, for `GET /api/ready` on the main thread: a connection of its own, opened on the
 * first probe, that reads one row of `transactions`. Cheap (microseconds) and never waits for a writer (WAL
 * readers do not block). A missing file, a file without the schema or a read error is "unreachable"; the
 * connection is reopened on the next probe after a failure.
 */
import { existsSync } from 'node:fs'
import type { ServiceConfig } from '../config.js'
import { type Database, type Statement, openDatabase } from './database.js'

/** Answers whether the store can be read now. */
export type StoreProbe = () => boolean

/**
 * A probe of the configured store.
 *
 * @example
 * const isStoreReachable = createStoreProbe(config)
 * isStoreReachable() // true once the service has migrated its file
 */
export function createStoreProbe(config: Pick<ServiceConfig, 'databasePath'>): StoreProbe {
  let connection: { db: Database; read: Statement } | undefined
  return () => {
    try {
      if (connection === undefined) {
        // libsql would create a missing file: check first, so that a lost file reads as unreachable.
        if (!existsSync(config.databasePath)) return false
        const db = openDatabase(config.databasePath)
        connection = { db, read: db.prepare('SELECT id FROM transactions LIMIT 1') }
      }
      connection.read.get()
      return true
    } catch {
      connection?.db.close()
      connection = undefined
      return false
    }
  }
}
