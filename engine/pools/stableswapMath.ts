/**
 * The StableSwap invariant solvers of Curve's StableSwap-NG pools (curvefi/stableswap-ng,
 * `contracts/main/CurveStableSwapNG.vy` and `CurveStableSwapNGViews.vy`, Vyper 0.3.10): `get_D` and `get_y`, each a
 * Newton iteration on integers with the contract's exact order of operations, so every floor division matches.
 *
 * Invariant (a = A·n, Curve's amplification, A_PRECISION scaling removed):
 *   a·Σx + D = a·D + D^(n+1) / (n^n·Πx)
 *
 * Values are in the pool's 1e18 precision ("xp"). `undefined` stands for a Vyper revert: no convergence in 255
 * rounds, a uint256 overflow, a division by zero or an underflow.
 *
 * Older pools round differently: the v1 factory plain pools compute D_P as D_P·D / (x·n) inside the loop instead
 * of dividing by n^n once after it, and 3pool (2020) also has no A_PRECISION. Their D and y can differ from these
 * by a unit or so, and a quote occasionally by one unit of the output coin.
 */
import { MAX_UINT256 } from './fullMath.js'

/** Curve's scale for A: `amp = A × A_PRECISION`. */
export const A_PRECISION = 100n
const MAX_ITERATIONS = 255

/**
 * The invariant D for normalized balances (`get_D`, StableSwap-NG: D_P = D_P·D/x for each coin, then / n^n).
 * Newton on D from D = Σx, at most 255 rounds, stops when |D − Dprev| ≤ 1.
 *
 * @param xp balances in 1e18 precision, 2–8 coins, each > 0
 * @param amp A × A_PRECISION
 * @returns D (1e18 precision); 0 when all balances are 0; `undefined` when the contract would revert
 * @example
 * getD([10n ** 23n, 10n ** 18n], 1000n) // 9010395375710532394006n (stableswap-ng tests/test_get_D.py)
 */
export function getD(xp: readonly bigint[], amp: bigint): bigint | undefined {
  const n = BigInt(xp.length)
  let sum = 0n
  for (const x of xp) sum += x
  if (sum === 0n) return 0n
  const nPowN = n ** n
  const ann = amp * n
  const annSum = (ann * sum) / A_PRECISION
  const annLessPrecision = ann - A_PRECISION
  let d = sum
  for (let round = 0; round < MAX_ITERATIONS; round++) {
    let dP = d
    for (const x of xp) {
      const product = dP * d
      if (product > MAX_UINT256 || x === 0n) return undefined
      dP = product / x
    }
    dP /= nPowN
    const dPrevious = d
    const numerator = (annSum + dP * n) * d
    if (numerator > MAX_UINT256) return undefined
    d = numerator / ((annLessPrecision * d) / A_PRECISION + (n + 1n) * dP)
    if (d > dPrevious ? d - dPrevious <= 1n : dPrevious - d <= 1n) return d
  }
  return undefined
}

/**
 * The balance of coin `j` that keeps the invariant `d` when coin `i` holds `x` (`get_y`): Newton on
 * y² + (b − D)·y = c from y = D, at most 255 rounds, stops when |y − yprev| ≤ 1.
 *
 * @param i coin whose balance is set to `x`
 * @param j coin solved for (≠ i)
 * @param x new balance of coin i, 1e18 precision
 * @param xp current balances, 1e18 precision
 * @param amp A × A_PRECISION
 * @param d the invariant (from `getD(xp, amp)`)
 * @returns balance of coin j, 1e18 precision; `undefined` when the contract would revert
 * @example
 * getY(0, 1, 11n * 10n ** 17n, [10n ** 18n, 10n ** 18n], 20000n, 2n * 10n ** 18n)
 */
export function getY(
  i: number,
  j: number,
  x: bigint,
  xp: readonly bigint[],
  amp: bigint,
  d: bigint,
): bigint | undefined {
  const n = BigInt(xp.length)
  const ann = amp * n
  let c = d
  let sum = 0n
  for (let k = 0; k < xp.length; k++) {
    if (k === j) continue
    const xk = k === i ? x : xp[k]!
    sum += xk
    const product = c * d
    if (product > MAX_UINT256 || xk === 0n) return undefined
    c = product / (xk * n)
  }
  const scaled = c * d * A_PRECISION
  if (scaled > MAX_UINT256) return undefined
  c = scaled / (ann * n)
  const b = sum + (d * A_PRECISION) / ann
  return newtonY(b, c, d)
}

// newton_y of CurveStableSwapNG.vy: y = (y² + c) / (2y + b − D), from y = D.
function newtonY(b: bigint, c: bigint, d: bigint): bigint | undefined {
  let y = d
  for (let round = 0; round < MAX_ITERATIONS; round++) {
    const yPrevious = y
    const numerator = y * y + c
    const denominator = 2n * y + b - d
    if (numerator > MAX_UINT256 || denominator <= 0n) return undefined
    y = numerator / denominator
    if (y > yPrevious ? y - yPrevious <= 1n : yPrevious - y <= 1n) return y
  }
  return undefined
}
