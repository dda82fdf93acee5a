import { Decimal } from 'decimal.js'
import type { Token } from '../graph/types.js'
import { floorOfProductOrUndefined } from '../math/floatFloor.js'
import { divRoundingUp } from '../math/integer.js'
import type { TokenAmount } from './types.js'

/** USD figures are floored to micro-dollars; they are display values, never used for amounts. */
const USD_DECIMALS = 6
/** 10^USD_DECIMALS, computed once: V8 does not fold `10 ** USD_DECIMALS` and ran Math.pow on every figure. */
const USD_SCALE = 10 ** USD_DECIMALS
/** Prices are held as fixed-point integers with this many decimals (parsed once per token with decimal.js). */
const PRICE_DECIMALS = 18

/** A token's USD price per smallest unit as an exact fraction `priceE18 / divisor` (micro-dollars), and as a float. */
interface ScaledPrice {
  readonly priceE18: bigint
  readonly divisor: bigint
  /** `priceE18 / divisor` in floating point (two conversions and a division: within 3 roundings). */
  readonly ratio: number
}

const priceCache = new WeakMap<Token, ScaledPrice>()

/** The token's USD price per smallest unit, as an integer scaled by 10^18 (exact for prices with ≤ 18 decimals). */
function scaledPrice(token: Token): ScaledPrice {
  let entry = priceCache.get(token)
  if (entry === undefined) {
    const priceE18 = BigInt(new Decimal(token.usdPrice).mul(new Decimal(10).pow(PRICE_DECIMALS)).floor().toFixed())
    const divisor = 10n ** BigInt(token.decimals + PRICE_DECIMALS - USD_DECIMALS)
    entry = { priceE18, divisor, ratio: Number(priceE18) / Number(divisor) }
    priceCache.set(token, entry)
  }
  return entry
}

/**
 * USD value of an amount, floored to micro-dollars: `floor(amount × priceE18 / divisor)`, decided in floating point
 * where that is provably exact (`floorOfProductOrUndefined`), else with integer division; a number only at the end.
 */
export function usdValue(token: Token, amount: bigint): number {
  const { priceE18, divisor, ratio } = scaledPrice(token)
  const microDollars = floorOfProductOrUndefined(amount, ratio) ?? Number((amount * priceE18) / divisor)
  return microDollars / USD_SCALE
}

/** Converts an amount between tokens at the snapshot's USD prices, rounding up. */
export function convertAtUsdPrices(amount: bigint, from: Token, to: Token): bigint {
  if (from.key === to.key || amount === 0n) return amount
  const source = scaledPrice(from)
  const target = scaledPrice(to)
  if (target.priceE18 === 0n) return 0n
  // amount × price_from / 10^dec_from = x × price_to / 10^dec_to  ⇒  x = amount × p_from × 10^dec_to / (p_to ×
  // 10^dec_from)
  const numerator = amount * source.priceE18 * 10n ** BigInt(to.decimals)
  const denominator = target.priceE18 * 10n ** BigInt(from.decimals)
  return divRoundingUp(numerator, denominator)
}

/** A token amount object (SPEC §2.2) with its USD value at the snapshot's price. */
export function tokenAmount(token: Token, amount: bigint): TokenAmount {
  // Zero (fees not charged, free bridges) is common: its figures need no bigint arithmetic.
  return amount === 0n ? tokenAmountOf(token, '0', 0) : tokenAmountOf(token, amount.toString(), usdValue(token, amount))
}

/**
 * A token amount object from figures already computed: `amount` as its decimal string and its `usdValue`.
 *
 * @example
 * tokenAmountOf(usdc, '1000000', usdValue(usdc, 1_000_000n)) // { …, amount: '1000000', usdAmount: 1 }
 */
export function tokenAmountOf(token: Token, amount: string, usdAmount: number): TokenAmount {
  return {
    chainId: token.chainId,
    address: token.address,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    isNative: token.isNative,
    amount,
    logo: token.logo,
    svcCode: token.svcCode,
    usdAmount,
  }
}
