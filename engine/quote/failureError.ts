import {
  AmountTooHighError,
  AmountTooLowError,
  type BaseError,
  ExcessiveFeeError,
  InsufficientLiquidityError,
} from '../errors/index.js'
import { AMOUNT_MAX } from '../schema/rules.js'
import {
  carriesInput,
  carriesOutput,
  laneMaximumInput,
  laneMinimumInput,
  largestInput,
  largestInputBound,
  smallestInput,
  smallestInputBound,
} from '../routing/amountLimits.js'
import type { PathFailure } from '../routing/evaluate.js'
import { evaluateIn, evaluateOut, prefixAmountIn, smallestOutput, suffixAmountOut } from '../routing/evaluate.js'
import { priceImpactPercent } from '../routing/priceImpact.js'
import type { CandidatePath } from '../routing/findPaths.js'
import { grossForNet, splitFees } from './fees.js'
import type { ParsedRequest } from './resolveRequest.js'

type Failure = { readonly path: CandidatePath; readonly failure: PathFailure }

/**
 * Turns the reasons every candidate path refused an amount into the one error the caller can act on:
 * all too low → AMOUNT_TOO_LOW (with the smallest amount any path accepts); too low or flat fees above half the
 * input → EXCESSIVE_FEE; too high or too deep → AMOUNT_TOO_HIGH (with the largest amount any path accepts) or
 * INSUFFICIENT_LIQUIDITY; a mix of opposite reasons → the reason of the best-ranked path. Limits are in the
 * units of the request's `amount` (source token for exact-in, destination token for exact-out), and they are
 * amounts that quote: sent back, `minAmount` or `maxAmount` gets a route within the request's `maxPriceImpact`
 * (`routing/amountLimits.ts` finds them exactly and evaluates them).
 */
export function failureError(request: ParsedRequest, protocolFeeBps: bigint, failures: readonly Failure[]): BaseError {
  const kinds = new Set(failures.map(({ failure }) => failure.kind))
  const only = (...allowed: PathFailure['kind'][]) => [...kinds].every((kind) => allowed.includes(kind))
  let kind: PathFailure['kind']
  if (only('tooLow')) kind = 'tooLow'
  else if (only('tooLow', 'excessiveFee')) kind = 'excessiveFee'
  else if (only('tooHigh', 'liquidity')) kind = kinds.has('tooHigh') ? 'tooHigh' : 'liquidity'
  else kind = failures[0]!.failure.kind

  const pair = {
    srcToken: request.srcToken.address,
    dstToken: request.dstToken.address,
    srcChainId: request.srcChain.chainId,
    dstChainId: request.dstChain.chainId,
  }
  const exactIn = request.swapDirection === 'exact-amount-in'
  const appBps = request.appFees.map((fee) => fee.bps)
  const maxPriceImpact = request.maxPriceImpact
  // A path that ran a pool dry has a largest amount too: count it with the paths a lane maximum refused.
  const relevant = failures.filter(
    ({ failure }) => failure.kind === kind || (kind === 'tooHigh' && failure.kind === 'liquidity'),
  )

  if (kind === 'tooLow') {
    if (exactIn) {
      // Paths in order of their lower bound: once it reaches the best minimum found, no later path can beat it.
      let best: bigint | undefined
      for (const { path, bound } of boundedPaths(relevant, (p) => smallestInputBound(p.edges))) {
        if (best !== undefined && bound >= best) break
        const swapIn = smallestInput(path.edges, maxPriceImpact)
        if (swapIn !== undefined && (best === undefined || swapIn < best)) best = swapIn
      }
      const minAmount = best === undefined ? request.amount + 1n : grossForNet(best, protocolFeeBps, appBps)
      return new AmountTooLowError({ ...pair, minAmount })
    }
    const minimums = relevant.flatMap(({ path, failure }) => exactOutMinimum(path, failure, maxPriceImpact))
    return new AmountTooLowError({ ...pair, minAmount: minimums.length > 0 ? min(minimums) : request.amount + 1n })
  }
  if (kind === 'tooHigh') {
    const outputOf = (path: CandidatePath, swapIn: bigint) => {
      const evaluation = evaluateIn(path.edges, swapIn)
      return evaluation.ok ? evaluation.amounts[evaluation.amounts.length - 1]! : undefined
    }
    // Exact-in: the largest swap input; exact-out: the largest output. First the paths where a lane's maximum
    // binds (one evaluation each), then a bisection only on paths that carry more than the best found so far.
    let best: bigint | undefined
    const rest: { path: CandidatePath; refused: bigint }[] = []
    for (const { path, failure } of relevant) {
      const refused = exactIn ? splitFees(request.amount, protocolFeeBps, appBps).net : refusedInput(path, failure)
      // A path a pool refused needs a bisection anyway; evaluating it at a lane bound far above is wasted work.
      const bound = failure.kind === 'tooHigh' ? largestInputBound(path.edges, refused) : refused - 1n
      if (bound === undefined) continue
      if (failure.kind !== 'tooHigh' || !carriesInput(path.edges, bound, maxPriceImpact)) {
        rest.push({ path, refused })
        continue
      }
      const value = exactIn ? bound : outputOf(path, bound)
      if (value !== undefined && (best === undefined || value > best)) best = value
    }
    for (const { path, refused } of rest) {
      if (best !== undefined) {
        const more = exactIn
          ? carriesInput(path.edges, best + 1n, maxPriceImpact)
          : carriesOutput(path.edges, best + 1n, maxPriceImpact)
        if (!more) continue
      }
      const swapIn = largestInput(path.edges, refused, maxPriceImpact)
      const value = swapIn === undefined || exactIn ? swapIn : outputOf(path, swapIn)
      if (value !== undefined && (best === undefined || value > best)) best = value
    }
    let maxAmount = best ?? 0n
    // Exact-in: the largest gross input whose net after fees is at most the largest swap input.
    if (exactIn && best !== undefined) maxAmount = grossForNet(best + 1n, protocolFeeBps, appBps) - 1n
    return new AmountTooHighError({ ...pair, maxAmount: maxAmount > 0n ? maxAmount : 0n })
  }
  if (kind === 'excessiveFee') return new ExcessiveFeeError()
  return new InsufficientLiquidityError()
}

/** The failures' paths with a bound each (paths without one are left out), smallest bound first. */
function boundedPaths(
  failures: readonly Failure[],
  boundOf: (path: CandidatePath) => bigint | undefined,
): { path: CandidatePath; bound: bigint }[] {
  const bounded = failures.flatMap(({ path }) => {
    const bound = boundOf(path)
    return bound === undefined ? [] : [{ path, bound }]
  })
  return bounded.sort((a, b) => (a.bound < b.bound ? -1 : a.bound > b.bound ? 1 : 0))
}

/**
 * The smallest exact-out request a path quotes as asked: what the smallest input that fills the refusing lane
 * delivers, checked; when another lane then refuses it (two lanes at their minimums), that lane's in turn.
 */
function exactOutMinimum(path: CandidatePath, failure: PathFailure, maxPriceImpact: number): bigint[] {
  let hop = failure.hop
  for (let attempt = 0; attempt < path.edges.length; attempt++) {
    const edge = path.edges[hop]!
    const out =
      edge.kind === 'lane'
        ? smallestOutput(path.edges, hop, laneMinimumInput(edge.lane))
        : suffixAmountOut(path.edges, hop + 1, 1n)
    if (out === undefined) return []
    const check = evaluateOut(path.edges, out)
    if (check.ok) return priceImpactPercent(path.edges, check.amounts) <= maxPriceImpact ? [out] : []
    if (check.failure.kind !== 'tooLow' || check.failure.hop === hop) return []
    hop = check.failure.hop
  }
  return []
}

/** An input the path refuses as too large, for an exact-out failure: just above the refusing lane's maximum. */
function refusedInput(path: CandidatePath, failure: PathFailure): bigint {
  const edge = path.edges[failure.hop]!
  const laneMax = edge.kind === 'lane' ? laneMaximumInput(edge.lane) : undefined
  const above = laneMax === undefined ? undefined : prefixAmountIn(path.edges, failure.hop, laneMax + 1n)
  return above ?? AMOUNT_MAX + 1n
}

const min = (values: bigint[]) => values.reduce((a, b) => (b < a ? b : a))
