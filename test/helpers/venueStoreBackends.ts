/**
 * The venue store tests run on both backends (`describe.each(VENUE_STORE_BACKENDS)`): SQLite through `openStore` on
 * a temporary file, as the service opens it; PostgreSQL as `pgVenueMethods` on a fresh database of the run's
 * server (`postgres.ts`) with `PG_VENUE_SCHEMA_SQL` applied — the venue tables reference no other table.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PgDatabase, openPgDatabase } from '../../service/store/postgres/connection.js'
import { type PgVenueMethods, pgVenueMethods } from '../../service/store/postgres/venue.js'
import { PG_VENUE_SCHEMA_SQL } from '../../service/store/postgres/venueSchema.js'
import { openSqliteStore } from '../../service/store/sqlite.js'
import { createTestDatabase } from './postgres.js'

/** A venue store that can be closed. */
export type VenueTestStore = PgVenueMethods & { close(): Promise<void> }

/** An empty database of one backend, with a store open on it. */
export interface VenueTestDatabase {
  /** The store the test uses. */
  readonly store: VenueTestStore
  /**
   * Another store on the same database with connections of its own (PostgreSQL: a pool of `connections`; SQLite:
   * one connection, in this thread): what another worker or replica would hold. Closed by `dispose`. On SQLite a
   * transaction that spans awaits (a settlement) blocks the other connections of its thread until `busy_timeout`:
   * concurrent settlements across SQLite connections need threads, as the service runs them.
   */
  connect(connections?: number): VenueTestStore
  /** Closes every store and removes the database. */
  dispose(): Promise<void>
}

/** A backend the venue store tests run on. */
export interface VenueStoreBackend {
  readonly name: 'SQLite' | 'PostgreSQL'
  /** A fresh, empty database (schema applied) with a store open on it. */
  create(): Promise<VenueTestDatabase>
}

const sqlite: VenueStoreBackend = {
  name: 'SQLite',
  async create() {
    const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-venue-store-'))
    const config = { dataDir, databasePath: join(dataDir, 'crossroute.sqlite') }
    const stores: VenueTestStore[] = []
    const connect = () => {
      const store = openSqliteStore(config)
      stores.push(store)
      return store
    }
    return {
      store: connect(),
      connect,
      async dispose() {
        for (const store of stores) await store.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  },
}

const postgres: VenueStoreBackend = {
  name: 'PostgreSQL',
  async create() {
    const database = await createTestDatabase()
    const pools: PgDatabase[] = []
    const connect = (connections = 4): VenueTestStore => {
      const db = openPgDatabase(database.url, connections)
      pools.push(db)
      return { ...pgVenueMethods(db), close: () => db.close() }
    }
    const store = connect()
    await pools[0]!.query(PG_VENUE_SCHEMA_SQL)
    return {
      store,
      connect,
      async dispose() {
        for (const pool of pools) await pool.close()
        await database.drop()
      },
    }
  },
}

/** Both backends, SQLite first. */
export const VENUE_STORE_BACKENDS: readonly VenueStoreBackend[] = [sqlite, postgres]
