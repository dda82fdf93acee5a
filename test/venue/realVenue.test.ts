/**
 * The real-venue read adapter, through the real service configured with `VENUE_GAMMA_URL` / `VENUE_DATA_URL`
 * pointing at a local HTTP stub that answers in the venue's own shapes (research file §1, §6: JSON strings inside
 * strings, numbers as strings, `null` sections, other date formats, protocol-V2 `positionIds`). Checks the
 * parameters the stub receives and that every answer has the spec's shape (the OpenAPI document's schemas).
 */
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import type { VenueMarketsResponse, VenueSearchResponse } from '../../service/schema/venueMarket.js'
import type { VenuePosition, VenueTrade } from '../../service/schema/venuePositions.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { createContract, send } from '../service/contract.js'

const contract = createContract(buildOpenApiDocument())
const USER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const WALLET = '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC'
const CONDITION = '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce'
const TOKENS = [
  '8851848546962572193739008211889046036776198486765606333032192644001246174440',
  '10181859819235412241349111952383458602722012323104397550162049365057126390549',
]

/** Upstream records, as the venue sends them (a subset of the fields, some as strings or null). */
const upstreamMarket = {
  id: '1066851',
  question: 'Bitcoin Up or Down - December 31, 12:00PM-12:15PM ET',
  conditionId: CONDITION,
  slug: 'btc-updown-15m-1767200400',
  outcomes: '["Up", "Down"]',
  outcomePrices: '["0.585", "0.415"]',
  clobTokenIds: JSON.stringify(TOKENS),
  volume: '92509.47',
  volumeNum: 92509.47,
  liquidityNum: '20579.75',
  orderPriceMinTickSize: 0.01,
  orderMinSize: 5,
  bestBid: 0.58,
  bestAsk: 0.59,
  acceptingOrders: true,
  closed: false,
  negRisk: false,
  restricted: true,
  endDate: '2025-12-31T17:15:00Z',
  feeSchedule: { rate: 0.07 },
}
const v2Market = {
  id: '2000001',
  question: 'Bitcoin Up or Down - December 31, 12:15PM-12:30PM ET',
  conditionId: `0x${'ab'.repeat(32)}`,
  slug: 'btc-updown-15m-1767201300',
  outcomes: '["Up", "Down"]',
  version: 'v2',
  positionIds: ['123456789012345678901234567890123456789012345678901234567890123456789012345678', '42'],
  acceptingOrders: false,
  closed: true,
}
const upstreamEvent = {
  id: '296573',
  slug: 'btc-up-or-down',
  title: 'Bitcoin Up or Down',
  closedTime: '2026-03-29 03:10:00+00',
  volume: 12345.6,
  negRisk: null,
  markets: [upstreamMarket, v2Market],
  tags: [{ id: '21', label: 'Crypto', slug: 'crypto' }],
  series: [{ id: '10192', slug: 'btc-up-or-down-15m', title: 'Bitcoin Up or Down 15m', volume: '1000' }],
}
const position = {
  ...{ proxyWallet: WALLET.toLowerCase(), asset: TOKENS[0], conditionId: CONDITION, size: 90, avgPrice: 0.5 },
  ...{ initialValue: 45, currentValue: 54, cashPnl: 9, percentPnl: 20, totalBought: 150, realizedPnl: 9 },
  ...{ percentRealizedPnl: 12, curPrice: 0.6, redeemable: false, mergeable: false, title: upstreamMarket.question },
  ...{ slug: upstreamMarket.slug, icon: 'https://x/y.png', eventId: '296573', eventSlug: 'btc-up-or-down' },
  ...{ outcome: 'Up', outcomeIndex: 0, oppositeOutcome: 'Down', oppositeAsset: TOKENS[1], endDate: '2025-12-31' },
  negativeRisk: false,
}
const trade = {
  ...{ proxyWallet: WALLET.toLowerCase(), side: 'BUY', asset: TOKENS[0], conditionId: CONDITION, size: 10 },
  ...{ price: 0.58, timestamp: 1767200500, title: upstreamMarket.question, slug: upstreamMarket.slug },
  ...{ eventSlug: 'btc-up-or-down', outcome: 'Up', outcomeIndex: 0, name: 'whale', pseudonym: 'Big-Whale' },
  ...{ profileImageOptimized: null, transactionHash: `0x${'cd'.repeat(32)}` },
}

const received: URL[] = []
let failNext = false
let stub: Server
let service: RunningService

function answer(url: URL): unknown {
  const path = url.pathname
  if (path === '/gamma/public-search')
    return {
      events: [upstreamEvent],
      tags: [{ id: '21', label: 'Crypto', slug: 'crypto', event_count: 57 }],
      profiles: null,
      pagination: { hasMore: true, totalResults: 57 },
    }
  if (path === '/gamma/markets') {
    const closed = url.searchParams.get('closed') === 'true'
    const event = { id: upstreamEvent.id, slug: upstreamEvent.slug, title: upstreamEvent.title }
    return [{ ...(closed ? v2Market : upstreamMarket), events: [event] }]
  }
  if (path === '/data/positions') return [position]
  if (path === '/data/closed-positions') return []
  if (path === '/data/trades') return [trade]
  return undefined
}

beforeAll(async () => {
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub')
    received.push(url)
    const body = answer(url)
    if (failNext || body === undefined) {
      failNext = false
      res.writeHead(500).end('upstream down')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  service = await startService(
    { VENUE_GAMMA_URL: `${base}/gamma`, VENUE_DATA_URL: `${base}/data/` },
    { timeoutMs: 90_000 },
  )
}, 100_000)
afterAll(async () => {
  await service?.stop()
  await new Promise((resolve) => stub?.close(resolve))
})

async function read<T>(path: string, query: string, status = 200): Promise<T> {
  const reply = await send(`${service.url}/workflows/venue/${path}?${query}`, {
    headers: { 'x-api-key': 'dev-key-alpha' },
  })
  expect(contract.check(`/workflows/venue/${path}`, 'GET', reply)).toEqual([])
  expect(reply.status).toBe(status)
  return JSON.parse(reply.body) as T
}
const last = (path: string) => received.filter((url) => url.pathname === path).at(-1)!

describe('real venue adapter (local stub of the Gamma and Data APIs)', () => {
  it('search: maps q, tags, page and limit; conforms events, markets, tags and pagination to the spec', async () => {
    const result = await read<VenueSearchResponse>('search', 'q=bitcoin&tagId=21&tagId=235&page=2&limitPerType=5')
    const sent = last('/gamma/public-search').searchParams
    expect([sent.get('q'), sent.getAll('events_tag'), sent.get('page'), sent.get('limit_per_type')]).toEqual([
      'bitcoin',
      ['21', '235'],
      '2',
      '5',
    ])
    expect(result.pagination).toEqual({ hasMore: true, totalResults: 57 })
    expect(result.profiles).toEqual([])
    expect(result.tags[0]).toMatchObject({ id: '21', label: 'Crypto', forceShow: false, createdAt: '' })
    const [event] = result.events
    expect(event).toMatchObject({ id: '296573', closedTime: '2026-03-29T03:10:00.000Z', negRisk: false, subtitle: '' })
    expect(event!.series[0]).toMatchObject({ id: '10192', volume: 1000 })
    const [v1, v2] = event!.markets
    expect(v1).toMatchObject({ clobTokenIds: JSON.stringify(TOKENS), volume: '92509.47', liquidityNum: 20579.75 })
    expect(v1).not.toHaveProperty('feeSchedule')
    expect(JSON.parse(v2!.clobTokenIds)).toEqual(v2Market.positionIds)

    const open = await read<VenueSearchResponse>('search', 'q=bitcoin&acceptingOrdersOnly=true')
    expect(open.events[0]!.markets.map((market) => market.id)).toEqual(['1066851'])
  })

  it('getMarkets: asks open and closed markets by token id and groups them by event', async () => {
    const { events } = await read<VenueMarketsResponse>('getMarkets', `clobTokenIds=${TOKENS[0]}&tagId=21`)
    const asked = received.filter((url) => url.pathname === '/gamma/markets').slice(-2)
    expect(asked.map((url) => url.searchParams.get('closed')).sort()).toEqual(['false', 'true'])
    expect(asked[0]!.searchParams.getAll('clob_token_ids')).toEqual([TOKENS[0]])
    expect(asked[0]!.searchParams.get('tag_id')).toBe('21')
    expect(events.map((event) => [event.id, event.markets.map((market) => market.id)])).toEqual([
      ['296573', ['1066851', '2000001']],
    ])
  })

  it('positions and trades: asks for the proxy wallet (else the user) and answers the spec shapes', async () => {
    const positions = await read<VenuePosition[]>('getCurrentPositions', `userId=${USER}&proxyWallet=${WALLET}`)
    const sent = last('/data/positions').searchParams
    expect([sent.get('user'), sent.get('redeemable'), sent.get('mergeable')]).toEqual([WALLET, 'false', 'false'])
    expect(positions).toEqual([position])
    await read('getCurrentPositions', `userId=${USER}&redeemable=true`)
    expect(last('/data/positions').searchParams.get('user')).toBe(USER)
    expect(await read<VenuePosition[]>('getCurrentPositions', `userId=${USER}&mergeable=true`)).toEqual([])
    const trades = await read<VenueTrade[]>('getTrades', `userId=${USER}`)
    expect(last('/data/trades').searchParams.get('takerOnly')).toBe('false')
    expect(trades[0]).toMatchObject({ name: 'whale', bio: '', profileImage: '', profileImageOptimized: '' })
    expect(await read('getClosedPositions', `userId=${USER}`)).toEqual([])
  })

  it('an upstream failure is a 503 envelope, not a 500', async () => {
    failNext = true
    const body = await read<{ error: { code: string } }>('getTrades', `userId=${USER}`, 503)
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE')
  })
})
