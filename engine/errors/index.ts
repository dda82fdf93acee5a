import { type ErrorCode, type ErrorData, BaseError } from './BaseError.js'
import {
  AmountTooHighError,
  AmountTooLowError,
  ExcessiveFeeError,
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
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkError,
  UnsupportedNetworkPairError,
} from './routeErrors.js'
import {
  GeoBlockingError,
  InternalServerError,
  InvalidApiKeyError,
  MethodNotAllowedError,
  MissingApiKeyError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  WalletScreeningError,
} from './serviceErrors.js'

export * from './BaseError.js'
export * from './amountErrors.js'
export * from './requestErrors.js'
export * from './routeErrors.js'
export * from './serviceErrors.js'

/** Every error class, by its code. */
export const ERROR_CLASSES = {
  AMOUNT_TOO_HIGH: AmountTooHighError,
  AMOUNT_TOO_LOW: AmountTooLowError,
  CROSS_VM_RECEIVER_REQUIRED: CrossVmReceiverRequiredError,
  EXCESSIVE_FEE: ExcessiveFeeError,
  INSUFFICIENT_LIQUIDITY: InsufficientLiquidityError,
  INVALID_ADDRESS_FORMAT: InvalidAddressError,
  INVALID_AMOUNT_ZERO: InvalidAmountZeroError,
  INVALID_DESTINATION_TOKEN: InvalidDstTokenError,
  INVALID_PARAMETER: InvalidParameterError,
  INVALID_SOURCE_TOKEN: InvalidSrcTokenError,
  MISSING_REQUIRED_FIELD: MissingRequiredFieldError,
  NO_AVAILABLE_ROUTE: NoAvailableRouteError,
  PRICE_IMPACT_TOO_HIGH: PriceImpactTooHighError,
  UNSUPPORTED_NETWORK: UnsupportedNetworkError,
  UNSUPPORTED_NETWORK_PAIR: UnsupportedNetworkPairError,
  UNSUPPORTED_NETWORK_TOKEN_PAIR: UnsupportedNetworkAndTokenPairError,
  UNSUPPORTED_SWAP_DIRECTION: UnsupportedSwapDirectionError,
  INVALID_API_KEY: InvalidApiKeyError,
  MISSING_API_KEY: MissingApiKeyError,
  GEO_BLOCKED: GeoBlockingError,
  WALLET_SCREENED: WalletScreeningError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  NOT_FOUND: NotFoundError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  INTERNAL_SERVER_ERROR: InternalServerError,
  INVALID_SNAPSHOT: InvalidSnapshotError,
} as const satisfies Record<ErrorCode, { code: ErrorCode; status: number; title: string; errorName: string }>

/**
 * Rebuilds an error class from its plain-data form (`BaseError.toData`), e.g. after a worker-thread boundary.
 * The message and details are kept exactly as sent; an unknown code becomes an `InternalServerError`.
 *
 * @example
 * const error = errorFromData(JSON.parse(text))
 * error instanceof NoAvailableRouteError // true when text came from one
 */
export function errorFromData(data: ErrorData): BaseError {
  const ErrorClass = (ERROR_CLASSES as Record<string, (typeof ERROR_CLASSES)[ErrorCode] | undefined>)[data.code]
  if (ErrorClass === undefined) return new InternalServerError()
  // Bypass the constructors (they format messages from typed details) and restore the fields as sent.
  const error = Object.create(ErrorClass.prototype) as BaseError & { message: string; details: unknown }
  Object.defineProperty(error, 'message', { value: data.message, writable: true, configurable: true })
  Object.defineProperty(error, 'details', { value: data.details, writable: false, configurable: true })
  return error
}

/** Whether a value is one of our errors (an instance, as opposed to an unexpected throw). */
export function isBaseError(value: unknown): value is BaseError {
  return value instanceof BaseError
}
