/**
 * The fixture venue (the default): its catalog lives in the store (loaded from the fixture file when a worker
 * starts, once per file version), search and markets are the store's queries, and positions, closed positions and
 * trades are computed from the fills the service recorded (`positions.ts`). The live order books (in the store) are
 * seeded from the fixture's; prices of open positions come from them (`positions.ts` `currentPrice`).
 */
import type { Store } from '../store/store.js'
import type { OrderBook } from './book.js'
import { type BookOf, type Replayed, closedPositions, currentPositions, replay, trades } from './positions.js'
import { type VenuePositionsQuery, type VenueReads, type VenueUserQuery, filterPositions } from './venue.js'
import type { LoadedVenueFixture } from './venueFixture.js'

/**
 * The fixture venue over a store; loads the fixture's catalog into the store unless it holds that version.
 *
 * @example const venue = await fixtureVenue(store, readVenueFixture(config.venue.fixturePath))
 */
export async function fixtureVenue(store: Store, loaded: LoadedVenueFixture): Promise<VenueReads> {
  const { books } = loaded.fixture
  const isNewCatalog = await store.loadVenueCatalog(loaded.fixture.events, loaded.version)
  // The live books start as the fixture's: seeded with a new catalog, or into a store that has none yet.
  if (books.length > 0 && (isNewCatalog || (await store.getVenueBook(books[0]!.tokenId)) === undefined)) {
    await store.seedVenueBooks(books)
  }
  const fillsOf = (query: VenueUserQuery) => store.venueFills(query.userId, query.proxyWallet)
  const lookup = (ids: readonly string[]) => store.venueTokens(ids)
  // Open positions are valued on the live book, which the orders placed through the service change: the books of
  // a user's tokens are read once per request.
  const liveBooks = async ({ tokens }: Replayed): Promise<BookOf> => {
    const books = new Map<string, OrderBook>()
    for (const tokenId of tokens.keys()) {
      const book = await store.getVenueBook(tokenId)
      if (book !== undefined) books.set(tokenId, book)
    }
    return (tokenId) => books.get(tokenId)
  }
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
    currentPositions: async (query: VenuePositionsQuery) => {
      const positions = await replayed(query)
      return filterPositions(currentPositions(positions, await liveBooks(positions)), query)
    },
    closedPositions: async (query) => {
      const positions = await replayed(query)
      return closedPositions(positions, await liveBooks(positions))
    },
    trades: async (query) => {
      const fills = await fillsOf(query)
      return trades(fills, (await replay(fills, lookup)).tokens)
    },
  }
}
