/**
 * The lifecycle part of the store, on both backends (`lifecycle.ts`, `postgres/lifecycle.ts`): registration
 * outcomes, what the tracker reads and writes, quote expiry, and the org-scoped lookups; on SQLite also the
 * migrations from files of versions 1 and 2 and the durability setting of registrations; on PostgreSQL the
 * tracker's claims. History pages are in `storeHistory.test.ts`.
 */
import { inspectDatabase, pragmaValue } from '../helpers/sqlite.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, SCHEMA_VERSION } from '../../service/store/migrations.js'
import { type Database, openDatabase } from '../../service/store/database.js'
import { lifecycleMethods } from '../../service/store/lifecycle.js'
import { sharesHeldSql } from '../../service/store/venueWorkflows.js'
import { QUOTE_RECORD_FORMAT, decodeQuoteRecord } from '../../service/store/quoteRecord.js'
import { openStore } from '../../service/store/open.js'
import { configureConnection } from '../../service/store/sqlite.js'
import type { QuoteEntry, RegistrationInput, Store, TxPathEntry } from '../../service/store/store.js'
import type { ApiKeyRecord } from '../../service/types.js'
import { queryDatabase } from '../helpers/postgres.js'
import {
  STORE_BACKENDS,
  type StoreBackend,
  type StorePlace,
  closeAndDrop,
  openFresh,
} from '../helpers/storeBackends.js'

const KEY_A: ApiKeyRecord = {
  keyId: 'key_a',
  appId: 'app_a',
  orgId: 'org_a',
  appName: 'App A',
  affiliateId: 'aff_a',
  gasless: false,
  appFees: [],
}
const KEY_B: ApiKeyRecord = {
  ...KEY_A,
  keyId: 'key_b',
  appId: 'app_b',
  orgId: 'org_b',
  appName: 'App B',
  affiliateId: 'aff_b',
}
const T0 = 1_700_000_000
/** The tracker's lease on a claimed row (s). */
const LEASE = 60

const txIdOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const hashOf = (n: number) => `0x${(n + 0xabc).toString(16).padStart(64, 'e')}`

function quote(n: number, overrides: Partial<QuoteEntry> = {}): QuoteEntry {
  const txId = txIdOf(n)
  return {
    txId,
    createdAt: T0 + n,
    apiKey: KEY_A,
    actionRequest: { actionType: 'swap-action', sender: '0xAbC0000000000000000000000000000000000001', amount: '1' },
    actionResponseJson: JSON.stringify({
      txId,
      tx: { to: '0xc7055c7055c7055C7055C7055C7055c7055C7055', value: '0' },
      allRoutes: [{ n }],
      padding: 'x'.repeat(4000),
    }),
    srcChainId: 8453,
    dstChainId: 10,
    sender: '0xabc0000000000000000000000000000000000001',
    vmId: 'evm',
    ...overrides,
  }
}

const registration = (n: number, overrides: Partial<RegistrationInput> = {}): RegistrationInput => ({
  txId: txIdOf(n),
  txHash: hashOf(n),
  chainId: 8453,
  vmId: 'evm',
  registeredAt: T0 + 100 + n,
  ...overrides,
})

let dir: string
let config: { dataDir: string; databasePath: string }
let store: Store

/** Direct access to the SQLite file, for what the Store interface does not expose. */
function inspect<T>(query: (db: Database) => T): T {
  return inspectDatabase(config.databasePath, query)
}

describe('SQLite: migrations 2 and 3', () => {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crossroute-lifecycle-'))
    config = { dataDir: dir, databasePath: join(dir, 'store.sqlite') }
    store = await openStore(config)
  })
  afterEach(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('carries a version-1 file with quotes to the current version: rows kept, lifecycle columns empty, indexes and counters in place', async () => {
    await store.close()
    rmSync(config.databasePath)
    const db = openDatabase(config.databasePath)
    db.exec('PRAGMA journal_mode = WAL')
    db.exec(MIGRATIONS[0]!.sql)
    db.exec('PRAGMA user_version = 1')
    db.prepare(
      `INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id, vm_id, created_at, action_request, action_response)
       VALUES (?, 'org_a', 'app_a', 'key_a', 'App A', 'aff_a', '0xabc', 8453, 10, 'evm', ?, '{"amount":"1"}', '{"txId":"v1"}')`,
    ).run(txIdOf(1), T0)
    db.close()

    store = await openStore(config)
    expect(inspect((d) => pragmaValue(d, 'user_version'))).toBe(SCHEMA_VERSION)
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(5)
    const stored = (await store.getByTxId(txIdOf(1), 'org_a'))!
    expect(stored).toMatchObject({
      status: 'quoted',
      createdAt: T0,
      updatedAt: T0,
      registeredAt: null,
      srcTxHash: null,
      dstTxHash: null,
      txPath: [],
      detail: {},
      nextCheckAt: null,
      actionRequest: { amount: '1' },
      actionResponse: { txId: 'v1' },
    })
    // The version-1 row registers like any other.
    expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'registered' })
    inspect((d) => {
      const names = d
        .prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'table', 'trigger') ORDER BY name")
        .pluck()
        .all()
      expect(names).toEqual(
        expect.arrayContaining([
          'transactions',
          'history_counts',
          'transactions_src_tx',
          'transactions_due',
          'transactions_unregistered',
          'history_org',
          'history_app',
          'history_sender',
          'history_src_chain',
          'history_dst_chain',
          'history_counts_insert',
          'history_counts_update',
          'history_counts_delete',
        ]),
      )
      expect(names).not.toContain('transactions_org_created')
      expect(names).not.toContain('transactions_quoted')
      expect(d.prepare('SELECT org_id, app_id, registered FROM history_counts').all()).toEqual([
        { org_id: 'org_a', app_id: 'app_a', registered: 1 },
      ])
    })
  })

  it('carries a version-2 file to version 3: its text and gzip rows stay readable, registrable and deletable', async () => {
    await store.close()
    rmSync(config.databasePath)
    const db = openDatabase(config.databasePath)
    db.exec('PRAGMA journal_mode = WAL')
    db.exec(MIGRATIONS[0]!.sql)
    db.exec(MIGRATIONS[1]!.sql)
    db.exec('PRAGMA user_version = 2')
    const insert = db.prepare(
      `INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id, vm_id, created_at, updated_at, action_request, action_response)
       VALUES (?, 'org_a', 'app_a', 'key_a', 'App A', 'aff_a', '0xabc', 8453, 10, 'evm', ?, ?, '{"amount":"1"}', ?)`,
    )
    insert.run(txIdOf(1), T0, T0, '{"txId":"text"}')
    insert.run(txIdOf(2), T0, T0, gzipSync('{"txId":"gzip"}'))
    insert.run(txIdOf(3), T0 - 10, T0 - 10, '{"txId":"old"}')
    db.close()

    store = await openStore(config)
    expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({
      actionRequest: { amount: '1' },
      actionResponse: { txId: 'text' },
      actionResponseJson: '{"txId":"text"}',
    })
    expect((await store.getQuote(txIdOf(2)))?.actionResponse).toEqual({ txId: 'gzip' })
    expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'registered' })
    expect((await store.getByTxId(txIdOf(1), 'org_a'))?.actionResponseJson).toBe('{"txId":"text"}')
    expect((await store.dueForTracking(T0 + 1_000, 10, LEASE)).map((t) => t.actionResponse)).toEqual([{ txId: 'text' }])
    expect(await store.deleteUnregisteredQuotes(T0, 10)).toBe(1)
    expect(await store.getQuote(txIdOf(3))).toBeUndefined()
    expect(await store.getQuote(txIdOf(2))).toBeDefined()
  })

  it('creates new files with 8 KiB pages (a compressed registered row is ~2 KB: 3 to a page)', () => {
    expect(inspect((d) => pragmaValue(d, 'page_size'))).toBe(8192)
  })

  it('refuses rows that break the lifecycle invariants', async () => {
    await store.recordQuote(quote(1))
    const db = openDatabase(config.databasePath)
    try {
      expect(() => db.prepare("UPDATE transactions SET status = 'done'").run()).toThrow(/CHECK/)
      expect(() => db.prepare("UPDATE transactions SET status = 'pending'").run()).toThrow(/CHECK/) // pending without a registration
      expect(() => db.prepare('UPDATE transactions SET registered_at = 1').run()).toThrow(/CHECK/) // registered without a hash
      expect(() => db.prepare("UPDATE transactions SET tx_path = '{}'").run()).toThrow(/CHECK/)
      expect(() => db.prepare("UPDATE transactions SET detail = '[]'").run()).toThrow(/CHECK/)
    } finally {
      db.close()
    }
  })

  it('commits with synchronous=FULL, and sets the connection back to NORMAL even when the batch throws', async () => {
    for (const n of [1, 2, 3]) await store.recordQuote(quote(n))
    const db = openDatabase(config.databasePath)
    configureConnection(db, config.databasePath)
    const issued: string[] = []
    const exec = db.exec.bind(db)
    db.exec = (source: string) => {
      if (source.startsWith('PRAGMA synchronous')) issued.push(source)
      return exec(source)
    }
    const lifecycle = lifecycleMethods(db)
    expect(lifecycle.registerTransactions([registration(1)])).toEqual([{ outcome: 'registered' }])
    expect(issued).toEqual(['PRAGMA synchronous = FULL', 'PRAGMA synchronous = NORMAL'])
    expect(() => lifecycle.registerTransactions([registration(42)])).toThrow(/no quote/)
    expect(issued.slice(2)).toEqual(['PRAGMA synchronous = FULL', 'PRAGMA synchronous = NORMAL'])
    expect(pragmaValue(db, 'synchronous')).toBe(1)
    db.close()
  })

  it('dueForTracking reads the partial index transactions_due, no sort', async () => {
    await store.recordQuote(quote(1))
    const plan = inspect((d) =>
      (
        d
          .prepare(
            "EXPLAIN QUERY PLAN SELECT tx_id FROM transactions WHERE status IN ('pending', 'requires refund') AND next_check_at <= ? ORDER BY next_check_at, id LIMIT ?",
          )
          .all(1, 1) as { detail: string }[]
      )
        .map((row) => row.detail)
        .join(' | '),
    )
    expect(plan).toMatch(/USING INDEX transactions_due/)
    expect(plan).not.toMatch(/TEMP B-TREE/)
  })

  it("a sell order's shares held read the index venue_fills_wallet_token (migration 10), not every fill", async () => {
    await store.recordQuote(quote(1))
    const plan = inspect((d) =>
      (d.prepare(`EXPLAIN QUERY PLAN ${sharesHeldSql('?', '?')}`).all('0xwallet', '1') as { detail: string }[])
        .map((row) => row.detail)
        .join(' | '),
    )
    expect(plan).toMatch(/USING INDEX venue_fills_wallet_token \(proxy_wallet=\? AND token_id=\?\)/)
  })
})

describe.each(STORE_BACKENDS)('$name', (backend: StoreBackend) => {
  let place: StorePlace
  beforeEach(async () => {
    ;({ place, store } = await openFresh(backend))
  })
  afterEach(() => closeAndDrop(place, store))

  /** The stored quote record and legacy columns of a row, read past the Store interface. */
  const rawRecord = async (txId: string): Promise<{ record: Buffer; request: string | null; response: unknown }> => {
    if (backend.name === 'sqlite') {
      return inspectDatabase(
        place.config.databasePath,
        (d) =>
          d
            .prepare(
              'SELECT quote_record AS record, action_request AS request, action_response AS response FROM transactions WHERE tx_id = ?',
            )
            .get(txId) as { record: Buffer; request: string | null; response: unknown },
      )
    }
    const [row] = await queryDatabase<{ record: Buffer }>(
      place.config.databaseUrl!,
      'SELECT quote_record AS record FROM transactions WHERE tx_id = $1',
      [txId],
    )
    return { record: row!.record, request: null, response: null }
  }

  describe('recordQuoteSoon (group commit)', () => {
    it('commits the quotes queued in one turn together, and only then resolves', async () => {
      const pending = [1, 2, 3, 4, 5].map((n) => store.recordQuoteSoon(quote(n)))
      // Nothing is written synchronously: the batch commits in one transaction at the end of this turn.
      expect(await store.getQuote(quote(1).txId)).toBeUndefined()
      await Promise.all(pending)
      for (const n of [1, 2, 3, 4, 5]) expect((await store.getQuote(quote(n).txId))?.status).toBe('quoted')
      // A later turn starts a new batch.
      await store.recordQuoteSoon(quote(6))
      expect(await store.getQuote(quote(6).txId)).toBeDefined()
    })

    it('rejects every quote of a batch whose transaction fails, and stores none of them', async () => {
      await store.recordQuote(quote(1))
      const results = await Promise.allSettled([store.recordQuoteSoon(quote(2)), store.recordQuoteSoon(quote(1))])
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
      expect(await store.getQuote(quote(2).txId)).toBeUndefined()
    })
  })

  describe('registerTransaction', () => {
    beforeEach(async () => {
      for (const n of [1, 2, 3]) await store.recordQuote(quote(n))
    })

    it('registers once: then duplicate for the same hash, conflict for another, hash-in-use for another txId', async () => {
      expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'registered' })
      expect(await store.registerTransaction(registration(1, { registeredAt: T0 + 999 }))).toEqual({
        outcome: 'duplicate',
      })
      expect(await store.registerTransaction(registration(1, { txHash: hashOf(9) }))).toEqual({
        outcome: 'conflict',
        existingHash: hashOf(1),
      })
      expect(await store.registerTransaction(registration(2, { txHash: hashOf(1) }))).toEqual({
        outcome: 'hash-in-use',
      })
      // The same hash on another chain is another transaction.
      expect(await store.registerTransaction(registration(2, { txHash: hashOf(1), chainId: 10 }))).toEqual({
        outcome: 'registered',
      })
      expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({
        status: 'pending',
        registeredAt: T0 + 101,
        updatedAt: T0 + 101,
        srcTxHash: hashOf(1),
        srcTxChainId: 8453,
        registeredVmId: 'evm',
        nextCheckAt: T0 + 101,
      })
      expect((await store.getByTxId(txIdOf(2), 'org_a'))?.srcTxHash).toBe(hashOf(1))
      expect((await store.getByTxId(txIdOf(3), 'org_a'))?.status).toBe('quoted')
    })

    it('registers a batch in order, in one transaction: a txId twice is registered then duplicate', async () => {
      const outcomes = await store.registerTransactions([
        registration(1),
        registration(1),
        registration(2),
        registration(2, { txHash: hashOf(7) }),
        registration(3, { txHash: hashOf(2) }),
      ])
      expect(outcomes).toEqual([
        { outcome: 'registered' },
        { outcome: 'duplicate' },
        { outcome: 'registered' },
        { outcome: 'conflict', existingHash: hashOf(2) },
        { outcome: 'hash-in-use' },
      ])
    })

    it('throws for an unknown txId, and the batch then changes nothing', async () => {
      await expect(store.registerTransactions([registration(1), registration(42)])).rejects.toThrow(
        /no quote with txId/,
      )
      expect((await store.getByTxId(txIdOf(1), 'org_a'))?.status).toBe('quoted')
    })

    it('stores request and response as one compressed record, the response text byte for byte; registration keeps it', async () => {
      const sent = quote(1).actionResponseJson
      const before = await rawRecord(txIdOf(1))
      expect(before.request).toBeNull()
      expect(before.response).toBeNull()
      expect(before.record[0]).toBe(QUOTE_RECORD_FORMAT)
      expect(before.record.length).toBeLessThan(sent.length / 5)
      expect(decodeQuoteRecord(before.record)).toEqual({
        requestJson: JSON.stringify(quote(1).actionRequest),
        responseJson: sent,
      })
      await store.registerTransaction(registration(1))
      expect((await store.getByTxId(txIdOf(1), 'org_a'))!.actionResponseJson).toBe(sent)
      expect((await store.getQuote(txIdOf(1)))!.actionResponse).toEqual(JSON.parse(sent))
      expect((await rawRecord(txIdOf(1))).record).toEqual(before.record)
    })

    it('accepts a late registration of an expired quote', async () => {
      expect(await store.expireQuotes(T0 + 10)).toBe(3)
      expect((await store.getByTxId(txIdOf(1), 'org_a'))?.status).toBe('expired')
      expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'registered' })
      expect((await store.getByTxId(txIdOf(1), 'org_a'))?.status).toBe('pending')
    })
  })

  describe('tracking', () => {
    beforeEach(async () => {
      for (let n = 1; n <= 6; n += 1) await store.recordQuote(quote(n))
      await store.registerTransactions([1, 2, 3, 4, 5].map((n) => registration(n)))
    })

    it('dueForTracking: pending or requires refund, due now, most overdue first, limited', async () => {
      expect(await store.dueForTracking(T0 + 100, 10, LEASE)).toEqual([])
      const due = await store.dueForTracking(T0 + 103, 2, LEASE)
      expect(due.map((t) => t.txId)).toEqual([txIdOf(1), txIdOf(2)])
      expect(due[0]).toEqual({
        txId: txIdOf(1),
        status: 'pending',
        srcChainId: 8453,
        dstChainId: 10,
        srcTxHash: hashOf(1),
        registeredAt: T0 + 101,
        updatedAt: T0 + 101,
        txPath: [],
        actionResponse: JSON.parse(quote(1).actionResponseJson),
        claim: due[0]!.claim,
      })
      await store.recordProgress(txIdOf(1), { status: 'success', nextCheckAt: null, updatedAt: T0 + 200 })
      await store.recordProgress(txIdOf(2), { status: 'requires refund', nextCheckAt: T0 + 500, updatedAt: T0 + 200 })
      await store.recordProgress(txIdOf(3), { status: 'failed', updatedAt: T0 + 200 }) // next_check_at kept, but no longer in the working set
      // 1 is done; 3 failed (next_check_at kept, but no longer in the working set); 2 due again at T0 + 500.
      expect((await store.dueForTracking(T0 + 1000, 10, LEASE)).map((t) => t.txId)).toEqual([
        txIdOf(4),
        txIdOf(5),
        txIdOf(2),
      ])
    })

    it('takes fractions of a second as the tracker passes them (Date.now() / 1000, checks a block time away)', async () => {
      expect((await store.dueForTracking(T0 + 101.5, 10, LEASE)).map((t) => t.txId)).toEqual([txIdOf(1)])
      await store.recordProgress(txIdOf(1), { status: 'success', nextCheckAt: null, updatedAt: T0 + 102 })
      await store.recordProgress(txIdOf(2), { nextCheckAt: T0 + 150.25, updatedAt: T0 + 102 })
      expect((await store.getByTxId(txIdOf(2), 'org_a'))?.nextCheckAt).toBe(T0 + 150.25)
      expect((await store.dueForTracking(T0 + 150.2, 10, LEASE)).map((t) => t.txId)).toEqual([3, 4, 5].map(txIdOf))
      expect((await store.dueForTracking(T0 + 150.25, 10, LEASE)).map((t) => t.txId)).toContain(txIdOf(2))
      expect(await store.expireQuotes(T0 + 5.5)).toBe(0) // quote 6 was created at T0 + 6
      expect(await store.expireQuotes(T0 + 6.5)).toBe(1)
      expect(await store.deleteUnregisteredQuotes(T0 + 6.5, 10)).toBe(1)
    })

    it('recordProgress: status, appended txPath, dstTxHash, merged detail (null removes), next check, updatedAt', async () => {
      const hop = (chainId: number, n: number, nextBridge: string): TxPathEntry => ({
        chainId,
        txHash: hashOf(n),
        timestamp: String(T0 + n),
        nextBridge,
      })
      await store.recordProgress(txIdOf(1), {
        appendTxPath: [hop(8453, 1, 'across')],
        detail: { srcValue: '0', note: 'x' },
        nextCheckAt: T0 + 300,
        updatedAt: T0 + 150,
      })
      await store.recordProgress(txIdOf(1), {
        status: 'success',
        appendTxPath: [hop(10, 2, '')],
        dstTxHash: hashOf(2),
        detail: { amountOut: '990', note: null },
        nextCheckAt: null,
        updatedAt: T0 + 250,
      })
      expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({
        status: 'success',
        txPath: [hop(8453, 1, 'across'), hop(10, 2, '')],
        dstTxHash: hashOf(2),
        detail: { srcValue: '0', amountOut: '990' },
        nextCheckAt: null,
        updatedAt: T0 + 250,
        registeredAt: T0 + 101,
      })
      await store.recordProgress(txIdOf(1), { updatedAt: T0 + 260 })
      expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({
        status: 'success',
        nextCheckAt: null,
        updatedAt: T0 + 260,
        dstTxHash: hashOf(2),
      })
    })

    it('recordProgress refuses a bare quote, an unknown txId, a quote status and a malformed hop', async () => {
      await expect(store.recordProgress(txIdOf(6), { status: 'success', updatedAt: T0 })).rejects.toThrow(
        /no registered transaction/,
      )
      await expect(store.recordProgress(txIdOf(99), { status: 'success', updatedAt: T0 })).rejects.toThrow(
        /no registered transaction/,
      )
      await expect(store.recordProgress(txIdOf(1), { status: 'quoted', updatedAt: T0 })).rejects.toThrow(
        /status must be one of/,
      )
      await expect(store.recordProgress(txIdOf(1), { status: 'expired', updatedAt: T0 })).rejects.toThrow(
        /status must be one of/,
      )
      const badHop = { chainId: 10, txHash: hashOf(1), timestamp: '2024-01-01', nextBridge: '' }
      await expect(store.recordProgress(txIdOf(1), { appendTxPath: [badHop], updatedAt: T0 })).rejects.toThrow(
        /malformed txPath entry/,
      )
      expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({
        status: 'pending',
        txPath: [],
        updatedAt: T0 + 101,
      })
    })

    it('expireQuotes: only quotes never registered, created strictly before the bound; idempotent', async () => {
      await store.recordQuote(quote(7)) // quotes 6 and 7 are bare, created at T0 + 6 and T0 + 7
      expect(await store.expireQuotes(T0 + 7)).toBe(1)
      expect((await store.getByTxId(txIdOf(6), 'org_a'))?.status).toBe('expired')
      expect((await store.getByTxId(txIdOf(7), 'org_a'))?.status).toBe('quoted')
      expect(await store.expireQuotes(T0 + 7)).toBe(0)
      expect(await store.expireQuotes(T0 + 1_000)).toBe(1)
      expect(
        await Promise.all([1, 2, 3, 4, 5].map(async (n) => (await store.getByTxId(txIdOf(n), 'org_a'))?.status)),
      ).toEqual(Array(5).fill('pending'))
    })
  })

  describe('org-scoped lookups', () => {
    beforeEach(async () => {
      await store.recordQuote(quote(1))
      await store.recordQuote(quote(2, { apiKey: KEY_B }))
      await store.recordQuote(quote(3))
      await store.registerTransactions([
        registration(1),
        registration(2),
        registration(3, { txHash: hashOf(1), chainId: 10, registeredAt: T0 + 500 }),
      ])
    })

    it('getByTxId answers only within the organization', async () => {
      expect((await store.getByTxId(txIdOf(1), 'org_a'))?.txId).toBe(txIdOf(1))
      expect(await store.getByTxId(txIdOf(1), 'org_b')).toBeUndefined()
      expect((await store.getByTxId(txIdOf(2), 'org_b'))?.orgId).toBe('org_b')
      expect(await store.getByTxId(txIdOf(42), 'org_a')).toBeUndefined()
    })

    it('getByHash: within the organization, on a chain when given, else the latest registration', async () => {
      expect((await store.getByHash(hashOf(1), 'org_a'))?.txId).toBe(txIdOf(3)) // registered later, on chain 10
      expect((await store.getByHash(hashOf(1), 'org_a', 8453))?.txId).toBe(txIdOf(1))
      expect((await store.getByHash(hashOf(1), 'org_a', 10))?.txId).toBe(txIdOf(3))
      expect(await store.getByHash(hashOf(1), 'org_a', 1)).toBeUndefined()
      expect(await store.getByHash(hashOf(2), 'org_a')).toBeUndefined()
      expect((await store.getByHash(hashOf(2), 'org_b'))?.txId).toBe(txIdOf(2))
    })
  })
})

describe.each(STORE_BACKENDS)("$name: the tracker's claims", (backend: StoreBackend) => {
  let place: StorePlace
  let other: Store
  beforeEach(async () => {
    ;({ place, store } = await openFresh(backend))
    other = await place.open() // a second replica's (or worker's) store on the same database
    for (let n = 1; n <= 6; n += 1) await store.recordQuote(quote(n))
    await store.registerTransactions([1, 2, 3, 4, 5, 6].map((n) => registration(n)))
  })
  afterEach(async () => {
    await other.close()
    await closeAndDrop(place, store)
  })
  const nextCheckAt = async (n: number) => (await store.getByTxId(txIdOf(n), 'org_a'))!.nextCheckAt

  it('claims what it returns: next check moved by the lease, one fresh token per call; claimed rows are not due', async () => {
    const first = await store.dueForTracking(T0 + 1_000, 2, LEASE)
    expect(first.map((t) => t.txId)).toEqual([txIdOf(1), txIdOf(2)])
    expect(new Set(first.map((t) => t.claim)).size).toBe(1)
    expect(first[0]!.claim).toMatch(/^[0-9a-f]{32}$/)
    expect(await nextCheckAt(1)).toBe(T0 + 1_000 + LEASE)
    const second = await other.dueForTracking(T0 + 1_000, 10, LEASE)
    expect(second.map((t) => t.txId)).toEqual([3, 4, 5, 6].map(txIdOf))
    expect(second[0]!.claim).not.toBe(first[0]!.claim)
    expect(await store.dueForTracking(T0 + 1_000 + LEASE - 1, 10, LEASE)).toEqual([])
  })

  it('concurrent claims by several stores never return a row twice', async () => {
    const stores = [store, other, await place.open(), await place.open()]
    try {
      const claimed = await Promise.all(stores.map((each) => each.dueForTracking(T0 + 1_000, 2, LEASE)))
      const txIds = claimed.flat().map((t) => t.txId)
      expect(txIds).toHaveLength(6)
      expect(new Set(txIds).size).toBe(6)
    } finally {
      await Promise.all(stores.slice(2).map((each) => each.close()))
    }
  })

  it('recordProgress writes only under the current claim; after the lease another tracker takes the row over', async () => {
    const [mine] = await store.dueForTracking(T0 + 1_000, 1, LEASE)
    // Setting the next check keeps the claim.
    expect(await store.recordProgress(mine!.txId, { nextCheckAt: T0 + 50, updatedAt: T0 + 1_000 }, mine!.claim)).toBe(
      true,
    )
    expect(await nextCheckAt(1)).toBe(T0 + 50)
    // The next check came (as after a lease that ran out): another tracker claims the row, the most overdue.
    const [theirs] = await other.dueForTracking(T0 + 1_100, 1, LEASE)
    expect(theirs!.txId).toBe(mine!.txId)
    const hop: TxPathEntry = { chainId: 8453, txHash: hashOf(1), timestamp: String(T0 + 1), nextBridge: '' }
    expect(
      await store.recordProgress(
        mine!.txId,
        { status: 'success', appendTxPath: [hop], nextCheckAt: null, updatedAt: T0 + 1_101 },
        mine!.claim,
      ),
    ).toBe(false)
    expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({ status: 'pending', txPath: [] })
    expect(
      await other.recordProgress(
        theirs!.txId,
        { status: 'success', appendTxPath: [hop], nextCheckAt: null, updatedAt: T0 + 1_102 },
        theirs!.claim,
      ),
    ).toBe(true)
    expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({ status: 'success', txPath: [hop] })
    // Without a claim: written whatever the claim (as before claims existed).
    expect(await store.recordProgress(txIdOf(1), { detail: { note: 'x' }, updatedAt: T0 + 1_103 })).toBe(true)
    await expect(store.recordProgress(txIdOf(42), { updatedAt: T0 }, 'nope')).rejects.toThrow(
      /no registered transaction/,
    )
  })
})

describe('PostgreSQL: invariants and racing registrations', () => {
  const postgres = STORE_BACKENDS.find((backend) => backend.name === 'postgres')!
  let place: StorePlace
  let other: Store
  beforeEach(async () => {
    ;({ place, store } = await openFresh(postgres))
    other = await place.open() // a second replica's store on the same database
    for (let n = 1; n <= 6; n += 1) await store.recordQuote(quote(n))
    await store.registerTransactions([1, 2, 3, 4, 5, 6].map((n) => registration(n)))
  })
  afterEach(async () => {
    await other.close()
    await closeAndDrop(place, store)
  })

  it('refuses rows that break the lifecycle invariants', async () => {
    const url = place.config.databaseUrl!
    const update = (set: string) => queryDatabase(url, `UPDATE transactions SET ${set} WHERE tx_id = $1`, [txIdOf(1)])
    await expect(update("status = 'done'")).rejects.toThrow(/check constraint/)
    await expect(update("status = 'quoted'")).rejects.toThrow(/check constraint/) // registered but quoted
    await expect(update('registered_at = NULL')).rejects.toThrow(/check constraint/)
    await expect(update("tx_path = '{}'")).rejects.toThrow(/check constraint/)
    await expect(update("detail = '[]'")).rejects.toThrow(/check constraint/)
  })

  it('two registrations of one hash racing from two stores: one registered, the other hash-in-use', async () => {
    await store.recordQuote(quote(7))
    await store.recordQuote(quote(8))
    const outcomes = await Promise.all([
      store.registerTransaction(registration(7, { txHash: hashOf(99) })),
      other.registerTransaction(registration(8, { txHash: hashOf(99) })),
    ])
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['hash-in-use', 'registered'])
  })
})
