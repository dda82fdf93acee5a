import { type ErrorCode, type ErrorDetails, BaseError } from './BaseError.js'
import {
  AmountTooHighError,
  AmountTooLowError,
  ExcessiveFeeError,
  InsufficientFundsError,
  InsufficientLiquidityError,
  InvalidAmountZeroError,
  PriceImpactTooHighError,
} from './amountErrors.js'
import {
  InvalidAddressError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  UnsupportedSwapDirectionError,
} from './requestErrors.js'
import {
  CrossVmReceiverRequiredError,
  InvalidSnapshotError,
  NoAvailableRouteError,
  RouteNotExecutableError,
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkError,
  UnsupportedNetworkPairError,
} from './routeErrors.js'
export * from './BaseError.js'
export * from './amountErrors.js'
export * from './displayValue.js'
export * from './requestErrors.js'
export * from './routeErrors.js'

/** Every engine error class, by its code (the service adds its HTTP-only ones: `API_ERROR_CLASSES`). */
export const ERROR_CLASSES = {
  AMOUNT_TOO_HIGH: AmountTooHighError,
  AMOUNT_TOO_LOW: AmountTooLowError,
  CROSS_VM_RECEIVER_REQUIRED: CrossVmReceiverRequiredError,
  EXCESSIVE_FEE: ExcessiveFeeError,
  INSUFFICIENT_LIQUIDITY: InsufficientLiquidityError,
  INSUFFICIENT_FUNDS: InsufficientFundsError,
  INVALID_ADDRESS_FORMAT: InvalidAddressError,
  INVALID_AMOUNT_ZERO: InvalidAmountZeroError,
  INVALID_DESTINATION_TOKEN: InvalidDstTokenError,
  INVALID_PARAMETER: InvalidParameterError,
  INVALID_SOURCE_TOKEN: InvalidSrcTokenError,
  MISSING_REQUIRED_FIELD: MissingRequiredFieldError,
  NO_AVAILABLE_ROUTE: NoAvailableRouteError,
  PRICE_IMPACT_TOO_HIGH: PriceImpactTooHighError,
  ROUTE_NOT_EXECUTABLE: RouteNotExecutableError,
  UNSUPPORTED_NETWORK: UnsupportedNetworkError,
  UNSUPPORTED_NETWORK_PAIR: UnsupportedNetworkPairError,
  UNSUPPORTED_NETWORK_TOKEN_PAIR: UnsupportedNetworkAndTokenPairError,
  UNSUPPORTED_SWAP_DIRECTION: UnsupportedSwapDirectionError,
  INVALID_SNAPSHOT: InvalidSnapshotError,
} as const satisfies Record<ErrorCode, { code: ErrorCode; status: number; title: string; errorName: string }>

/**
 * Whether a value is one of our errors (an instance, as opposed to an unexpected throw): the engine's, or one of the
 * service's, whose code is outside the engine's `ErrorCode`.
 */
export function isBaseError(value: unknown): value is BaseError<ErrorDetails | undefined, string> {
  return value instanceof BaseError
}
