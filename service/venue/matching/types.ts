/**
 * The shapes of market-order matching (`matchMarketOrder.ts`): the order, the book side it walks, and the result.
 * Every amount is a `bigint` in 10⁻⁶ units (`units.ts`).
 */
import type { TickSize } from './units.js'

/** BUY spends collateral for shares; SELL sells shares for collateral. */
export type OrderSide = 'BUY' | 'SELL'
/** FOK: all at once or nothing; FAK: what the book has now, the rest cancelled (SPEC §4.1 `orderType`). */
export type MarketOrderType = 'FOK' | 'FAK'

/** One resting price level, in integers. */
export interface Level {
  /** Collateral per share, 10⁻⁶ (on the book's tick grid, in [tick, 1 − tick]). */
  readonly priceMicros: bigint
  /** Shares, 10⁻⁶. */
  readonly sizeMicros: bigint
}

/** A market order to match. */
export interface MarketOrder {
  readonly side: OrderSide
  readonly orderType: MarketOrderType
  /** BUY: collateral to spend; SELL: shares to sell (10⁻⁶). Rounded down to the venue's 2 places first. */
  readonly amount: bigint
  /** The worst acceptable price (10⁻⁶): BUY pays at most it, SELL receives at least it (`worstPrice.ts`). */
  readonly limitPriceMicros: bigint
  /** The tick the order was made for: must be the market's. */
  readonly tickSize: TickSize
}

/** The book side an order takes from, with the market's tick. */
export interface BookSide {
  readonly tickSize: TickSize
  /** Best first: asks ascending for a BUY, bids descending for a SELL. */
  readonly levels: readonly Level[]
}

/** One fill: `sizeMicros` shares taken from the level at `priceMicros`, for `collateralMicros`. */
export interface Fill {
  readonly priceMicros: bigint
  readonly sizeMicros: bigint
  /** What changed hands for it: `price × size`, rounded up for a BUY and down for a SELL (against the trader). */
  readonly collateralMicros: bigint
}

/**
 * Why an order was not matched, in the venue's words (research file §2):
 * - `INVALID_ORDER_MIN_SIZE`: a BUY under $1, or a SELL under 0.01 share, once rounded to 2 places;
 * - `INVALID_ORDER_MIN_TICK_SIZE`: the order's tick is not the market's;
 * - `INVALID_PRICE`: the limit is off the tick grid or outside [tick, 1 − tick];
 * - `FOK_ORDER_NOT_FILLED_ERROR`: a FOK order the book cannot fill whole within the limit (killed);
 * - `FAK_ORDER_NOT_FILLED_ERROR`: a FAK order with nothing to match within the limit.
 */
export type MatchFailure =
  | 'INVALID_ORDER_MIN_SIZE'
  | 'INVALID_ORDER_MIN_TICK_SIZE'
  | 'INVALID_PRICE'
  | 'FOK_ORDER_NOT_FILLED_ERROR'
  | 'FAK_ORDER_NOT_FILLED_ERROR'

/** The outcome of matching one market order. Nothing is filled unless `status` is `matched`. */
export interface MatchResult {
  /** `matched`: at least one fill (for a FAK, maybe fewer than asked: `sizeMatched < originalSize`). */
  readonly status: 'matched' | 'killed' | 'rejected'
  /** Why not, when `status` is not `matched`. */
  readonly failure?: MatchFailure
  readonly side: OrderSide
  readonly orderType: MarketOrderType
  readonly limitPriceMicros: bigint
  /** The order's amount rounded down to 2 places (what the order is for). */
  readonly amount: bigint
  /**
   * The signed order's amounts at the venue's precision (maker ≤ 2 places, taker ≤ 4) at the limit; the taker
   * amount is 0 for a rejected order.
   */
  readonly makerAmount: bigint
  readonly takerAmount: bigint
  /** In book order (best price first); empty unless `matched`. */
  readonly fills: readonly Fill[]
  /** Shares matched. */
  readonly sizeMatched: bigint
  /**
   * Shares the order was for: a SELL's amount; for a BUY, the shares matched plus what the collateral left over
   * buys at the limit (2 places, rounded down). `sizeMatched === originalSize` exactly when the order filled whole.
   */
  readonly originalSize: bigint
  /** What the trader gave: BUY collateral spent (Σ fill collateral), SELL shares sold. */
  readonly makingAmount: bigint
  /** What the trader got: BUY shares, SELL collateral (Σ fill collateral). */
  readonly takingAmount: bigint
}
