/**
 * Splitting one amount across several routes, the way Uniswap's smart-order-router does: a percentage grid.
 *
 * Each candidate path of the pair is evaluated exactly at every grid share of the amount (5 %, 10 %, …, 100 %);
 * then, over every set of up to `maxSplits` candidates that share no pool and no lane (parts through a shared pool
 * would move each other's price, so their outputs would not add up), a dynamic programme over the grid finds the
 * shares that give the most out net of each part's network cost (exact-in) or need the least in plus cost
 * (exact-out). The search runs on floats; the winner is then evaluated exactly, and offered only if it beats the
 * best single route exactly, net of the added network cost.
 *
 * Cost is bounded before the grid: no split can deliver more than `amount × best mid-price rate` (execution never
 * beats the marginal price after fees), so when that bound, less the two cheapest routes' network costs, does not
 * beat the best single route — a route with tiny price impact — nothing is evaluated; and a candidate whose first
 * grid step earns no more, net of its cost, than the best route's last step is dropped after one evaluation (pools
 * are concave: it cannot improve a split containing the best route).
 */
import type { BridgeId } from '../graph/types.js'
import { evaluateIn, evaluateOut } from './evaluate.js'
import { BOUND_SLACK } from './pathBound.js'
import type { EvaluatedRoute, RankedPath, Router } from './router.js'
import { priceImpactPercent } from './priceImpact.js'

/** Grid steps of the whole amount: 20 steps of 5 %, Uniswap's default `distributionPercent`. */
export const SPLIT_GRID_STEPS = 20
/** Candidate paths (best mid-price rate first) whose grid is evaluated: 20 exact evaluations each. */
export const SPLIT_CANDIDATES = 8

/** Margin on float bounds so that rounding in the bound can never skip a split that wins exactly. */

/** One part of a split: a route evaluated exactly at its part of the amount. */
export interface RoutePart {
  readonly route: EvaluatedRoute
  /** The part of the amount this route was evaluated for (exact-in: its input; exact-out: its wanted output). */
  readonly amount: bigint
  /** The part's share of the amount, bps; the parts' shares sum to 10000. */
  readonly shareBps: number
}

/** A split that beats the best single route, parts by decreasing share. */
export interface Split {
  readonly parts: readonly RoutePart[]
  /** Price impact of the whole (percent): 1 − Σ out / Σ (out at each part's mid prices). */
  readonly priceImpact: number
}

/** What a split may use and must respect. */
export interface FindSplitOptions {
  /** Most parts (at least 2 for any split to be searched). */
  readonly maxSplits: number
  readonly bridgeIds?: ReadonlySet<BridgeId> | undefined
  /** The whole split's price impact must stay within it (percent). */
  readonly maxPriceImpact?: number | undefined
}

/** A candidate with its grid: `score[k]` for k grid steps (exact-in: out − cost; exact-out: −(in + cost)). */
interface GridPath {
  readonly path: RankedPath
  readonly score: Float64Array
  readonly amounts: (readonly bigint[] | undefined)[]
  readonly ids: ReadonlySet<string>
}

/**
 * The best split of an amount across up to `maxSplits` disjoint routes, if one beats the best single route.
 *
 * @param router - the router that ranked `best` (its candidate paths are cached).
 * @param amount - exact-in: the net input to swap; exact-out: the wanted output.
 * @param best - the best single route at `amount` (`rankExactIn`/`rankExactOut`'s first).
 * @returns the split, or `undefined` when none beats `best` net of network cost (or `maxSplits` < 2).
 *
 * @example
 * const split = findSplit(router, srcKey, dstKey, 10_000_000_000_000n, true, ranked.routes[0], { maxSplits: 3 })
 * split?.parts.map((part) => part.shareBps) // [6000, 4000]
 */
export function findSplit(
  router: Router,
  srcKey: string,
  dstKey: string,
  amount: bigint,
  exactIn: boolean,
  best: EvaluatedRoute,
  options: FindSplitOptions,
): Split | undefined {
  if (options.maxSplits < 2) return undefined
  const found = router.candidates(srcKey, dstKey, options.bridgeIds)
  if (!found.ok || found.candidates.length < 2) return undefined
  const costOf = (path: RankedPath) => (exactIn ? path.networkCost.inDstToken : path.networkCost.inSrcToken)
  const bestValue = valueOf(best, costOf(best.path), exactIn)

  // Bound: a split delivers at most amount × best rate (needs at least amount / best rate), and pays at least the
  // two cheapest routes' costs.
  const paths = found.candidates.slice(0, SPLIT_CANDIDATES)
  const costs = paths.map((path) => Number(costOf(path))).sort((a, b) => a - b)
  const leastCost = costs[0]! + (costs[1] ?? 0)
  const amountNumber = Number(amount)
  const bestRate = found.candidates[0]!.rate
  const bound = exactIn
    ? amountNumber * bestRate * BOUND_SLACK - leastCost
    : -(amountNumber / bestRate / BOUND_SLACK + leastCost)
  if (bound <= Number(exactIn ? bestValue : -bestValue)) return undefined

  // Pruning by the best route's last grid step: pools are concave (each further unit buys less), so a path whose
  // first step, net of its cost, earns no more than the best route's last step (`margin`) cannot improve a split
  // that contains the best route — moving its share to the best route does at least as well. Its grid is skipped.
  const step = gridAmount(amount, 1)
  if (step === 0n) return undefined
  const below = exactIn ? evaluateIn(best.path.edges, amount - step) : evaluateOut(best.path.edges, amount - step)
  const rawOf = (amounts: readonly bigint[]) => (exactIn ? Number(amounts[amounts.length - 1]!) : -Number(amounts[0]!))
  const margin = below.ok ? rawOf(best.amounts) - rawOf(below.amounts) : -Infinity
  const stepNumber = Number(step)
  const kept = paths.filter((path) => {
    if (path === best.path) return false
    const cost = Number(costOf(path))
    const upper = exactIn ? stepNumber * path.rate * BOUND_SLACK : -stepNumber / path.rate / BOUND_SLACK
    if (upper - cost <= margin) return false
    const first = exactIn ? evaluateIn(path.edges, step) : evaluateOut(path.edges, step)
    return !first.ok || rawOf(first.amounts) - cost > margin
  })
  if (kept.length === 0) return undefined
  kept.unshift(best.path)

  const grid = kept.map((path) => gridOf(path, amount, exactIn, Number(costOf(path))))
  const choice = bestCombination(grid, options.maxSplits)
  if (choice === undefined || choice.score <= Number(exactIn ? bestValue : -bestValue)) return undefined

  // Exact parts: grid amounts for all but the last, which takes the remainder so that the parts sum to `amount`.
  const parts: RoutePart[] = []
  let assigned = 0n
  let value = 0n
  for (let index = 0; index < choice.members.length; index++) {
    const member = grid[choice.members[index]!]!
    const steps = choice.steps[index]!
    const isLast = index === choice.members.length - 1
    const partAmount = isLast ? amount - assigned : gridAmount(amount, steps)
    assigned += partAmount
    let amounts = isLast ? undefined : member.amounts[steps]
    if (amounts === undefined) {
      const evaluation = exactIn
        ? evaluateIn(member.path.edges, partAmount)
        : evaluateOut(member.path.edges, partAmount)
      if (!evaluation.ok) return undefined
      amounts = evaluation.amounts
    }
    const route = { path: member.path, amounts, priceImpact: priceImpactPercent(member.path.edges, amounts) }
    value += valueOf(route, costOf(member.path), exactIn)
    const shareBps = isLast
      ? 10_000 - parts.reduce((sum, part) => sum + part.shareBps, 0)
      : (steps * 10_000) / SPLIT_GRID_STEPS
    parts.push({ route, amount: partAmount, shareBps })
  }
  if (exactIn ? value <= bestValue : value >= bestValue) return undefined
  const priceImpact = combinedPriceImpact(parts.map((part) => part.route))
  if (priceImpact > (options.maxPriceImpact ?? Infinity)) return undefined
  parts.sort((a, b) => b.shareBps - a.shareBps)
  return { parts, priceImpact }
}

/** Exact-in: output − cost (in the output token); exact-out: input + cost (in the input token). */
function valueOf(route: EvaluatedRoute, cost: bigint, exactIn: boolean): bigint {
  const amounts = route.amounts
  return exactIn ? amounts[amounts.length - 1]! - cost : amounts[0]! + cost
}

/** `amount × steps / SPLIT_GRID_STEPS`, rounded down. */
function gridAmount(amount: bigint, steps: number): bigint {
  return (amount * BigInt(steps)) / BigInt(SPLIT_GRID_STEPS)
}

/** Evaluates a path exactly at every grid share; a share it cannot carry scores −∞. */
function gridOf(path: RankedPath, amount: bigint, exactIn: boolean, cost: number): GridPath {
  const score = new Float64Array(SPLIT_GRID_STEPS + 1).fill(-Infinity)
  const amounts: (readonly bigint[] | undefined)[] = new Array<readonly bigint[] | undefined>(SPLIT_GRID_STEPS + 1)
  for (let steps = 1; steps <= SPLIT_GRID_STEPS; steps++) {
    const part = gridAmount(amount, steps)
    if (part === 0n) continue
    const evaluation = exactIn ? evaluateIn(path.edges, part) : evaluateOut(path.edges, part)
    if (!evaluation.ok) continue
    const values = evaluation.amounts
    amounts[steps] = values
    score[steps] = exactIn ? Number(values[values.length - 1]!) - cost : -(Number(values[0]!) + cost)
  }
  const ids = new Set<string>()
  for (const edge of path.edges) {
    if (edge.kind === 'pool') ids.add(`pool:${edge.pool.id}`)
    else if (edge.kind === 'lane') ids.add(`lane:${edge.lane.id}`)
  }
  return { path, score, amounts, ids }
}

/**
 * The best combination on the grid: over every set of 2 to `maxSplits` pairwise disjoint paths, the shares (each at
 * least one step, all summing to the whole) with the highest total score.
 */
function bestCombination(
  grid: readonly GridPath[],
  maxSplits: number,
): { members: number[]; steps: number[]; score: number } | undefined {
  const n = grid.length
  const disjoint = grid.map((a) => grid.map((b) => a !== b && [...a.ids].every((id) => !b.ids.has(id))))
  let best: { members: number[]; steps: number[]; score: number } | undefined
  const members: number[] = []
  const visit = (from: number) => {
    if (members.length >= 2) {
      const result = allocate(members.map((index) => grid[index]!.score))
      if (result !== undefined && (best === undefined || result.score > best.score)) {
        best = { members: [...members], steps: result.steps, score: result.score }
      }
    }
    if (members.length === maxSplits) return
    for (let next = from; next < n; next++) {
      if (!members.every((member) => disjoint[member]![next])) continue
      members.push(next)
      visit(next + 1)
      members.pop()
    }
  }
  visit(0)
  return best
}

/** Shares (grid steps, each ≥ 1, summing to the grid) of the given paths with the highest total score. */
function allocate(scores: readonly Float64Array[]): { steps: number[]; score: number } | undefined {
  const total = SPLIT_GRID_STEPS
  // table[j][t]: best score of the first j + 1 paths sharing t steps; choice[j][t]: steps of path j.
  let previous = scores[0]!
  const choices: Int8Array[] = []
  for (let j = 1; j < scores.length; j++) {
    const current = new Float64Array(total + 1).fill(-Infinity)
    const choice = new Int8Array(total + 1)
    const score = scores[j]!
    for (let t = j + 1; t <= total; t++) {
      for (let u = 1; u <= t - j; u++) {
        const candidate = previous[t - u]! + score[u]!
        if (candidate > current[t]!) {
          current[t] = candidate
          choice[t] = u
        }
      }
    }
    choices.push(choice)
    previous = current
  }
  if (previous[total] === -Infinity) return undefined
  const steps = new Array<number>(scores.length)
  let t = total
  for (let j = scores.length - 1; j >= 1; j--) {
    steps[j] = choices[j - 1]![t]!
    t -= steps[j]!
  }
  steps[0] = t
  return { steps, score: previous[total]! }
}

/** Price impact of parts together (percent): each part's output at its mid prices is out / (1 − impact). */
function combinedPriceImpact(routes: readonly EvaluatedRoute[]): number {
  let out = 0
  let atMid = 0
  for (const route of routes) {
    const delivered = Number(route.amounts[route.amounts.length - 1]!)
    out += delivered
    atMid += route.priceImpact >= 100 ? Infinity : delivered / (1 - route.priceImpact / 100)
  }
  const impact = atMid === 0 ? 0 : Math.max(0, (1 - out / atMid) * 100)
  return Math.round(impact * 1e8) / 1e8
}
