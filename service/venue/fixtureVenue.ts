/**
 * The fixture venue (the default): its catalog lives in the store (loaded from the fixture file when a worker
 * starts, once per file version), search and markets are the store's queries, and positions, closed positions and
 * trades are computed from the fills the service recorded (`positions.ts`). Prices of open positions come from the
 * fixture's order books.
 */
import type { Store } from '../store/store.js'
import type { OrderBook } from './book.js'
import { closedPositions, currentPositions, replay, trades } from './positions.js'
import { type VenuePositionsQuery, type VenueReads, type VenueUserQuery, filterPositions } from './venue.js'
import type { LoadedVenueFixture } from './venueFixture.js'

/**
 * The fixture venue over a store; loads the fixture's catalog into the store unless it holds that version.
 *
 * @example const venue = await fixtureVenue(store, readVenueFixture(config.venue.fixturePath))
 */
export async function fixtureVenue(store: Store, loaded: LoadedVenueFixture): Promise<VenueReads> {
  await store.loadVenueCatalog(loaded.fixture.events, loaded.version)
  const books = new Map<string, OrderBook>(loaded.fixture.books.map((book) => [book.tokenId, book]))
  const bookOf = (tokenId: string) => books.get(tokenId)
  const fillsOf = (query: VenueUserQuery) => store.venueFills(query.userId, query.proxyWallet)
  const lookup = (ids: readonly string[]) => store.venueTokens(ids)
  const replayed = async (query: VenueUserQuery) => replay(await fillsOf(query), lookup)
  return {
    kind: 'fixture',
    search: async (query) => {
      const page = await store.searchVenue(query)
      return {
        events: page.events,
        pagination: { hasMore: query.page * query.limitPerType < page.totalResults, totalResults: page.totalResults },
        tags: page.tags,
        profiles: [],
      }
    },
    getMarkets: async (filter) => ({ events: await store.venueMarkets(filter) }),
    currentPositions: async (query: VenuePositionsQuery) =>
      filterPositions(currentPositions(await replayed(query), bookOf), query),
    closedPositions: async (query) => closedPositions(await replayed(query), bookOf),
    trades: async (query) => {
      const fills = await fillsOf(query)
      return trades(fills, (await replay(fills, lookup)).tokens)
    },
  }
}
