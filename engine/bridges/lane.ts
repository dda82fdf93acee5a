/**
 * The bridge lane model: what a lane delivers for an input, what it needs for an output, its fee and mid rate.
 *
 * Every lane takes its fees first, in source units: the flat fee, then `feeBps` of what is left (floored, so the
 * fee rounds up). A same-asset lane converts the rest by decimals. A swapping lane (THORChain, `depths` present)
 * sends the rest through a virtual pool with the slip-based output `y = x·X·Y / (x + X)²` (research §3).
 *
 * Preconditions are the loader's (`validateSnapshot`): integer `feeBps` in 0…9999, non-negative amounts, positive
 * depths. Nothing here throws: the router calls these in hot loops and reads `undefined` as "this lane cannot".
 */
import type { BridgeLane } from '../graph/types.js'
import { divRoundingUp } from '../math/integer.js'

const BPS = 10_000n
/** Unit steps allowed when `laneAmountIn` checks its closed form against `laneAmountOut`. */
const FIX_UP_STEPS = 4

/**
 * Output of a lane for an input, in destination units, or `undefined` when the lane cannot carry it: input below
 * `minAmount` or above `maxAmount`, nothing left after fees, nothing delivered, or output above `liquidity`.
 *
 * Same-asset lanes: `after = amountIn − flatFee`, `net = floor(after·(10000 − feeBps)/10000)`, then converted by
 * decimals (floored when scaling down, exact when scaling up). Swapping lanes: the same fees, then
 * `floor(net·X·Y / (net + X)²)` with `X = srcDepth`, `Y = dstDepth`. That output rises up to `net = X`, where it
 * peaks at `Y/4`, and falls beyond; the lane's `maxAmount` is expected to sit well below the peak.
 *
 * @param lane - a loaded lane.
 * @param amountIn - input in source token units.
 * @returns output in destination token units, at least 1, or `undefined`.
 *
 * @example
 * // USDC Ethereum (6 decimals) → USDC BSC (18): 1 USDC, flat fee 0.01 USDC, 5 bps
 * laneAmountOut(lane, 1_000_000n) // floor(990_000·9995/10000)·10^12 = 989_505_000_000_000_000n
 */
export function laneAmountOut(lane: BridgeLane, amountIn: bigint): bigint | undefined {
  if (amountIn < lane.minAmount || amountIn > lane.maxAmount) return undefined
  const net = netOfFees(lane, amountIn)
  if (net <= 0n) return undefined
  const amountOut =
    lane.depths === undefined
      ? convertDecimals(net, lane.srcDecimals, lane.dstDecimals)
      : slipSwapOut(net, lane.depths.srcDepth, lane.depths.dstDepth)
  if (amountOut <= 0n || amountOut > lane.liquidity) return undefined
  return amountOut
}

/**
 * Smallest input whose `laneAmountOut` is at least `amountOut`, or `undefined` when no input delivers it: above
 * `liquidity`, above a swapping lane's maximum output (`floor(dstDepth/4)`), or needing more than `maxAmount`.
 *
 * The inverse is computed in closed form with every division rounded up, then replayed through `laneAmountOut`
 * and stepped: up until it delivers, down while one unit less still delivers. It never returns an input that
 * delivers less than asked. An `amountOut` of 0 or less asks for the smallest input the lane carries at all.
 *
 * @param lane - a loaded lane.
 * @param amountOut - wanted output in destination token units.
 * @returns input in source token units, or `undefined`.
 *
 * @example
 * laneAmountIn(lane, 989_505_000_000_000_000n) // 1_000_000n for the lane in laneAmountOut's example
 */
export function laneAmountIn(lane: BridgeLane, amountOut: bigint): bigint | undefined {
  if (amountOut > lane.liquidity) return undefined
  const target = amountOut > 0n ? amountOut : 1n
  const net =
    lane.depths === undefined
      ? minNetForConversion(target, lane.srcDecimals, lane.dstDecimals)
      : minNetForSlipSwap(target, lane.depths.srcDepth, lane.depths.dstDepth)
  if (net === undefined) return undefined
  const kept = BPS - BigInt(lane.feeBps)
  if (kept <= 0n) return undefined
  // floor(after·kept/BPS) ≥ net ⇔ after ≥ net·BPS/kept
  let amountIn = divRoundingUp(net * BPS, kept) + lane.flatFee
  if (amountIn < lane.minAmount) amountIn = lane.minAmount
  if (amountIn > lane.maxAmount) return undefined
  return settle(lane, amountIn, target)
}

/**
 * The fee a lane takes for an input, in source token units: `flatFee` plus the bps part of what is left, rounded
 * up (against the trader). For swapping lanes the slip is price impact, not a fee, and is not included. So for an
 * input the lane carries, `amountIn − laneFee` is exactly what is converted or swapped. An input not above the
 * flat fee is charged `flatFee` (the lane would not carry it).
 *
 * @param lane - a loaded lane.
 * @param amountIn - input in source token units.
 * @returns the fee in source token units.
 *
 * @example
 * laneFee(lane, 1_000_000n) // 10_000n flat + ceil(990_000·5/10000) = 10_495n
 */
export function laneFee(lane: BridgeLane, amountIn: bigint): bigint {
  const after = amountIn - lane.flatFee
  if (after <= 0n) return lane.flatFee
  // after − floor(after·(1 − f)) = ceil(after·f): the same rounding as laneAmountOut, so the two agree exactly.
  return lane.flatFee + after - netOfFees(lane, amountIn)
}

/**
 * Output per unit of input at zero size, before fees, as a float for ranking and upper bounds. It is never below
 * the average rate `laneAmountOut(x)/x` of any input: `10^(dstDecimals − srcDecimals)` for same-asset lanes,
 * `dstDepth/srcDepth` for swapping lanes, nudged up a few ulps where the float quotient may round below the exact
 * ratio.
 *
 * @param lane - a loaded lane.
 * @returns destination units per source unit.
 *
 * @example
 * laneMidRate(usdcEthToBsc) // 1e12 (6 → 18 decimals)
 */
export function laneMidRate(lane: BridgeLane): number {
  if (lane.depths !== undefined) return roundUp(Number(lane.depths.dstDepth) / Number(lane.depths.srcDepth))
  const shift = lane.dstDecimals - lane.srcDecimals
  // 10^k is exact as a double up to k = 22; 10^−k is not.
  return shift >= 0 ? 10 ** shift : roundUp(1 / 10 ** -shift)
}

/**
 * The share of an input left after the proportional fee, `1 − feeBps/10000` (the flat fee is not included).
 *
 * @param lane - a loaded lane.
 * @returns a number in (0, 1].
 *
 * @example
 * laneFeeFraction({ ...lane, feeBps: 5 }) // 0.9995
 */
export function laneFeeFraction(lane: BridgeLane): number {
  return 1 - lane.feeBps / 10_000
}

// ---------------------------------------------------------------------------------------------------------------

/** What is left after the flat fee and the bps fee (floored); 0 or less when nothing is. */
function netOfFees(lane: BridgeLane, amountIn: bigint): bigint {
  const after = amountIn - lane.flatFee
  if (after <= 0n) return 0n
  return (after * (BPS - BigInt(lane.feeBps))) / BPS
}

function convertDecimals(amount: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (toDecimals >= fromDecimals) return amount * pow10(toDecimals - fromDecimals)
  return amount / pow10(fromDecimals - toDecimals)
}

/** Smallest amount in `fromDecimals` units that converts to at least `target` in `toDecimals` units. */
function minNetForConversion(target: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (toDecimals >= fromDecimals) return divRoundingUp(target, pow10(toDecimals - fromDecimals))
  // floor(net / 10^k) ≥ target ⇔ net ≥ target·10^k
  return target * pow10(fromDecimals - toDecimals)
}

/** THORChain's slip-based output, floored: x·X·Y / (x + X)². */
function slipSwapOut(x: bigint, srcDepth: bigint, dstDepth: bigint): bigint {
  const sum = x + srcDepth
  return (x * srcDepth * dstDepth) / (sum * sum)
}

/**
 * Smallest x with floor(x·X·Y/(x + X)²) ≥ T, or `undefined` above the maximum floor(Y/4) (reached at x = X).
 *
 * For an integer T the floor does not matter: the condition is T·(x + X)² ≤ x·X·Y, a quadratic whose smaller root
 * is r = 2TX / (Y − 2T + √(Y(Y − 4T))) (rationalised form; the textbook one cancels catastrophically). The square
 * root is taken at 2^k scale with 2^k ≥ 4X, so the floored root shortens the denominator by less than 2^−k and the
 * ceiling lands on ⌈r⌉ or one above. A few exact steps confirm it; bisection over [1, X] backs them up.
 */
function minNetForSlipSwap(target: bigint, srcDepth: bigint, dstDepth: bigint): bigint | undefined {
  if (4n * target > dstDepth) return undefined
  // On [1, X] the condition holds exactly from ⌈r⌉ on; X itself always meets it (4T ≤ Y).
  const feasible = (x: bigint): boolean => target * (x + srcDepth) ** 2n <= x * srcDepth * dstDepth
  const k = BigInt(bitLength(srcDepth) + 2)
  const scaledRoot = isqrt((dstDepth * (dstDepth - 4n * target)) << (2n * k))
  let x = divRoundingUp((2n * target * srcDepth) << k, ((dstDepth - 2n * target) << k) + scaledRoot)
  if (x > srcDepth) x = srcDepth
  if (x < 1n) x = 1n
  for (let step = 0; step < FIX_UP_STEPS; step++) {
    if (!feasible(x)) x += 1n
    else if (x > 1n && feasible(x - 1n)) x -= 1n
    else return x
  }
  let [low, high] = [1n, srcDepth]
  while (low < high) {
    const middle = (low + high) >> 1n
    if (feasible(middle)) high = middle
    else low = middle + 1n
  }
  return low
}

/** Replays `amountIn` through `laneAmountOut`: steps up until it delivers `target`, then down while still so. */
function settle(lane: BridgeLane, amountIn: bigint, target: bigint): bigint | undefined {
  const delivers = (x: bigint): boolean => {
    const out = laneAmountOut(lane, x)
    return out !== undefined && out >= target
  }
  let steps = 0
  while (!delivers(amountIn)) {
    if (++steps > FIX_UP_STEPS || amountIn >= lane.maxAmount) return undefined
    amountIn += 1n
  }
  for (steps = 0; steps < FIX_UP_STEPS && amountIn > lane.minAmount && delivers(amountIn - 1n); steps++) {
    amountIn -= 1n
  }
  return amountIn
}

/** A float quotient of two bigints takes three roundings (two conversions, one division) of half an ulp each. */
function roundUp(rate: number): number {
  return rate * (1 + 4 * Number.EPSILON)
}

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length
}

/** Integer square root, floored (Newton's method from a power of two above the root). */
function isqrt(value: bigint): bigint {
  if (value < 2n) return value
  let x = 1n << BigInt((bitLength(value) >> 1) + 1)
  for (;;) {
    const next = (x + value / x) >> 1n
    if (next >= x) return x
    x = next
  }
}

const POW10: readonly bigint[] = Array.from({ length: 78 }, (_, i) => 10n ** BigInt(i))

function pow10(exponent: number): bigint {
  return POW10[exponent] ?? 10n ** BigInt(exponent)
}
