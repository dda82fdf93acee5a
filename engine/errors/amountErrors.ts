import type {
  AmountTooHighDetails,
  AmountTooLowDetails,
  InsufficientFundsDetails,
  PriceImpactTooHighDetails,
} from '../schema/errorDetails.js'
import { BaseError } from './BaseError.js'

/** Source and destination of a request, as the amount errors' details name them. */
export type PairDetails = Omit<AmountTooHighDetails, 'maxAmount'>

/**
 * The amount is above what the route can take (bridge lane maximum, lane liquidity or pool depth).
 * `maxAmount` is the largest accepted amount in the source token's smallest units (a JSON number, so
 * values above 2^53 are approximate; the message carries the exact figure).
 */
export class AmountTooHighError extends BaseError<AmountTooHighDetails> {
  static override readonly code = 'AMOUNT_TOO_HIGH'
  static override readonly status = 400
  static override readonly title = 'Amount too high'
  static override readonly errorName = 'AmountTooHighError'
  constructor({ maxAmount, ...pair }: PairDetails & { maxAmount: bigint }) {
    super(`Amount is above the maximum of ${maxAmount} for this route`, { ...pair, maxAmount: Number(maxAmount) })
  }
}

/**
 * The amount is below what the route accepts (bridge lane minimum, or too small to deliver anything after fees).
 * `minAmount` is in the source token's smallest units.
 */
export class AmountTooLowError extends BaseError<AmountTooLowDetails> {
  static override readonly code = 'AMOUNT_TOO_LOW'
  static override readonly status = 400
  static override readonly title = 'Amount too low'
  static override readonly errorName = 'AmountTooLowError'
  constructor({ minAmount, ...pair }: PairDetails & { minAmount: bigint }) {
    super(`Amount is below the minimum of ${minAmount} for this route`, { ...pair, minAmount: Number(minAmount) })
  }
}

/**
 * Every route that carries the amount moves the price more than the request's `maxPriceImpact` allows.
 * `estimatedPriceImpact` is the least impact among those routes (percent, as in a quote): with `maxPriceImpact` at
 * least that, the request quotes.
 */
export class PriceImpactTooHighError extends BaseError<PriceImpactTooHighDetails> {
  static override readonly code = 'PRICE_IMPACT_TOO_HIGH'
  static override readonly status = 400
  static override readonly title = 'Price impact too high'
  static override readonly errorName = 'PriceImpactTooHighError'
  constructor(details: PriceImpactTooHighDetails) {
    super(
      `Price impact of ${details.estimatedPriceImpact}% is above the maximum of ${details.maxPriceImpact}%: ` +
        'trade a smaller amount or raise maxPriceImpact',
      details,
    )
  }
}

/** Flat fees along the route are worth more than 50% of the input (SPEC §8). */
export class ExcessiveFeeError extends BaseError<undefined> {
  static override readonly code = 'EXCESSIVE_FEE'
  static override readonly status = 400
  static override readonly title = 'Excessive fee'
  static override readonly errorName = 'ExcessiveFeeError'
  constructor(message = 'Flat fees exceed 50% of the transaction input') {
    super(message, undefined)
  }
}

/** The pools along every route cannot deliver the requested amount. */
export class InsufficientLiquidityError extends BaseError<undefined> {
  static override readonly code = 'INSUFFICIENT_LIQUIDITY'
  static override readonly status = 400
  static override readonly title = 'Insufficient liquidity'
  static override readonly errorName = 'InsufficientLiquidityError'
  constructor(message = 'Not enough liquidity to fill the requested amount') {
    super(message, undefined)
  }
}

/**
 * *Extension*: the sender cannot pay for the transaction: its spendable funds on the source chain (a Bitcoin
 * sender's confirmed unspent outputs) are less than the amount plus the network fee.
 */
export class InsufficientFundsError extends BaseError<InsufficientFundsDetails> {
  static override readonly code = 'INSUFFICIENT_FUNDS'
  static override readonly status = 400
  static override readonly title = 'Insufficient funds'
  static override readonly errorName = 'InsufficientFundsError'
  constructor(details: InsufficientFundsDetails) {
    super(
      `${details.address} can spend ${details.available} but the transaction needs ${details.required} ` +
        '(amount and network fee, smallest units)',
      details,
    )
  }
}

/** The amount is not greater than zero. */
export class InvalidAmountZeroError extends BaseError<undefined> {
  static override readonly code = 'INVALID_AMOUNT_ZERO'
  static override readonly status = 400
  static override readonly title = 'Invalid amount'
  static override readonly errorName = 'InvalidAmountZeroError'
  constructor(message = 'Amount must be greater than zero') {
    super(message, undefined)
  }
}
