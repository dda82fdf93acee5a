/**
 * Source transaction hashes scoped by organization (issue 24, point 2; `service/store/sourceTransactions.ts`), on
 * both backends: one organization registering a hash first neither blocks another's registration of it nor shows in
 * it; within one organization a hash still has one txId; `claimSourceTransaction` gives one chain transaction to
 * one registration; and a database of the version before keeps its rows through the migration.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, SCHEMA_VERSION } from '../../service/store/migrations.js'
import { openDatabase } from '../../service/store/database.js'
import { openPgDatabase } from '../../service/store/postgres/connection.js'
import { PG_MIGRATIONS, migratePg } from '../../service/store/postgres/migrations.js'
import { quoteRowValues } from '../../service/store/rows.js'
import type { QuoteEntry, RegistrationInput, Store } from '../../service/store/store.js'
import type { ApiKeyRecord } from '../../service/types.js'
import { queryDatabase } from '../helpers/postgres.js'
import { inspectDatabase } from '../helpers/sqlite.js'
import {
  STORE_BACKENDS,
  type StoreBackend,
  type StorePlace,
  closeAndDrop,
  openFresh,
} from '../helpers/storeBackends.js'

const ALPHA: ApiKeyRecord = {
  keyId: 'key_alpha',
  appId: 'app_alpha',
  orgId: 'alpha',
  appName: 'Alpha',
  affiliateId: 'aff_alpha',
  gasless: false,
  appFees: [],
}
const BETA: ApiKeyRecord = { ...ALPHA, keyId: 'key_beta', appId: 'app_beta', orgId: 'beta', appName: 'Beta' }
const T0 = 1_700_000_000
const CHAIN = 8453
const txIdOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const HASH = `0x${'ab'.repeat(32)}`
const OTHER_HASH = `0x${'cd'.repeat(32)}`

const quote = (n: number, apiKey: ApiKeyRecord): QuoteEntry => ({
  txId: txIdOf(n),
  createdAt: T0 + n,
  apiKey,
  actionRequest: { actionType: 'swap-action', amount: '1' },
  actionResponseJson: JSON.stringify({ txId: txIdOf(n), tx: { value: '0' } }),
  srcChainId: CHAIN,
  dstChainId: 10,
  sender: '0xabc0000000000000000000000000000000000001',
  vmId: 'evm',
})
const registration = (n: number, txHash = HASH): RegistrationInput => ({
  txId: txIdOf(n),
  txHash,
  chainId: CHAIN,
  vmId: 'evm',
  registeredAt: T0 + 100 + n,
})

describe.each(STORE_BACKENDS)('$name', (backend: StoreBackend) => {
  let place: StorePlace
  let store: Store
  beforeEach(async () => ({ place, store } = await openFresh(backend)))
  afterEach(() => closeAndDrop(place, store))

  it("one hash, two organizations: the victim's registration succeeds after the squatter's, and neither sees the other's", async () => {
    await store.recordQuote(quote(1, ALPHA)) // the victim's quote, whose transaction is in the mempool
    await store.recordQuote(quote(2, BETA)) // the squatter's
    expect(await store.registerTransaction(registration(2))).toEqual({ outcome: 'registered' })
    expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'registered' })
    expect(await store.getByHash(HASH, 'alpha')).toMatchObject({ txId: txIdOf(1), status: 'pending' })
    expect(await store.getByHash(HASH, 'alpha', CHAIN)).toMatchObject({ txId: txIdOf(1) })
    expect(await store.getByHash(HASH, 'beta')).toMatchObject({ txId: txIdOf(2) })
    // Retried: still a duplicate of its own registration, not of the other organization's.
    expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'duplicate' })
  })

  it('within one organization a hash still has one txId', async () => {
    await store.recordQuote(quote(1, ALPHA))
    await store.recordQuote(quote(3, ALPHA))
    await store.recordQuote(quote(4, BETA))
    expect(
      await store.registerTransactions([
        registration(1),
        registration(3),
        registration(4),
        registration(3, OTHER_HASH),
      ]),
    ).toEqual([
      { outcome: 'registered' },
      { outcome: 'hash-in-use' },
      { outcome: 'registered' },
      { outcome: 'registered' },
    ])
  })

  it('claimSourceTransaction: the first registration to claim a chain transaction holds it', async () => {
    expect(await store.claimSourceTransaction(txIdOf(2), CHAIN, HASH)).toBe(txIdOf(2))
    expect(await store.claimSourceTransaction(txIdOf(1), CHAIN, HASH)).toBe(txIdOf(2))
    expect(await store.claimSourceTransaction(txIdOf(2), CHAIN, HASH)).toBe(txIdOf(2))
    // The same hash on another chain is another transaction.
    expect(await store.claimSourceTransaction(txIdOf(1), 10, HASH)).toBe(txIdOf(1))
  })

  it('claims racing from two connections: both get the same holder', async () => {
    const other = await place.open()
    try {
      for (let round = 0; round < 10; round += 1) {
        const hash = `0x${round.toString(16).padStart(64, '7')}`
        const holders = await Promise.all([
          store.claimSourceTransaction(txIdOf(1), CHAIN, hash),
          other.claimSourceTransaction(txIdOf(2), CHAIN, hash),
        ])
        expect(holders[0]).toBe(holders[1])
      }
    } finally {
      await other.close()
    }
  })
})

/** The version before this change on each backend, with its rows written as that code did. */
const ROWS = [
  // Registered, its source leg observed (success).
  {
    n: 1,
    hash: HASH,
    status: 'success',
    txPath: `[{"chainId":${CHAIN},"txHash":"${HASH}","timestamp":"1","nextBridge":""}]`,
  },
  // Registered, not observed yet.
  { n: 2, hash: OTHER_HASH, status: 'pending', txPath: '[]' },
  // A bare quote.
  { n: 3, hash: null, status: 'quoted', txPath: '[]' },
] as const
const rowValues = ({ n, hash, status, txPath }: (typeof ROWS)[number]) => {
  const row = quoteRowValues(quote(n, ALPHA))
  const registered = hash === null ? null : T0 + 100 + n
  return [
    row.txId,
    row.orgId,
    row.appId,
    row.keyId,
    row.appName,
    row.affiliateId,
    row.sender,
    row.srcChainId,
    row.dstChainId,
    row.vmId,
    row.createdAt,
    status,
    registered,
    hash === null ? null : 'evm',
    hash === null ? null : CHAIN,
    hash,
    txPath,
    row.quoteRecord,
  ]
}
const INSERT_COLUMNS = `tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id,
  vm_id, created_at, updated_at, status, registered_at, registered_vm_id, src_tx_chain_id, src_tx_hash, tx_path,
  quote_record`

/** What must hold once an old database is migrated. */
async function expectMigrated(store: Store): Promise<void> {
  expect(await store.getByTxId(txIdOf(1), 'alpha')).toMatchObject({ status: 'success', srcTxHash: HASH })
  expect(await store.getByTxId(txIdOf(2), 'alpha')).toMatchObject({ status: 'pending', srcTxHash: OTHER_HASH })
  expect(await store.getByTxId(txIdOf(3), 'alpha')).toMatchObject({ status: 'quoted' })
  // The observed transaction is its registration's already; the unobserved one is nobody's yet.
  expect(await store.claimSourceTransaction(txIdOf(9), CHAIN, HASH)).toBe(txIdOf(1))
  expect(await store.claimSourceTransaction(txIdOf(2), CHAIN, OTHER_HASH)).toBe(txIdOf(2))
  // The new index: another organization registers the hash; the same one still cannot.
  await store.recordQuote(quote(4, BETA))
  expect(await store.registerTransaction(registration(4))).toEqual({ outcome: 'registered' })
  expect(await store.registerTransaction(registration(3))).toEqual({ outcome: 'hash-in-use' })
}

describe('migration of an existing database keeps its rows', () => {
  it('SQLite: a version-10 file', async () => {
    const place = await STORE_BACKENDS[0]!.create()
    try {
      const path = place.config.databasePath
      const db = openDatabase(path)
      db.exec('PRAGMA journal_mode = WAL')
      for (const migration of MIGRATIONS.slice(0, 10)) db.exec(migration.sql)
      db.exec('PRAGMA user_version = 10')
      const insert = db.prepare(
        `INSERT INTO transactions (${INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      for (const row of ROWS) {
        const values = rowValues(row)
        insert.run(...values.slice(0, 11), values[10], ...values.slice(11))
      }
      db.close()
      const store = await place.open()
      try {
        expect(inspectDatabase(path, (d) => d.prepare('PRAGMA user_version').raw(true).get())).toEqual([SCHEMA_VERSION])
        await expectMigrated(store)
      } finally {
        await store.close()
      }
    } finally {
      await place.drop()
    }
  })

  it('PostgreSQL: a version-2 database', async () => {
    const place = await STORE_BACKENDS[1]!.create()
    try {
      const url = place.config.databaseUrl!
      const db = openPgDatabase(url, 1)
      try {
        expect(await migratePg(db, PG_MIGRATIONS.slice(0, 2))).toEqual([1, 2])
        const placeholders = Array.from({ length: 19 }, (_, index) => `$${index + 1}`).join(', ')
        for (const row of ROWS) {
          const values = rowValues(row)
          await db.query(`INSERT INTO transactions (${INSERT_COLUMNS}) VALUES (${placeholders})`, [
            ...values.slice(0, 11),
            values[10],
            ...values.slice(11),
          ])
        }
      } finally {
        await db.close()
      }
      const store = await place.open()
      try {
        const [{ version }] = (await queryDatabase<{ version: number }>(
          url,
          'SELECT max(version)::integer AS version FROM schema_migrations',
        )) as [{ version: number }]
        expect(version).toBe(PG_MIGRATIONS.length)
        await expectMigrated(store)
      } finally {
        await store.close()
      }
    } finally {
      await place.drop()
    }
  })
})
