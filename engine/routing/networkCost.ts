/**
 * The network cost of a route: the gas of the transactions it needs, priced from each chain's gas model in the
 * snapshot (`swapGasUnits`, `gasPrice`) and converted at the snapshot's USD prices. It does not depend on the
 * amount, so the router computes it once per candidate path and caches it with the path.
 *
 * The model, per chain the route runs on (`swapGasUnits` is the snapshot's estimate of a router call with one
 * action: a pool swap or a bridge deposit):
 * - source chain: one router transaction, `swapGasUnits`, plus `FURTHER_ACTION_PERMILLE` ‰ of it per further action
 *   (each pool, and the first lane's deposit): calibrated on the crossroute router's executed transactions;
 * - each bridge's destination chain: `swapGasUnits` per delivery transaction its fees do not pay for (a CCTP mint,
 *   an OP withdrawal's proof and finalisation: `bridges/delivery.ts`), plus the same share per action run there (pools,
 *   and the next lane's deposit).
 * Ticks crossed and calldata size are not modelled: the figure is an estimate, for ranking and display.
 */
import { unpaidDeliveryTransactions } from '../bridges/delivery.js'
import type { Chain, Token } from '../graph/types.js'
import { tokenKey } from '../graph/validateSnapshot.js'
import { convertAtUsdPrices } from '../quote/tokenAmount.js'
import type { Edge, RouteGraph } from './graph.js'

/**
 * What each action after a router call's first adds, in thousandths of `swapGasUnits`: 290 (0.29 × a call), fitted
 * to the crossroute router's gas on the local chain (fixtures/localnet/gasCalibration.ts, the calibration table;
 * its test checks this constant against the fit).
 */
export const FURTHER_ACTION_PERMILLE = 290n

/**
 * What merging one more route into a router call saves: the call's own base, a whole `swapGasUnits` less the share
 * its first action would cost as a further one — in the chain's native token's smallest unit. A split executed as
 * one call costs its parts' route costs less this for each part after the first (`splitQuote`).
 *
 * @example routerCallBase(chain) // 155_490n × gasPrice for swapGasUnits 219 000
 */
export function routerCallBase(chain: Chain): bigint {
  return ((1000n - FURTHER_ACTION_PERMILLE) * chain.swapGasUnits * chain.gasPrice) / 1000n
}

/** A route's network cost, in the source chain's native token and converted into the route's two tokens. */
export interface NetworkCost {
  /** The source chain's native token, in which `amount` is counted. */
  readonly nativeToken: Token
  /** Every chain's gas, converted into `nativeToken` at USD prices (each conversion rounded up). */
  readonly amount: bigint
  /** `amount` in the route's input token (rounded up): what exact-out ranking adds to the input. */
  readonly inSrcToken: bigint
  /** `amount` in the route's output token (rounded up): what exact-in ranking takes from the output. */
  readonly inDstToken: bigint
}

/**
 * The network cost of a path (see the module comment for the model).
 *
 * @param graph - the routing graph the path belongs to.
 * @param edges - the path's hops, in order (at least one).
 * @returns the cost in the source chain's native token and in the path's input and output tokens.
 *
 * @example
 * networkCostOf(graph, path.edges).inDstToken // 271_000n: about 0.27 USDT of gas for a CCTP + OP swap route
 */
export function networkCostOf(graph: RouteGraph, edges: readonly Edge[]): NetworkCost {
  const srcToken = graph.nodes[edges[0]!.from]!.token
  const dstToken = graph.nodes[edges[edges.length - 1]!.to]!.token
  const nativeToken = nativeTokenOf(graph, graph.nodes[edges[0]!.from]!.chain)

  let amount = 0n
  // Thousandths of swapGasUnits on the chain being walked: a whole router call is 1000, each further action
  // FURTHER_ACTION_PERMILLE.
  let chain = graph.nodes[edges[0]!.from]!.chain
  let callPermille = 1000n
  let actions = 0n
  let isSource = true
  const settle = () => {
    const extra = isSource ? (actions > 1n ? actions - 1n : 0n) : actions
    const gas = (callPermille + extra * FURTHER_ACTION_PERMILLE) * chain.swapGasUnits * chain.gasPrice
    amount += convertAtUsdPrices((gas + 999n) / 1000n, nativeTokenOf(graph, chain), nativeToken)
  }
  for (const edge of edges) {
    if (edge.kind === 'pool') actions++
    if (edge.kind !== 'lane') continue
    actions++ // the deposit, on the chain the lane leaves
    settle()
    chain = graph.nodes[edge.to]!.chain
    callPermille = 1000n * BigInt(unpaidDeliveryTransactions(edge.lane))
    actions = 0n
    isSource = false
  }
  settle()
  return {
    nativeToken,
    amount,
    inSrcToken: convertAtUsdPrices(amount, nativeToken, srcToken),
    inDstToken: convertAtUsdPrices(amount, nativeToken, dstToken),
  }
}

/** Each chain's native token, looked up once per chain object (snapshots are frozen). */
const nativeTokens = new WeakMap<Chain, Token>()

function nativeTokenOf(graph: RouteGraph, chain: Chain): Token {
  let token = nativeTokens.get(chain)
  if (token === undefined) {
    token = graph.snapshot.tokens.get(tokenKey(chain.chainId, chain.vm, chain.nativeToken))!
    nativeTokens.set(chain, token)
  }
  return token
}
