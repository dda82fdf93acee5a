/**
 * A floor of a product decided in floating point when that is provably exact: the display figures (USD values,
 * exchange rates) are `floor(x × p / q)` of integers, and most of them do not need bigint division.
 */

/**
 * Relative margin around a float estimate. The estimate `Number(x) × ratio`, with `ratio` itself computed from
 * integers in a few float operations, is within 10 roundings of 2^-53 each (< 1.2e-15) of the exact `x × p / q`;
 * 1e-12 is three orders of magnitude wider.
 */
const FLOAT_MARGIN = 1e-12
/** Ratios below this are left to the exact path (subnormal floats carry less than 53 bits). */
const MIN_RATIO = 1e-290

/**
 * `floor(x × ratio)` for `x ≥ 0`, where `ratio > 0` is a float within a few roundings of an exact rational `p / q`,
 * when the float estimate decides it: the floors of the estimate widened by `FLOAT_MARGIN` either way agree (the
 * exact value lies between them, and `floor` is monotonic) and are below 2^53 (so the integer is exact as a
 * number). Otherwise `undefined`: the caller divides exactly (near an integer boundary, or too large).
 *
 * @example
 * floorOfProductOrUndefined(1_500_000n, 0.5) // 750000
 * floorOfProductOrUndefined(2n, 0.5) // undefined: the exact product is an integer, the estimate cannot tell
 */
export function floorOfProductOrUndefined(x: bigint, ratio: number): number | undefined {
  // Far from the subnormal range (where a float loses relative precision) and finite; 0 and NaN fall through too.
  if (!(ratio >= MIN_RATIO && ratio < Infinity)) return undefined
  const estimate = Number(x) * ratio
  const high = Math.floor(estimate * (1 + FLOAT_MARGIN))
  if (!(high < Number.MAX_SAFE_INTEGER)) return undefined
  return Math.floor(estimate * (1 - FLOAT_MARGIN)) === high ? high : undefined
}
