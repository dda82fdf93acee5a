import {
  type BaseError,
  NoAvailableRouteError,
  PriceImpactTooHighError,
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkPairError,
} from '../errors/index.js'
import type { Router } from '../routing/router.js'
import { vmModuleOf } from '../vm/registry.js'
import { failureError } from './failureError.js'
import { type FeeSplit, grossForNet, splitFees } from './fees.js'
import { parseQuoteRequest } from '../schema/quoteRequest.js'
import { type ParsedRequest, resolveRequest } from './resolveRequest.js'
import { type SourceFigures, routeQuote, sourceFiguresOf } from './routeQuote.js'
import { findSplit } from '../routing/split.js'
import { type SplitQuote, splitQuote } from './splitQuote.js'
import type { ParsedQuoteRequest, QuoteRequest, QuoteResult, RouteQuote } from './types.js'

/** What `quote` needs from an engine. */
export interface QuoteContext {
  readonly router: Router
  readonly protocolFeeBps: number
}

/**
 * Quotes a request: validates it (`parseQuoteRequest`, unless it is already parsed; then against the snapshot), ranks
 * routes exactly at its amount and computes every figure of the spec's
 * action response for the best routes (SPEC §2.4 without `tx`/`txId`).
 *
 * @throws one of the spec's errors (`BaseError` subclasses) for invalid input, missing routes and amounts the
 *   routes cannot carry.
 */
export function quote(context: QuoteContext, request: QuoteRequest | ParsedQuoteRequest): QuoteResult {
  const { router } = context
  const parsed = resolveRequest(
    router.graph.snapshot,
    parseQuoteRequest(request, { protocolFeeBps: context.protocolFeeBps }),
  )
  const protocolFeeBps = BigInt(context.protocolFeeBps)
  const appBps = parsed.appFees.map((fee) => fee.bps)
  const srcKey = parsed.srcToken.key
  const dstKey = parsed.dstToken.key

  const rankOptions = { bridgeIds: parsed.bridgeIds, maxPriceImpact: parsed.maxPriceImpact }
  const exactIn = parsed.swapDirection === 'exact-amount-in'
  // Exact-in: every route has the same gross input and fees (computed once); exact-out: each route's own.
  let exactInFees: FeeSplit | undefined
  let ranked
  let swapAmount = parsed.amount
  if (exactIn) {
    exactInFees = splitFees(parsed.amount, protocolFeeBps, appBps)
    if (exactInFees.net === 0n) throw nothingToSwapError(router, parsed, protocolFeeBps)
    swapAmount = exactInFees.net
    ranked = router.rankExactIn(srcKey, dstKey, exactInFees.net, rankOptions)
  } else {
    ranked = router.rankExactOut(srcKey, dstKey, parsed.amount, rankOptions)
  }
  if (!ranked.ok) throw rankError(parsed, protocolFeeBps, ranked)

  // Exact-in: the routes' source-side token amounts are built once and shared.
  let sourceFigures: SourceFigures | undefined
  const routes: RouteQuote[] = []
  for (const route of ranked.routes) {
    let grossIn = parsed.amount
    let fees = exactInFees
    if (fees === undefined) {
      grossIn = grossForNet(route.amounts[0]!, protocolFeeBps, appBps)
      fees = splitFees(grossIn, protocolFeeBps, appBps)
    }
    if (sourceFigures === undefined || sourceFigures.grossIn !== grossIn || sourceFigures.fees !== fees)
      sourceFigures = sourceFiguresOf(parsed, grossIn, fees)
    routes.push(routeQuote({ graph: router.graph, request: parsed, route, grossIn, fees, source: sourceFigures }))
  }
  // Splits (`maxSplits` > 1): offered only when they beat the best single route net of network cost.
  const split =
    parsed.maxSplits > 1
      ? findSplit(router, srcKey, dstKey, swapAmount, exactIn, ranked.routes[0]!, {
          ...rankOptions,
          maxSplits: parsed.maxSplits,
        })
      : undefined
  const splitTop: SplitQuote | undefined =
    split === undefined
      ? undefined
      : splitQuote({
          graph: router.graph,
          request: parsed,
          split,
          feesOf: (swapIn) => feesFor(exactIn, parsed.amount, swapIn, protocolFeeBps, appBps),
        })
  const best: RouteQuote = splitTop ?? routes[0]!
  // Field by field rather than a spread: the same keys in the same order, without copying through a generic path.
  return {
    vmId: best.vmId,
    amountIn: best.amountIn,
    amountInMax: best.amountInMax,
    amountOut: best.amountOut,
    amountOutMin: best.amountOutMin,
    protocolFee: best.protocolFee,
    applicationFee: best.applicationFee,
    appFees: best.appFees,
    bridgeFee: best.bridgeFee,
    networkFee: best.networkFee,
    exchangeRate: best.exchangeRate,
    estimatedTxTime: best.estimatedTxTime,
    estimatedPriceImpact: best.estimatedPriceImpact,
    requiresRegisterTransaction: best.requiresRegisterTransaction,
    bridgeIds: best.bridgeIds,
    bridgeRoute: best.bridgeRoute,
    steps: best.steps,
    ...(splitTop === undefined ? {} : { splits: splitTop.splits }),
    requiresTokenApproval: vmModuleOf(parsed.srcChain.vm).requiresTokenApproval && !parsed.srcToken.isNative,
    allRoutes: routes,
  }
}

/** The gross input and fees of a swap input: exact-in, the request's amount; exact-out, the gross that nets it. */
function feesFor(
  exactIn: boolean,
  requestAmount: bigint,
  swapIn: bigint,
  protocolFeeBps: bigint,
  appBps: readonly bigint[],
): { grossIn: bigint; fees: FeeSplit } {
  const grossIn = exactIn ? requestAmount : grossForNet(swapIn, protocolFeeBps, appBps)
  return { grossIn, fees: splitFees(grossIn, protocolFeeBps, appBps) }
}

function pairOf(request: ParsedRequest) {
  return {
    srcToken: request.srcToken.address,
    dstToken: request.dstToken.address,
    srcChainId: request.srcChain.chainId,
    dstChainId: request.dstChain.chainId,
  }
}

/**
 * Fees take the whole input: AMOUNT_TOO_LOW with the smallest amount that quotes on some path (every path refuses
 * the nothing left to swap at its first hop), or the pair's own error when it has no path.
 */
function nothingToSwapError(router: Router, request: ParsedRequest, protocolFeeBps: bigint): BaseError {
  const found = router.candidates(request.srcToken.key, request.dstToken.key, request.bridgeIds)
  if (!found.ok) return rankError(request, protocolFeeBps, found)
  const failures = found.candidates.map((path) => ({ path, failure: { kind: 'tooLow' as const, hop: 0 } }))
  return failureError(request, protocolFeeBps, failures)
}

function rankError(
  request: ParsedRequest,
  protocolFeeBps: bigint,
  ranked: Exclude<ReturnType<Router['rankExactIn']>, { ok: true }>,
): BaseError {
  const pair = pairOf(request)
  switch (ranked.reason) {
    case 'networkPair':
      return new UnsupportedNetworkPairError({ srcChainId: pair.srcChainId, dstChainId: pair.dstChainId })
    case 'tokenPair':
      return new UnsupportedNetworkAndTokenPairError(pair)
    case 'noRoute':
      return new NoAvailableRouteError(pair)
    case 'amount':
      return failureError(request, protocolFeeBps, ranked.failures)
    case 'priceImpact':
      return new PriceImpactTooHighError({
        estimatedPriceImpact: ranked.priceImpact,
        maxPriceImpact: request.maxPriceImpact,
      })
  }
}
