/**
 * The worst price a market order accepts (SPEC §4.1 `venue`: the order's price comes from the book and `slippage`).
 * As the venue's SDK does (`calculateBuyMarketPrice` / `calculateSellMarketPrice`, research file §2): walk the side
 * best first until it holds the amount — collateral for a BUY (Σ size × price), shares for a SELL — and take that
 * level's price; a side too thin for the amount gives its last (worst) level. `slippage` then widens it, and the
 * result is put on the tick grid inside [tick, 1 − tick], rounded toward the trader's protection (a BUY's limit
 * down, a SELL's up: never beyond the tolerance).
 */
import { mulDiv, mulDivRoundingUp } from '../../../engine/math/integer.js'
import type { BookSide, OrderSide } from './types.js'
import { ONE, toMicros } from './units.js'

/** Slippage as an exact fraction of 1 (`rules.slippageFraction` of the engine). */
export interface SlippageFraction {
  readonly numerator: bigint
  readonly denominator: bigint
}

/**
 * The limit price (10⁻⁶) for a market order of `amount` on `book`, or `undefined` when the side is empty.
 *
 * @param amount - BUY: collateral; SELL: shares (10⁻⁶).
 * @example worstPrice(asks, 'BUY', 10_000_000n, { numerator: 50n, denominator: 10_000n }) // e.g. 510_000n
 */
export function worstPrice(
  book: BookSide,
  side: OrderSide,
  amount: bigint,
  slippage: SlippageFraction,
): bigint | undefined {
  const { levels } = book
  if (levels.length === 0) return undefined
  let held = 0n
  let price = levels[levels.length - 1]!.priceMicros
  for (const level of levels) {
    held += side === 'BUY' ? mulDiv(level.sizeMicros, level.priceMicros, ONE) : level.sizeMicros
    if (held >= amount) {
      price = level.priceMicros
      break
    }
  }
  const tick = toMicros(book.tickSize)
  const { numerator, denominator } = slippage
  if (side === 'BUY') {
    const widened = mulDiv(price, denominator + numerator, denominator)
    const onGrid = (widened / tick) * tick
    return onGrid > ONE - tick ? ONE - tick : onGrid
  }
  const widened = mulDivRoundingUp(price, denominator - numerator, denominator)
  const onGrid = ((widened + tick - 1n) / tick) * tick
  return onGrid < tick ? tick : onGrid
}
