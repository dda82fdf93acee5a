/**
 * From the order-book contract (`venue/book.ts`, decimal strings) to the integers matching works on.
 */
import type { OrderBook } from '../book.js'
import type { BookSide, OrderSide } from './types.js'
import { isTickSize, toMicros } from './units.js'

/**
 * The side of `book` that an order of `side` takes from — asks for a BUY, bids for a SELL — in 10⁻⁶ units, best
 * first (the contract's order).
 *
 * @throws Error when the book's tick size is not one of SPEC §4.1's (a bad fixture, not a request error).
 * @example bookSide(book, 'BUY').levels[0] // { priceMicros: 510000n, sizeMicros: 250000000n }
 */
export function bookSide(book: OrderBook, side: OrderSide): BookSide {
  const { tickSize } = book
  if (!isTickSize(tickSize)) throw new Error(`order book ${book.tokenId}: tick size ${tickSize} is not supported`)
  const levels = side === 'BUY' ? book.asks : book.bids
  return {
    tickSize,
    levels: levels.map((level) => ({ priceMicros: toMicros(level.price), sizeMicros: toMicros(level.size) })),
  }
}
