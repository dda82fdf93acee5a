/**
 * The smallest and the largest input a path carries, for the `minAmount` and `maxAmount` of AMOUNT_TOO_LOW and
 * AMOUNT_TOO_HIGH: amounts that really quote (the path evaluates and its price impact is within the limit), found
 * exactly and confirmed by evaluating them. Only errors call these; the quote path never does.
 *
 * Every hop's output grows with its input, so the inputs a hop refuses as too small (a lane's minimum, a pool
 * paying nothing) lie below a threshold and those it refuses as too large (a lane's maximum or liquidity, a pool
 * running dry) above one; the inputs a path carries form a range. Price impact falls as rounding matters less and
 * rises with size, so the range it allows is searched, not derived.
 */
import { laneAmountIn, laneAmountOut } from '../bridges/lane.js'
import type { BridgeLane } from '../graph/types.js'
import { evaluateIn, evaluateOut, hopAmountIn, prefixAmountIn } from './evaluate.js'
import type { Edge } from './graph.js'
import { priceImpactPercent } from './priceImpact.js'

/** Doublings tried above a path's smallest input when rounding puts its price impact over the limit there. */
const MAX_DOUBLINGS = 64

/**
 * The smallest input to a path's first hop that the path carries within `maxPriceImpact`.
 *
 * @param edges - the path's hops.
 * @param maxPriceImpact - percent; `Infinity` for no limit.
 * @returns the input, or `undefined` when no input is carried (a minimum above a maximum, a pool that pays
 *   nothing for any input the path can bring, or an impact over the limit at every size tried).
 *
 * @example
 * smallestInput(cctpThenSwap.edges, 15) // 1_000_000n: the CCTP lane's minimum of 1 USDC
 */
export function smallestInput(edges: readonly Edge[], maxPriceImpact: number): bigint | undefined {
  const amount = smallestInputBound(edges)
  if (amount === undefined) return undefined
  const verdict = carries(edges, amount, maxPriceImpact)
  if (verdict === 'yes') return amount
  if (verdict === 'tooHigh') return undefined
  // Rounding at tiny sizes can put the impact over the limit: look upwards for a size that passes, then back.
  let failing = amount
  let passing: bigint | undefined
  for (let step = 0; step < MAX_DOUBLINGS && passing === undefined; step++) {
    const next = failing * 2n
    const result = carries(edges, next, maxPriceImpact)
    if (result === 'yes') passing = next
    else if (result === 'tooHigh') return undefined
    else failing = next
  }
  if (passing === undefined) return undefined
  return boundary(edges, failing, passing, maxPriceImpact)
}

/**
 * The largest input to a path's first hop that the path carries within `maxPriceImpact`, below an input it does
 * not carry (`refused`, e.g. the request).
 *
 * @param edges - the path's hops.
 * @param refused - an input the path refuses as too large.
 * @param maxPriceImpact - percent; `Infinity` for no limit.
 * @returns the input, or `undefined` when the path carries nothing below `refused`.
 *
 * @example
 * largestInput(cctpFastThenSwap.edges, 2_000_000_000_000n, 15) // 1_000_000_000_000n: the fast lane's maximum
 */
export function largestInput(edges: readonly Edge[], refused: bigint, maxPriceImpact: number): bigint | undefined {
  const candidate = largestInputBound(edges, refused)
  if (candidate === undefined) return undefined
  if (carries(edges, candidate, maxPriceImpact) === 'yes') return candidate
  const low = smallestInput(edges, maxPriceImpact)
  if (low === undefined || low > candidate) return undefined
  return boundary(edges, candidate, low, maxPriceImpact)
}

/**
 * A lower bound of `smallestInput` from the hops' own minimums alone (each lane's minimum, each pool's input for one
 * unit out, carried back to the first hop): the answer when price impact does not bind, which it rarely does.
 *
 * @returns the bound, or `undefined` when some hop can never be reached.
 * @example smallestInputBound(cctpThenSwap.edges) // 1_000_000n
 */
export function smallestInputBound(edges: readonly Edge[]): bigint | undefined {
  let amount = 1n
  for (let hop = 0; hop < edges.length; hop++) {
    const needed = hopMinimum(edges[hop]!)
    if (needed === undefined) return undefined
    const atStart = prefixAmountIn(edges, hop, needed)
    if (atStart === undefined) return undefined
    if (atStart > amount) amount = atStart
  }
  return amount
}

/**
 * An upper bound of `largestInput` from the lanes' maximums alone, carried back to the first hop, and below
 * `refused`: the answer when neither pool depth nor price impact binds first.
 *
 * @returns the bound, or `undefined` when a lane carries nothing.
 * @example largestInputBound(cctpStandard.edges, 2n ** 60n) // 10_000_000_000_000n
 */
export function largestInputBound(edges: readonly Edge[], refused: bigint): bigint | undefined {
  let candidate = refused - 1n
  for (let hop = 0; hop < edges.length; hop++) {
    const edge = edges[hop]!
    if (edge.kind !== 'lane') continue
    const laneMax = laneMaximumInput(edge.lane)
    if (laneMax === undefined) return undefined
    const above = prefixAmountIn(edges, hop, laneMax + 1n)
    if (above !== undefined && above - 1n < candidate) candidate = above - 1n
  }
  return candidate > 0n ? candidate : undefined
}

/** Smallest input a lane accepts: its minimum, and at least twice its flat fee (SPEC §8's 50% rule). */
export function laneMinimumInput(lane: BridgeLane): bigint {
  return lane.minAmount > lane.flatFee * 2n ? lane.minAmount : lane.flatFee * 2n
}

/** Largest input a lane accepts: its maximum, or less where its liquidity cannot deliver that much. */
export function laneMaximumInput(lane: BridgeLane): bigint | undefined {
  let low = laneMinimumInput(lane)
  let high = lane.maxAmount
  if (laneAmountOut(lane, high) !== undefined) return high
  if (laneAmountOut(lane, low) === undefined) return undefined
  // Outputs grow with the input, so the inputs the liquidity covers form a range [low, answer]: bisect it.
  while (low < high) {
    const mid = (low + high + 1n) / 2n
    if (laneAmountOut(lane, mid) === undefined) high = mid - 1n
    else low = mid
  }
  return low
}

/** Smallest input one hop accepts and turns into something (at least one unit out). */
function hopMinimum(edge: Edge): bigint | undefined {
  if (edge.kind === 'wrap') return 1n
  if (edge.kind === 'pool') {
    const needed = hopAmountIn(edge, 1n)
    return typeof needed === 'string' ? undefined : needed
  }
  const floor = laneMinimumInput(edge.lane)
  if (laneAmountOut(edge.lane, floor) !== undefined) return floor
  const needed = laneAmountIn(edge.lane, 1n)
  return needed === undefined || needed < floor ? undefined : needed
}

/**
 * Whether a path carries an input (exact-in) within the impact limit.
 *
 * @example carriesInput(path.edges, 1_000_000n, 15) // true
 */
export function carriesInput(edges: readonly Edge[], amountIn: bigint, maxPriceImpact: number): boolean {
  return carries(edges, amountIn, maxPriceImpact) === 'yes'
}

/**
 * Whether a path quotes an output (exact-out) as asked, within the impact limit.
 *
 * @example carriesOutput(path.edges, 999_899n, 15) // true
 */
export function carriesOutput(edges: readonly Edge[], amountOut: bigint, maxPriceImpact: number): boolean {
  const evaluation = evaluateOut(edges, amountOut)
  return evaluation.ok && priceImpactPercent(edges, evaluation.amounts) <= maxPriceImpact
}

/** Whether a path carries an input within the impact limit; if not, whether the input is too large. */
function carries(edges: readonly Edge[], amount: bigint, maxPriceImpact: number): 'yes' | 'no' | 'tooHigh' {
  const evaluation = evaluateIn(edges, amount)
  if (!evaluation.ok) {
    const kind = evaluation.failure.kind
    return kind === 'tooHigh' || kind === 'liquidity' ? 'tooHigh' : 'no'
  }
  return priceImpactPercent(edges, evaluation.amounts) <= maxPriceImpact ? 'yes' : 'no'
}

/** Bisects between an input the path refuses and one it carries; returns the carried input next to the boundary. */
function boundary(edges: readonly Edge[], refused: bigint, carried: bigint, maxPriceImpact: number): bigint {
  while (refused - carried > 1n || carried - refused > 1n) {
    const middle = (refused + carried) / 2n
    if (carries(edges, middle, maxPriceImpact) === 'yes') carried = middle
    else refused = middle
  }
  return carried
}
