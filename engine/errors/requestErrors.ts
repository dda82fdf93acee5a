import type {
  InvalidAddressDetails,
  InvalidParameterDetails,
  MissingRequiredFieldDetails,
  UnsupportedSwapDirectionDetails,
} from '../schema/errorDetails.js'
import { BaseError } from './BaseError.js'
import { cutText } from './displayValue.js'

/** An address that is malformed for its chain's VM. The address and field are cut by `cutText` (displayValue.ts). */
export class InvalidAddressError extends BaseError<InvalidAddressDetails> {
  static override readonly code = 'INVALID_ADDRESS_FORMAT'
  static override readonly status = 400
  static override readonly title = 'Invalid address format'
  static override readonly errorName = 'InvalidAddressError'
  constructor({ field, address, reason }: InvalidAddressDetails) {
    const shown = { field: cutText(field), address: cutText(address), reason }
    super(`Invalid address in ${shown.field}: ${reason}`, shown)
  }
}

/**
 * A parameter is present but its value is not acceptable. The parameter's name and value are cut by `cutText`
 * (displayValue.ts): both can be a caller's text of any length (a name is a body's key).
 */
export class InvalidParameterError extends BaseError<InvalidParameterDetails> {
  static override readonly code = 'INVALID_PARAMETER'
  static override readonly status = 400
  static override readonly title = 'Invalid parameter'
  static override readonly errorName = 'InvalidParameterError'
  constructor({ parameter, value, reason }: InvalidParameterDetails) {
    const shown = { parameter: cutText(parameter), value: cutText(value), reason }
    super(`Invalid value for ${shown.parameter}: ${reason}`, shown)
  }
}

/** A required parameter is absent. `context` says what made it required (e.g. `swap-action`). */
export class MissingRequiredFieldError extends BaseError<MissingRequiredFieldDetails> {
  static override readonly code = 'MISSING_REQUIRED_FIELD'
  static override readonly status = 400
  static override readonly title = 'Missing required field'
  static override readonly errorName = 'MissingRequiredFieldError'
  constructor(details: MissingRequiredFieldDetails) {
    super(`Missing required field ${details.field} (${details.context})`, details)
  }
}

/** The source token is missing or not a token of the source chain. */
export class InvalidSrcTokenError extends BaseError<undefined> {
  static override readonly code = 'INVALID_SOURCE_TOKEN'
  static override readonly status = 400
  static override readonly title = 'Invalid source token'
  static override readonly errorName = 'InvalidSrcTokenError'
  constructor(message = 'Source token is missing or not supported on the source chain') {
    super(message, undefined)
  }
}

/** The destination token is missing or not a token of the destination chain. */
export class InvalidDstTokenError extends BaseError<undefined> {
  static override readonly code = 'INVALID_DESTINATION_TOKEN'
  static override readonly status = 400
  static override readonly title = 'Invalid destination token'
  static override readonly errorName = 'InvalidDstTokenError'
  constructor(message = 'Destination token is missing or not supported on the destination chain') {
    super(message, undefined)
  }
}

/** The swap direction is not one of `exact-amount-in`, `exact-amount-out` (the value shown is cut by `cutText`). */
export class UnsupportedSwapDirectionError extends BaseError<UnsupportedSwapDirectionDetails> {
  static override readonly code = 'UNSUPPORTED_SWAP_DIRECTION'
  static override readonly status = 400
  static override readonly title = 'Unsupported swap direction'
  static override readonly errorName = 'UnsupportedSwapDirectionError'
  constructor(details: UnsupportedSwapDirectionDetails) {
    const swapDirection = cutText(details.swapDirection)
    super(`Swap direction ${swapDirection} is not supported`, { swapDirection })
  }
}
