/**
 * The fills of proxy wallets in the store, on both backends: appended in order, read back per user and wallet in
 * any case, amounts exact as `bigint`, a batch the table refuses writes nothing, and positions replayed from them
 * with the store's tokens and books.
 */
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VENUE_FIXTURE_PATH } from '../../fixtures/venue/build.js'
import type { VenueFill } from '../../service/store/venueStore.js'
import type { OrderBook } from '../../service/venue/book.js'
import { currentPositions, replay } from '../../service/venue/positions.js'
import type { VenueFixture } from '../../service/venue/venueFixture.js'
import { VENUE_STORE_BACKENDS, type VenueTestDatabase, type VenueTestStore } from '../helpers/venueStoreBackends.js'

const USER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const WALLET = '0x1111111111111111111111111111111111111111'
const OTHER_WALLET = '0x2222222222222222222222222222222222222222'
const TOKEN = '10181859819235412241349111952383458602722012323104397550162049365057126390549'

const trade = (overrides: Partial<VenueFill> = {}): VenueFill => ({
  userId: USER,
  proxyWallet: WALLET,
  kind: 'TRADE',
  tokenId: TOKEN,
  side: 'BUY',
  priceMicros: 400_000n,
  sizeMicros: 100_000_000n,
  timestamp: 1_790_000_060,
  transactionHash: `0x${'ab'.repeat(32)}`,
  orderId: `0x${'cd'.repeat(32)}`,
  ...overrides,
})
const stored = (fill: VenueFill): VenueFill => ({
  ...fill,
  userId: fill.userId.toLowerCase(),
  proxyWallet: fill.proxyWallet.toLowerCase(),
})

describe.each(VENUE_STORE_BACKENDS)('venue fills in the store ($name)', (backend) => {
  let database: VenueTestDatabase
  let store: VenueTestStore
  beforeEach(async () => {
    database = await backend.create()
    store = database.store
  })
  afterEach(() => database.dispose())

  it('reads fills back in the order recorded, of every wallet of the user or of one', async () => {
    const { side: _, orderId: __, ...base } = trade()
    const fills: VenueFill[] = [
      trade(),
      trade({ side: 'SELL', sizeMicros: 60_000_000n, priceMicros: 650_000n, timestamp: 1_790_000_120 }),
      trade({ proxyWallet: OTHER_WALLET, tokenId: '7' }),
      { ...base, kind: 'REDEEM', priceMicros: 1_000_000n, sizeMicros: 40_000_000n, timestamp: 1_790_000_180 },
    ]
    await store.recordVenueFills(fills.slice(0, 2))
    await store.recordVenueFills(fills.slice(2))
    expect(await store.venueFills(USER)).toEqual(fills.map(stored))
    expect(await store.venueFills(USER.toLowerCase(), WALLET.toUpperCase().replace('0X', '0x'))).toEqual(
      [fills[0]!, fills[1]!, fills[3]!].map(stored),
    )
    expect(await store.venueFills(WALLET)).toEqual([])
  })

  it('keeps amounts exact up to 2⁵³ − 1 micro-units and refuses more', async () => {
    const largest = trade({ sizeMicros: BigInt(Number.MAX_SAFE_INTEGER) })
    await store.recordVenueFills([largest])
    expect(await store.venueFills(USER)).toEqual([stored(largest)])
    await expect(
      store.recordVenueFills([trade({ sizeMicros: BigInt(Number.MAX_SAFE_INTEGER) + 1n })]),
    ).rejects.toThrow()
  })

  it('a batch with a fill the table refuses writes none of it', async () => {
    const refused = [
      [trade(), trade({ priceMicros: 1_000_001n })],
      [trade(), trade({ side: undefined })],
      [trade(), { ...trade(), kind: 'REDEEM' as const }],
      [trade(), trade({ sizeMicros: 0n })],
    ]
    for (const batch of refused) await expect(store.recordVenueFills(batch)).rejects.toThrow()
    expect(await store.venueFills(USER)).toEqual([])
  })

  it('positions replay the stored fills with the stored tokens, valued at the live book mid', async () => {
    const fixture = JSON.parse(readFileSync(VENUE_FIXTURE_PATH, 'utf8')) as VenueFixture
    const event = fixture.events.find((candidate) => candidate.slug === 'us-recession-in-2026')!
    const [yes] = JSON.parse(event.markets[0]!.clobTokenIds) as [string, string]
    await store.loadVenueCatalog(fixture.events, 'v1')
    const book: OrderBook = {
      tokenId: yes,
      market: event.markets[0]!.conditionId,
      tickSize: '0.01',
      minOrderSize: '5',
      negRisk: false,
      bids: [{ price: '0.6', size: '10' }],
      asks: [{ price: '0.62', size: '10' }],
    }
    await store.seedVenueBooks([book])
    await store.recordVenueFills([
      trade({ tokenId: yes }),
      trade({ tokenId: yes, priceMicros: 700_000n, sizeMicros: 50_000_000n }),
      trade({ tokenId: yes, side: 'SELL', priceMicros: 650_000n, sizeMicros: 60_000_000n }),
    ])
    const replayed = await replay(await store.venueFills(USER), (ids) => store.venueTokens(ids))
    const live = await store.getVenueBook(yes)
    const [position] = currentPositions(replayed, (tokenId) => (tokenId === yes ? live : undefined))
    // avgPrice = (100 × 0.40 + 50 × 0.70) / 150 = 0.50; the sale realizes 60 × (0.65 − 0.50) = 9; mid 0.61.
    expect(position).toMatchObject({
      asset: yes,
      eventSlug: event.slug,
      size: 90,
      avgPrice: 0.5,
      totalBought: 150,
      realizedPnl: 9,
      curPrice: 0.61,
    })
  })
})
