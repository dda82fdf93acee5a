import {
  AmountTooHighError,
  AmountTooLowError,
  type BaseError,
  ExcessiveFeeError,
  InsufficientLiquidityError,
} from '../errors/index.js'
import { AMOUNT_MAX } from '../schema/rules.js'
import { laneMaximumInput, laneMinimumInput, largestInput, smallestInput } from '../routing/amountLimits.js'
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
    const minimums = relevant.flatMap(({ path, failure }) => {
      if (exactIn) {
        const swapIn = smallestInput(path.edges, maxPriceImpact)
        return swapIn === undefined ? [] : [grossForNet(swapIn, protocolFeeBps, appBps)]
      }
      return exactOutMinimum(path, failure, maxPriceImpact)
    })
    return new AmountTooLowError({ ...pair, minAmount: minimums.length > 0 ? min(minimums) : request.amount + 1n })
  }
  if (kind === 'tooHigh') {
    const maximums = relevant.flatMap(({ path, failure }) => {
      const refused = exactIn ? splitFees(request.amount, protocolFeeBps, appBps).net : refusedInput(path, failure)
      const swapIn = largestInput(path.edges, refused, maxPriceImpact)
      if (swapIn === undefined) return []
      if (exactIn) {
        // The largest gross input whose net after fees is at most swapIn.
        const gross = grossForNet(swapIn + 1n, protocolFeeBps, appBps) - 1n
        return gross > 0n ? [gross] : []
      }
      const evaluation = evaluateIn(path.edges, swapIn)
      return evaluation.ok ? [evaluation.amounts[evaluation.amounts.length - 1]!] : []
    })
    return new AmountTooHighError({ ...pair, maxAmount: maximums.length > 0 ? max(maximums) : 0n })
  }
  if (kind === 'excessiveFee') return new ExcessiveFeeError()
  return new InsufficientLiquidityError()
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
const max = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a))
