import { laneAmountIn, laneAmountOut } from '../bridges/lane.js'
import { poolAmountIn, poolAmountOut } from '../pools/index.js'
import type { Edge } from './graph.js'

/**
 * Why a path cannot carry an amount, with the hop that refused it:
 * - `tooLow`: below a lane's minimum, or nothing left to deliver;
 * - `tooHigh`: above a lane's maximum or its liquidity;
 * - `excessiveFee`: a lane's flat fee is more than half of what enters it (SPEC §8);
 * - `liquidity`: a pool cannot fill the amount.
 */
export type PathFailure =
  | { readonly kind: 'tooLow'; readonly hop: number }
  | { readonly kind: 'tooHigh'; readonly hop: number }
  | { readonly kind: 'excessiveFee'; readonly hop: number }
  | { readonly kind: 'liquidity'; readonly hop: number }

/** Amounts along a path: `amounts[k]` enters hop k, `amounts[k + 1]` leaves it. */
export type PathAmounts = readonly bigint[]

export type Evaluation =
  { readonly ok: true; readonly amounts: PathAmounts } | { readonly ok: false; readonly failure: PathFailure }

/** The last input and output of each pool edge (one slot: the paths of one quote meet a pool at one amount). */
const lastOut = new WeakMap<Edge, { amountIn: bigint; out: bigint | undefined }>()

/** Output of one hop for an input, or a failure kind. Exact, rounding against the trader. */
export function hopAmountOut(edge: Edge, amountIn: bigint): bigint | PathFailure['kind'] {
  switch (edge.kind) {
    case 'wrap':
      return amountIn
    case 'pool': {
      // Paths of one quote often share a pool at the same input (fee-free lanes in front of it, or one prefix):
      // the pool math runs once. Pools are frozen, so a remembered result stays exact.
      let memo = lastOut.get(edge)
      if (memo === undefined) {
        memo = { amountIn: -1n, out: undefined }
        lastOut.set(edge, memo)
      } else if (memo.amountIn === amountIn) {
        const out = memo.out
        if (out === undefined) return 'liquidity'
        return out === 0n ? 'tooLow' : out
      }
      const out = poolAmountOut(edge.pool, edge.tokenInIndex, edge.tokenOutIndex, amountIn)
      memo.amountIn = amountIn
      memo.out = out
      if (out === undefined) return 'liquidity'
      return out === 0n ? 'tooLow' : out
    }
    case 'lane': {
      const lane = edge.lane
      if (amountIn < lane.minAmount) return 'tooLow'
      if (amountIn > lane.maxAmount) return 'tooHigh'
      if (lane.flatFee * 2n > amountIn) return 'excessiveFee'
      const out = laneAmountOut(lane, amountIn)
      if (out === undefined) return 'tooHigh'
      return out === 0n ? 'tooLow' : out
    }
  }
}

/** Input one hop needs to deliver at least `amountOut`, or a failure kind. */
export function hopAmountIn(edge: Edge, amountOut: bigint): bigint | PathFailure['kind'] {
  switch (edge.kind) {
    case 'wrap':
      return amountOut
    case 'pool': {
      const needed = poolAmountIn(edge.pool, edge.tokenInIndex, edge.tokenOutIndex, amountOut)
      return needed === undefined ? 'liquidity' : needed
    }
    case 'lane': {
      const lane = edge.lane
      const needed = laneAmountIn(lane, amountOut)
      if (needed === undefined) return 'tooHigh'
      if (needed > lane.maxAmount) return 'tooHigh'
      if (lane.flatFee * 2n > needed) return 'excessiveFee'
      return needed
    }
  }
}

/** Evaluates a path exactly for an input amount (exact-amount-in). */
export function evaluateIn(edges: readonly Edge[], amountIn: bigint): Evaluation {
  const amounts: bigint[] = [amountIn]
  let amount = amountIn
  for (let hop = 0; hop < edges.length; hop++) {
    const out = hopAmountOut(edges[hop]!, amount)
    if (typeof out === 'string') return { ok: false, failure: { kind: out, hop } }
    amounts.push(out)
    amount = out
  }
  return { ok: true, amounts }
}

/**
 * Evaluates a path exactly for a wanted output (exact-amount-out): walks backwards for the input each hop needs,
 * then replays forwards so that `amounts` are what really flows (each hop delivers at least what the next needs).
 *
 * A lane cannot take less than its minimum. When a lane must be raised to its minimum and the path then delivers
 * more than asked, the request is refused as `tooLow` at that lane rather than quoted as something the route does
 * not do; the smallest request it quotes as asked is what the smallest input that fills the lane delivers
 * (`smallestOutput`).
 */
export function evaluateOut(edges: readonly Edge[], amountOut: bigint): Evaluation {
  let amount = amountOut
  let raisedLane = -1
  for (let hop = edges.length - 1; hop >= 0; hop--) {
    const edge = edges[hop]!
    const needed = hopAmountIn(edge, amount)
    if (typeof needed === 'string') return { ok: false, failure: { kind: needed, hop } }
    if (raisedLane < 0 && edge.kind === 'lane' && needed === edge.lane.minAmount) raisedLane = hop
    amount = needed
  }
  const replay = evaluateIn(edges, amount)
  if (!replay.ok) return replay
  const delivered = replay.amounts[replay.amounts.length - 1]!
  // Monotonic hops make the replay deliver at least amountOut; anything else is a pool-math defect surfacing.
  if (delivered < amountOut) return { ok: false, failure: { kind: 'liquidity', hop: edges.length - 1 } }
  if (delivered > amountOut && raisedLane >= 0) return { ok: false, failure: { kind: 'tooLow', hop: raisedLane } }
  return replay
}

/**
 * The smallest output an exact-out request may ask of a path refused as `tooLow` at lane `hop`: what the path
 * delivers from the smallest input that brings the lane its minimum (undefined: the path cannot carry it).
 */
export function smallestOutput(edges: readonly Edge[], hop: number, laneMinimum: bigint): bigint | undefined {
  const amountIn = prefixAmountIn(edges, hop, laneMinimum)
  if (amountIn === undefined) return undefined
  const result = evaluateIn(edges, amountIn)
  return result.ok ? result.amounts[result.amounts.length - 1] : undefined
}

/** Smallest input to the path's first hop that brings at least `target` into hop `hop` (undefined: impossible). */
export function prefixAmountIn(edges: readonly Edge[], hop: number, target: bigint): bigint | undefined {
  let amount = target
  for (let k = hop - 1; k >= 0; k--) {
    const needed = hopAmountIn(edges[k]!, amount)
    if (typeof needed === 'string') return undefined
    amount = needed
  }
  return amount
}

/** Output of the path after hop `hop` for `amount` entering that hop (undefined: refused on the way). */
export function suffixAmountOut(edges: readonly Edge[], hop: number, amount: bigint): bigint | undefined {
  const result = evaluateIn(edges.slice(hop), amount)
  return result.ok ? result.amounts[result.amounts.length - 1] : undefined
}
