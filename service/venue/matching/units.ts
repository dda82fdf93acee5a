/**
 * The venue's numbers as integers: every price, size and collateral amount in 10⁻⁶ units (`bigint`), the venue's
 * own precision (pUSD and the outcome tokens have 6 decimals). Decimal strings are read and written with viem's
 * `parseUnits` / `formatUnits`; every rounding below names its direction.
 */
import { formatUnits, parseUnits } from 'viem'

/** Decimals of every venue amount (collateral and shares). */
export const VENUE_DECIMALS = 6
/** One whole unit (one pUSD, one share, a price of 1) in 10⁻⁶ units. */
export const ONE = 1_000_000n

/** The tick sizes of SPEC §4.1 (`tickSize`). */
export const TICK_SIZES = ['0.01', '0.001', '0.0001'] as const
/** A market's minimum price increment. */
export type TickSize = (typeof TICK_SIZES)[number]

/** Decimal places the venue allows, per tick size (clob-client-v2 `roundingConfig.ts`, research file §2). */
export interface RoundingConfig {
  /** A price has as many places as the tick. */
  readonly price: number
  /** A size in shares: 2 places. */
  readonly size: number
  /** The SDK's amount places for a limit order. */
  readonly amount: number
}

/** The venue's rounding table. */
export const ROUNDING: Readonly<Record<TickSize, RoundingConfig>> = Object.freeze({
  '0.01': { price: 2, size: 2, amount: 4 },
  '0.001': { price: 3, size: 2, amount: 5 },
  '0.0001': { price: 4, size: 2, amount: 6 },
})

/**
 * Market orders, whatever the tick: the maker amount at most 2 places, the taker amount at most 4 (the venue's
 * server refuses more: "invalid amounts, … maker amount supports a max accuracy of 2 decimals, taker amount a max
 * of 4 decimals"; research file §2).
 */
export const MARKET_MAKER_DECIMALS = 2
export const MARKET_TAKER_DECIMALS = 4

/** The smallest marketable BUY: $1 of collateral ("invalid amount for a marketable BUY order ($x), min size: $1"). */
export const MIN_MARKET_BUY = ONE

/** Whether `text` is a tick size of SPEC §4.1. */
export const isTickSize = (text: string): text is TickSize => (TICK_SIZES as readonly string[]).includes(text)

/**
 * A decimal string in 10⁻⁶ units. Callers pass venue numbers (at most 6 places); viem rounds any further place.
 *
 * @example toMicros('0.485') // 485000n
 */
export const toMicros = (decimal: string): bigint => parseUnits(decimal, VENUE_DECIMALS)

/**
 * 10⁻⁶ units as the shortest decimal string.
 *
 * @example formatMicros(485000n) // '0.485'
 */
export const formatMicros = (micros: bigint): string => formatUnits(micros, VENUE_DECIMALS)

/** 10⁻⁶ units of one step at `places` decimals (2 places: 10 000). */
export const stepOf = (places: number): bigint => 10n ** BigInt(VENUE_DECIMALS - places)

/**
 * `micros` rounded down to `places` decimals (toward zero: never more than given).
 *
 * @example roundDown(1_234_567n, 2) // 1_230_000n
 */
export function roundDown(micros: bigint, places: number): bigint {
  const step = stepOf(places)
  return (micros / step) * step
}

/**
 * `micros` rounded up to `places` decimals.
 *
 * @example roundUp(1_230_001n, 2) // 1_240_000n
 */
export function roundUp(micros: bigint, places: number): bigint {
  const step = stepOf(places)
  return ((micros + step - 1n) / step) * step
}
