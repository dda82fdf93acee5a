/**
 * Float bounds of what a candidate path can do at an amount, for the ranking to skip paths that cannot enter the
 * top routes (`router.ts`). Upper bounds of the output (exact-in) and lower bounds of the input (exact-out), each
 * composed of its hops' bounds (`poolBound.ts`); the routes a quote returns are always evaluated exactly.
 */
import type { Edge } from './graph.js'
import type { NetworkCost } from './networkCost.js'
import { type HopBound, hopBoundOf, hopOutputBound } from './poolBound.js'

/** Margin on float bounds so that rounding in the bound itself can never prune a better path. */
export const BOUND_SLACK = 1 + 1e-9
/** Relative size of the float error a bound may carry (a few roundings of at most 2^-53 each, with a wide margin). */
const BOUND_ERROR = 1e-12

/** What a path's bounds read, computed once with its candidates. */
export interface PathBoundTerms {
  /** `networkCost.inDstToken` and `inSrcToken` as numbers. */
  readonly costInDst: number
  readonly costInSrc: number
  /** Whether a lane charges a flat fee. */
  readonly hasFlatFee: boolean
  /** Whether a pool's output has a bound tighter than its mid rate (`poolBound.ts`). */
  readonly hasTighterBound: boolean
  /** Each hop's bound terms. */
  readonly hops: readonly HopBound[]
}

/** A path as its bounds see it. */
export interface BoundedPath {
  readonly edges: readonly Edge[]
  /** Product of the hops' mid rates after fees. */
  readonly rate: number
  readonly boundTerms: PathBoundTerms
}

/**
 * The bound terms of a path.
 *
 * @example
 * pathBoundTermsOf(path.edges, networkCostOf(graph, path.edges)).costInDst // 271000
 */
export function pathBoundTermsOf(edges: readonly Edge[], networkCost: NetworkCost): PathBoundTerms {
  const hops = edges.map(hopBoundOf)
  return {
    costInDst: Number(networkCost.inDstToken),
    costInSrc: Number(networkCost.inSrcToken),
    hasFlatFee: hops.some((hop) => hop.flatFee !== 0),
    hasTighterBound: hops.some((hop) => hop.bound !== undefined),
    hops,
  }
}

/**
 * An upper bound (float) of what a path delivers for `amountIn`: each hop at its mid rate after fees, minus each
 * lane's flat fee where it is charged (no hop executes above its marginal rate after fees); concentrated and
 * constant-product pools by their tighter bounds (`hopOutputBound`: the real-number swap of the current range or
 * reserves). Every hop's bound is non-decreasing in its input, so the composition bounds the path. The slack
 * covers the float roundings, including a flat fee's cancellation (an absolute error under `amountIn × rate ×
 * BOUND_ERROR`).
 *
 * @example
 * outputBound(path, 1e9) >= Number(evaluateIn(path.edges, 10n ** 9n).amounts.at(-1)) // true
 */
export function outputBound(path: BoundedPath, amountIn: number): number {
  const { hasFlatFee, hasTighterBound, hops } = path.boundTerms
  if (!hasFlatFee && !hasTighterBound) return amountIn * path.rate * (BOUND_SLACK + BOUND_ERROR)
  let x = amountIn
  for (let hop = 0; hop < hops.length; hop++) x = hopOutputBound(hops[hop]!, x)
  return x * BOUND_SLACK + amountIn * path.rate * BOUND_ERROR
}

/**
 * A lower bound (float) of the input a path needs to deliver `amountOut`: the mid-rate bound walked backwards (flat
 * fees added back).
 *
 * @example
 * inputBound(path, 5e17) <= Number(evaluateOut(path.edges, 5n * 10n ** 17n).amounts[0]) // true
 */
export function inputBound(path: BoundedPath, amountOut: number): number {
  const { hasFlatFee, hops } = path.boundTerms
  if (!hasFlatFee) return (amountOut / path.rate) * (1 / BOUND_SLACK - BOUND_ERROR)
  let x = amountOut
  for (let hop = hops.length - 1; hop >= 0; hop--) x = x / hops[hop]!.rate + hops[hop]!.flatFee
  return x / BOUND_SLACK - (amountOut / path.rate) * BOUND_ERROR
}
