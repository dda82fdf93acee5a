import type { Snapshot } from './graph/types.js'
import { quote } from './quote/quote.js'
import { type ApplicableTrade, applyTrade } from './research/applyTrade.js'
import type { ParsedQuoteRequest, QuoteRequest, QuoteResult } from './quote/types.js'
import { DEFAULT_ROUTER_OPTIONS, type RouterOptions, createRouter } from './routing/router.js'

/** Engine options; all optional (see `DEFAULT_ENGINE_OPTIONS`). */
export interface EngineOptions extends Partial<RouterOptions> {
  /** Protocol fee in bps of the input, charged in the source token (default 0). */
  protocolFeeBps?: number
}

export const DEFAULT_ENGINE_OPTIONS = Object.freeze({ ...DEFAULT_ROUTER_OPTIONS, protocolFeeBps: 0 })

/** A routing engine over one snapshot. Pure and synchronous: no I/O, clock or randomness. */
export interface Engine {
  /** The snapshot the engine routes over. */
  readonly snapshot: Snapshot
  /** The options in force (defaults filled in). */
  readonly options: Readonly<Required<EngineOptions>>
  /**
   * Quotes a swap or bridge. The same snapshot and request always give the same result. A request already
   * parsed by `parseQuoteRequest` (as the HTTP service does) is not parsed again.
   * @throws a `BaseError` subclass carrying the spec's code, HTTP status and details.
   */
  quote(request: QuoteRequest | ParsedQuoteRequest): QuoteResult
  /**
   * What-if: an engine over the snapshot after `trade` (a quote of this engine, or one of its routes) executed —
   * its pools and lanes moved, everything else shared; same options. This engine is untouched.
   * @throws ApplyTradeError when the trade does not fit this snapshot (see `applyTrade`).
   * @example const after = engine.apply(engine.quote(request)); after.quote(request) // the trade's price impact
   */
  apply(trade: ApplicableTrade): Engine
}

/**
 * Creates a routing engine over a loaded snapshot. Building the routing graph happens here, once; candidate
 * paths are searched on the first quote of each (source, destination) pair and cached.
 *
 * @throws TypeError when an option is out of range (the message names it).
 *
 * @example
 * const engine = createEngine(loadSnapshotFile(), { protocolFeeBps: 10 }) // loadSnapshotFile: crossroute/loader
 * const result = engine.quote({ sender, srcChainId: 42161, srcToken: USDC, dstChainId: 42161, dstToken: WETH,
 *   amount: '1000000000', swapDirection: 'exact-amount-in', slippage: 50 })
 */
export function createEngine(snapshot: Snapshot, options: EngineOptions = {}): Engine {
  const settings = { ...DEFAULT_ENGINE_OPTIONS, ...options }
  checkOptions(settings)
  const router = createRouter(snapshot, settings)
  const context = { router, protocolFeeBps: settings.protocolFeeBps }
  const engine: Engine = Object.freeze({
    snapshot,
    options: Object.freeze(settings),
    quote: (request: QuoteRequest | ParsedQuoteRequest) => quote(context, request),
    apply: (trade: ApplicableTrade) => createEngine(applyTrade(snapshot, trade), options),
  })
  return engine
}

function checkOptions(settings: Required<EngineOptions>): void {
  const integer = (name: keyof EngineOptions, min: number, max: number) => {
    const value = settings[name]
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new TypeError(`option ${name} must be an integer from ${min} to ${max}, got ${String(value)}`)
    }
  }
  integer('protocolFeeBps', 0, 9_999)
  integer('maxPoolsPerChain', 1, 3)
  integer('maxBridgeHops', 0, 2)
  integer('candidatesPerRanking', 1, 1_000)
  integer('labelsPerState', 1, 1_000)
  integer('pathCacheSize', 1, 10_000_000)
  integer('routesPerQuote', 1, 100)
  integer('connectorsPerChain', 1, 1_000_000)
}
