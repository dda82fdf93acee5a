/**
 * Market-order matching against one side of an order book (SPEC §4.1 `venue`, research file §2). Pure: the book
 * is not changed; the caller applies the fills (`store/venueBook.ts` does, in the same write transaction).
 *
 * - BUY walks the asks spending collateral; SELL walks the bids selling shares; best level first, only levels
 *   within the limit price.
 * - Fills are whole hundredths of a share (the venue's size precision), so a level keeps at most 2 places and a
 *   BUY leaves at most the price of 0.01 share unspent.
 * - FOK fills whole or is killed (nothing filled); FAK fills what it can and cancels the rest, and needs a match.
 * - Collateral per fill is `price × size`, rounded up for a BUY and down for a SELL: against the trader.
 */
import { mulDiv, mulDivRoundingUp } from '../../../engine/math/integer.js'
import type { BookSide, Fill, Level, MarketOrder, MatchFailure, MatchResult } from './types.js'
import {
  MARKET_MAKER_DECIMALS,
  MARKET_TAKER_DECIMALS,
  MIN_MARKET_BUY,
  ONE,
  ROUNDING,
  roundDown,
  stepOf,
  toMicros,
} from './units.js'

/** The amounts of a signed market order (what the venue's SDK signs; research file §2). */
export interface SignedAmounts {
  /** The order's amount rounded down to 2 places: BUY collateral, SELL shares. */
  readonly amount: bigint
  /** = `amount` (maker ≤ 2 places). */
  readonly makerAmount: bigint
  /** What the maker amount gets at the limit, rounded down to 4 places: BUY shares, SELL collateral. */
  readonly takerAmount: bigint
}

/**
 * The signed amounts of a market order at its limit price.
 *
 * @throws RangeError when the limit price is 0 (check it first: `matchMarketOrder` rejects it).
 * @example signedAmounts({ side: 'BUY', amount: 10_004_999n, limitPriceMicros: 600_000n }) // 10, 16.6666 shares
 */
export function signedAmounts(order: Pick<MarketOrder, 'side' | 'amount' | 'limitPriceMicros'>): SignedAmounts {
  const amount = roundDown(order.amount, MARKET_MAKER_DECIMALS)
  const taker =
    order.side === 'BUY' ? mulDiv(amount, ONE, order.limitPriceMicros) : mulDiv(amount, order.limitPriceMicros, ONE)
  return { amount, makerAmount: amount, takerAmount: roundDown(taker, MARKET_TAKER_DECIMALS) }
}

/** Why the order cannot be placed at all, before any walk. */
function rejection(order: MarketOrder, book: BookSide, amount: bigint): MatchFailure | undefined {
  if (order.tickSize !== book.tickSize) return 'INVALID_ORDER_MIN_TICK_SIZE'
  const tick = toMicros(book.tickSize)
  const limit = order.limitPriceMicros
  if (limit % tick !== 0n || limit < tick || limit > ONE - tick) return 'INVALID_PRICE'
  const minimum = order.side === 'BUY' ? MIN_MARKET_BUY : stepOf(ROUNDING[book.tickSize].size)
  return amount < minimum ? 'INVALID_ORDER_MIN_SIZE' : undefined
}

/** What is left of an order, in whole size steps of shares: a BUY's collateral at `priceMicros`, rounded down. */
const inShares = (order: MarketOrder, left: bigint, priceMicros: bigint, step: bigint): bigint =>
  order.side === 'BUY' ? (mulDiv(left, ONE, priceMicros) / step) * step : left

const withinLimit = (order: MarketOrder, level: Level): boolean =>
  order.side === 'BUY' ? level.priceMicros <= order.limitPriceMicros : level.priceMicros >= order.limitPriceMicros

/** The fills of a walk, and what is left of the amount (collateral for a BUY, shares for a SELL). */
function walk(order: MarketOrder, book: BookSide, amount: bigint): { fills: Fill[]; left: bigint } {
  const step = stepOf(ROUNDING[book.tickSize].size)
  const fills: Fill[] = []
  let left = amount
  for (const level of book.levels) {
    if (!withinLimit(order, level)) break
    const { priceMicros } = level
    const affordable = inShares(order, left, priceMicros, step)
    const sizeMicros = affordable < level.sizeMicros ? affordable : level.sizeMicros
    if (sizeMicros === 0n) break
    const collateralMicros =
      order.side === 'BUY' ? mulDivRoundingUp(priceMicros, sizeMicros, ONE) : mulDiv(priceMicros, sizeMicros, ONE)
    fills.push({ priceMicros, sizeMicros, collateralMicros })
    left -= order.side === 'BUY' ? collateralMicros : sizeMicros
    if (sizeMicros < level.sizeMicros) break
  }
  return { fills, left }
}

const sum = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n)

/**
 * Matches a market order against the side of the book it takes from.
 *
 * @param order - the order; its `amount` is rounded down to 2 places (the venue's maker precision) first.
 * @param book - asks (ascending) for a BUY, bids (descending) for a SELL, with the market's tick.
 * @returns the fills and figures; `status` `rejected` (invalid order), `killed` (FOK short, FAK without a match)
 *   or `matched`. Never throws for a market condition.
 * @example
 * matchMarketOrder(
 *   { side: 'BUY', orderType: 'FOK', amount: 10_000_000n, limitPriceMicros: 520_000n, tickSize: '0.01' },
 *   { tickSize: '0.01', levels: [{ priceMicros: 500_000n, sizeMicros: 100_000_000n }] },
 * ) // matched: 20 shares for $10
 */
export function matchMarketOrder(order: MarketOrder, book: BookSide): MatchResult {
  const amount = roundDown(order.amount, MARKET_MAKER_DECIMALS)
  const base = { side: order.side, orderType: order.orderType, limitPriceMicros: order.limitPriceMicros }
  const failure = rejection(order, book, amount)
  if (failure !== undefined) {
    const nothing = { fills: [], sizeMatched: 0n, originalSize: 0n, makingAmount: 0n, takingAmount: 0n }
    return { ...base, ...nothing, amount, makerAmount: amount, takerAmount: 0n, status: 'rejected', failure }
  }
  const signed = signedAmounts(order)

  const { fills, left } = walk(order, book, amount)
  const sizeMatched = sum(fills.map((fill) => fill.sizeMicros))
  const collateral = sum(fills.map((fill) => fill.collateralMicros))
  const sizeStep = stepOf(ROUNDING[book.tickSize].size)
  // A BUY's unfilled part in shares at the limit, whole steps: zero exactly when the leftover is dust.
  const unfilled = inShares(order, left, order.limitPriceMicros, sizeStep)
  const originalSize = sizeMatched + unfilled
  const isWhole = unfilled === 0n
  const killed: MatchFailure | undefined =
    order.orderType === 'FOK' && !isWhole
      ? 'FOK_ORDER_NOT_FILLED_ERROR'
      : fills.length === 0
        ? 'FAK_ORDER_NOT_FILLED_ERROR'
        : undefined
  if (killed !== undefined) {
    // Nothing filled: the order was for what its whole amount buys at the limit (a SELL: its shares).
    const wanted = inShares(order, amount, order.limitPriceMicros, sizeStep)
    const nothing = { fills: [], sizeMatched: 0n, makingAmount: 0n, takingAmount: 0n, originalSize: wanted }
    return { ...base, ...signed, ...nothing, status: 'killed', failure: killed }
  }
  const isBuy = order.side === 'BUY'
  return {
    ...base,
    ...signed,
    status: 'matched',
    fills,
    sizeMatched,
    originalSize,
    makingAmount: isBuy ? collateral : sizeMatched,
    takingAmount: isBuy ? sizeMatched : collateral,
  }
}
