/**
 * Every schema of the engine's wire objects, by name: `import { schemas } from 'crossroute'`. Each is a JSON
 * Schema (TypeBox) usable with any validator; `Static<typeof schemas.X>` is its TypeScript type.
 */
export {
  Address,
  AmountString,
  AppFee,
  AppFees,
  BitcoinAddress,
  BridgeId,
  ChainId,
  EvmAddress,
  Hex,
  MaxPriceImpact,
  MaxSplits,
  Slippage,
  SolanaAddress,
  SwapDirection,
  TokenAddress,
  TronAddress,
  VmId,
} from './scalars.js'
export { QuoteRequestSchema as QuoteRequest } from './quoteRequest.js'
export {
  AppFeeAmount,
  BridgeRouteEntry,
  QuoteResult,
  RouteQuote,
  RouteStep,
  SplitPart,
  TokenAmount,
  routeProperties,
} from './quoteResult.js'
