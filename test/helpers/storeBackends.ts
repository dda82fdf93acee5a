/**
 * The store's two backends for tests that must hold on both (`describe.each(STORE_BACKENDS)`): SQLite on a fresh
 * file in a temp directory, PostgreSQL on a fresh database of the run's server (`postgres.ts`). Each place is empty
 * until a store opens it; `open()` can be called again (another connection, the same data, as another worker or
 * replica would), and `drop()` removes everything.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type StoreConfig, openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'
import { createTestDatabase } from './postgres.js'

/** A place for a store of one backend. */
export interface StorePlace {
  /** What `openStore` is given: `databasePath` for SQLite, `databaseUrl` too for PostgreSQL. */
  readonly config: StoreConfig
  /** Opens a store on this place (through `openStore`, as the service does). */
  open(): Promise<Store>
  /** Removes the file or the database (close the stores first; PostgreSQL's are forced off). */
  drop(): Promise<void>
}

/** One backend. */
export interface StoreBackend {
  readonly name: 'sqlite' | 'postgres'
  /** A new, empty place. */
  create(): Promise<StorePlace>
}

const sqlite: StoreBackend = {
  name: 'sqlite',
  async create() {
    const dir = mkdtempSync(join(tmpdir(), 'crossroute-store-'))
    const config = { dataDir: dir, databasePath: join(dir, 'crossroute.sqlite') }
    return {
      config,
      open: () => openStore(config),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
}

const postgres: StoreBackend = {
  name: 'postgres',
  async create() {
    const database = await createTestDatabase()
    // dataDir and databasePath are not read with a databaseUrl; a path nobody creates shows it.
    const config = { dataDir: '/nonexistent', databasePath: '/nonexistent/unused.sqlite', databaseUrl: database.url }
    return { config, open: () => openStore(config), drop: () => database.drop() }
  },
}

/**
 * Both backends, for `describe.each(STORE_BACKENDS)('$name', (backend) => …)`.
 *
 * @example
 * describe.each(STORE_BACKENDS)('$name', (backend) => {
 *   let place: StorePlace
 *   let store: Store
 *   beforeEach(async () => ({ place, store } = await openFresh(backend)))
 *   afterEach(() => closeAndDrop(place, store))
 * })
 */
export const STORE_BACKENDS: readonly StoreBackend[] = [sqlite, postgres]

/**
 * A new place of `backend` and a store open on it.
 *
 * @example const { place, store } = await openFresh(backend)
 */
export async function openFresh(backend: StoreBackend): Promise<{ place: StorePlace; store: Store }> {
  const place = await backend.create()
  return { place, store: await place.open() }
}

/**
 * Closes `store` (when open) and drops its place.
 *
 * @example afterEach(() => closeAndDrop(place, store))
 */
export async function closeAndDrop(place: StorePlace | undefined, store: Store | undefined): Promise<void> {
  await store?.close()
  await place?.drop()
}
