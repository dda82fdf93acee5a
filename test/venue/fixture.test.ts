/**
 * The fixture venue (`fixtures/venue/`): the committed file is the builder's output, every record has every SPEC
 * §2.7 field with its type, and the data covers what the issue asks for (counts, kinds, statuses, ticks, token ids,
 * one book per outcome token on its tick grid).
 */
import { readFileSync } from 'node:fs'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { describe, expect, it } from 'vitest'
import { VENUE_FIXTURE_PATH, buildVenueFixture, serializeVenueFixture } from '../../fixtures/venue/build.js'
import type { VenueFixture } from '../../service/venue/venueFixture.js'
import { VenueEvent } from '../../service/schema/venueMarket.js'

const committed = readFileSync(VENUE_FIXTURE_PATH, 'utf8')
const fixture = JSON.parse(committed) as VenueFixture
const markets = fixture.events.flatMap((event) => event.markets)

describe('fixture venue', () => {
  it('is byte for byte the output of the seeded builder (regenerate: npx tsx fixtures/venue/build.ts)', () => {
    expect(serializeVenueFixture(buildVenueFixture())).toBe(committed)
  })

  it('has every SPEC §2.7 field of every event, market, series and tag, typed as the spec says', () => {
    const check = TypeCompiler.Compile(VenueEvent)
    for (const event of fixture.events) expect([...check.Errors(event)].map((error) => error.path)).toEqual([])
  })

  it('covers at least 30 events and 80 markets: binary and negRisk, active, closed and resolved, every tick', () => {
    expect(fixture.events.length).toBeGreaterThanOrEqual(30)
    expect(markets.length).toBeGreaterThanOrEqual(80)
    expect(new Set(fixture.events.map((event) => event.negRisk))).toEqual(new Set([true, false]))
    const resolved = markets.filter((market) => ['["1","0"]', '["0","1"]'].includes(market.outcomePrices))
    expect(resolved.length).toBeGreaterThan(0)
    expect(markets.some((market) => market.closed && !resolved.includes(market))).toBe(true)
    expect(markets.some((market) => market.acceptingOrders)).toBe(true)
    expect(new Set(markets.map((market) => market.orderPriceMinTickSize))).toEqual(new Set([0.01, 0.001, 0.0001]))
    expect(fixture.events.some((event) => event.series.length > 0)).toBe(true)
    const tokenIds = markets.flatMap((market) => JSON.parse(market.clobTokenIds) as string[])
    expect(new Set(tokenIds).size).toBe(markets.length * 2)
    expect(new Set(tokenIds.map((id) => id.length))).toEqual(new Set([76, 77, 78]))
    for (const id of tokenIds) expect(BigInt(id) < 2n ** 256n).toBe(true)
  })

  it('has one book per outcome token, best level first, on the tick grid within [tick, 1 − tick]', () => {
    const tokenIds = markets.flatMap((market) => JSON.parse(market.clobTokenIds) as string[])
    expect(fixture.books.map((book) => book.tokenId).sort()).toEqual([...tokenIds].sort())
    for (const book of fixture.books) {
      const market = markets.find((candidate) => candidate.conditionId === book.market)!
      expect(Number(book.tickSize)).toBe(market.orderPriceMinTickSize)
      expect(book.negRisk).toBe(market.negRisk)
      const ticks = (price: string) => Math.round(Number(price) * 1e6) / Math.round(Number(book.tickSize) * 1e6)
      const bids = book.bids.map((level) => ticks(level.price))
      const asks = book.asks.map((level) => ticks(level.price))
      for (const tick of [...bids, ...asks]) expect(Number.isInteger(tick) && tick >= 1).toBe(true)
      expect(bids).toEqual([...bids].sort((a, b) => b - a))
      expect(asks).toEqual([...asks].sort((a, b) => a - b))
      if (bids.length > 0 && asks.length > 0) expect(bids[0]!).toBeLessThan(asks[0]!)
      expect(book.bids.length > 0).toBe(market.acceptingOrders)
    }
  })
})
