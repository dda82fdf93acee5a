import { mulDivRoundingUp } from '../math/integer.js'

/** Slippage as an exact fraction of 1 (12.5 bps = 125 / 1_000_000). */
export interface SlippageFraction {
  readonly numerator: bigint
  readonly denominator: bigint
}

/** `floor(amountOut × (1 − s))`: the least the trader accepts for an exact-in quote. */
export function minimumOut(amountOut: bigint, slippage: SlippageFraction): bigint {
  return (amountOut * (slippage.denominator - slippage.numerator)) / slippage.denominator
}

/** `ceil(amountIn × (1 + s))`: the most the trader pays for an exact-out quote. */
export function maximumIn(amountIn: bigint, slippage: SlippageFraction): bigint {
  return mulDivRoundingUp(amountIn, slippage.denominator + slippage.numerator, slippage.denominator)
}
