/**
 * The venue's order workflows in the store, on both backends: recorded and read per organization, and settled once
 * in one transaction — the order matched on the live book, its fills appended and the outcome written, or nothing
 * at all when the settlement throws — by the tracker's real settler (`venueWorkflowSettler`).
 */
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VENUE_FIXTURE_PATH } from '../../fixtures/venue/build.js'
import type { TrackedTransaction } from '../../service/store/store.js'
import type { VenueFill } from '../../service/store/venueStore.js'
import type { VenueWorkflowRecord, VenueWorkflowSettlement } from '../../service/store/venueWorkflows.js'
import type { OrderBook } from '../../service/venue/book.js'
import { venueWorkflowSettler } from '../../service/venue/placeOrder.js'
import type { VenueFixture } from '../../service/venue/venueFixture.js'
import { VENUE_STORE_BACKENDS, type VenueTestDatabase, type VenueTestStore } from '../helpers/venueStoreBackends.js'

const fixture = JSON.parse(readFileSync(VENUE_FIXTURE_PATH, 'utf8')) as VenueFixture
const MARKET = fixture.events.find((event) => event.slug === 'fed-decision-in-october')!.markets[0]!
const [TOKEN] = JSON.parse(MARKET.clobTokenIds) as [string, string]
const BOOK: OrderBook = {
  tokenId: TOKEN,
  market: MARKET.conditionId,
  tickSize: '0.01',
  minOrderSize: '5',
  negRisk: false,
  bids: [{ price: '0.45', size: '100' }],
  asks: [
    { price: '0.5', size: '4' },
    { price: '0.6', size: '10' },
  ],
}
const USER = '0x76a22D91bcb74261EB53354e25CE4F37dDa32934'
const WALLET = '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC'
const TX_ID = `0x${'a1'.repeat(32)}`

const workflow = (overrides: Partial<VenueWorkflowRecord> = {}): VenueWorkflowRecord => ({
  txId: TX_ID,
  orgId: 'alpha',
  userId: USER,
  proxyWallet: WALLET,
  name: 'venue',
  operation: 'placeOrder',
  status: 'pending',
  timestamp: 1_790_000_000,
  data: {
    userId: USER,
    orderRequest: {
      side: 'BUY',
      tokenID: TOKEN,
      orderType: 'FAK',
      feeRateBps: 0,
      slippage: 50,
      tickSize: '0.01',
      negRisk: false,
      amount: 5,
      price: 0.6,
      size: 8.3333,
    },
  },
  ...overrides,
})
/** The funding transaction of a workflow as the tracker hands it to the settler: $5 of pUSD delivered. */
const funding = (txId = TX_ID) => ({ txId, actionResponse: { amountOut: { amount: '5000000' } } }) as TrackedTransaction

describe.each(VENUE_STORE_BACKENDS)('venue workflows in the store ($name)', (backend) => {
  let database: VenueTestDatabase
  let store: VenueTestStore
  beforeEach(async () => {
    database = await backend.create()
    store = database.store
    await store.loadVenueCatalog(fixture.events, 'v1')
    await store.seedVenueBooks([BOOK])
  })
  afterEach(() => database.dispose())

  it('records a workflow and reads it in its organization only, by txId in any case', async () => {
    await store.recordVenueWorkflow(workflow())
    await store.recordVenueWorkflow(workflow({ txId: `0x${'b2'.repeat(32)}`, orgId: 'beta' }))
    expect(await store.getVenueWorkflow(TX_ID.toUpperCase().replace('0X', '0x'), 'alpha')).toEqual(workflow())
    expect(await store.getVenueWorkflow(TX_ID, 'beta')).toBeUndefined()
    const found = await store.venueWorkflowsOf([TX_ID, `0x${'b2'.repeat(32)}`, `0x${'c3'.repeat(32)}`], 'alpha')
    expect([...found.keys()]).toEqual([TX_ID])
    await expect(store.recordVenueWorkflow(workflow())).rejects.toThrow()
  })

  it('the settler places the order on the live book once: fills, outcome and book in one commit', async () => {
    await store.recordVenueWorkflow(workflow())
    const settle = venueWorkflowSettler(store, () => 1_790_000_600)
    await settle(funding(), { status: 'success', updatedAt: 1_790_000_600 })
    const settled = (await store.getVenueWorkflow(TX_ID, 'alpha'))!
    // $5 at most 0.60: 4 shares at 0.50 ($2), then 5 at 0.60 ($3).
    expect(settled).toMatchObject({ status: 'success', timestamp: 1_790_000_600 })
    expect(settled.data.orderResponse).toMatchObject({ status: 'matched', size_matched: '9' })
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([{ price: '0.6', size: '5' }])
    const fills = await store.venueFills(USER)
    expect(fills.map((fill) => [fill.priceMicros, fill.sizeMicros])).toEqual([
      [500_000n, 4_000_000n],
      [600_000n, 5_000_000n],
    ])
    // Settled already: a retry of the tracker changes nothing.
    await settle(funding(), { status: 'success', updatedAt: 1_790_000_600 })
    expect(await store.venueFills(USER)).toHaveLength(2)
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([{ price: '0.6', size: '5' }])
  })

  it('a SELL counts the shares the wallet holds inside the settlement', async () => {
    const sell = (txId: string, amount: number) =>
      workflow({
        txId,
        data: {
          ...workflow().data,
          orderRequest: { ...workflow().data.orderRequest, side: 'SELL', amount, price: 0.45 },
        },
      })
    const bought = fillOf({ sizeMicros: 10_000_000n })
    await store.recordVenueFills([bought])
    const [many, few] = [`0x${'d4'.repeat(32)}`, `0x${'e5'.repeat(32)}`]
    await store.recordVenueWorkflow(sell(many, 12))
    await store.recordVenueWorkflow(sell(few, 6))
    const settle = venueWorkflowSettler(store, () => 1_790_000_600)
    await settle(funding(many), { status: 'success', updatedAt: 1_790_000_600 })
    await settle(funding(few), { status: 'success', updatedAt: 1_790_000_600 })
    expect(await store.getVenueWorkflow(many, 'alpha')).toMatchObject({
      status: 'failed',
      reason: 'the proxy wallet holds 10 shares, fewer than 12',
    })
    expect(await store.getVenueWorkflow(few, 'alpha')).toMatchObject({ status: 'success' })
    expect((await store.getVenueBook(TOKEN))!.bids).toEqual([{ price: '0.45', size: '94' }])
  })

  it('a settlement that throws writes nothing: the book, the fills and the workflow stay as they were', async () => {
    await store.recordVenueWorkflow(workflow())
    const failing = store.settleVenueWorkflow(TX_ID, async (_, tools) => {
      expect((await tools.match({ ...order(), amount: 5_000_000n }))?.status).toBe('matched')
      expect((await tools.token(TOKEN))?.market.conditionId).toBe(MARKET.conditionId)
      throw new Error('refused after matching')
    })
    await expect(failing).rejects.toThrow('refused after matching')
    expect(await store.getVenueBook(TOKEN)).toEqual(BOOK)
    expect(await store.venueFills(USER)).toEqual([])
    expect((await store.getVenueWorkflow(TX_ID, 'alpha'))?.status).toBe('pending')
  })

  it('a store call made while a settlement is open is not part of it (kept when the settlement rolls back)', async () => {
    await store.recordVenueWorkflow(workflow())
    const other: VenueFill = { ...fillOf(), userId: WALLET, proxyWallet: USER }
    let concurrent: Promise<void> | undefined
    const failing = store.settleVenueWorkflow(TX_ID, async (_, tools) => {
      concurrent = store.recordVenueFills([other])
      await tools.match({ ...order(), amount: 2_000_000n })
      throw new Error('rolled back')
    })
    await expect(failing).rejects.toThrow('rolled back')
    await concurrent
    expect(await store.venueFills(WALLET)).toEqual([
      { ...other, userId: WALLET.toLowerCase(), proxyWallet: USER.toLowerCase() },
    ])
    expect(await store.getVenueBook(TOKEN)).toEqual(BOOK)
  })

  it('settlements of one workflow at once: exactly one settles it', async () => {
    await store.recordVenueWorkflow(workflow())
    // PostgreSQL: four pools (row lock on the workflow). SQLite: the calls of one thread share its one connection
    // (the gate); connections on other threads are serialized by the write lock, as in venueBookStore.test.ts.
    const stores = Array.from({ length: 4 }, () => (backend.name === 'SQLite' ? store : database.connect(2)))
    const settle = async (
      _: VenueWorkflowRecord,
      tools: Parameters<Parameters<VenueTestStore['settleVenueWorkflow']>[1]>[1],
    ) => {
      expect((await tools.match({ ...order(), amount: 1_000_000n }))?.status).toBe('matched')
      return { status: 'success', data: workflow().data, fills: [], timestamp: 1 } satisfies VenueWorkflowSettlement
    }
    const outcomes = await Promise.all(stores.map((other) => other.settleVenueWorkflow(TX_ID, settle)))
    expect(outcomes.filter((outcome) => outcome !== undefined)).toHaveLength(1)
    // One $1 order at 0.50 took 2 of the 4 shares: the book was matched once.
    expect((await store.getVenueBook(TOKEN))!.asks[0]).toEqual({ price: '0.5', size: '2' })
  })
})

function order() {
  return {
    tokenId: TOKEN,
    side: 'BUY',
    orderType: 'FAK',
    amount: 0n,
    limitPriceMicros: 600_000n,
    tickSize: '0.01',
  } as const
}
function fillOf(overrides: Partial<VenueFill> = {}): VenueFill {
  return {
    userId: USER,
    proxyWallet: WALLET,
    kind: 'TRADE',
    tokenId: TOKEN,
    side: 'BUY',
    priceMicros: 500_000n,
    sizeMicros: 1_000_000n,
    timestamp: 1_790_000_000,
    transactionHash: `0x${'ff'.repeat(32)}`,
    ...overrides,
  }
}
