/**
 * History pages of the store, on both backends (`history.ts`, `postgres/history.ts`), against a reference computed
 * in the test: a generated data set (registered, bare and expired quotes over two organizations, several apps,
 * wallets, chains and times, with ties) and random filters and pages (fast-check). Then SQLite's query plans: every
 * filter shape reads through an index, never a scan of the table, and the page's ids come in index order (no sort of
 * the matching rows).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../service/store/database.js'
import { historyQuery } from '../../service/store/history.js'
import type { HistoryFilter, Store } from '../../service/store/store.js'
import type { ApiKeyRecord } from '../../service/types.js'
import { STORE_BACKENDS, type StorePlace, closeAndDrop, openFresh } from '../helpers/storeBackends.js'

const T0 = 1_700_000_000
const ORGS = { org_a: ['a1', 'a2', 'a3'], org_b: ['b1'] } as const
const SENDERS = ['0xs1', '0xs2', '0xs3', '0xs4', '0xs5']
const CHAINS = [1, 10, 8453, 42161, 1151111081099710]

interface Row {
  id: number
  txId: string
  orgId: string
  appId: string
  sender: string
  srcChainId: number
  dstChainId: number
  registeredAt: number | null
}

/** Deterministic data: 600 quotes, ~80 % registered, times in [T0, T0 + 300] so that many share a second. */
function generate(): Row[] {
  let state = 7
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!
  return Array.from({ length: 600 }, (_, i): Row => {
    const orgId = next() < 0.7 ? 'org_a' : 'org_b'
    const srcChainId = pick(CHAINS.slice(0, 4))
    return {
      id: i + 1,
      txId: `0x${(i + 1).toString(16).padStart(64, '0')}`,
      orgId,
      appId: pick(ORGS[orgId as keyof typeof ORGS]),
      sender: pick(SENDERS),
      srcChainId,
      dstChainId: next() < 0.4 ? srcChainId : pick(CHAINS),
      registeredAt: next() < 0.8 ? T0 + Math.floor(next() * 300) : null,
    }
  })
}

/** What `listTransactions` must answer, computed naively. */
function reference(
  rows: readonly Row[],
  filter: HistoryFilter,
  page: number,
  limit: number,
): { txIds: string[]; total: number } {
  const matching = rows
    .filter(
      (row) =>
        row.registeredAt !== null &&
        row.orgId === filter.orgId &&
        (filter.appIds === undefined || filter.appIds.includes(row.appId)) &&
        (filter.sender === undefined || row.sender === filter.sender) &&
        (filter.chainIds === undefined ||
          filter.chainIds.includes(row.srcChainId) ||
          filter.chainIds.includes(row.dstChainId)) &&
        (filter.registeredFrom === undefined || row.registeredAt >= filter.registeredFrom) &&
        (filter.registeredTo === undefined || row.registeredAt <= filter.registeredTo),
    )
    .sort((a, b) => b.registeredAt! - a.registeredAt! || b.id - a.id)
  return { txIds: matching.slice((page - 1) * limit, page * limit).map((row) => row.txId), total: matching.length }
}

const filterArbitrary: fc.Arbitrary<HistoryFilter> = fc.record(
  {
    orgId: fc.constantFrom('org_a', 'org_b', 'org_c'),
    appIds: fc.subarray(['a1', 'a2', 'a3', 'b1'], { minLength: 1 }),
    sender: fc.constantFrom(...SENDERS, '0xnobody'),
    chainIds: fc.subarray(CHAINS, { minLength: 1, maxLength: 3 }),
    registeredFrom: fc.integer({ min: T0 - 10, max: T0 + 310 }),
    registeredTo: fc.integer({ min: T0 - 10, max: T0 + 310 }),
  },
  { requiredKeys: ['orgId'] },
)

const rows = generate()

/** Fills a store with `rows`: quotes, then registrations in batches in a shuffled order, then some expiries. */
async function fill(store: Store): Promise<void> {
  for (const row of rows) {
    const apiKey: ApiKeyRecord = {
      keyId: `k-${row.appId}`,
      appId: row.appId,
      orgId: row.orgId,
      appName: row.appId,
      affiliateId: row.orgId,
      gasless: false,
      appFees: [],
    }
    await store.recordQuote({
      txId: row.txId,
      createdAt: T0 - 1000 + row.id,
      apiKey,
      actionRequest: { sender: row.sender },
      actionResponseJson: JSON.stringify({ txId: row.txId }),
      srcChainId: row.srcChainId,
      dstChainId: row.dstChainId,
      sender: row.sender,
      vmId: 'evm',
    })
  }
  const registered = rows.filter((row) => row.registeredAt !== null)
  // Registered in a shuffled order (not by time, not by id), in batches, as concurrent clients would.
  const order = [...registered].sort((a, b) => ((a.id * 7919) % 601) - ((b.id * 7919) % 601))
  for (let i = 0; i < order.length; i += 50) {
    const outcomes = await store.registerTransactions(
      order.slice(i, i + 50).map((row) => ({
        txId: row.txId,
        txHash: `0xe${row.id.toString(16).padStart(63, '0')}`,
        chainId: row.srcChainId,
        vmId: 'evm',
        registeredAt: row.registeredAt!,
      })),
    )
    expect(outcomes.filter((outcome) => outcome.outcome !== 'registered')).toEqual([])
  }
  // Some bare quotes expire: never listed either way.
  expect(await store.expireQuotes(T0 - 1000 + 300)).toBeGreaterThan(0)
}

describe.each(STORE_BACKENDS)('listTransactions against a reference ($name)', (backend) => {
  let place: StorePlace
  let store: Store
  beforeAll(async () => {
    ;({ place, store } = await openFresh(backend))
    await fill(store)
  }, 60_000)
  afterAll(() => closeAndDrop(place, store))

  it('the data set has ties, several pages per org, and every kind of row', () => {
    const registered = rows.filter((row) => row.registeredAt !== null)
    expect(new Set(registered.map((row) => row.registeredAt)).size).toBeLessThan(registered.length / 1.5)
    expect(registered.filter((row) => row.orgId === 'org_a').length).toBeGreaterThan(250)
    expect(rows.length - registered.length).toBeGreaterThan(60)
  })

  it('unfiltered, every page of each organization at several limits', async () => {
    for (const orgId of ['org_a', 'org_b', 'org_c']) {
      for (const limit of [1, 7, 25, 500]) {
        const { total } = reference(rows, { orgId }, 1, limit)
        for (let page = 1; page <= Math.ceil(total / limit) + 1; page += limit === 1 ? 37 : 1) {
          const answer = await store.listTransactions({ orgId }, page, limit)
          const expected = reference(rows, { orgId }, page, limit)
          expect(
            { txIds: answer.transactions.map((t) => t.txId), total: answer.total },
            `${orgId} page ${page} of ${limit}`,
          ).toEqual(expected)
        }
      }
    }
  })

  it('random filters and pages (fast-check, 400 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterArbitrary,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 60 }),
        async (filter, page, limit) => {
          const answer = await store.listTransactions(filter, page, limit)
          expect({ txIds: answer.transactions.map((t) => t.txId), total: answer.total }).toEqual(
            reference(rows, filter, page, limit),
          )
          for (const transaction of answer.transactions) expect(transaction.orgId).toBe(filter.orgId)
        },
      ),
      { numRuns: 400, seed: 20_261_122 },
    )
  })

  it('returns whole stored transactions', async () => {
    const [first] = (await store.listTransactions({ orgId: 'org_a' }, 1, 1)).transactions
    const row = reference(rows, { orgId: 'org_a' }, 1, 1).txIds[0]!
    expect(first).toEqual(await store.getByTxId(row, 'org_a'))
    expect(first).toMatchObject({ status: 'pending', actionResponse: { txId: row }, txPath: [] })
  })

  it('refuses a page or limit below 1', async () => {
    await expect(store.listTransactions({ orgId: 'org_a' }, 0, 10)).rejects.toThrow(RangeError)
    await expect(store.listTransactions({ orgId: 'org_a' }, 1, 0)).rejects.toThrow(RangeError)
  })
})

describe('query plans (SQLite)', () => {
  let place: StorePlace
  let store: Store
  let databasePath: string
  beforeAll(async () => {
    ;({ place, store } = await openFresh(STORE_BACKENDS.find((backend) => backend.name === 'sqlite')!))
    await fill(store)
    databasePath = place.config.databasePath
  }, 60_000)
  afterAll(() => closeAndDrop(place, store))

  const shapes: Record<string, HistoryFilter> = {
    'org only': { orgId: 'org_a' },
    'one app': { orgId: 'org_a', appIds: ['a1'] },
    'two apps': { orgId: 'org_a', appIds: ['a1', 'a2'] },
    wallet: { orgId: 'org_a', sender: '0xs1' },
    'one chain': { orgId: 'org_a', chainIds: [10] },
    'two chains': { orgId: 'org_a', chainIds: [10, 1] },
    period: { orgId: 'org_a', registeredFrom: T0 + 100 },
    'date range': { orgId: 'org_a', registeredFrom: T0 + 100, registeredTo: T0 + 200 },
    'app + period': { orgId: 'org_a', appIds: ['a2'], registeredFrom: T0 + 100 },
    'wallet + chain + dates': {
      orgId: 'org_a',
      sender: '0xs2',
      chainIds: [8453],
      registeredFrom: T0,
      registeredTo: T0 + 250,
    },
    'apps + chains + period': { orgId: 'org_a', appIds: ['a1', 'a3'], chainIds: [1, 42161], registeredFrom: T0 + 50 },
  }
  const plan = (db: Database, sql: string, params: unknown[]) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail)

  it.each(Object.entries(shapes))('%s: counted and paged through indexes only', (_, filter) => {
    const db = openDatabase(databasePath)
    try {
      const query = historyQuery(filter)
      const countPlan = plan(db, query.count.sql, query.count.params)
      const innerSql = /IN \((SELECT id FROM [\s\S]*?LIMIT \? OFFSET \?)\)/.exec(query.page.sql)![1]!
      const idsPlan = plan(db, innerSql, [...query.page.params, 25, 0])
      for (const line of [...countPlan, ...idsPlan]) expect(line, line).not.toMatch(/^SCAN (transactions|t)\b/)
      expect(countPlan.join(' | ')).toMatch(/history_counts|USING COVERING INDEX history_/)
      expect(idsPlan.join(' | ')).toMatch(/USING COVERING INDEX history_/)
      // The ids of a page come in index order: no sort of every matching row before LIMIT.
      if (filter.appIds === undefined || filter.appIds.length === 1)
        expect(idsPlan.join(' | ')).not.toMatch(/TEMP B-TREE/)
    } finally {
      db.close()
    }
  })
})
