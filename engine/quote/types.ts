/**
 * The engine's request and result types. Each is the `Static` type of its schema in `engine/schema/`, so the
 * types, the runtime validation and the OpenAPI document cannot disagree.
 */
export type { AppFee, SwapDirection, VmId } from '../schema/scalars.js'
export type { ParsedQuoteRequest, QuoteRequest } from '../schema/quoteRequest.js'
export type {
  AppFeeAmount,
  BridgeRouteEntry,
  QuoteResult,
  RouteQuote,
  RouteStep,
  SplitPart,
  TokenAmount,
} from '../schema/quoteResult.js'
