/**
 * Every error code the engine raises (SPEC §7.2's request and routing codes, and `INVALID_SNAPSHOT`). The codes only
 * the HTTP service answers (API key, compliance, 404/405/413/500/503) are the service's (`crossroute/service`).
 */
export type ErrorCode =
  | 'AMOUNT_TOO_HIGH'
  | 'AMOUNT_TOO_LOW'
  | 'CROSS_VM_RECEIVER_REQUIRED'
  | 'EXCESSIVE_FEE'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_ADDRESS_FORMAT'
  | 'INVALID_AMOUNT_ZERO'
  | 'INVALID_DESTINATION_TOKEN'
  | 'INVALID_PARAMETER'
  | 'INVALID_SOURCE_TOKEN'
  | 'MISSING_REQUIRED_FIELD'
  | 'NO_AVAILABLE_ROUTE'
  | 'PRICE_IMPACT_TOO_HIGH'
  | 'ROUTE_NOT_EXECUTABLE'
  | 'UNSUPPORTED_NETWORK'
  | 'UNSUPPORTED_NETWORK_PAIR'
  | 'UNSUPPORTED_NETWORK_TOKEN_PAIR'
  | 'UNSUPPORTED_SWAP_DIRECTION'
  | 'INVALID_SNAPSHOT'

/** Details carried by an error: a flat object of JSON values, in the spec's shape for its code. */
export type ErrorDetails = Readonly<Record<string, string | number | boolean | null>>

/**
 * Base of every error the engine and the service raise on purpose. Subclasses carry the spec's code, class
 * name (`name`), HTTP status and a title as static metadata, and typed `details`. `TCode` is the union the code
 * belongs to: the engine's `ErrorCode` by default; the service's own errors extend it with theirs.
 */
export abstract class BaseError<
  TDetails extends ErrorDetails | undefined = ErrorDetails | undefined,
  TCode extends string = ErrorCode,
> extends Error {
  /** The spec's error code (a member of the subclass's `TCode`). */
  static readonly code: string
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
  get code(): TCode {
    return (this.constructor as typeof BaseError).code as TCode
  }

  /** HTTP status (same as the class's static `status`). */
  get status(): number {
    return (this.constructor as typeof BaseError).status
  }

  /** Short title for the envelope. */
  get title(): string {
    return (this.constructor as typeof BaseError).title
  }
}
