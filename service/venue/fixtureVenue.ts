/**
 * The fixture venue (the default): its catalog lives in the store (loaded from the fixture file when a worker
 * starts, once per file version), search and markets are the store's queries, and positions, closed positions and
 * trades are computed from the fills the service recorded (`positions.ts`). The live order books (in the store) are
 * seeded from the fixture's; prices of open positions come from them (`positions.ts` `currentPrice`).
 */
import type { Store } from '../store/store.js'
import type { OrderBook } from './book.js'
import { closedPositions, currentPositions, replay, trades } from './positions.js'
import { type VenuePositionsQuery, type VenueReads, type VenueUserQuery, filterPositions } from './venue.js'
import type { LoadedVenueFixture } from './venueFixture.js'

/**
 * The fixture venue over a store; loads the fixture's catalog into the store unless it holds that version.
 *
 * @example const venue = fixtureVenue(store, readVenueFixture(config.venue.fixturePath))
 */
export function fixtureVenue(store: Store, loaded: LoadedVenueFixture): VenueReads {
  const { books } = loaded.fixture
  const isNewCatalog = store.loadVenueCatalog(loaded.fixture.events, loaded.version)
  // The live books start as the fixture's: seeded with a new catalog, or into a store that has none yet.
  if (books.length > 0 && (isNewCatalog || store.getVenueBook(books[0]!.tokenId) === undefined)) {
    store.seedVenueBooks(books)
  }
  // Open positions are valued on the live book, which the orders placed through the service change.
  const bookOf = (tokenId: string): OrderBook | undefined => store.getVenueBook(tokenId)
  const fillsOf = (query: VenueUserQuery) => store.venueFills(query.userId, query.proxyWallet)
  const replayed = (query: VenueUserQuery) => replay(fillsOf(query), (ids) => store.venueTokens(ids))
  return {
    kind: 'fixture',
    search: (query) => {
      const page = store.searchVenue(query)
      return Promise.resolve({
        events: page.events,
        pagination: { hasMore: query.page * query.limitPerType < page.totalResults, totalResults: page.totalResults },
        tags: page.tags,
        profiles: [],
      })
    },
    getMarkets: (filter) => Promise.resolve({ events: store.venueMarkets(filter) }),
    currentPositions: (query: VenuePositionsQuery) =>
      Promise.resolve(filterPositions(currentPositions(replayed(query), bookOf), query)),
    closedPositions: (query) => Promise.resolve(closedPositions(replayed(query), bookOf)),
    trades: (query) => {
      const fills = fillsOf(query)
      return Promise.resolve(trades(fills, replay(fills, (ids) => store.venueTokens(ids)).tokens))
    },
  }
}
