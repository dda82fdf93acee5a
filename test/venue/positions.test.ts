/**
 * Positions, closed positions and trades through the real service, from fills written into the real store file by
 * the store's own `recordVenueFills` (what the order matching calls): the figures equal hand-computed values, a
 * resolved market is redeemable and then a closed position once redeemed, the flags filter, and every answer
 * conforms to the OpenAPI document.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VENUE_FIXTURE_PATH } from '../../fixtures/venue/build.js'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import type { VenueClosedPosition, VenuePosition, VenueTrade } from '../../service/schema/venuePositions.js'
import { openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'
import type { VenueFill } from '../../service/store/venueStore.js'
import type { VenueFixture } from '../../service/venue/venueFixture.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { createContract, send } from '../service/contract.js'

const fixture = JSON.parse(readFileSync(VENUE_FIXTURE_PATH, 'utf8')) as VenueFixture
const contract = createContract(buildOpenApiDocument())
const USER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const WALLET = '0x1111111111111111111111111111111111111111'
const OTHER_WALLET = '0x2222222222222222222222222222222222222222'
const T0 = 1_790_000_000

const marketOf = (slug: string, index = 0) => fixture.events.find((event) => event.slug === slug)!.markets[index]!
const tokensOf = (slug: string, index = 0) => JSON.parse(marketOf(slug, index).clobTokenIds) as [string, string]
const ACTIVE = tokensOf('us-recession-in-2026')
const RESOLVED = tokensOf('presidential-election-winner-2024') // market 0 (Trump): outcome 0 won
const MERGE = tokensOf('will-the-fed-cut-rates-in-january-2027')
const SOLD = tokensOf('will-the-us-invade-iran-before-2027')

let dir: string
let store: Store
let service: RunningService
let time = T0

const fill = (tokenId: string, side: 'BUY' | 'SELL' | 'REDEEM', shares: number, price: number, wallet = WALLET) => {
  time += 60
  const base = {
    userId: USER,
    proxyWallet: wallet,
    tokenId,
    timestamp: time,
    transactionHash: `0x${time.toString(16)}`,
  }
  const amounts = { priceMicros: BigInt(Math.round(price * 1e6)), sizeMicros: BigInt(shares * 1e6) }
  return (
    side === 'REDEEM' ? { ...base, kind: 'REDEEM', ...amounts } : { ...base, kind: 'TRADE', side, ...amounts }
  ) as VenueFill
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-venue-'))
  service = await startService({ DATA_DIR: dir }, { timeoutMs: 90_000 })
  store = await openStore({ dataDir: dir, databasePath: join(dir, 'crossroute.sqlite') })
  await store.recordVenueFills([
    fill(ACTIVE[0], 'BUY', 100, 0.4),
    fill(ACTIVE[0], 'BUY', 50, 0.7),
    fill(ACTIVE[0], 'SELL', 60, 0.65),
    fill(RESOLVED[0], 'BUY', 40, 0.3),
    fill(MERGE[0], 'BUY', 20, 0.29),
    fill(MERGE[1], 'BUY', 10, 0.7),
    fill(SOLD[0], 'BUY', 10, 0.2),
    fill(SOLD[0], 'SELL', 10, 0.25),
    fill(ACTIVE[1], 'BUY', 5, 0.5, OTHER_WALLET),
  ])
}, 100_000)
afterAll(async () => {
  await service?.stop()
  await store?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function read<T>(path: string, query: string): Promise<T> {
  const reply = await send(`${service.url}/workflows/venue/${path}?${query}`, {
    headers: { 'x-api-key': 'dev-key-alpha' },
  })
  expect(contract.check(`/workflows/venue/${path}`, 'GET', reply)).toEqual([])
  expect(reply.status).toBe(200)
  return JSON.parse(reply.body) as T
}
const positions = (query = '') => read<VenuePosition[]>('getCurrentPositions', `userId=${USER}${query}`)
const mid = (tokenId: string) => {
  const book = fixture.books.find((candidate) => candidate.tokenId === tokenId)!
  return (Number(book.bids[0]!.price) + Number(book.asks[0]!.price)) / 2
}

describe('GET /workflows/venue/getCurrentPositions', () => {
  it('buy 100 @ 0.40, buy 50 @ 0.70, sell 60 @ 0.65: the hand-computed figures, valued at the book mid', async () => {
    const position = (await positions()).find((candidate) => candidate.asset === ACTIVE[0])!
    // avgPrice = (100 × 0.40 + 50 × 0.70) / 150 = 0.50; the sale realizes 60 × (0.65 − 0.50) = 9.
    const curPrice = mid(ACTIVE[0])
    expect(position).toMatchObject({
      proxyWallet: WALLET.toLowerCase(),
      conditionId: marketOf('us-recession-in-2026').conditionId,
      outcome: 'Yes',
      oppositeOutcome: 'No',
      oppositeAsset: ACTIVE[1],
      outcomeIndex: 0,
      size: 90,
      avgPrice: 0.5,
      totalBought: 150,
      initialValue: 45,
      realizedPnl: 9,
      percentRealizedPnl: 12, // 9 / (150 × 0.50)
      redeemable: false,
      mergeable: false,
      negativeRisk: false,
    })
    expect(position.curPrice).toBeCloseTo(curPrice, 6)
    expect(position.currentValue).toBeCloseTo(90 * curPrice, 6)
    expect(position.cashPnl).toBeCloseTo(90 * curPrice - 45, 6)
    expect(position.percentPnl).toBeCloseTo(((90 * curPrice - 45) / 45) * 100, 5)
  })

  it('a resolved market is redeemable, valued at its payout; the flags filter', async () => {
    const resolved = (await positions()).find((candidate) => candidate.asset === RESOLVED[0])!
    expect(resolved).toMatchObject({ redeemable: true, curPrice: 1, currentValue: 40, initialValue: 12, cashPnl: 28 })
    expect(resolved.percentPnl).toBeCloseTo(233.333333, 5)
    expect(resolved.percentRealizedPnl).toBe(resolved.percentPnl)
    expect((await positions('&redeemable=true')).map((position) => position.asset)).toEqual([RESOLVED[0]])
    const mergeable = await positions('&mergeable=true')
    expect(mergeable.map((position) => position.asset).sort()).toEqual([...MERGE].sort())
    expect(await positions('&mergeable=true&redeemable=true')).toEqual([])
    // Most shares first; the other wallet's position is the user's too, and alone with its proxyWallet.
    expect((await positions()).map((position) => position.size)).toEqual([90, 40, 20, 10, 5])
    expect((await positions(`&proxyWallet=${OTHER_WALLET}`)).map((position) => position.asset)).toEqual([ACTIVE[1]])
  })

  it('answers bad parameters with the error envelope', async () => {
    const error = async (query: string) => {
      const reply = await send(`${service.url}/workflows/venue/getCurrentPositions?${query}`, {
        headers: { 'x-api-key': 'dev-key-alpha' },
      })
      expect(reply.status).toBe(400)
      return (JSON.parse(reply.body) as { error: unknown }).error
    }
    expect(await error('')).toMatchObject({ code: 'MISSING_REQUIRED_FIELD', details: { field: 'userId' } })
    expect(await error('userId=0x123')).toMatchObject({ code: 'INVALID_ADDRESS_FORMAT', details: { field: 'userId' } })
    expect(await error(`userId=${USER}&proxyWallet=nope`)).toMatchObject({ code: 'INVALID_ADDRESS_FORMAT' })
    expect(await error(`userId=${USER}&redeemable=1`)).toMatchObject({ code: 'INVALID_PARAMETER' })
  })
})

describe('closed positions and trades', () => {
  it('a fully sold position is closed; redeeming the resolved one closes it too', async () => {
    const before = await read<VenueClosedPosition[]>('getClosedPositions', `userId=${USER}`)
    expect(before.map((position) => position.asset)).toEqual([SOLD[0]])
    expect(before[0]).toMatchObject({ avgPrice: 0.2, totalBought: 10, realizedPnl: 0.5 })

    const redeem = fill(RESOLVED[0], 'REDEEM', 40, 1)
    await store.recordVenueFills([redeem])
    expect((await positions()).some((position) => position.asset === RESOLVED[0])).toBe(false)
    const after = await read<VenueClosedPosition[]>('getClosedPositions', `userId=${USER}`)
    expect(after.map((position) => position.asset)).toEqual([RESOLVED[0], SOLD[0]])
    expect(after[0]).toMatchObject({ avgPrice: 0.3, totalBought: 40, realizedPnl: 28, curPrice: 1 })
    expect(after[0]!.timestamp).toBe(redeem.timestamp)
  })

  it('trades are the trade fills, newest first, redemptions left out', async () => {
    const trades = await read<VenueTrade[]>('getTrades', `userId=${USER.toLowerCase()}`)
    expect(trades.map((trade) => [trade.side, trade.size, trade.price])).toEqual([
      ['BUY', 5, 0.5],
      ['SELL', 10, 0.25],
      ['BUY', 10, 0.2],
      ['BUY', 10, 0.7],
      ['BUY', 20, 0.29],
      ['BUY', 40, 0.3],
      ['SELL', 60, 0.65],
      ['BUY', 50, 0.7],
      ['BUY', 100, 0.4],
    ])
    expect(trades[8]).toMatchObject({ asset: ACTIVE[0], outcome: 'Yes', title: 'US recession in 2026?', name: '' })
    const other = await read<VenueTrade[]>('getTrades', `userId=${USER}&proxyWallet=${OTHER_WALLET}`)
    expect(other).toHaveLength(1)
    expect(await read<VenueTrade[]>('getTrades', `userId=${WALLET}`)).toEqual([])
  })
})
