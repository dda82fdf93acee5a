/**
 * The request rules that more than one place needs, each written once: the HTTP parameters, the engine's
 * `parseQuoteRequest`, the API-key file and the OpenAPI document all read these constants and helpers.
 * Changing a bound here changes every one of them (a test holds them to it).
 */

/** Slippage bounds in bps (SPEC §4.1, §8: 0 to 10000). */
export const SLIPPAGE_MIN_BPS = 0
/** Slippage bounds in bps (SPEC §4.1, §8: 0 to 10000). */
export const SLIPPAGE_MAX_BPS = 10_000
/**
 * Decimal places a slippage may carry: 0.0001 bps is a 10⁻⁸ fraction of the amount, finer than any token's unit
 * on a realistic trade. More places are refused rather than silently rounded through a float.
 */
export const SLIPPAGE_MAX_DECIMALS = 4

/**
 * Default `maxPriceImpact`, in percent (the unit of `estimatedPriceImpact`), for the service and the library alike:
 * 15 %, the price impact above which Uniswap's interface refuses a swap to users not in expert mode
 * (`BLOCKED_PRICE_IMPACT_NON_EXPERT`; it warns from 5 %). Our figure includes pool fees, so a few routes of 3 pools
 * at 1 % start 3 points closer to it; above 15 % a trade loses more to the pools than any slippage setting allows
 * for, and is almost always a mistake in the amount or the token.
 */
export const MAX_PRICE_IMPACT_DEFAULT = 15
/** `maxPriceImpact` bounds, percent: 0 (only routes without impact) to 100 (no limit). */
export const MAX_PRICE_IMPACT_MIN = 0
/** `maxPriceImpact` bounds, percent: 0 to 100 (no limit). */
export const MAX_PRICE_IMPACT_MAX = 100

/**
 * `maxSplits`: the most routes one amount may be divided across (a split is offered only when it beats the best
 * single route net of the added network cost; see README "Splits"). Default 1 (no splitting), for the library and
 * the service alike, until the router contract executes a split in one transaction: the service's `getAction` does
 * not take the option, so it never answers a split its transaction builder could not execute.
 */
export const MAX_SPLITS_DEFAULT = 1
/**
 * `maxSplits` bounds: 1 to 4 (Uniswap's router allows 7). Each further part multiplies the combinations of
 * disjoint routes searched (and the default snapshot's deepest pairs have about four disjoint deep paths).
 */
export const MAX_SPLITS_MAX = 4

/** Basis points in one whole (fees and slippage are fractions of 10000). */
export const BPS_DENOMINATOR = 10_000n

/** At most this many application fees per request: each is one transfer in the router call. */
export const APP_FEES_MAX = 10
/** Each application fee's `bps`: an integer from 1 (a zero fee is a mistake, not a fee) to 9999. */
export const APP_FEE_MIN_BPS = 1
/** Each application fee's `bps`: an integer from 1 to 9999. */
export const APP_FEE_MAX_BPS = 9_999
/**
 * Application fees plus the protocol fee must stay strictly below this many bps, so that something is left to
 * swap. Checked where the protocol fee is known (the engine); the API-key file checks the application part.
 */
export const FEES_TOTAL_LIMIT_BPS = 10_000

/** An amount fits a uint256 (what the router contract takes): at most 2^256 − 1, 78 decimal digits. */
export const AMOUNT_MAX = 2n ** 256n - 1n
/** Digits of `AMOUNT_MAX`: a longer amount string is refused before it is converted. */
export const AMOUNT_MAX_DIGITS = 78

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/

/**
 * Slippage in bps as an exact fraction of 1 (`numerator / denominator`), from its decimal text.
 *
 * @param text - the slippage as written (`'50'`, `'12.5'`); a JS number is passed as `String(number)`.
 * @returns the fraction, or a reason when the text is not a plain decimal with at most `SLIPPAGE_MAX_DECIMALS`
 *   places (range is the schema's job).
 *
 * @example
 * slippageFraction('12.5') // { numerator: 125n, denominator: 100000n }
 */
export function slippageFraction(
  text: string,
): { readonly numerator: bigint; readonly denominator: bigint } | { readonly reason: string } {
  const match = DECIMAL.exec(text.replace(/^0+(?=[0-9])/, ''))
  if (match === null) return { reason: 'must be a plain decimal number of bps, e.g. 50 or 12.5' }
  const places = (match[2] ?? '').replace(/0+$/, '')
  if (places.length > SLIPPAGE_MAX_DECIMALS) {
    return { reason: `at most ${SLIPPAGE_MAX_DECIMALS} decimal places of a bps` }
  }
  const scale = 10n ** BigInt(places.length)
  return { numerator: BigInt(match[1]! + places), denominator: BPS_DENOMINATOR * scale }
}
