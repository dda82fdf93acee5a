/**
 * The live order book in the store, on both backends: seeding and reading back, matching that takes liquidity out
 * of the levels; on SQLite 20 concurrent orders from four worker threads (four connections on one file), on
 * PostgreSQL 20 at once on 20 connections, that never fill the same liquidity.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../service/store/sqlite.js'
import type { Store } from '../../service/store/store.js'
import type { VenueOrder } from '../../service/store/venueBook.js'
import type { OrderBook } from '../../service/venue/book.js'
import type { MatchResult } from '../../service/venue/matching/types.js'
import { toMicros } from '../../service/venue/matching/units.js'
import { VENUE_STORE_BACKENDS, type VenueTestDatabase, type VenueTestStore } from '../helpers/venueStoreBackends.js'

const TOKEN = '10181859819235412241349111952383458602722012323104397550162049365057126390549'
const BOOK: OrderBook = {
  tokenId: TOKEN,
  market: '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce',
  tickSize: '0.01',
  minOrderSize: '5',
  negRisk: false,
  bids: [
    { price: '0.49', size: '30' },
    { price: '0.48', size: '12.5' },
  ],
  asks: [
    { price: '0.5', size: '10' },
    { price: '0.51', size: '10' },
    { price: '0.52', size: '10.25' },
    { price: '0.53', size: '10' },
    { price: '0.54', size: '10' },
  ],
  lastTradePrice: '0.5',
}
const OTHER: OrderBook = { ...BOOK, tokenId: `${TOKEN.slice(0, -1)}7`, tickSize: '0.001', negRisk: true }

const buy = (overrides: Partial<VenueOrder> = {}): VenueOrder => ({
  tokenId: TOKEN,
  side: 'BUY',
  orderType: 'FAK',
  amount: 3_000_000n,
  limitPriceMicros: 990_000n,
  tickSize: '0.01',
  ...overrides,
})

describe.each(VENUE_STORE_BACKENDS)('venue books in the store ($name)', (backend) => {
  let database: VenueTestDatabase
  let store: VenueTestStore
  beforeEach(async () => {
    database = await backend.create()
    store = database.store
    await store.seedVenueBooks([BOOK, OTHER])
  })
  afterEach(() => database.dispose())

  it('reads a seeded book back as it was given', async () => {
    expect(await store.getVenueBook(TOKEN)).toEqual(BOOK)
    expect(await store.getVenueBook(OTHER.tokenId)).toEqual(OTHER)
    expect(await store.getVenueBook('1')).toBeUndefined()
  })

  it('takes matched liquidity out of the levels and records the last trade', async () => {
    // $8: 10 at 0.50 ($5), then 5.88 at 0.51 ($2.9988).
    const result = (await store.matchVenueOrder(buy({ amount: 8_000_000n })))!
    expect(result.status).toBe('matched')
    expect(result.sizeMatched).toBe(15_880_000n)
    const book = (await store.getVenueBook(TOKEN))!
    expect(book.asks.slice(0, 2)).toEqual([
      { price: '0.51', size: '4.12' },
      { price: '0.52', size: '10.25' },
    ])
    expect(book.asks).toHaveLength(4)
    expect(book.lastTradePrice).toBe('0.51')
    expect(book.bids).toEqual(BOOK.bids)
  })

  it('sells into the bids', async () => {
    const result = (await store.matchVenueOrder(
      buy({ side: 'SELL', amount: 35_000_000n, limitPriceMicros: 480_000n }),
    ))!
    expect(result).toMatchObject({ status: 'matched', sizeMatched: 35_000_000n, takingAmount: 17_100_000n })
    expect((await store.getVenueBook(TOKEN))!.bids).toEqual([{ price: '0.48', size: '7.5' }])
  })

  it('changes nothing for a killed FOK or a rejected order', async () => {
    const killed = (await store.matchVenueOrder(buy({ orderType: 'FOK', amount: 100_000_000n })))!
    expect(killed).toMatchObject({ status: 'killed', failure: 'FOK_ORDER_NOT_FILLED_ERROR' })
    const rejected = (await store.matchVenueOrder(buy({ tickSize: '0.001' })))!
    expect(rejected).toMatchObject({ status: 'rejected', failure: 'INVALID_ORDER_MIN_TICK_SIZE' })
    expect(await store.getVenueBook(TOKEN)).toEqual(BOOK)
  })

  it('answers undefined for a token without a book', async () => {
    expect(await store.matchVenueOrder(buy({ tokenId: '42' }))).toBeUndefined()
  })

  it('refuses a book the tables cannot hold, writing none of the batch', async () => {
    const bad = { ...OTHER, tokenId: '99', asks: [{ price: '1', size: '5' }] }
    await expect(store.seedVenueBooks([{ ...BOOK, asks: [] }, bad])).rejects.toThrow()
    expect(await store.getVenueBook(TOKEN)).toEqual(BOOK)
    expect(await store.getVenueBook('99')).toBeUndefined()
  })
})

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads')
;(async () => {
  const { register } = await import('tsx/esm/api')
  register()
  const { openSqliteStore } = await import(workerData.sqliteUrl)
  const store = openSqliteStore(workerData.config)
  const gate = new Int32Array(workerData.gate)
  Atomics.add(gate, 1, 1) // ready
  Atomics.wait(gate, 0, 0) // all workers start together
  const results = []
  for (const order of workerData.orders) results.push(await store.matchVenueOrder(order))
  await store.close()
  parentPort.postMessage(results)
})()
`

/** Every level filled exactly what it held (never more), the asks are gone, and some order came up short. */
async function expectAsksFilledOnce(results: readonly MatchResult[], store: Pick<Store, 'getVenueBook'>) {
  const filledAt = new Map<bigint, bigint>()
  for (const result of results) {
    for (const fill of result.fills)
      filledAt.set(fill.priceMicros, (filledAt.get(fill.priceMicros) ?? 0n) + fill.sizeMicros)
  }
  const held = new Map(BOOK.asks.map((level) => [toMicros(level.price), toMicros(level.size)]))
  expect(filledAt).toEqual(held)
  expect((await store.getVenueBook(TOKEN))!.asks).toEqual([])
  expect(results.some((result) => result.status === 'killed')).toBe(true)
}

// $3 each, 20 orders: $60 of demand for ~$26 of asks, so the book is emptied and some orders come up short.
const ORDERS = Array.from({ length: 20 }, (_, index) =>
  buy({ orderType: index % 3 === 0 ? 'FOK' : 'FAK', amount: BigInt(2_000_000 + (index % 4) * 500_000) }),
)

describe('concurrent orders on one book (SQLite)', () => {
  it('20 orders from four worker threads never fill the same liquidity', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-venue-book-'))
    const config = { dataDir, databasePath: join(dataDir, 'crossroute.sqlite') }
    let store = openSqliteStore(config)
    await store.seedVenueBooks([BOOK])
    await store.close()
    const workers = 4
    const gate = new SharedArrayBuffer(8) // [start flag, ready count]
    const sqliteUrl = new URL('../../service/store/sqlite.ts', import.meta.url).href
    const runs = Array.from({ length: workers }, (_, id) => {
      const worker = new Worker(WORKER_CODE, {
        eval: true,
        workerData: { gate, config, sqliteUrl, orders: ORDERS.filter((_, index) => index % workers === id) },
      })
      return new Promise<MatchResult[]>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      }).finally(() => worker.terminate())
    })
    const flags = new Int32Array(gate)
    while (Atomics.load(flags, 1) < workers) await new Promise((resolve) => setTimeout(resolve, 20))
    Atomics.store(flags, 0, 1)
    Atomics.notify(flags, 0)
    const results = (await Promise.all(runs)).flat()
    store = openSqliteStore(config)
    try {
      expect(results).toHaveLength(20)
      await expectAsksFilledOnce(results, store)
    } finally {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('concurrent orders on one book (PostgreSQL)', () => {
  const backend = VENUE_STORE_BACKENDS.find((candidate) => candidate.name === 'PostgreSQL')!
  let database: VenueTestDatabase
  beforeEach(async () => {
    database = await backend.create()
  })
  afterEach(() => database.dispose())

  it('20 FAK orders at once on 20 connections against a 100-share book fill exactly 100 shares', async () => {
    // 100 shares over four levels; each order spends $4 (~7.7 shares at these prices): $80 of demand for ~$54.
    const asks = [
      { price: '0.5', size: '25' },
      { price: '0.51', size: '25' },
      { price: '0.55', size: '25' },
      { price: '0.6', size: '25' },
    ]
    await database.store.seedVenueBooks([{ ...BOOK, asks }])
    const pool = database.connect(20)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pool.matchVenueOrder(buy({ orderType: 'FAK', amount: 4_000_000n }))),
    )
    const filled = results.flatMap((result) => result!.fills).reduce((sum, fill) => sum + fill.sizeMicros, 0n)
    expect(filled).toBe(100_000_000n)
    for (const level of asks) {
      const atLevel = results
        .flatMap((result) => result!.fills)
        .filter((fill) => fill.priceMicros === toMicros(level.price))
      expect(atLevel.reduce((sum, fill) => sum + fill.sizeMicros, 0n)).toBe(toMicros(level.size))
    }
    expect((await database.store.getVenueBook(TOKEN))!.asks).toEqual([])
    // The last orders found the book empty: FAK with nothing to take is cancelled, not matched.
    expect(results.filter((result) => result!.status === 'matched').length).toBeLessThan(20)
  })

  it('the 20 orders of the SQLite test, at once: every level filled exactly what it held', async () => {
    await database.store.seedVenueBooks([BOOK])
    const pool = database.connect(20)
    const results = await Promise.all(ORDERS.map((order) => pool.matchVenueOrder(order)))
    await expectAsksFilledOnce(
      results.map((result) => result!),
      database.store,
    )
  })
})
