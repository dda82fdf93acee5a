/** Every error code the API can answer with (SPEC §7.2 and the codes this project adds in the same style). */
export type ErrorCode =
  | 'AMOUNT_TOO_HIGH'
  | 'AMOUNT_TOO_LOW'
  | 'CROSS_VM_RECEIVER_REQUIRED'
  | 'EXCESSIVE_FEE'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'INVALID_ADDRESS_FORMAT'
  | 'INVALID_AMOUNT_ZERO'
  | 'INVALID_DESTINATION_TOKEN'
  | 'INVALID_PARAMETER'
  | 'INVALID_SOURCE_TOKEN'
  | 'MISSING_REQUIRED_FIELD'
  | 'NO_AVAILABLE_ROUTE'
  | 'PRICE_IMPACT_TOO_HIGH'
  | 'UNSUPPORTED_NETWORK'
  | 'UNSUPPORTED_NETWORK_PAIR'
  | 'UNSUPPORTED_NETWORK_TOKEN_PAIR'
  | 'UNSUPPORTED_SWAP_DIRECTION'
  | 'INVALID_API_KEY'
  | 'MISSING_API_KEY'
  | 'GEO_BLOCKED'
  | 'WALLET_SCREENED'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR'
  | 'INVALID_SNAPSHOT'

/** Details carried by an error: a flat object of JSON values, in the spec's shape for its code. */
export type ErrorDetails = Readonly<Record<string, string | number | boolean | null>>

/**
 * An error as plain data, the form in which errors cross a worker-thread boundary or a process boundary.
 * Rebuild the class with `errorFromData`.
 */
export interface ErrorData {
  code: ErrorCode
  message: string
  details?: ErrorDetails | undefined
}

/**
 * Base of every error the engine and the service raise on purpose. Subclasses carry the spec's code, class
 * name (`name`), HTTP status and a title as static metadata, and typed `details`.
 */
export abstract class BaseError<TDetails extends ErrorDetails | undefined = ErrorDetails | undefined> extends Error {
  /** The spec's error code. */
  static readonly code: ErrorCode
  /** HTTP status the spec assigns to the code. */
  static readonly status: number
  /** Short human title for the envelope's `title`. */
  static readonly title: string
  /** The spec's error class name (the envelope's `name`). */
  static readonly errorName: string
  readonly details: TDetails

  constructor(message: string, details: TDetails, options?: { cause?: unknown }) {
    super(message, options)
    this.details = details
  }

  /** The spec's error class name, e.g. `NoAvailableRouteError`. */
  override get name(): string {
    return (this.constructor as typeof BaseError).errorName
  }

  /** The spec's error code (same as the class's static `code`). */
  get code(): ErrorCode {
    return (this.constructor as typeof BaseError).code
  }

  /** HTTP status (same as the class's static `status`). */
  get status(): number {
    return (this.constructor as typeof BaseError).status
  }

  /** Short title for the envelope. */
  get title(): string {
    return (this.constructor as typeof BaseError).title
  }

  /** Plain data for crossing a thread boundary; `errorFromData` rebuilds the class. */
  toData(): ErrorData {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details }
  }
}
