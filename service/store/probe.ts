/**
 * Whether the store can be read, for `GET /api/ready` on the main thread: a connection of its own, opened on the
 * first probe, that reads one row of `transactions`. Cheap and never waits for a writer (SQLite's WAL readers and
 * PostgreSQL's MVCC readers do not block). A missing file, a database without the schema, a server that does not
 * answer within `PG_PROBE_TIMEOUT_MS` or a read error is "unreachable"; the connection is reopened on the next probe
 * after a failure.
 */
import { existsSync } from 'node:fs'
import type { ServiceConfig } from '../config.js'
import { type Database, type Statement, openDatabase } from './database.js'
import { type PgDatabase, openPgDatabase } from './postgres/connection.js'

/** Answers whether the store can be read now. */
export type StoreProbe = () => Promise<boolean>

/** How long a PostgreSQL probe waits for its answer before it reads as unreachable (ms). */
export const PG_PROBE_TIMEOUT_MS = 2_000

/**
 * A probe of the configured store: the PostgreSQL database of `databaseUrl` when set, else the SQLite file.
 *
 * @example
 * const isStoreReachable = createStoreProbe(config)
 * await isStoreReachable() // true once the service has migrated its store
 */
export function createStoreProbe(config: Pick<ServiceConfig, 'databasePath' | 'databaseUrl'>): StoreProbe {
  return config.databaseUrl === undefined ? sqliteProbe(config.databasePath) : pgProbe(config.databaseUrl)
}

function sqliteProbe(databasePath: string): StoreProbe {
  let connection: { db: Database; read: Statement } | undefined
  return async () => {
    try {
      if (connection === undefined) {
        // libsql would create a missing file: check first, so that a lost file reads as unreachable.
        if (!existsSync(databasePath)) return false
        const db = openDatabase(databasePath)
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

function pgProbe(url: string): StoreProbe {
  let db: PgDatabase | undefined
  return async () => {
    let timer: NodeJS.Timeout | undefined
    try {
      // One connection is enough for probes.
      db ??= openPgDatabase(url, 1)
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('probe timed out')), PG_PROBE_TIMEOUT_MS)
      })
      await Promise.race([db.query('SELECT id FROM transactions LIMIT 1'), timeout])
      return true
    } catch {
      const failed = db
      db = undefined
      void failed?.close().catch(() => undefined)
      return false
    } finally {
      clearTimeout(timer)
    }
  }
}
