/**
 * Curve StableSwap pools: exchange output, exact-output input and marginal price, following StableSwap-NG
 * (curvefi/stableswap-ng `contracts/main/CurveStableSwapNG.vy` `__exchange` and `CurveStableSwapNGViews.vy`,
 * Vyper 0.3.10) for plain coins (rate = 10^(36 − decimals), i.e. precision multiplier 10^(18 − decimals)) with the
 * pool's base fee (no off-peg multiplier in the snapshot).
 */
import type { StableswapPool } from '../graph/types.js'
import { divRoundingUp } from '../math/integer.js'
import { MAX_UINT256 } from './fullMath.js'
import { A_PRECISION, getD, getY } from './stableswapMath.js'

const PRECISION = 10n ** 18n
const FEE_DENOMINATOR = 10n ** 10n
const MAX_SEARCH_DOUBLINGS = 256

/** Per-pool values every quote needs, computed once per pool object (snapshots are frozen). */
interface PreparedStableswap {
  readonly balances: readonly bigint[]
  /** 10^(36 − decimals): xp = balance × rate / 1e18. */
  readonly rates: readonly bigint[]
  /** Balances in 1e18 precision. */
  readonly xp: readonly bigint[]
  /** A × A_PRECISION. */
  readonly amp: bigint
  /** The invariant; `undefined` when get_D does not converge (the pool cannot swap). */
  readonly d: bigint | undefined
  readonly fee: bigint
}

const preparedPools = new WeakMap<StableswapPool, PreparedStableswap>()

function prepare(pool: StableswapPool): PreparedStableswap {
  let prepared = preparedPools.get(pool)
  if (prepared === undefined) {
    const { balances } = pool.state
    const rates = pool.decimals.map((decimals) => 10n ** BigInt(36 - decimals))
    const xp = balances.map((balance, k) => (rates[k]! * balance) / PRECISION)
    const amp = pool.state.amplification * A_PRECISION
    prepared = { balances, rates, xp, amp, d: getD(xp, amp), fee: pool.fee }
    preparedPools.set(pool, prepared)
  }
  return prepared
}

/**
 * Output of `exchange(i, j, dx)` (StableSwap-NG `__exchange`, same as its `get_dy` with a static fee):
 * dy = xp[j] − get_y − 1; fee = dy × fee / 1e10; out = (dy − fee) × 1e18 / rate[j]. Every division rounds down,
 * i.e. against the trader. The fee is taken in 1e18 precision before converting to coin j's decimals, as every
 * pool's `exchange` does (the legacy 3pool `get_dy` view converts first and can quote one unit more for coins with
 * fewer than 18 decimals than its own `exchange` pays).
 *
 * @param pool a stableswap pool (2–4 coins)
 * @param i index of the coin paid in
 * @param j index of the coin paid out (≠ i)
 * @param amountIn smallest units of coin i
 * @returns smallest units of coin j; 0 for 0 in; `undefined` when the pool would revert
 * @example
 * stableswapAmountOut(usdcDaiPool, 0, 1, 1_000_000n) // ≈ 0.9996e18 DAI for 1 USDC at 4 bps
 */
export function stableswapAmountOut(pool: StableswapPool, i: number, j: number, amountIn: bigint): bigint | undefined {
  if (amountIn === 0n) return 0n
  return getDy(prepare(pool), i, j, amountIn)
}

/**
 * The smallest input whose `exchange` output is at least `amountOut`. Starts from the closed form of
 * StableSwap-NG Views `_get_dx` (get_y solved for coin i at the balance of j the output needs), then checks and
 * corrects it against `stableswapAmountOut` itself, so the answer never delivers less than asked. Where the closed
 * form cannot run (the last units of the balance), the search starts from the largest input `exchange` accepts, so
 * exact output and exact input agree up to the most the pool can pay.
 *
 * @param pool a stableswap pool (2–4 coins)
 * @param i index of the coin paid in
 * @param j index of the coin paid out (≠ i)
 * @param amountOut wanted smallest units of coin j
 * @returns smallest units of coin i; 0 for 0 out; `undefined` when no input delivers `amountOut`
 * @example
 * stableswapAmountIn(usdcDaiPool, 0, 1, 10n ** 18n) // ≈ 1_000_400n USDC for 1 DAI at 4 bps
 */
export function stableswapAmountIn(pool: StableswapPool, i: number, j: number, amountOut: bigint): bigint | undefined {
  if (amountOut === 0n) return 0n
  const p = prepare(pool)
  if (p.d === undefined || amountOut >= p.balances[j]!) return undefined
  // Output before fee in 1e18 precision, rounded up at each step, plus the 1 the pool keeps back.
  const afterFee = divRoundingUp(amountOut * p.rates[j]!, PRECISION)
  const beforeFee = divRoundingUp(afterFee * FEE_DENOMINATOR, FEE_DENOMINATOR - p.fee)
  const y = p.xp[j]! - beforeFee - 1n
  // Near the whole balance the closed form can fail although an input delivers: `beforeFee` is rounded up while the
  // pool floors its fee, so `y` may reach 0, and get_y can overflow for tiny balances. Then search down from the
  // largest input `exchange` accepts, which delivers the most the pool can pay (output never falls as input grows).
  const x = y > 0n ? getY(j, i, y, p.xp, p.amp, p.d) : undefined
  if (x === undefined) {
    const largestInput = MAX_UINT256 / p.rates[i]!
    const most = getDy(p, i, j, largestInput)
    return most !== undefined && most >= amountOut ? smallestInputFor(p, i, j, amountOut, largestInput) : undefined
  }
  const estimate = x > p.xp[i]! ? divRoundingUp((x - p.xp[i]!) * PRECISION, p.rates[i]!) : 1n
  return smallestInputFor(p, i, j, amountOut, estimate)
}

/**
 * Marginal rate at the current balances, before fee: smallest units of coin j per smallest unit of coin i.
 * The analytic derivative of the invariant F = a(Σx − D) + D − D_P (a = A·n, D_P = D^(n+1)/(n^n·Πx)):
 * −dx_j/dx_i = (a + D_P/x_i) / (a + D_P/x_j), scaled by rate_i / rate_j. Exact output never exceeds
 * amountIn × this × (1 − fee) by more than rounding. A float, for ranking only.
 *
 * @returns the rate; NaN when the invariant does not converge
 * @example
 * stableswapMidPrice(usdcDaiPool, 0, 1) // ≈ 1e12 for a balanced USDC/DAI pool
 */
export function stableswapMidPrice(pool: StableswapPool, i: number, j: number): number {
  const { xp, rates, amp, d } = prepare(pool)
  if (d === undefined) return Number.NaN
  const n = BigInt(xp.length)
  let dP = d
  for (const x of xp) dP = (dP * d) / x
  dP /= n ** n
  const ann = amp * n // = a × A_PRECISION
  const xi = xp[i]!
  const xj = xp[j]!
  const numerator = (ann * xi + A_PRECISION * dP) * xj * rates[i]!
  const denominator = (ann * xj + A_PRECISION * dP) * xi * rates[j]!
  return Number(numerator) / Number(denominator)
}

function getDy(p: PreparedStableswap, i: number, j: number, dx: bigint): bigint | undefined {
  if (p.d === undefined) return undefined
  const scaledIn = dx * p.rates[i]!
  if (scaledIn > MAX_UINT256) return undefined
  const x = p.xp[i]! + scaledIn / PRECISION
  const y = getY(i, j, x, p.xp, p.amp, p.d)
  if (y === undefined || y + 1n > p.xp[j]!) return undefined
  const dy = p.xp[j]! - y - 1n // the pool keeps 1 back against rounding
  const dyFee = (dy * p.fee) / FEE_DENOMINATOR
  return ((dy - dyFee) * PRECISION) / p.rates[j]!
}

// Smallest dx with getDy(dx) ≥ wanted, searched around `estimate`: gallop to a bracket, then bisect.
function smallestInputFor(
  p: PreparedStableswap,
  i: number,
  j: number,
  wanted: bigint,
  estimate: bigint,
): bigint | undefined {
  const delivers = (dx: bigint): boolean => {
    const out = getDy(p, i, j, dx)
    return out !== undefined && out >= wanted
  }
  let failing: bigint // largest input known to deliver too little (0 always does: wanted > 0)
  let enough: bigint // an input known to deliver enough
  let stride = 1n
  if (delivers(estimate)) {
    enough = estimate
    for (;;) {
      const candidate = enough - stride
      if (candidate <= 0n) {
        failing = 0n
        break
      }
      if (!delivers(candidate)) {
        failing = candidate
        break
      }
      enough = candidate
      stride *= 2n
    }
  } else {
    failing = estimate
    for (let doubling = 0; ; doubling++) {
      if (doubling === MAX_SEARCH_DOUBLINGS) return undefined
      const candidate = failing + stride
      if (delivers(candidate)) {
        enough = candidate
        break
      }
      failing = candidate
      stride *= 2n
    }
  }
  while (enough - failing > 1n) {
    const middle = (failing + enough) / 2n
    if (delivers(middle)) enough = middle
    else failing = middle
  }
  return enough
}
