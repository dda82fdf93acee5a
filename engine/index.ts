/**
 * crossroute routing engine: exact quotes for swaps and bridges over a liquidity snapshot.
 *
 * Pure: no file reads. Snapshot files and the default fixture are read by `crossroute/loader` (`engine/loader.ts`).
 *
 * @example
 * import { createEngine } from 'crossroute'
 * import { loadSnapshotFile } from 'crossroute/loader'
 * const engine = createEngine(loadSnapshotFile())
 * const result = engine.quote({ sender, srcChainId: 8453, srcToken, dstChainId: 10, dstToken,
 *   amount: '250000000', swapDirection: 'exact-amount-in', slippage: 50 })
 */
export { createEngine, DEFAULT_ENGINE_OPTIONS } from './createEngine.js'
export type { Engine, EngineOptions } from './createEngine.js'
export { loadSnapshot } from './graph/loadSnapshot.js'
export { SNAPSHOT_ID_PATTERN, canonicalSnapshotText, snapshotIdOf } from './graph/snapshotId.js'
export { tokenKey } from './graph/validateSnapshot.js'
export { BRIDGE_IDS } from './graph/types.js'
export { getBridgeInfo, isBridgeId } from './bridges/registry.js'
export type { BridgeInfo } from './bridges/registry.js'
export type {
  BridgeId,
  BridgeLane,
  BridgeLaneJson,
  Chain,
  ChainJson,
  Pool,
  PoolJson,
  PoolKind,
  Snapshot,
  SnapshotJson,
  Token,
  TokenJson,
  Vm,
} from './graph/types.js'
export type {
  AppFee,
  AppFeeAmount,
  BridgeRouteEntry,
  ParsedQuoteRequest,
  QuoteRequest,
  QuoteResult,
  RouteQuote,
  RouteStep,
  SplitPart,
  SwapDirection,
  TokenAmount,
} from './quote/types.js'
export {
  isParsedQuoteRequest,
  parseQuoteRequest,
  parseValidQuoteRequest,
  QuoteRequestSchema,
} from './schema/quoteRequest.js'
export type { ParseQuoteRequestOptions, ValidQuoteRequest } from './schema/quoteRequest.js'
export * as schemas from './schema/schemas.js'
export * as rules from './schema/rules.js'
export { compileValidator } from './schema/validate.js'
export type { ValidationContext, Validator } from './schema/validate.js'
export { addressProblem, walletAddressProblem, normalizeAddress, vmIdOf, isNativeSentinel } from './vm/addresses.js'
export {
  ADDRESS_FAMILIES,
  VM_IDS,
  addressFamilyOf,
  isVmId,
  sameAddressFamily,
  txHashProblem,
  vmModuleOf,
  vmModuleOfFamily,
} from './vm/registry.js'
export type { AddressFamily, VmId, VmModule } from './vm/vmModule.js'
export {
  AmountTooHighError,
  AmountTooLowError,
  BaseError,
  CrossVmReceiverRequiredError,
  ERROR_CLASSES,
  ExcessiveFeeError,
  InsufficientFundsError,
  InsufficientLiquidityError,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSnapshotError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  NoAvailableRouteError,
  PriceImpactTooHighError,
  RouteNotExecutableError,
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkError,
  UnsupportedNetworkPairError,
  UnsupportedSwapDirectionError,
  isBaseError,
} from './errors/index.js'
export type { ErrorCode, ErrorDetails } from './errors/index.js'
export { applyTrade, ApplyTradeError } from './research/applyTrade.js'
export type { ApplicableTrade } from './research/applyTrade.js'
export { quoteMany, quoteOne } from './research/quoteMany.js'
export type { QuoteFailure, QuoteManyItem } from './research/quoteMany.js'
export { routeIds, sweep, sweepPointOf } from './research/sweep.js'
export type { SweepPoint } from './research/sweep.js'
