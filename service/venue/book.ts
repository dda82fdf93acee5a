/**
 * The order book of one outcome token, as the venue's CLOB serves it (`GET /book`): the contract between the venue
 * fixtures (`fixtures/venue/`), the store that keeps the live book, and the matching of market orders. Prices and
 * sizes stay the venue's decimal strings here; code that computes converts them to integers (prices in ticks of
 * 10⁻⁶, sizes in 10⁻⁶ shares, collateral in 10⁻⁶ pUSD: everything on the venue has 6 decimals).
 */

/** One price level: `size` shares offered at `price` collateral per share. */
export interface BookLevel {
  /** Decimal string in [tick, 1 − tick], on the book's tick grid, e.g. `"0.48"`. */
  readonly price: string
  /** Decimal string of shares, at most 2 decimals, e.g. `"120.5"`. */
  readonly size: string
}

/** The book of one outcome token. Levels are ordered best first: bids by price descending, asks ascending. */
export interface OrderBook {
  /** The outcome token's id (`clobTokenIds` entry): a decimal uint256 string, 76–78 digits. */
  readonly tokenId: string
  /** The market's condition id: `0x` and 64 hex digits. */
  readonly market: string
  /** The market's minimum tick: `"0.01"`, `"0.001"` or `"0.0001"`. */
  readonly tickSize: string
  /** The smallest resting order in shares (`orderMinSize`, usually `"5"`). */
  readonly minOrderSize: string
  /** Whether the market is part of a negRisk (multi-outcome) event. */
  readonly negRisk: boolean
  readonly bids: readonly BookLevel[]
  readonly asks: readonly BookLevel[]
  /** Price of the last trade, when there was one. */
  readonly lastTradePrice?: string
}
