/**
 * The venue catalog in the store, on both backends: versioned loading (once, even when connections load at once),
 * search (SQLite: FTS5; PostgreSQL: tsvector), the markets and tokens reads. The service-level tests
 * (`search.test.ts`) run the same queries through the real server on SQLite.
 */
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VENUE_FIXTURE_PATH } from '../../fixtures/venue/build.js'
import type { VenueSearchPage, VenueSearchQuery } from '../../service/store/venueStore.js'
import type { VenueFixture } from '../../service/venue/venueFixture.js'
import { VENUE_STORE_BACKENDS, type VenueTestDatabase, type VenueTestStore } from '../helpers/venueStoreBackends.js'

const fixture = JSON.parse(readFileSync(VENUE_FIXTURE_PATH, 'utf8')) as VenueFixture
const { events } = fixture
const slugsOf = (page: { events: { slug: string }[] }) => page.events.map((event) => event.slug)

describe.each(VENUE_STORE_BACKENDS)('the venue catalog in the store ($name)', (backend) => {
  let database: VenueTestDatabase
  let store: VenueTestStore
  const search = (query: string, options: Partial<VenueSearchQuery> = {}) =>
    store.searchVenue({ query, page: 1, limitPerType: 100, acceptingOrdersOnly: false, ...options })
  beforeEach(async () => {
    database = await backend.create()
    store = database.store
    await store.loadVenueCatalog(events, 'v1')
  })
  afterEach(() => database.dispose())

  describe('loading', () => {
    it('loads a version once; another version replaces the whole catalog', async () => {
      expect(await store.loadVenueCatalog(events, 'v1')).toBe(false)
      expect((await search('*')).totalResults).toBe(events.length)
      expect(await store.loadVenueCatalog(events.slice(0, 3), 'v2')).toBe(true)
      const page = await search('*')
      expect(page.totalResults).toBe(3)
      expect(page.tags.map((tag) => tag.id).sort()).toEqual(
        [...new Set(events.slice(0, 3).flatMap((event) => event.tags.map((tag) => tag.id)))].sort(),
      )
      expect((await search('temperature')).totalResults).toBe(0)
      expect(await store.venueTokens(JSON.parse(events[20]!.markets[0]!.clobTokenIds) as string[])).toEqual([])
    })

    it('connections loading a new version at once load it once', async () => {
      const stores = Array.from({ length: 4 }, () => database.connect(2))
      const loaded = await Promise.all(stores.map((other) => other.loadVenueCatalog(events.slice(1), 'v3')))
      expect(loaded.filter(Boolean)).toHaveLength(1)
      expect((await search('*')).totalResults).toBe(events.length - 1)
    })
  })

  describe('search', () => {
    it('ranks an event whose title matches above one whose description alone matches', async () => {
      const page = await search('recession')
      expect(slugsOf(page)).toEqual(['us-recession-in-2026', 'will-the-fed-cut-rates-in-january-2027'])
      expect(page.events[1]!.title.toLowerCase()).not.toContain('recession')
    })

    it('matches prefixes, stems, every word, diacritics folded; tags by label', async () => {
      const elections = await search('elections')
      expect(slugsOf(elections)).toEqual(['presidential-election-winner-2024'])
      expect(elections.tags.map((tag) => tag.label)).toEqual(['Elections'])
      expect(slugsOf(await search('ÉLECTÏON'))).toEqual(['presidential-election-winner-2024'])
      expect(slugsOf(await search('temperature lond'))).toEqual(['highest-temperature-in-london-on-2026-12-05'])
      expect(await search('zeppelin')).toEqual({ events: [], totalResults: 0, tags: [] })
    })

    it('drops no word as a stop word', async () => {
      // "the" is in 31 of 31 events (titles and descriptions); an English stop list would drop it and match none.
      expect((await search('the')).totalResults).toBe(events.length)
      expect((await search('will the')).totalResults).toBeGreaterThan(0)
    })

    it('never interprets query syntax: operators are plain words, punctuation alone matches nothing', async () => {
      expect((await search('"(*):^')).totalResults).toBe(0)
      expect((await search("bitcoin OR NEAR(jazz & !fed | '")).totalResults).toBe(0)
      expect(slugsOf(await search('"fed" decision*'))).toEqual(['fed-decision-in-october', 'fed-decision-in-december'])
      expect((await search('fed:* & !x')).totalResults).toBe(0)
    })

    it('ranks a tier by score, then volume: "*" is every event by volume, in pages that agree with the total', async () => {
      const byVolume = [...events].sort((a, b) => b.volume - a.volume).map((event) => event.slug)
      const seen: string[] = []
      for (let page = 1; page <= 4; page++) {
        const answer = await search('*', { page, limitPerType: 10 })
        expect(answer.totalResults).toBe(events.length)
        seen.push(...slugsOf(answer))
      }
      expect(seen).toEqual(byVolume)
      // Same title, same wording, same weights: the six BTC up/down events differ only by volume.
      const btc = slugsOf(await search('btc')).filter((slug) => slug.startsWith('btc-updown'))
      expect(btc).toEqual(byVolume.filter((slug) => slug.startsWith('btc-updown')))
    })

    it('every event matching in its title or market wording comes before every other', async () => {
      for (const query of ['bitcoin', 'will', 'fed', 'rates', 'december', '2026']) {
        const page = await search(query)
        const inTitle = page.events.map((event) =>
          [event.title, ...event.markets.map((market) => `${market.question} ${market.groupItemTitle}`)]
            .join(' ')
            .toLowerCase()
            .includes(query),
        )
        expect(inTitle.indexOf(false) === -1 || inTitle.lastIndexOf(true) < inTitle.indexOf(false), query).toBe(true)
        expect(inTitle.some(Boolean), query).toBe(true)
      }
    })

    it('filters by tags (any of them) and by markets accepting orders, keeping only those markets', async () => {
      const tagged = (ids: string[]) =>
        events.filter((event) => event.tags.some((tag) => ids.includes(tag.id))).map((event) => event.id)
      const both = await search('*', { tagIds: ['745', '84'] })
      expect(both.events.map((event) => event.id).sort()).toEqual(tagged(['745', '84']).sort())
      expect(both.totalResults).toBe(tagged(['745', '84']).length)
      const open = await search('*', { acceptingOrdersOnly: true })
      const expected = events.filter((event) => event.markets.some((market) => market.acceptingOrders))
      expect(open.totalResults).toBe(expected.length)
      expect(open.totalResults).toBeLessThan(events.length)
      for (const event of open.events) {
        expect(event.markets.length).toBeGreaterThan(0)
        for (const market of event.markets) expect(market.acceptingOrders).toBe(true)
      }
    })
  })

  describe('markets and tokens', () => {
    it('selects markets by token ids, slug and tag, each in its event, in catalog order', async () => {
      const [first, second] = [events[7]!, events[20]!]
      const tokenOf = (index: number, event = first) => (JSON.parse(event.markets[index]!.clobTokenIds) as string[])[1]!
      const selected = await store.venueMarkets({ clobTokenIds: [tokenOf(0, second), tokenOf(2)] })
      expect(selected.map((event) => [event.id, event.markets.map((market) => market.id)])).toEqual([
        [first.id, [first.markets[2]!.id]],
        [second.id, [second.markets[0]!.id]],
      ])
      expect(selected[0]).toEqual({ ...first, markets: [first.markets[2]] })
      const market = events[16]!.markets[3]!
      expect((await store.venueMarkets({ slug: market.slug })).flatMap((event) => event.markets)).toEqual([market])
      const weather = events.filter((event) => event.tags.some((tag) => tag.id === '84')).map((event) => event.id)
      expect((await store.venueMarkets({ tagId: '84' })).map((event) => event.id)).toEqual(weather)
      expect(await store.venueMarkets({ tagId: '745', slug: market.slug })).toEqual([])
    })

    it('reads outcome tokens with their market and event; unknown ids are left out', async () => {
      const event = events[16]!
      const [yes, no] = JSON.parse(event.markets[1]!.clobTokenIds) as [string, string]
      const tokens = await store.venueTokens([no, '42', yes])
      expect(tokens.sort((a, b) => a.outcomeIndex - b.outcomeIndex)).toEqual([
        { tokenId: yes, outcomeIndex: 0, market: event.markets[1], eventId: event.id, eventSlug: event.slug },
        { tokenId: no, outcomeIndex: 1, market: event.markets[1], eventId: event.id, eventSlug: event.slug },
      ])
    })
  })
})

describe('both backends', () => {
  it('answer the same pages, in the same order, with the same tags, for the same queries', async () => {
    const queries = ['recession', 'fed', 'fed decision', 'bitcoin', 'btc', 'will', 'the', 'gta', 'before 2027', 'a']
    const answers = await Promise.all(
      VENUE_STORE_BACKENDS.map(async (backend) => {
        const database = await backend.create()
        try {
          await database.store.loadVenueCatalog(events, 'v1')
          const pages = []
          for (const query of [...queries, '*'])
            pages.push(
              await database.store.searchVenue({ query, page: 1, limitPerType: 100, acceptingOrdersOnly: false }),
            )
          return pages
        } finally {
          await database.dispose()
        }
      }),
    )
    const [sqlite, postgres] = answers as [VenueSearchPage[], VenueSearchPage[]]
    for (const [index, query] of [...queries, '*'].entries()) {
      expect({ query, ...postgres[index]! }).toEqual({ query, ...sqlite[index]! })
    }
  })
})
