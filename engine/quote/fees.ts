/**
 * Protocol and application fees, charged in the source token.
 *
 * Each fee is `ceil(gross × bps / 10000)` of the gross input (rounded up: against the trader). Application fees
 * are rounded one by one, per receiver, and their total is the sum of those amounts: the split is exact by
 * construction (the total can exceed `ceil(gross × Σbps / 10000)` by up to one unit per fee after the first, never
 * fall short of it), and the same gross and bps always give the same amounts. For exact-in the
 * fees are taken from the input and the rest is swapped; for exact-out the router finds the swap input the route
 * needs and the fees are added on top: the gross input is the smallest one whose net (gross − fees) covers it, so
 * replaying the quote as exact-in with `amountIn` swaps at least what the exact-out route needs.
 */
import { mulDivRoundingUp } from '../math/integer.js'

const BPS = 10_000n

/** Fees of a gross input. */
export interface FeeSplit {
  readonly protocolFee: bigint
  /** One per application fee, in request order: what each receiver is paid; the quote's total is their sum. */
  readonly appFees: readonly bigint[]
  /** What is left to swap. */
  readonly net: bigint
}

/** `ceil(amount × bps / 10000)`. */
export function feeOf(amount: bigint, bps: bigint): bigint {
  return mulDivRoundingUp(amount, bps, BPS)
}

/** Splits a gross input into protocol fee, application fees and the net amount to swap. */
export function splitFees(gross: bigint, protocolFeeBps: bigint, appFeeBps: readonly bigint[]): FeeSplit {
  const protocolFee = feeOf(gross, protocolFeeBps)
  const appFees = appFeeBps.map((bps) => feeOf(gross, bps))
  const net = gross - protocolFee - appFees.reduce((sum, fee) => sum + fee, 0n)
  return { protocolFee, appFees, net: net > 0n ? net : 0n }
}

/**
 * The smallest gross input whose net after fees is at least `net`.
 * Requires the fee bps to total less than 10000.
 */
export function grossForNet(net: bigint, protocolFeeBps: bigint, appFeeBps: readonly bigint[]): bigint {
  const totalBps = appFeeBps.reduce((sum, bps) => sum + bps, protocolFeeBps)
  // Lower bound from the un-rounded fees; each fee's ceiling can take at most one more unit, so step up.
  let gross = mulDivRoundingUp(net, BPS, BPS - totalBps)
  while (splitFees(gross, protocolFeeBps, appFeeBps).net < net) gross++
  return gross
}
