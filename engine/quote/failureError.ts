import { laneAmountOut } from '../bridges/lane.js'
import {
  AmountTooHighError,
  AmountTooLowError,
  type BaseError,
  ExcessiveFeeError,
  InsufficientLiquidityError,
} from '../errors/index.js'
import type { BridgeLane } from '../graph/types.js'
import type { PathFailure } from '../routing/evaluate.js'
import { prefixAmountIn, suffixAmountOut } from '../routing/evaluate.js'
import type { CandidatePath } from '../routing/findPaths.js'
import { grossForNet } from './fees.js'
import type { ParsedRequest } from './resolveRequest.js'

type Failure = { readonly path: CandidatePath; readonly failure: PathFailure }

/**
 * Turns the reasons every candidate path refused an amount into the one error the caller can act on:
 * all too low → AMOUNT_TOO_LOW (with the smallest amount any path accepts); too low or flat fees above half the
 * input → EXCESSIVE_FEE; too high or too deep → AMOUNT_TOO_HIGH (with the largest amount any path accepts) or
 * INSUFFICIENT_LIQUIDITY; a mix of opposite reasons → the reason of the best-ranked path. Limits are in the
 * units of the request's `amount` (source token for exact-in, destination token for exact-out).
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
  const relevant = failures.filter(({ failure }) => failure.kind === kind)

  if (kind === 'tooLow') {
    const minimums = relevant.flatMap(({ path, failure }) => {
      const edge = path.edges[failure.hop]!
      const target = edge.kind === 'lane' ? laneMinimumInput(edge.lane) : 1n
      const hop = edge.kind === 'lane' ? failure.hop : failure.hop + 1
      if (exactIn) {
        const swapIn = prefixAmountIn(path.edges, hop, target)
        return swapIn === undefined ? [] : [grossForNet(swapIn, protocolFeeBps, appBps)]
      }
      const out = suffixAmountOut(path.edges, hop, target)
      return out === undefined ? [] : [out]
    })
    return new AmountTooLowError({ ...pair, minAmount: minimums.length > 0 ? min(minimums) : request.amount + 1n })
  }
  if (kind === 'tooHigh') {
    const maximums = relevant.flatMap(({ path, failure }) => {
      const edge = path.edges[failure.hop]!
      if (edge.kind !== 'lane') return []
      const laneMax = laneMaximumInput(edge.lane)
      if (laneMax === undefined) return []
      if (exactIn) {
        const above = prefixAmountIn(path.edges, failure.hop, laneMax + 1n)
        if (above === undefined || above === 0n) return []
        const gross = grossForNet(above, protocolFeeBps, appBps) - 1n
        return gross > 0n ? [gross] : []
      }
      const out = suffixAmountOut(path.edges, failure.hop, laneMax)
      return out === undefined ? [] : [out]
    })
    return new AmountTooHighError({ ...pair, maxAmount: maximums.length > 0 ? max(maximums) : 0n })
  }
  if (kind === 'excessiveFee') return new ExcessiveFeeError()
  return new InsufficientLiquidityError()
}

/** Smallest input a lane accepts: its minimum, and at least twice its flat fee (SPEC §8's 50% rule). */
function laneMinimumInput(lane: BridgeLane): bigint {
  return lane.minAmount > lane.flatFee * 2n ? lane.minAmount : lane.flatFee * 2n
}

/** Largest input a lane accepts: its maximum, or less where its liquidity cannot deliver that much. */
function laneMaximumInput(lane: BridgeLane): bigint | undefined {
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

const min = (values: bigint[]) => values.reduce((a, b) => (b < a ? b : a))
const max = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a))
