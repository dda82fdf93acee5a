import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../service/store/database.js'
import { MIGRATIONS, SCHEMA_VERSION, migrate } from '../../service/store/migrations.js'
import { openStore } from '../../service/store/open.js'
import { openPgDatabase } from '../../service/store/postgres/connection.js'
import { PG_MIGRATIONS, PG_SCHEMA_VERSION, migratePg } from '../../service/store/postgres/migrations.js'
import { BUSY_TIMEOUT_MS, configureConnection } from '../../service/store/sqlite.js'
import type { QuoteEntry, Store } from '../../service/store/store.js'
import type { ApiKeyRecord } from '../../service/types.js'
import { createTestDatabase, queryDatabase } from '../helpers/postgres.js'
import { inspectDatabase, pragmaValue, valueOf } from '../helpers/sqlite.js'
import { STORE_BACKENDS, type StorePlace, closeAndDrop } from '../helpers/storeBackends.js'

const API_KEY: ApiKeyRecord = {
  keyId: 'key_1',
  appId: 'app_1',
  orgId: 'org_1',
  appName: 'Demo app',
  affiliateId: 'aff_1',
  gasless: false,
  appFees: [],
}

let dataDir: string
let config: { dataDir: string; databasePath: string }
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-store-'))
  // A nested directory that does not exist yet: openStore creates it.
  config = { dataDir: join(dataDir, 'data'), databasePath: join(dataDir, 'data', 'crossroute.sqlite') }
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

function entry(txId: string, overrides: Partial<QuoteEntry> = {}): QuoteEntry {
  return {
    txId,
    createdAt: 1_700_000_000,
    apiKey: API_KEY,
    actionRequest: { actionType: 'swap-action', amount: '250000000', slippage: 12.5 },
    actionResponseJson: JSON.stringify({
      txId,
      tx: { to: '0xc7055c7055c7055C7055C7055C7055c7055C7055', value: '0', chainId: 8453 },
      allRoutes: [{ amountOut: { amount: '1' } }],
    }),
    srcChainId: 8453,
    dstChainId: 10,
    sender: '0x8ba1f109551bd432803012645ac136ddd64dba72',
    vmId: 'evm',
    ...overrides,
  }
}

/** Direct access to the file, for what the Store interface does not expose. */
function inspect<T>(query: (db: Database) => T): T {
  return inspectDatabase(config.databasePath, query)
}

describe.each(STORE_BACKENDS)('openStore on $name', (backend) => {
  let place: StorePlace
  const stores: Store[] = []
  const open = async () => {
    const store = await place.open()
    stores.push(store)
    return store
  }
  beforeEach(async () => {
    place = await backend.create()
  })
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
    await closeAndDrop(place, undefined)
  })

  it('records a quote and reads it back with every field', async () => {
    const store = await open()
    const quote = entry('0x' + '01'.repeat(32))
    await store.recordQuote(quote)
    expect(await store.getQuote(quote.txId)).toEqual({
      txId: quote.txId,
      createdAt: 1_700_000_000,
      orgId: 'org_1',
      appId: 'app_1',
      keyId: 'key_1',
      appName: 'Demo app',
      affiliateId: 'aff_1',
      sender: quote.sender,
      srcChainId: 8453,
      dstChainId: 10,
      vmId: 'evm',
      status: 'quoted',
      actionRequest: quote.actionRequest,
      actionResponse: JSON.parse(quote.actionResponseJson),
    })
    expect(await store.getQuote('0x' + '02'.repeat(32))).toBeUndefined()
    await store.close()
    await store.close() // idempotent
  })

  it('reads chain ids beyond 32 bits exactly (Solana 1151111081099710)', async () => {
    const store = await open()
    await store.recordQuote(entry('0xsol', { srcChainId: 1151111081099710, dstChainId: 20000000000001 }))
    expect(await store.getQuote('0xsol')).toMatchObject({ srcChainId: 1151111081099710, dstChainId: 20000000000001 })
  })

  it('refuses a second quote under the same txId', async () => {
    const store = await open()
    await store.recordQuote(entry('0xdup'))
    await expect(store.recordQuote(entry('0xdup'))).rejects.toThrow(/unique/i)
  })

  it('keeps the data across close and reopen', async () => {
    const first = await open()
    await first.recordQuote(entry('0xkept'))
    await first.close()
    const second = await open()
    expect((await second.getQuote('0xkept'))?.actionRequest).toEqual(entry('0xkept').actionRequest)
  })

  it('four stores opened at once on a new place, then writing at once, lose no row', async () => {
    const opened = await Promise.all([open(), open(), open(), open()])
    await Promise.all(
      opened.map((store, id) =>
        Promise.all(Array.from({ length: 50 }, (_, i) => store.recordQuoteSoon(entry(`s${id}-${i}`)))),
      ),
    )
    for (const id of [0, 1, 2, 3]) expect((await opened[3 - id]!.getQuote(`s${id}-49`))?.orgId).toBe('org_1')
  })
})

describe('openStore on SQLite', () => {
  it('runs in WAL mode with the schema at the current version', async () => {
    await (await openStore(config)).close()
    inspect((db) => {
      expect(pragmaValue(db, 'journal_mode')).toBe('wal')
      expect(pragmaValue(db, 'user_version')).toBe(SCHEMA_VERSION)
      const indexes = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions'")
        .pluck()
        .all()
      expect(indexes).toEqual(
        expect.arrayContaining([
          'transactions_src_tx',
          'transactions_due',
          'transactions_unregistered',
          'history_org',
          'history_sender',
        ]),
      )
    })
  })

  it('configures each connection: busy_timeout, WAL, synchronous=NORMAL', () => {
    const db = openDatabase(join(dataDir, 'c.sqlite'))
    configureConnection(db, join(dataDir, 'c.sqlite'))
    expect(pragmaValue(db, 'busy_timeout')).toBe(BUSY_TIMEOUT_MS)
    expect(pragmaValue(db, 'journal_mode')).toBe('wal')
    expect(pragmaValue(db, 'synchronous')).toBe(1) // NORMAL
    db.close()
  })
})

describe('migrate', () => {
  it('is idempotent: a second run applies nothing and keeps the data', () => {
    const db = openDatabase(join(dataDir, 'm.sqlite'))
    expect(migrate(db)).toEqual(MIGRATIONS.map((migration) => migration.version))
    db.prepare(
      "INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id, vm_id, created_at, updated_at, action_request, action_response) VALUES ('t', 'o', 'a', 'k', 'n', 'f', 's', 1, 10, 'evm', 0, 0, '{}', '{}')",
    ).run()
    expect(migrate(db)).toEqual([])
    expect(valueOf(db.prepare('SELECT count(*) FROM transactions'))).toBe(1)
    expect(pragmaValue(db, 'user_version')).toBe(SCHEMA_VERSION)
    db.close()
  })

  it('refuses a database newer than the code', () => {
    const db = openDatabase(join(dataDir, 'm.sqlite'))
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`)
    expect(() => migrate(db)).toThrow(/newer than this code/)
    db.close()
  })
})

/**
 * Worker threads as the service runs them: each opens its own store on the same new file at the same moment
 * (racing the WAL switch and the migrations), then all write at once.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads')
;(async () => {
  const { register } = await import('tsx/esm/api')
  register()
  const { openStore } = await import(workerData.sqliteUrl)
  const gate = new Int32Array(workerData.gate)
  Atomics.add(gate, 2, 1) // loaded
  Atomics.wait(gate, 0, 0) // all workers start together
  const store = await openStore(workerData.config)
  Atomics.add(gate, 1, 1)
  while (Atomics.load(gate, 1) < workerData.workers) Atomics.wait(gate, 1, Atomics.load(gate, 1), 5)
  for (let i = 0; i < workerData.count; i++) {
    await store.recordQuote({ ...workerData.entry, txId: 'w' + workerData.id + '-' + i })
  }
  await store.close()
  parentPort.postMessage('done')
})()
`

describe('several workers on one file', () => {
  it('open concurrently (migrations run once) and write concurrently without losing a row', async () => {
    const workers = 4
    const count = 250
    const gate = new SharedArrayBuffer(12) // [start flag, opened count, loaded count]
    const sqliteUrl = new URL('../../service/store/open.ts', import.meta.url).href
    const runs = Array.from({ length: workers }, (_, id) => {
      const worker = new Worker(WORKER_CODE, {
        eval: true,
        workerData: { id, gate, workers, count, config, sqliteUrl, entry: entry('') },
      })
      return new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve())
        worker.once('error', reject)
      }).finally(() => worker.terminate())
    })
    const flags = new Int32Array(gate)
    while (Atomics.load(flags, 2) < workers) await new Promise((resolve) => setTimeout(resolve, 20))
    Atomics.store(flags, 0, 1)
    Atomics.notify(flags, 0)
    await Promise.all(runs)

    inspect((db) => {
      expect(valueOf(db.prepare('SELECT count(*) FROM transactions'))).toBe(workers * count)
      expect(valueOf(db.prepare('SELECT count(DISTINCT tx_id) FROM transactions'))).toBe(workers * count)
      expect(pragmaValue(db, 'user_version')).toBe(SCHEMA_VERSION)
    })
    const store = await openStore(config)
    expect((await store.getQuote('w3-249'))?.orgId).toBe('org_1')
    await store.close()
  }, 30_000)
})

describe('PostgreSQL migrations', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(() => database.drop())

  it('stores opened at once on a new database apply each migration exactly once', async () => {
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openStore({ ...config, databaseUrl: database.url })),
    )
    await Promise.all(stores.map((store) => store.close()))
    const applied = await queryDatabase<{ version: number; name: string }>(
      database.url,
      'SELECT version, name FROM schema_migrations ORDER BY version',
    )
    expect(applied).toEqual(PG_MIGRATIONS.map(({ version, name }) => ({ version, name })))
    expect(PG_SCHEMA_VERSION).toBe(PG_MIGRATIONS.length)
    const indexes = await queryDatabase<{ indexname: string }>(
      database.url,
      "SELECT indexname FROM pg_indexes WHERE tablename = 'transactions'",
    )
    expect(indexes.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        'transactions_src_tx',
        'transactions_due',
        'transactions_unregistered',
        'history_org',
        'history_app',
        'history_sender',
        'history_src_chain',
        'history_dst_chain',
      ]),
    )
  })

  it('applies only the pending migrations, and nothing on a current database', async () => {
    const db = openPgDatabase(database.url, 2)
    try {
      const first = PG_MIGRATIONS.slice(0, 1)
      expect(await migratePg(db, first)).toEqual([1])
      const extra = { version: 2, name: 'a test table', sql: 'CREATE TABLE migration_probe (id integer)' }
      expect(await migratePg(db, [...first, extra])).toEqual([2])
      expect(await migratePg(db, [...first, extra])).toEqual([])
      expect(await db.query('SELECT * FROM migration_probe')).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('rolls a failed migration back entirely', async () => {
    const db = openPgDatabase(database.url, 2)
    try {
      const broken = { version: 1, name: 'broken', sql: 'CREATE TABLE half (id integer); SELECT no_such_function()' }
      await expect(migratePg(db, [broken])).rejects.toThrow(/no_such_function/)
      expect(await db.query("SELECT 1 FROM pg_tables WHERE tablename IN ('half', 'schema_migrations')")).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('refuses a database newer than the code', async () => {
    await (await openStore({ ...config, databaseUrl: database.url })).close()
    await queryDatabase(database.url, "INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", [
      PG_SCHEMA_VERSION + 1,
    ])
    await expect(openStore({ ...config, databaseUrl: database.url })).rejects.toThrow(/newer than this code/)
  })

  it('refuses to open when the server cannot be reached', async () => {
    const url = new URL(database.url)
    url.port = '1'
    await expect(openStore({ ...config, databaseUrl: url.toString() })).rejects.toThrow(/ECONNREFUSED|connect/)
  })
})
