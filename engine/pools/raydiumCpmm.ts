/**
 * Raydium constant-product swaps as the programs compute them: raydium-io/raydium-cp-swap
 * `programs/cp-swap/src/curve/{calculator,fees,constant_product}.rs` (`CurveCalculator::swap_base_input` /
 * `swap_base_output`), which raydium-io/raydium-amm `program/src/processor.rs` (`process_swap_base_in_v2` /
 * `_out_v2`, no order book) matches number for number with its fee written as 25/10000 instead of 2500/1e6.
 *
 * Unlike Uniswap V2 (fee folded into one floor division), the fee is a separate amount: taken from the input and
 * rounded up, the rest swapped with a floor; exact output rounds the swapped input up, then grosses it up for the
 * fee, rounding up again. The protocol and fund shares are cut from the trade fee (rounded down) and leave the
 * reserves the pool prices with; they do not change what the trader gets.
 */
import { divRoundingUp, mulDiv, mulDivRoundingUp } from '../math/integer.js'

/** The programs' fee denominator (`FEE_RATE_DENOMINATOR_VALUE`): rates are millionths, i.e. pips. */
export const FEE_RATE_DENOMINATOR = 1_000_000n
// Amounts and vault balances are u64 SPL token amounts.
const MAX_U64 = (1n << 64n) - 1n

/** The fee settings of a pool (its `AmmConfig`), each in millionths. */
export interface RaydiumCpmmFees {
  /** `trade_fee_rate`: share of the input taken as fee. */
  readonly tradeFeeRate: bigint
  /** `protocol_fee_rate`: share of the trade fee kept for the protocol. */
  readonly protocolFeeRate: bigint
  /** `fund_fee_rate`: share of the trade fee kept for the fund. */
  readonly fundFeeRate: bigint
}

/** What one swap moves, as the program's `SwapResult` (smallest units; every fee in the input token). */
export interface RaydiumCpmmSwapResult {
  /** Input the trader pays, fee included. */
  readonly amountIn: bigint
  /** Output the trader receives. */
  readonly amountOut: bigint
  /** The whole fee taken from the input. */
  readonly tradeFee: bigint
  /** Part of `tradeFee` owed to the protocol. */
  readonly protocolFee: bigint
  /** Part of `tradeFee` owed to the fund. */
  readonly fundFee: bigint
}

/**
 * `Fees::trading_fee`: `ceil(amount × rate / 1e6)`.
 *
 * @example
 * raydiumTradingFee(1001n, 2500n) // 3n (2.5025 rounded up)
 */
export function raydiumTradingFee(amount: bigint, tradeFeeRate: bigint): bigint {
  return mulDivRoundingUp(amount, tradeFeeRate, FEE_RATE_DENOMINATOR)
}

/**
 * `Fees::calculate_pre_fee_amount`: the smallest gross amount whose net after the trading fee is at least
 * `postFeeAmount`, `ceil(postFee × 1e6 / (1e6 − rate))` (the amount itself for a zero rate).
 *
 * @example
 * raydiumPreFeeAmount(997n, 2500n) // 1000n
 */
export function raydiumPreFeeAmount(postFeeAmount: bigint, tradeFeeRate: bigint): bigint {
  if (tradeFeeRate === 0n) return postFeeAmount
  return divRoundingUp(postFeeAmount * FEE_RATE_DENOMINATOR, FEE_RATE_DENOMINATOR - tradeFeeRate)
}

/**
 * `ConstantProductCurve::swap_base_input_without_fees`: `floor(amountIn × reserveOut / (reserveIn + amountIn))`.
 *
 * @example
 * raydiumSwapBaseInputWithoutFees(10n, 4_000_000n, 70_000_000_000n) // 174_999n (cp-swap's rounding test)
 */
export function raydiumSwapBaseInputWithoutFees(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return mulDiv(amountIn, reserveOut, reserveIn + amountIn)
}

/**
 * `ConstantProductCurve::swap_base_output_without_fees`: `ceil(reserveIn × amountOut / (reserveOut − amountOut))`.
 * Only for `amountOut < reserveOut` (the program's divisor would be zero or its subtraction would underflow).
 *
 * @example
 * raydiumSwapBaseOutputWithoutFees(174_999n, 4_000_000n, 70_000_000_000n) // 10n
 */
export function raydiumSwapBaseOutputWithoutFees(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return mulDivRoundingUp(reserveIn, amountOut, reserveOut - amountOut)
}

/**
 * Exact input (`swap_base_input`, no creator fee): fee = ceil(in × rate), out = floor((in − fee) × y / (x + in − fee)).
 *
 * @param amountIn input smallest units, fee included
 * @param reserveIn reserve of the input token (vault less owed fees)
 * @param reserveOut reserve of the output token
 * @param fees the pool's rates
 * @returns the swap; `undefined` when the program would fail on u64 amounts or an empty reserve. A zero output is
 *   returned as computed (the program itself refuses to pay 0).
 * @example
 * raydiumCpmmSwapBaseInput(1_000_000n, 10n ** 12n, 10n ** 12n, fees).amountOut
 */
export function raydiumCpmmSwapBaseInput(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  fees: RaydiumCpmmFees,
): RaydiumCpmmSwapResult | undefined {
  if (reserveIn <= 0n || reserveOut <= 0n || amountIn > MAX_U64 || reserveIn + amountIn > MAX_U64) return undefined
  const tradeFee = raydiumTradingFee(amountIn, fees.tradeFeeRate)
  const amountOut = raydiumSwapBaseInputWithoutFees(amountIn - tradeFee, reserveIn, reserveOut)
  return { amountIn, amountOut, tradeFee, ...feeShares(tradeFee, fees) }
}

/**
 * Exact output (`swap_base_output`, no creator fee): swapped = ceil(x × out / (y − out)), in = ceil(swapped × 1e6 /
 * (1e6 − rate)).
 *
 * @param amountOut wanted output, smallest units
 * @param reserveIn reserve of the input token (vault less owed fees)
 * @param reserveOut reserve of the output token
 * @param fees the pool's rates
 * @returns the swap; `undefined` when `amountOut` ≥ `reserveOut` or the input would not fit a u64 amount
 * @example
 * raydiumCpmmSwapBaseOutput(1_000_000n, 10n ** 12n, 10n ** 12n, fees).amountIn
 */
export function raydiumCpmmSwapBaseOutput(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  fees: RaydiumCpmmFees,
): RaydiumCpmmSwapResult | undefined {
  if (reserveIn <= 0n || amountOut >= reserveOut) return undefined
  const swapped = raydiumSwapBaseOutputWithoutFees(amountOut, reserveIn, reserveOut)
  const amountIn = raydiumPreFeeAmount(swapped, fees.tradeFeeRate)
  if (amountIn > MAX_U64 || reserveIn + amountIn > MAX_U64) return undefined
  const tradeFee = amountIn - swapped
  return { amountIn, amountOut, tradeFee, ...feeShares(tradeFee, fees) }
}

// `Fees::protocol_fee` / `Fees::fund_fee`: floor(tradeFee × rate / 1e6) each.
function feeShares(tradeFee: bigint, fees: RaydiumCpmmFees): { protocolFee: bigint; fundFee: bigint } {
  return {
    protocolFee: mulDiv(tradeFee, fees.protocolFeeRate, FEE_RATE_DENOMINATOR),
    fundFee: mulDiv(tradeFee, fees.fundFeeRate, FEE_RATE_DENOMINATOR),
  }
}
