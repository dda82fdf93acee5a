/**
 * Constant-product pools (x·y = k), exactly as Uniswap V2 `UniswapV2Library.getAmountOut` / `getAmountIn`
 * (v2-periphery), with the fee in bps instead of the hard-coded 997/1000 so that forks with other fees
 * (PancakeSwap V2: 25 bps) use the same formulas.
 */

const BPS = 10_000n
// UniswapV2Pair stores reserves as uint112 and reverts ('UniswapV2: OVERFLOW') when a balance would not fit.
const MAX_UINT112 = (1n << 112n) - 1n

/**
 * Output for an exact input: amountInWithFee = amountIn·(10000 − feeBps);
 * amountOut = amountInWithFee·reserveOut / (reserveIn·10000 + amountInWithFee), rounded down.
 *
 * @param amountIn smallest units of the input token
 * @param reserveIn pool reserve of the input token
 * @param reserveOut pool reserve of the output token
 * @param feeBps fee in bps (30 = 0.30%)
 * @returns smallest units of the output token; 0 for 0 in; `undefined` when a reserve is not positive or the new
 *   input reserve would overflow uint112 (the pair would revert)
 * @example
 * getAmountOut(2n, 100n, 100n, 30) // 1n
 */
export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): bigint | undefined {
  if (amountIn === 0n) return 0n
  if (reserveIn <= 0n || reserveOut <= 0n || reserveIn + amountIn > MAX_UINT112) return undefined
  const amountInWithFee = amountIn * (BPS - BigInt(feeBps))
  return (amountInWithFee * reserveOut) / (reserveIn * BPS + amountInWithFee)
}

/**
 * Input for an exact output: amountIn = reserveIn·amountOut·10000 / ((reserveOut − amountOut)·(10000 − feeBps)) + 1
 * (the library's floor-plus-one, so never less than needed).
 *
 * @param amountOut wanted smallest units of the output token
 * @param reserveIn pool reserve of the input token
 * @param reserveOut pool reserve of the output token
 * @param feeBps fee in bps (30 = 0.30%)
 * @returns smallest units of the input token; 0 for 0 out; `undefined` when `amountOut` ≥ `reserveOut`, a reserve
 *   is not positive or the new input reserve would overflow uint112
 * @example
 * getAmountIn(1n, 100n, 100n, 30) // 2n
 */
export function getAmountIn(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): bigint | undefined {
  if (amountOut === 0n) return 0n
  if (reserveIn <= 0n || amountOut >= reserveOut) return undefined
  const amountIn = (reserveIn * amountOut * BPS) / ((reserveOut - amountOut) * (BPS - BigInt(feeBps))) + 1n
  return reserveIn + amountIn > MAX_UINT112 ? undefined : amountIn
}

/**
 * Marginal rate before fee: reserveOut / reserveIn, smallest units out per smallest unit in. A float, for ranking.
 *
 * @example
 * constantProductMidPrice(100n, 200n) // 2
 */
export function constantProductMidPrice(reserveIn: bigint, reserveOut: bigint): number {
  return Number(reserveOut) / Number(reserveIn)
}

/**
 * A float upper bound of `getAmountOut` as a function of the input, for the router's pruning: the real-number
 * formula `x'·R_out / (R_in + x')`, `x' = amountIn × (1 − fee)`, of which `getAmountOut` is the floor; a few float
 * roundings (no cancellation) covered by a relative 1e-9.
 *
 * @example
 * constantProductOutputBound(100n, 100n, 30)(2) // ≥ 1, getAmountOut(2n, 100n, 100n, 30)
 */
export function constantProductOutputBound(
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): (amountIn: number) => number {
  const inReserve = Number(reserveIn)
  const outReserve = Number(reserveOut)
  const feeFactor = 1 - feeBps / 10_000
  return (amountIn) => {
    const input = amountIn * feeFactor
    return ((input * outReserve) / (inReserve + input)) * (1 + 1e-9)
  }
}
