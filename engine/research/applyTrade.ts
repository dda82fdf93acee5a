/**
 * What-if: the snapshot after a quoted trade executed. Every pool the trade swapped through moves as its program
 * would move it (`PoolKindModule.afterSwap`), every bridge lane it crossed loses the output it delivered; all else is
 * the same objects as before (structural sharing). The original snapshot is untouched.
 */
import type { BridgeLane, Pool, Snapshot } from '../graph/types.js'
import { tokenKey } from '../graph/validateSnapshot.js'
import { poolKindOf } from '../pools/registry.js'
import type { RouteStep } from '../quote/types.js'

/** What `applyTrade` reads of a quote: its steps, or its split parts' steps. A `QuoteResult` or a `RouteQuote`. */
export interface ApplicableTrade {
  readonly steps: readonly RouteStep[]
  readonly splits?: readonly { readonly steps: readonly RouteStep[] }[] | undefined
}

/** Why a trade does not apply to a snapshot: the step, and what is wrong with it. */
export class ApplyTradeError extends Error {
  override readonly name = 'ApplyTradeError'
  /** Index of the step in the applied order (split parts' steps one after the other). */
  readonly stepIndex: number
  /** The pool or lane id of the step. */
  readonly id: string | undefined
  constructor({ stepIndex, id, reason }: { stepIndex: number; id: string | undefined; reason: string }) {
    super(`step ${stepIndex} (${id ?? 'no id'}): ${reason}`)
    this.stepIndex = stepIndex
    this.id = id
  }
}

/**
 * The snapshot after `trade` executed on it.
 *
 * @param snapshot - the snapshot the trade was quoted on (or one after earlier trades).
 * @param trade - a quote result or one of its routes; a split quote applies every part.
 * @returns a new frozen snapshot sharing every pool and lane the trade did not touch.
 * @throws ApplyTradeError when a step names no pool or lane of the snapshot, or its amounts are not a swap the pool
 *   would do on this state (a quote from another snapshot).
 *
 * @example
 * const result = engine.quote(request)
 * const after = createEngine(applyTrade(engine.snapshot, result))
 * after.quote(request).amountOut.amount // ≤ result.amountOut.amount: the first trade moved the price
 */
export function applyTrade(snapshot: Snapshot, trade: ApplicableTrade): Snapshot {
  const steps =
    trade.splits !== undefined && trade.splits.length > 0 ? trade.splits.flatMap((part) => part.steps) : trade.steps
  const pools = [...snapshot.pools]
  const lanes = [...snapshot.lanes]
  const poolIndex = new Map(pools.map((pool, index) => [pool.id, index]))
  const laneIndex = new Map(lanes.map((lane, index) => [lane.id, index]))
  steps.forEach((step, stepIndex) => {
    const fail = (reason: string): never => {
      throw new ApplyTradeError({ stepIndex, id: step.id, reason })
    }
    if (step.type === 'swap') {
      const index = poolIndex.get(step.id ?? '') ?? fail('no pool with this id in the snapshot')
      pools[index] = poolAfter(snapshot, pools[index]!, step) ?? fail('the pool would not do this swap on its state')
    } else if (step.type === 'bridge') {
      const index = laneIndex.get(step.id ?? '') ?? fail('no lane with this id in the snapshot')
      lanes[index] = laneAfter(lanes[index]!, step) ?? fail('the lane cannot deliver this amount')
    }
  })
  return Object.freeze({ ...snapshot, pools: Object.freeze(pools), lanes: Object.freeze(lanes) })
}

function poolAfter(snapshot: Snapshot, pool: Pool, step: RouteStep): Pool | undefined {
  const vm = snapshot.chains.get(step.chainId)?.vm
  if (vm === undefined) return undefined
  const tokenIn = pool.tokens.indexOf(tokenKey(step.chainId, vm, step.tokenIn))
  const tokenOut = pool.tokens.indexOf(tokenKey(step.chainId, vm, step.tokenOut))
  if (tokenIn < 0 || tokenOut < 0) return undefined
  return poolKindOf(pool).afterSwap(pool, tokenIn, tokenOut, BigInt(step.amountIn), BigInt(step.amountOut))
}

// A lane's `liquidity` is what it can still deliver; a swapping lane's virtual pool also moves.
function laneAfter(lane: BridgeLane, step: RouteStep): BridgeLane | undefined {
  const amountIn = BigInt(step.amountIn)
  const amountOut = BigInt(step.amountOut)
  if (amountOut > lane.liquidity) return undefined
  const depths =
    lane.depths === undefined
      ? undefined
      : Object.freeze({ srcDepth: lane.depths.srcDepth + amountIn, dstDepth: lane.depths.dstDepth - amountOut })
  return Object.freeze({ ...lane, liquidity: lane.liquidity - amountOut, depths })
}
