/**
 * The lifecycle part of the SQLite store (migration 2, `lifecycle.ts`): the migration from a version-1 file with
 * data, registration outcomes and their durability setting, what the tracker reads and writes, quote expiry, and
 * the org-scoped lookups. History pages are in `storeHistory.test.ts`.
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
import { QUOTE_RECORD_FORMAT, decodeQuoteRecord } from '../../service/store/quoteRecord.js'
import { configureConnection, openStore } from '../../service/store/sqlite.js'
import type { QuoteEntry, RegistrationInput, Store, TxPathEntry } from '../../service/store/store.js'
import type { ApiKeyRecord } from '../../service/types.js'

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
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-lifecycle-'))
  config = { dataDir: dir, databasePath: join(dir, 'store.sqlite') }
  store = openStore(config)
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Direct access to the file, for what the Store interface does not expose. */
function inspect<T>(query: (db: Database) => T): T {
  return inspectDatabase(config.databasePath, query)
}

describe('migrations 2 and 3', () => {
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

    store = openStore(config)
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

    store = openStore(config)
    expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({
      actionRequest: { amount: '1' },
      actionResponse: { txId: 'text' },
      actionResponseJson: '{"txId":"text"}',
    })
    expect((await store.getQuote(txIdOf(2)))?.actionResponse).toEqual({ txId: 'gzip' })
    expect(await store.registerTransaction(registration(1))).toEqual({ outcome: 'registered' })
    expect((await store.getByTxId(txIdOf(1), 'org_a'))?.actionResponseJson).toBe('{"txId":"text"}')
    expect((await store.dueForTracking(T0 + 1_000, 10, 60)).map((t) => t.actionResponse)).toEqual([{ txId: 'text' }])
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
})

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
    expect(await store.registerTransaction(registration(2, { txHash: hashOf(1) }))).toEqual({ outcome: 'hash-in-use' })
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
    await expect(store.registerTransactions([registration(1), registration(42)])).rejects.toThrow(/no quote with txId/)
    expect((await store.getByTxId(txIdOf(1), 'org_a'))?.status).toBe('quoted')
  })

  it('stores request and response as one compressed record, the response text byte for byte; registration keeps it', async () => {
    const sent = quote(1).actionResponseJson
    const record = () =>
      inspect(
        (d) =>
          d
            .prepare(
              'SELECT quote_record AS record, action_request AS request, action_response AS response FROM transactions WHERE tx_id = ?',
            )
            .get(txIdOf(1)) as { record: Buffer; request: string | null; response: unknown },
      )
    const before = record()
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
    expect(record().record).toEqual(before.record)
  })

  it('commits with synchronous=FULL, and sets the connection back to NORMAL even when the batch throws', () => {
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

  it('dueForTracking: pending or requires refund, due now, most overdue first, limited; through the partial index', async () => {
    // A lease of 0 s: a claimed row stays due at `now`, so the calls below see the same working set (claims and
    // their leases: "tracker claims" below).
    expect(await store.dueForTracking(T0 + 100, 10, 0)).toEqual([])
    const due = await store.dueForTracking(T0 + 103, 10, 0)
    expect(due.map((t) => t.txId)).toEqual([txIdOf(1), txIdOf(2), txIdOf(3)])
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
      claim: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    expect((await store.dueForTracking(T0 + 1000, 2, 0)).map((t) => t.txId)).toEqual([txIdOf(1), txIdOf(2)])
    await store.recordProgress(txIdOf(1), { status: 'success', nextCheckAt: null, updatedAt: T0 + 200 })
    await store.recordProgress(txIdOf(2), { status: 'requires refund', nextCheckAt: T0 + 500, updatedAt: T0 + 200 })
    await store.recordProgress(txIdOf(3), { status: 'failed', updatedAt: T0 + 200 }) // next_check_at kept, but no longer in the working set
    expect((await store.dueForTracking(T0 + 1000, 10, 0)).map((t) => t.txId)).toEqual([txIdOf(4), txIdOf(5), txIdOf(2)])
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

describe('tracker claims (migration 9)', () => {
  const due = async (target: Store, now: number, limit: number, leaseSeconds = 60) =>
    (await target.dueForTracking(now, limit, leaseSeconds)).map((tx) => tx.txId)
  const claimOf = (n: number) =>
    inspect((d) => d.prepare('SELECT claim_token, next_check_at FROM transactions WHERE tx_id = ?').get(txIdOf(n)))

  beforeEach(async () => {
    for (let n = 1; n <= 20; n += 1) await store.recordQuote(quote(n))
    await store.registerTransactions(Array.from({ length: 20 }, (_, index) => registration(index + 1)))
  })

  it('a claimed row is not returned again within its lease, by this connection or another one', async () => {
    const other = openStore(config)
    try {
      const first = await store.dueForTracking(T0 + 1000, 3, 60)
      expect(first.map((tx) => tx.txId)).toEqual([txIdOf(1), txIdOf(2), txIdOf(3)])
      // One fresh token per call, on every row of the call.
      expect(new Set(first.map((tx) => tx.claim)).size).toBe(1)
      expect(claimOf(1)).toMatchObject({ claim_token: first[0]!.claim, next_check_at: T0 + 1060 })
      const second = await other.dueForTracking(T0 + 1000, 3, 60)
      expect(second.map((tx) => tx.txId)).toEqual([txIdOf(4), txIdOf(5), txIdOf(6)])
      expect(second[0]!.claim).not.toBe(first[0]!.claim)
      // Interleaved calls of two connections share the rest without overlap, then find nothing due.
      const rest: string[] = []
      for (let call = 0; call < 6; call += 1) rest.push(...(await due(call % 2 === 0 ? store : other, T0 + 1010, 3)))
      expect(rest).toHaveLength(14)
      expect(new Set([...first, ...second].map((tx) => tx.txId).concat(rest)).size).toBe(20)
      expect(await due(other, T0 + 1059, 20)).toEqual([])
    } finally {
      await other.close()
    }
  })

  it("an expired lease is claimed again; the old claim's write is refused, the new one's and an unclaimed write pass", async () => {
    const [old] = await store.dueForTracking(T0 + 1000, 20, 30)
    expect(await due(store, T0 + 1029, 20)).toEqual([])
    const [renewed] = await store.dueForTracking(T0 + 1030, 1, 30)
    expect(renewed!.txId).toBe(old!.txId)
    expect(renewed!.claim).not.toBe(old!.claim)
    const hop: TxPathEntry = { chainId: 8453, txHash: hashOf(1), timestamp: String(T0 + 1), nextBridge: 'across' }
    const update = { appendTxPath: [hop], nextCheckAt: T0 + 2000, updatedAt: T0 + 1031 }
    expect(await store.recordProgress(txIdOf(1), update, old!.claim)).toBe(false)
    expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({ txPath: [], nextCheckAt: T0 + 1060 })
    expect(claimOf(1)).toMatchObject({ claim_token: renewed!.claim })
    expect(await store.recordProgress(txIdOf(1), update, renewed!.claim)).toBe(true)
    expect(await store.getByTxId(txIdOf(1), 'org_a')).toMatchObject({ txPath: [hop], nextCheckAt: T0 + 2000 })
    // Writes outside the tracker's claims (no claim): as before claims existed.
    expect(await store.recordProgress(txIdOf(1), { updatedAt: T0 + 1032 })).toBe(true)
    expect((await store.getByTxId(txIdOf(1), 'org_a'))?.updatedAt).toBe(T0 + 1032)
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
