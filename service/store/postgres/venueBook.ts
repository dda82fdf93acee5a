/**
 * The live order books on PostgreSQL (`venue_books`, `venue_book_levels`). A market order runs in one transaction
 * that first locks its token's book row (`SELECT … FOR UPDATE`): every order and every seeding of that token waits
 * for the commit of the one before, so two orders never fill the same liquidity (orders of other tokens run in
 * parallel). Under READ COMMITTED each statement after the lock sees what the previous holder committed. The
 * level updates are guarded as on SQLite (`size_micros > taken`, or `= taken` for a delete) and must change one row
 * per fill, else the whole order rolls back.
 */
import type { OrderBook } from '../../venue/book.js'
import { matchMarketOrder } from '../../venue/matching/matchMarketOrder.js'
import type { Level, MatchResult } from '../../venue/matching/types.js'
import { formatMicros, isTickSize, toMicros } from '../../venue/matching/units.js'
import { type BookRow, type VenueBookStore, type VenueOrder, bookOf, restingSide } from '../venueBook.js'
import type { PgDatabase, Sql } from './connection.js'

/** One side's levels, best first: asks by price ascending, bids descending. */
async function levelsOf(sql: Sql, tokenId: string, side: 'ask' | 'bid'): Promise<Level[]> {
  const rows = await sql.query<{ price_micros: string; size_micros: string }>(
    `SELECT price_micros, size_micros FROM venue_book_levels WHERE token_id = $1 AND side = $2
     ORDER BY price_micros ${side === 'ask' ? 'ASC' : 'DESC'}`,
    [tokenId, side],
  )
  return rows.map((row) => ({ priceMicros: BigInt(row.price_micros), sizeMicros: BigInt(row.size_micros) }))
}

/**
 * Matches a market order on `sql`, which must be a transaction (the book's row lock is held until its commit):
 * reads the side, matches, takes the fills out of the levels and sets the last trade. Throws (rolling the
 * transaction back) if a level does not hold a fill. `matchVenueOrder` and the order workflow's settlement call it.
 *
 * @example await db.transaction((tx) => matchOnBook(tx, order))
 */
export async function matchOnBook(sql: Sql, order: VenueOrder): Promise<MatchResult | undefined> {
  const [book] = await sql.query<{ tick_size: string }>(
    'SELECT tick_size FROM venue_books WHERE token_id = $1 FOR UPDATE',
    [order.tokenId],
  )
  if (book === undefined || !isTickSize(book.tick_size)) return undefined
  const side = restingSide(order.side)
  const result = matchMarketOrder(order, { tickSize: book.tick_size, levels: await levelsOf(sql, order.tokenId, side) })
  if (result.status !== 'matched') return result
  // Each fill takes from its own level (one per price): exactly one of the update and the delete applies to it.
  const [{ changed }] = (await sql.query<{ changed: number }>(
    `WITH fills AS (SELECT * FROM unnest($3::bigint[], $4::bigint[]) AS f (price, size)),
       taken AS (UPDATE venue_book_levels l SET size_micros = l.size_micros - f.size FROM fills f
         WHERE l.token_id = $1 AND l.side = $2 AND l.price_micros = f.price AND l.size_micros > f.size RETURNING 1),
       emptied AS (DELETE FROM venue_book_levels l USING fills f
         WHERE l.token_id = $1 AND l.side = $2 AND l.price_micros = f.price AND l.size_micros = f.size RETURNING 1)
     SELECT ((SELECT count(*) FROM taken) + (SELECT count(*) FROM emptied))::int AS changed`,
    [order.tokenId, side, result.fills.map((fill) => fill.priceMicros), result.fills.map((fill) => fill.sizeMicros)],
  )) as [{ changed: number }]
  // A bug, not a race (the book's lock is held since the read): throwing rolls the whole order back.
  if (changed !== result.fills.length) {
    throw new Error(`venue book ${order.tokenId}: the ${side} levels do not hold the ${result.fills.length} fills`)
  }
  await sql.query('UPDATE venue_books SET last_trade_price = $1 WHERE token_id = $2', [
    formatMicros(result.fills[result.fills.length - 1]!.priceMicros),
    order.tokenId,
  ])
  return result
}

/** Replaces one book and its levels (in a transaction: the upsert locks the book row, as an order does). */
async function seedBook(sql: Sql, book: OrderBook): Promise<void> {
  await sql.query(
    `INSERT INTO venue_books (token_id, market, tick_size, min_order_size, neg_risk, last_trade_price)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (token_id) DO UPDATE SET market = excluded.market, tick_size = excluded.tick_size,
       min_order_size = excluded.min_order_size, neg_risk = excluded.neg_risk,
       last_trade_price = excluded.last_trade_price`,
    [book.tokenId, book.market, book.tickSize, book.minOrderSize, book.negRisk, book.lastTradePrice ?? null],
  )
  await sql.query('DELETE FROM venue_book_levels WHERE token_id = $1', [book.tokenId])
  const levels = [
    ...book.bids.map((level) => ({ side: 'bid', ...level })),
    ...book.asks.map((level) => ({ side: 'ask', ...level })),
  ]
  await sql.query(
    `INSERT INTO venue_book_levels (token_id, side, price_micros, size_micros)
     SELECT $1::text, * FROM unnest($2::text[], $3::bigint[], $4::bigint[])`,
    [
      book.tokenId,
      levels.map((level) => level.side),
      levels.map((level) => toMicros(level.price)),
      levels.map((level) => toMicros(level.size)),
    ],
  )
}

/**
 * The venue-book methods on a PostgreSQL pool.
 *
 * @example await pgVenueBookMethods(db).matchVenueOrder({ tokenId, side: 'BUY', orderType: 'FAK', amount: 10_000_000n,
 *   limitPriceMicros: 520_000n, tickSize: '0.01' })
 */
export function pgVenueBookMethods(db: PgDatabase): VenueBookStore {
  return {
    seedVenueBooks: (books) =>
      db.transaction(async (tx) => {
        // Book rows are locked in token order, whoever seeds: two seedings of overlapping books cannot deadlock.
        const sorted = [...books].sort((a, b) => (a.tokenId < b.tokenId ? -1 : a.tokenId > b.tokenId ? 1 : 0))
        for (const book of sorted) await seedBook(tx, book)
      }),
    async getVenueBook(tokenId) {
      // One statement: the book and both sides from one snapshot.
      const rows = await db.query<BookRow & { side: 'ask' | 'bid' | null; price_micros: string; size_micros: string }>(
        `SELECT b.token_id, b.market, b.tick_size, b.min_order_size, b.neg_risk, b.last_trade_price,
           l.side, l.price_micros, l.size_micros
         FROM venue_books b LEFT JOIN venue_book_levels l ON l.token_id = b.token_id WHERE b.token_id = $1
         ORDER BY l.side, CASE WHEN l.side = 'ask' THEN l.price_micros ELSE -l.price_micros END`,
        [tokenId],
      )
      if (rows.length === 0) return undefined
      const side = (name: 'ask' | 'bid') =>
        rows
          .filter((row) => row.side === name)
          .map((row) => ({ priceMicros: BigInt(row.price_micros), sizeMicros: BigInt(row.size_micros) }))
      return bookOf(rows[0]!, side('bid'), side('ask'))
    },
    matchVenueOrder: (order) => db.transaction((tx) => matchOnBook(tx, order)),
  }
}
