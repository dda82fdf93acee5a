/**
 * The router's `Part[]` of a quote: one part per route of a split (`quote.splits`), else one part with the quote's
 * steps, each step saying how the router executes it (`STEP_VENUE`, the pool contract, the V3 fee tier).
 */
import { type Hex, isAddressEqual, zeroAddress } from 'viem'
import { RouteNotExecutableError } from '../../errors/index.js'
import type { Chain, Pool, Snapshot } from '../../graph/types.js'
import type { QuoteResult, RouteStep } from '../../quote/types.js'
import { STEP_VENUE } from './routerAbi.js'

/** How the router executes one swap step, or why it cannot. */
export type StepExecution =
  | { readonly venue: number; readonly pool: Hex; readonly fee: number }
  | { readonly venue: typeof STEP_VENUE.none; readonly reason: string }

/**
 * The router address of the default fixture's EVM chains (fixtures/README.md): a recognisable placeholder with no
 * contract behind it. Its transactions are calldata to read, not to send, so routes the router could not execute
 * are still encoded there (steps of venue `none`); on any other router address they are refused.
 */
export const PLACEHOLDER_ROUTER_ADDRESS = '0xc7055c7055c7055C7055C7055C7055c7055C7055'

/**
 * The pool contracts the router calls, by the snapshot's `protocol`: a pool executes when its protocol is here and
 * its kind is the one that protocol's contracts implement (a fork with another factory is another protocol).
 */
const EXECUTED_PROTOCOLS: ReadonlyMap<string, { readonly kind: Pool['kind']; readonly venue: number }> = new Map([
  ['uniswap-v2', { kind: 'constantProduct', venue: STEP_VENUE.uniswapV2 }],
  ['uniswap-v3', { kind: 'concentrated', venue: STEP_VENUE.uniswapV3 }],
])

/** Pools by id, per snapshot (the snapshot is frozen, so the index never goes stale). */
const poolIndexes = new WeakMap<Snapshot, ReadonlyMap<string, Pool>>()

/**
 * How the router executes a step: Uniswap V2 pairs (`constantProduct` pools of protocol `uniswap-v2`) and Uniswap V3
 * pools (`concentrated`, `uniswap-v3`) that have a contract address in the snapshot; wrap, unwrap and bridge steps
 * need no pool. Anything else (stableswap, forks of other factories, Solana, Tron and HyperCore kinds, pools without
 * an address) has venue `none` and the reason.
 *
 * @example
 * stepExecution(snapshot, step) // { venue: 2, pool: '0x88e6…', fee: 500 }
 */
export function stepExecution(snapshot: Snapshot, step: RouteStep): StepExecution {
  if (step.type !== 'swap') return { venue: STEP_VENUE.none, pool: zeroAddress, fee: 0 }
  const pool = poolOf(snapshot, step.id!)
  if (pool === undefined) return { venue: STEP_VENUE.none, reason: `pool ${step.id} is not in the snapshot` }
  if (pool.address === undefined)
    return { venue: STEP_VENUE.none, reason: `pool ${pool.id} has no contract address in the snapshot` }
  const executed = EXECUTED_PROTOCOLS.get(pool.protocol)
  if (executed !== undefined && executed.kind === pool.kind) {
    return { venue: executed.venue, pool: pool.address as Hex, fee: 'feePips' in pool ? pool.feePips : 0 }
  }
  return {
    venue: STEP_VENUE.none,
    reason: `pool ${pool.id} (${pool.protocol}, ${pool.kind}) is not a Uniswap V2 pair or V3 pool the router executes`,
  }
}

/** The parts of a quote as the builder encodes them: the splits' routes, or the one route. */
export function quoteParts(
  quote: QuoteResult,
): readonly { amountIn: bigint; amountOut: bigint; steps: readonly RouteStep[] }[] {
  if (quote.splits !== undefined) {
    return quote.splits.map((split) => ({
      amountIn: BigInt(split.amountIn.amount),
      amountOut: BigInt(split.amountOut.amount),
      steps: split.steps,
    }))
  }
  // The route's first hop takes the swapped net (exact-in: amountIn after fees); its output is the quote's.
  return [{ amountIn: BigInt(quote.steps[0]!.amountIn), amountOut: BigInt(quote.amountOut.amount), steps: quote.steps }]
}

function poolOf(snapshot: Snapshot, id: string): Pool | undefined {
  let index = poolIndexes.get(snapshot)
  if (index === undefined) {
    index = new Map(snapshot.pools.map((pool) => [pool.id, pool]))
    poolIndexes.set(snapshot, index)
  }
  return index.get(id)
}

/**
 * Refuses a quote whose transaction the source chain's router would revert: a bridge hop (the router does not call
 * bridges yet), or a swap through a pool it has no adapter for (`stepExecution`). Nothing is refused on the
 * placeholder router (`PLACEHOLDER_ROUTER_ADDRESS`), which executes nothing.
 *
 * @throws RouteNotExecutableError naming the first such step.
 * @example
 * assertRouterExecutes(snapshot, snapshot.chains.get(42161)!, quote)
 */
export function assertRouterExecutes(snapshot: Snapshot, srcChain: Chain, quote: QuoteResult): void {
  if (isAddressEqual(srcChain.routerAddress as Hex, PLACEHOLDER_ROUTER_ADDRESS)) return
  for (const step of quote.steps) {
    const refuse = (reason: string) => {
      throw new RouteNotExecutableError({ chainId: step.chainId, step: step.id ?? step.type, reason })
    }
    if (step.type === 'bridge') refuse(`bridge hops (${step.protocol}) are not executed by the router yet`)
    const execution = stepExecution(snapshot, step)
    if ('reason' in execution) refuse(execution.reason)
  }
}
