/**
 * `GET /workflows/venue/search` and `getMarkets` through the real service (real workers, the catalog loaded into
 * the real store file from the fixture): ranking, tag and accepting-orders filters, pagination, the markets
 * filters, parameter errors, and every answer checked against the OpenAPI document's schemas.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VENUE_FIXTURE_PATH } from '../../fixtures/venue/build.js'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import type { VenueMarketsResponse, VenueSearchResponse } from '../../service/schema/venueMarket.js'
import type { VenueFixture } from '../../service/venue/venueFixture.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Reply, createContract, send } from '../service/contract.js'

const fixture = JSON.parse(readFileSync(VENUE_FIXTURE_PATH, 'utf8')) as VenueFixture
const contract = createContract(buildOpenApiDocument())
let service: RunningService

beforeAll(async () => {
  service = await startService({}, { timeoutMs: 90_000 })
}, 100_000)
afterAll(async () => {
  await service?.stop()
})

/** GETs a venue path; every answer must conform to the document. */
async function get(path: string, query: string): Promise<Reply> {
  const reply = await send(`${service.url}/workflows/venue/${path}?${query}`, {
    headers: { 'x-api-key': 'dev-key-alpha' },
  })
  expect(contract.check(`/workflows/venue/${path}`, 'GET', reply)).toEqual([])
  return reply
}
const search = async (query: string) => {
  const reply = await get('search', query)
  expect(reply.status).toBe(200)
  return JSON.parse(reply.body) as VenueSearchResponse
}

describe('GET /workflows/venue/search', () => {
  it('ranks an event whose title matches above one whose description alone matches', async () => {
    const { events } = await search('q=recession')
    const slugs = events.map((event) => event.slug)
    expect(slugs).toEqual(['us-recession-in-2026', 'will-the-fed-cut-rates-in-january-2027'])
    expect(events[1]!.title.toLowerCase()).not.toContain('recession')
    expect(events[1]!.description.toLowerCase()).toContain('recession')
  })

  it('matches prefixes, stems and every word; tags by label; nothing for an unknown word', async () => {
    const elections = await search('q=elections')
    expect(elections.events.map((event) => event.slug)).toEqual(['presidential-election-winner-2024'])
    expect(elections.tags.map((tag) => tag.label)).toEqual(['Elections'])
    const words = await search(`q=${encodeURIComponent('temperature lond')}`)
    expect(words.events.map((event) => event.slug)).toEqual(['highest-temperature-in-london-on-2026-12-05'])
    const none = await search('q=zeppelin')
    expect(none).toEqual({ events: [], pagination: { hasMore: false, totalResults: 0 }, tags: [], profiles: [] })
  })

  it('never interprets FTS5 syntax in the query: operators are plain words, punctuation alone matches nothing', async () => {
    const punctuation = await search(`q=${encodeURIComponent('"(*):^')}`)
    expect(punctuation.pagination.totalResults).toBe(0)
    const operators = await search(`q=${encodeURIComponent('bitcoin OR NEAR(jazz')}`)
    expect(operators.pagination.totalResults).toBe(0)
    const quoted = await search(`q=${encodeURIComponent('"fed" decision*')}`)
    expect(quoted.events.map((event) => event.slug)).toEqual(['fed-decision-in-october', 'fed-decision-in-december'])
  })

  it('returns every event for *, in pages with hasMore and totalResults', async () => {
    const total = fixture.events.length
    const seen: string[] = []
    for (let page = 1; page <= Math.ceil(total / 10); page++) {
      const answer = await search(`q=*&limitPerType=10&page=${page}`)
      expect(answer.pagination).toEqual({ hasMore: page * 10 < total, totalResults: total })
      seen.push(...answer.events.map((event) => event.id))
    }
    expect(seen.sort()).toEqual(fixture.events.map((event) => event.id).sort())
    const beyond = await search('q=*&limitPerType=10&page=99')
    expect(beyond.events).toEqual([])
    expect(beyond.pagination).toEqual({ hasMore: false, totalResults: total })
  })

  it('filters by tag ids (any of them, repeated or comma-separated)', async () => {
    const tagged = (ids: string[]) =>
      fixture.events.filter((event) => event.tags.some((tag) => ids.includes(tag.id))).map((event) => event.id)
    const nba = await search('q=*&tagId=745&limitPerType=100')
    expect(nba.events.map((event) => event.id).sort()).toEqual(tagged(['745']).sort())
    const both = await search('q=*&tagId=745&tagId=84,100196&limitPerType=100')
    expect(both.events.map((event) => event.id).sort()).toEqual(tagged(['745', '84', '100196']).sort())
    expect(both.pagination.totalResults).toBe(tagged(['745', '84', '100196']).length)
  })

  it('acceptingOrdersOnly keeps events with a market accepting orders, and only those markets', async () => {
    const open = await search('q=*&acceptingOrdersOnly=true&limitPerType=100')
    const expected = fixture.events.filter((event) => event.markets.some((market) => market.acceptingOrders))
    expect(open.pagination.totalResults).toBe(expected.length)
    expect(open.pagination.totalResults).toBeLessThan(fixture.events.length)
    for (const event of open.events) {
      expect(event.markets.length).toBeGreaterThan(0)
      for (const market of event.markets) expect(market.acceptingOrders).toBe(true)
    }
    const bitcoin = await search('q=bitcoin&acceptingOrdersOnly=true&limitPerType=100')
    const all = await search('q=bitcoin&limitPerType=100')
    expect(bitcoin.pagination.totalResults).toBeLessThan(all.pagination.totalResults)
  })

  it('answers bad parameters with the error envelope', async () => {
    const code = async (query: string) => (JSON.parse((await get('search', query)).body) as { error: unknown }).error
    expect(await code('')).toMatchObject({ code: 'MISSING_REQUIRED_FIELD', details: { field: 'q' } })
    expect(await code('q=a&limitPerType=101')).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: { parameter: 'limitPerType', value: '101' },
    })
    expect(await code('q=a&page=0')).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter: 'page' } })
    expect(await code('q=a&tagId=crypto')).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter: 'tagId' } })
    expect(await code('q=a&acceptingOrdersOnly=yes')).toMatchObject({ code: 'INVALID_PARAMETER' })
  })
})

describe('the venue paths', () => {
  it('need a key, and answer another method with 405 and Allow', async () => {
    const url = `${service.url}/workflows/venue/search?q=*`
    const noKey = await send(url)
    expect(noKey.status).toBe(401)
    expect(contract.check('/workflows/venue/search', 'GET', noKey)).toEqual([])
    const post = await send(url, { method: 'POST', headers: { 'x-api-key': 'dev-key-alpha' } })
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS')
  })
})

describe('GET /workflows/venue/getMarkets', () => {
  const markets = async (query: string) => {
    const reply = await get('getMarkets', query)
    expect(reply.status).toBe(200)
    return (JSON.parse(reply.body) as VenueMarketsResponse).events
  }

  it('selects markets by repeated clobTokenIds, each inside its event with tags', async () => {
    const [first, second] = [fixture.events[7]!, fixture.events[20]!]
    const tokenOf = (index: number, event = first) => (JSON.parse(event.markets[index]!.clobTokenIds) as string[])[1]!
    const events = await markets(`clobTokenIds=${tokenOf(2)}&clobTokenIds=${tokenOf(0, second)}`)
    expect(events.map((event) => [event.id, event.markets.map((market) => market.id)])).toEqual([
      [first.id, [first.markets[2]!.id]],
      [second.id, [second.markets[0]!.id]],
    ])
    expect(events[0]!.tags).toEqual(first.tags)
    expect(events[0]!.markets[0]).toEqual(first.markets[2])
  })

  it('selects by slug and by tag; filters combine', async () => {
    const market = fixture.events[16]!.markets[3]!
    expect((await markets(`slug=${market.slug}`)).flatMap((event) => event.markets)).toEqual([market])
    const weather = fixture.events.filter((event) => event.tags.some((tag) => tag.id === '84'))
    expect((await markets('tagId=84')).map((event) => event.id)).toEqual(weather.map((event) => event.id))
    expect(await markets(`tagId=745&slug=${market.slug}`)).toEqual([])
  })

  it('answers bad parameters with the error envelope', async () => {
    const reply = await get('getMarkets', 'clobTokenIds=12x')
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'INVALID_PARAMETER' } })
  })
})
