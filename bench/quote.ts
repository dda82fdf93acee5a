/**
 * Quote latency suites (tinybench): repeated calls of a pair whose candidate paths are cached, and the first call
 * of a pair, whose candidate search is not. Setup and the one-time result check happen before any timing.
 */
import { Bench } from 'tinybench'
import type { Engine } from '../engine/index.js'
import { EVICTOR_CASE, EVICTOR_REQUEST, type QuoteCase, type RouteSummary, amountVariants, checkCase } from './cases.js'
import { type LatencyStats, statsOf } from './stats.js'

export interface QuoteSuiteParameters {
  readonly fixture: string
  readonly cases: readonly QuoteCase[]
  /** An engine with the default options (its path cache keeps every pair). */
  readonly engine: Engine
  /** An engine over the same snapshot with `pathCacheSize: 1`, for first calls. */
  readonly firstCallEngine: Engine
  /** Time budget of each repeated-call task, ms. */
  readonly repeatedTimeMs: number
  /** First-call samples per case. */
  readonly firstCallSamples: number
}

export interface QuoteCaseResult {
  readonly case: QuoteCase['id']
  readonly route: RouteSummary
  readonly repeated: LatencyStats
  readonly firstCall: LatencyStats
}

/** Task names, `area: case (fixture)`. */
export const repeatedTaskName = (caseId: string, fixture: string) => `quote: ${caseId} (${fixture})`
export const firstCallTaskName = (caseId: string, fixture: string) => `first quote: ${caseId} (${fixture})`

/**
 * Runs both suites on one fixture: repeated calls first (they also warm the JIT), then first calls.
 *
 * First calls: the engine keeps one pair in its path cache, and before each timed call (untimed, in tinybench's
 * `beforeEach`) it quotes another pair, so every timed call searches the case's candidate paths afresh — what a
 * long-running service pays on a pair it has not seen. Per-pool caches (tick prices, prepared Curve pools) belong to
 * the snapshot and stay warm, as they would in that service.
 */
export async function runQuoteSuites(parameters: QuoteSuiteParameters): Promise<QuoteCaseResult[]> {
  const { fixture, cases, engine, firstCallEngine } = parameters
  if (firstCallEngine.options.pathCacheSize !== 1) throw new Error('firstCallEngine must have pathCacheSize 1')
  const routes = new Map(cases.map((c) => [c.id, checkCase(engine, c, fixture)] as const))
  checkCase(firstCallEngine, EVICTOR_CASE, fixture)

  const repeated = new Bench({
    name: `quote, repeated (${fixture})`,
    time: parameters.repeatedTimeMs,
    warmupTime: 200,
    throws: true,
  })
  for (const quoteCase of cases) {
    const requests = amountVariants(quoteCase.request)
    let i = 0
    repeated.add(repeatedTaskName(quoteCase.id, fixture), () => engine.quote(requests[i++ & 63]!))
  }
  await repeated.run()

  const first = new Bench({
    name: `quote, first call (${fixture})`,
    time: 0,
    iterations: parameters.firstCallSamples,
    warmup: false,
    throws: true,
  })
  for (const quoteCase of cases) {
    first.add(firstCallTaskName(quoteCase.id, fixture), () => firstCallEngine.quote(quoteCase.request), {
      beforeEach: () => {
        firstCallEngine.quote(EVICTOR_REQUEST)
      },
    })
  }
  await first.run()

  return cases.map((quoteCase) => ({
    case: quoteCase.id,
    route: routes.get(quoteCase.id)!,
    repeated: statsOf(repeated.getTask(repeatedTaskName(quoteCase.id, fixture))),
    firstCall: statsOf(first.getTask(firstCallTaskName(quoteCase.id, fixture))),
  }))
}
