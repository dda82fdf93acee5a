/**
 * The errors only the HTTP service answers (DESIGN: "an HTTP-only error lives in `service/`"): API keys (SPEC §5),
 * compliance (geo, wallet screening), unknown paths and methods, body size, capacity and the catch-all 500. The
 * engine raises none of them; its own errors (`crossroute/errors`) are the request and routing ones.
 *
 * Imports only `engine/errors/` and `engine/schema/errorDetails.ts`, never the engine's entry: the main thread
 * renders 413/503/500 with these classes and must not load the chain libraries.
 */
import { BaseError, ERROR_CLASSES, type ErrorCode, type ErrorDetails } from '../engine/errors/index.js'
import type {
  GaslessNotEnabledDetails,
  GeoBlockedDetails,
  MethodNotAllowedDetails,
  NotFoundDetails,
  PayloadTooLargeDetails,
  RateLimitedDetails,
  ServiceErrorCode,
  ServiceUnavailableDetails,
  SimulationRevertedDetails,
  WalletScreenedDetails,
} from './schema/errorDetails.js'

export type { ServiceErrorCode } from './schema/errorDetails.js'

/** Every code an answer of the service can carry: the engine's and the service's own. */
export type ApiErrorCode = ErrorCode | ServiceErrorCode

/** Any error the service answers with an envelope: an engine error or one of the classes below. */
export type ApiError = BaseError<ErrorDetails | undefined, string>

/** No `x-api-key` header (SPEC §5). */
export class MissingApiKeyError extends BaseError<undefined, ServiceErrorCode> {
  static override readonly code = 'MISSING_API_KEY'
  static override readonly status = 401
  static override readonly title = 'Missing API key'
  static override readonly errorName = 'MissingApiKeyError'
  constructor(message = 'The x-api-key header is required') {
    super(message, undefined)
  }
}

/** The `x-api-key` header names no known key (SPEC §5). */
export class InvalidApiKeyError extends BaseError<undefined, ServiceErrorCode> {
  static override readonly code = 'INVALID_API_KEY'
  static override readonly status = 401
  static override readonly title = 'Invalid API key'
  static override readonly errorName = 'InvalidApiKeyError'
  constructor(message = 'The API key is not valid') {
    super(message, undefined)
  }
}

/** The request comes from a blocked country. `blockedAt` is an ISO date-time. */
export class GeoBlockingError extends BaseError<GeoBlockedDetails, ServiceErrorCode> {
  static override readonly code = 'GEO_BLOCKED'
  static override readonly status = 403
  static override readonly title = 'Region blocked'
  static override readonly errorName = 'GeoBlockingError'
  constructor(details: GeoBlockedDetails) {
    super(`Requests from ${details.countryName} are not allowed`, details)
  }
}

/** A wallet in the request is on the screening list. `screenedAt` is an ISO date-time. */
export class WalletScreeningError extends BaseError<WalletScreenedDetails, ServiceErrorCode> {
  static override readonly code = 'WALLET_SCREENED'
  static override readonly status = 403
  static override readonly title = 'Wallet screened'
  static override readonly errorName = 'WalletScreeningError'
  constructor(details: WalletScreenedDetails) {
    super('A wallet in this request did not pass screening', details)
  }
}

/** `gasless=true` with an API key that does not have gasless enabled (SPEC §5.5). */
export class GaslessNotEnabledError extends BaseError<GaslessNotEnabledDetails, ServiceErrorCode> {
  static override readonly code = 'GASLESS_NOT_ENABLED'
  static override readonly status = 403
  static override readonly title = 'Gasless not enabled'
  static override readonly errorName = 'GaslessNotEnabledError'
  constructor(details: GaslessNotEnabledDetails) {
    super('Gasless execution is not enabled for this API key', details)
  }
}

/**
 * `simulate=true`: the quote's transaction reverts when run (`eth_call`) from the sender on its source chain's
 * current state, so the quote is not answered (README "Simulation").
 */
export class SimulationRevertedError extends BaseError<SimulationRevertedDetails, ServiceErrorCode> {
  static override readonly code = 'SIMULATION_REVERTED'
  static override readonly status = 422
  static override readonly title = 'Simulation reverted'
  static override readonly errorName = 'SimulationRevertedError'
  constructor(details: SimulationRevertedDetails) {
    super(`The quote's transaction reverts on chain ${details.chainId}: ${details.reason}`, details)
  }
}

/** The path exists but not for this HTTP method. */
export class MethodNotAllowedError extends BaseError<MethodNotAllowedDetails, ServiceErrorCode> {
  static override readonly code = 'METHOD_NOT_ALLOWED'
  static override readonly status = 405
  static override readonly title = 'Method not allowed'
  static override readonly errorName = 'MethodNotAllowedError'
  constructor(details: MethodNotAllowedDetails) {
    super(`Method ${details.method} is not allowed on this path`, details)
  }
}

/** No endpoint at this path, or no such resource for this caller. */
export class NotFoundError extends BaseError<NotFoundDetails | undefined, ServiceErrorCode> {
  static override readonly code = 'NOT_FOUND'
  static override readonly status = 404
  static override readonly title = 'Not found'
  static override readonly errorName = 'NotFoundError'
  constructor(message = 'Not found', details?: NotFoundDetails) {
    super(message, details)
  }
}

/** The request body is larger than the configured limit. */
export class PayloadTooLargeError extends BaseError<PayloadTooLargeDetails, ServiceErrorCode> {
  static override readonly code = 'PAYLOAD_TOO_LARGE'
  static override readonly status = 413
  static override readonly title = 'Payload too large'
  static override readonly errorName = 'PayloadTooLargeError'
  constructor(details: PayloadTooLargeDetails) {
    super(`Request body exceeds ${details.limitBytes} bytes`, details)
  }
}

/**
 * The service is saturated, or a chain service it needs for the answer (a node, a UTXO provider) did not answer;
 * retry after the time in the Retry-After header.
 */
/** 429: the API key made its limit of requests in the current window; answered by the main thread (README). */
export class RateLimitedError extends BaseError<RateLimitedDetails, ServiceErrorCode> {
  static override readonly code = 'RATE_LIMITED'
  static override readonly status = 429
  static override readonly title = 'Rate limited'
  static override readonly errorName = 'RateLimitedError'
  /** @param message - by default, the key's limit of requests per window; other limits say their own. */
  constructor(
    details: RateLimitedDetails,
    message = `This API key is limited to ${details.limit} requests per ${details.windowSeconds} s: retry after ` +
      `${details.retryAfterSeconds} s`,
  ) {
    super(message, details)
  }
}

/**
 * How long a client is told to wait (`Retry-After`, seconds) when the pool cannot take a request: its queue is full,
 * the request's deadline passed, or the worker holding it was terminated.
 */
export const AT_CAPACITY_RETRY_AFTER_SECONDS = 1

export class ServiceUnavailableError extends BaseError<ServiceUnavailableDetails, ServiceErrorCode> {
  static override readonly code = 'SERVICE_UNAVAILABLE'
  static override readonly status = 503
  static override readonly title = 'Service unavailable'
  static override readonly errorName = 'ServiceUnavailableError'
  constructor(details: ServiceUnavailableDetails, message = 'The service is at capacity, retry shortly') {
    super(message, details)
  }
}

/** Anything unexpected. Carries no internals: those are logged, not sent. */
export class InternalServerError extends BaseError<undefined, ServiceErrorCode> {
  static override readonly code = 'INTERNAL_SERVER_ERROR'
  static override readonly status = 500
  static override readonly title = 'Internal server error'
  static override readonly errorName = 'InternalServerError'
  constructor(message = 'An internal error occurred') {
    super(message, undefined)
  }
}

/** Every service error class, by its code. */
export const SERVICE_ERROR_CLASSES = {
  INVALID_API_KEY: InvalidApiKeyError,
  MISSING_API_KEY: MissingApiKeyError,
  GEO_BLOCKED: GeoBlockingError,
  WALLET_SCREENED: WalletScreeningError,
  GASLESS_NOT_ENABLED: GaslessNotEnabledError,
  SIMULATION_REVERTED: SimulationRevertedError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  NOT_FOUND: NotFoundError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  RATE_LIMITED: RateLimitedError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  INTERNAL_SERVER_ERROR: InternalServerError,
} as const satisfies Record<
  ServiceErrorCode,
  { code: ServiceErrorCode; status: number; title: string; errorName: string }
>

/** Every error class an answer of the service can come from, by code: the engine's, then the service's. */
export const API_ERROR_CLASSES = { ...ERROR_CLASSES, ...SERVICE_ERROR_CLASSES } as const satisfies Record<
  ApiErrorCode,
  { code: ApiErrorCode; status: number; title: string; errorName: string }
>
