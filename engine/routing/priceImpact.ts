import { laneFee } from '../bridges/lane.js'
import type { Edge } from './graph.js'

/** Price impact is reported with this many decimal places. */
const FIGURE_DECIMAL_PLACES = 8
/** 10^FIGURE_DECIMAL_PLACES, computed once (a constant's power is not folded: Math.pow on every call). */
const FIGURE_SCALE = 10 ** FIGURE_DECIMAL_PLACES

/**
 * Percent by which a route executes below the mid prices of its pools and swapping lanes (pool LP fees included,
 * as in Uniswap's SDK; bridge fees excluded: they are reported in `bridgeFee`). A display figure: the ratio of each
 * hop's integer amounts to its mid price, in floating point, rounded to 8 decimal places. The router compares it
 * with the request's `maxPriceImpact`, so the figure a quote reports is the one that was checked.
 *
 * @param edges - the route's hops.
 * @param amounts - the amounts along the route (`amounts[k]` enters hop k).
 * @returns a percentage from 0 to 100.
 *
 * @example
 * priceImpactPercent(path.edges, route.amounts) // 0.010002 for 250 USDC through a 0.01 % stable pool
 */
export function priceImpactPercent(edges: readonly Edge[], amounts: readonly bigint[]): number {
  let ratio = 1
  for (let hop = 0; hop < edges.length; hop++) {
    const edge = edges[hop]!
    const amountIn = amounts[hop]!
    const amountOut = Number(amounts[hop + 1]!)
    if (edge.kind === 'pool') {
      ratio *= amountOut / (Number(amountIn) * edge.midRate)
    } else if (edge.kind === 'lane' && edge.lane.depths !== undefined) {
      const afterFees = amountIn - laneFee(edge.lane, amountIn)
      if (afterFees > 0n) ratio *= amountOut / (Number(afterFees) * edge.midRate)
    }
  }
  const impact = Math.max(0, (1 - ratio) * 100)
  return Math.round(impact * FIGURE_SCALE) / FIGURE_SCALE
}
