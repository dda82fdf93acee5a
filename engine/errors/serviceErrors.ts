import { BaseError } from './BaseError.js'

/** No `x-api-key` header (SPEC §5). */
export class MissingApiKeyError extends BaseError<undefined> {
  static override readonly code = 'MISSING_API_KEY'
  static override readonly status = 401
  static override readonly title = 'Missing API key'
  static override readonly errorName = 'MissingApiKeyError'
  constructor(message = 'The x-api-key header is required') {
    super(message, undefined)
  }
}

/** The `x-api-key` header names no known key (SPEC §5). */
export class InvalidApiKeyError extends BaseError<undefined> {
  static override readonly code = 'INVALID_API_KEY'
  static override readonly status = 401
  static override readonly title = 'Invalid API key'
  static override readonly errorName = 'InvalidApiKeyError'
  constructor(message = 'The API key is not valid') {
    super(message, undefined)
  }
}

/** The request comes from a blocked country. `blockedAt` is an ISO date-time. */
export class GeoBlockingError extends BaseError<{
  countryCode: string
  countryName: string
  reason: string
  blockedAt: string
}> {
  static override readonly code = 'GEO_BLOCKED'
  static override readonly status = 403
  static override readonly title = 'Region blocked'
  static override readonly errorName = 'GeoBlockingError'
  constructor(details: { countryCode: string; countryName: string; reason: string; blockedAt: string }) {
    super(`Requests from ${details.countryName} are not allowed`, details)
  }
}

/** A wallet in the request is on the screening list. `screenedAt` is an ISO date-time. */
export class WalletScreeningError extends BaseError<{
  walletAddress: string
  chainId: number
  riskLevel: string
  reason: string
  screenedAt: string
}> {
  static override readonly code = 'WALLET_SCREENED'
  static override readonly status = 403
  static override readonly title = 'Wallet screened'
  static override readonly errorName = 'WalletScreeningError'
  constructor(details: {
    walletAddress: string
    chainId: number
    riskLevel: string
    reason: string
    screenedAt: string
  }) {
    super('A wallet in this request did not pass screening', details)
  }
}

/** The path exists but not for this HTTP method. */
export class MethodNotAllowedError extends BaseError<{ method: string }> {
  static override readonly code = 'METHOD_NOT_ALLOWED'
  static override readonly status = 405
  static override readonly title = 'Method not allowed'
  static override readonly errorName = 'MethodNotAllowedError'
  constructor(details: { method: string }) {
    super(`Method ${details.method} is not allowed on this path`, details)
  }
}

/** No endpoint at this path, or no such resource for this caller. */
export class NotFoundError extends BaseError<{ path: string } | undefined> {
  static override readonly code = 'NOT_FOUND'
  static override readonly status = 404
  static override readonly title = 'Not found'
  static override readonly errorName = 'NotFoundError'
  constructor(message = 'Not found', details?: { path: string }) {
    super(message, details)
  }
}

/** The request body is larger than the configured limit. */
export class PayloadTooLargeError extends BaseError<{ limitBytes: number }> {
  static override readonly code = 'PAYLOAD_TOO_LARGE'
  static override readonly status = 413
  static override readonly title = 'Payload too large'
  static override readonly errorName = 'PayloadTooLargeError'
  constructor(details: { limitBytes: number }) {
    super(`Request body exceeds ${details.limitBytes} bytes`, details)
  }
}

/** The service is saturated; retry after the time in the Retry-After header. */
export class ServiceUnavailableError extends BaseError<{ retryAfterSeconds: number }> {
  static override readonly code = 'SERVICE_UNAVAILABLE'
  static override readonly status = 503
  static override readonly title = 'Service unavailable'
  static override readonly errorName = 'ServiceUnavailableError'
  constructor(details: { retryAfterSeconds: number }) {
    super('The service is at capacity, retry shortly', details)
  }
}

/** Anything unexpected. Carries no internals: those are logged, not sent. */
export class InternalServerError extends BaseError<undefined> {
  static override readonly code = 'INTERNAL_SERVER_ERROR'
  static override readonly status = 500
  static override readonly title = 'Internal server error'
  static override readonly errorName = 'InternalServerError'
  constructor(message = 'An internal error occurred') {
    super(message, undefined)
  }
}
