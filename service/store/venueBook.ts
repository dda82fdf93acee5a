/**
 * The live order books of the venue in the SQLite store (migration 5, `venue_books` and `venue_book_levels`):
 * seeded from `OrderBook`s, read back in the same shape, and consumed by market orders. State shared between
 * workers lives here, never in a worker's memory (DESIGN), so that two orders placed at once by two workers never
 * fill the same liquidity: `matchVenueOrder` reads the side, matches (`venue/matching/`) and writes the levels back
 * in one `BEGIN IMMEDIATE` transaction, which holds the write lock from the read to the commit.
 */
import type { OrderBook } from '../venue/book.js'
import { matchMarketOrder } from '../venue/matching/matchMarketOrder.js'
import type { Level, MarketOrder, MatchResult, OrderSide } from '../venue/matching/types.js'
import { formatMicros, isTickSize, toMicros } from '../venue/matching/units.js'
import { type Database, prepare } from './database.js'
import type { Synchronous } from './store.js'

/** A market order on one outcome token. */
export interface VenueOrder extends MarketOrder {
  /** The outcome token (`OrderBook.tokenId`). */
  readonly tokenId: string
}

/** The venue-book methods of the store. */
export interface VenueBookStore {
  /**
   * Replaces the books of the given tokens (their levels and last trade) with these, in one write transaction.
   * Books of other tokens are left as they are.
   * @throws Error for a book the tables refuse (a tick size outside SPEC §4.1, a price outside (0, 1), a level of no
   *   size); nothing is written then.
   */
  seedVenueBooks(books: readonly OrderBook[]): Promise<void>
  /** The live book of a token, levels best first, or `undefined` for a token without a book. */
  getVenueBook(tokenId: string): Promise<OrderBook | undefined>
  /**
   * Matches a market order against the live book of its token and takes the filled liquidity out of it, in one
   * write transaction: a level matched whole is deleted, a level matched in part keeps the rest, and the book's
   * last trade price becomes the last fill's. Nothing changes unless the result is `matched`. Returns the result
   * (its fills are what the caller records as trades), or `undefined` when the token has no book.
   */
  matchVenueOrder(order: VenueOrder): Promise<MatchResult | undefined>
}

/** A `venue_books` row as both backends read it (`neg_risk`: 0/1 on SQLite, a boolean on PostgreSQL). */
export interface BookRow {
  token_id: string
  market: string
  tick_size: string
  min_order_size: string
  neg_risk: number | boolean
  last_trade_price: string | null
}
interface LevelRow {
  price_micros: bigint
  size_micros: bigint
}

/** The side a resting level is on, for the side an order takes from. */
export const restingSide = (side: OrderSide): 'ask' | 'bid' => (side === 'BUY' ? 'ask' : 'bid')

/**
 * The `OrderBook` of a book row and its levels (each side best first, amounts in 10⁻⁶).
 *
 * @example bookOf(row, [{ priceMicros: 490_000n, sizeMicros: 30_000_000n }], []) // bids 0.49 × 30
 */
export function bookOf(book: BookRow, bids: readonly Level[], asks: readonly Level[]): OrderBook {
  const levels = (side: readonly Level[]) =>
    side.map((level) => ({ price: formatMicros(level.priceMicros), size: formatMicros(level.sizeMicros) }))
  return {
    tokenId: book.token_id,
    market: book.market,
    tickSize: book.tick_size,
    minOrderSize: book.min_order_size,
    negRisk: book.neg_risk === 1 || book.neg_risk === true,
    bids: levels(bids),
    asks: levels(asks),
    ...(book.last_trade_price === null ? {} : { lastTradePrice: book.last_trade_price }),
  }
}

/**
 * The venue-book methods over one connection; statements are prepared once. Level amounts are read as `bigint`
 * (`safeIntegers`): exact whatever their size.
 *
 * @example
 * const books = venueBookMethods(db)
 * books.seedVenueBooks(fixtureBooks)
 * books.matchVenueOrder({ tokenId, side: 'BUY', orderType: 'FAK', amount: 10_000_000n, limitPriceMicros: 520_000n,
 *   tickSize: '0.01' })
 */
export function venueBookMethods(db: Database): Synchronous<VenueBookStore> {
  const upsertBook = prepare<[Record<string, string | number | null>]>(
    db,
    `INSERT INTO venue_books (token_id, market, tick_size, min_order_size, neg_risk, last_trade_price)
     VALUES (@tokenId, @market, @tickSize, @minOrderSize, @negRisk, @lastTradePrice)
     ON CONFLICT (token_id) DO UPDATE SET market = excluded.market, tick_size = excluded.tick_size,
       min_order_size = excluded.min_order_size, neg_risk = excluded.neg_risk,
       last_trade_price = excluded.last_trade_price`,
  )
  const deleteLevels = prepare<[string]>(db, 'DELETE FROM venue_book_levels WHERE token_id = ?')
  const insertLevel = prepare<[string, string, bigint, bigint]>(
    db,
    'INSERT INTO venue_book_levels (token_id, side, price_micros, size_micros) VALUES (?, ?, ?, ?)',
  )
  const { selectBook, levelsOf } = bookReads(db)
  const matchInTransaction = venueBookMatcher(db)

  const seed = db.transaction((books: readonly OrderBook[]) => {
    for (const book of books) {
      upsertBook.run({
        tokenId: book.tokenId,
        market: book.market,
        tickSize: book.tickSize,
        minOrderSize: book.minOrderSize,
        negRisk: book.negRisk ? 1 : 0,
        lastTradePrice: book.lastTradePrice ?? null,
      })
      deleteLevels.run(book.tokenId)
      for (const [side, levels] of [['bid', book.bids] as const, ['ask', book.asks] as const]) {
        for (const level of levels) insertLevel.run(book.tokenId, side, toMicros(level.price), toMicros(level.size))
      }
    }
  })

  const match = db.transaction(matchInTransaction)

  return {
    seedVenueBooks: (books) => seed.immediate(books),
    getVenueBook(tokenId) {
      const book = selectBook.get(tokenId)
      return book === undefined ? undefined : bookOf(book, levelsOf(tokenId, 'bid'), levelsOf(tokenId, 'ask'))
    },
    matchVenueOrder: (order) => match.immediate(order),
  }
}

/**
 * The matching of `matchVenueOrder` without its transaction: for a caller that already holds the write lock and
 * writes more in the same transaction (the order workflow: `venueWorkflows.ts`). Reads the side, matches, takes
 * the fills out of the levels and sets the last trade; throws (rolling the caller's transaction back) if a level
 * does not hold a fill.
 */
export function venueBookMatcher(db: Database): (order: VenueOrder) => MatchResult | undefined {
  const { selectBook, levelsOf } = bookReads(db)
  // The guards (`size_micros > ?`, `= ?`) make an overfill impossible even for a wrong fill: it changes no row.
  const takeFromLevel = prepare<[bigint, string, string, bigint, bigint]>(
    db,
    `UPDATE venue_book_levels SET size_micros = size_micros - ?
     WHERE token_id = ? AND side = ? AND price_micros = ? AND size_micros > ?`,
  )
  const emptyLevel = prepare<[string, string, bigint, bigint]>(
    db,
    'DELETE FROM venue_book_levels WHERE token_id = ? AND side = ? AND price_micros = ? AND size_micros = ?',
  )
  const setLastTrade = prepare<[string, string]>(db, 'UPDATE venue_books SET last_trade_price = ? WHERE token_id = ?')

  return (order: VenueOrder): MatchResult | undefined => {
    const book = selectBook.get(order.tokenId)
    if (book === undefined || !isTickSize(book.tick_size)) return undefined
    const side = restingSide(order.side)
    const result = matchMarketOrder(order, { tickSize: book.tick_size, levels: levelsOf(order.tokenId, side) })
    if (result.status !== 'matched') return result
    for (const { priceMicros, sizeMicros } of result.fills) {
      const { changes } =
        emptyLevel.run(order.tokenId, side, priceMicros, sizeMicros).changes === 1
          ? { changes: 1 }
          : takeFromLevel.run(sizeMicros, order.tokenId, side, priceMicros, sizeMicros)
      // A bug, not a race (the write lock is held since the read): throwing rolls the whole order back.
      if (changes !== 1)
        throw new Error(`venue book ${order.tokenId}: no ${side} level holds ${sizeMicros} at ${priceMicros}`)
    }
    setLastTrade.run(formatMicros(result.fills[result.fills.length - 1]!.priceMicros), order.tokenId)
    return result
  }
}

/** The statements that read a book: its row, and one side's levels best first (amounts as `bigint`). */
function bookReads(db: Database) {
  const selectBook = prepare<[string], BookRow>(
    db,
    'SELECT token_id, market, tick_size, min_order_size, neg_risk, last_trade_price FROM venue_books WHERE token_id = ?',
  )
  // Best first: asks by price ascending, bids descending (the primary key's order, forwards or backwards).
  const levelsSql = (side: 'ask' | 'bid') =>
    `SELECT price_micros, size_micros FROM venue_book_levels WHERE token_id = ? AND side = '${side}'
     ORDER BY price_micros ${side === 'ask' ? 'ASC' : 'DESC'}`
  const selectLevels = {
    ask: db.prepare(levelsSql('ask')).safeIntegers(true),
    bid: db.prepare(levelsSql('bid')).safeIntegers(true),
  }
  const levelsOf = (tokenId: string, side: 'ask' | 'bid'): Level[] =>
    (selectLevels[side].all(tokenId) as LevelRow[]).map((row) => ({
      priceMicros: row.price_micros,
      sizeMicros: row.size_micros,
    }))
  return { selectBook, levelsOf }
}
