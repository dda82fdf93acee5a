import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getAmountOut as uniswapV2AmountOut } from '../../../engine/pools/constantProduct.js'
import { poolAmountIn, poolAmountOut, poolFeePips, validatePoolState } from '../../../engine/pools/index.js'
import {
  type RaydiumCpmmFees,
  raydiumCpmmSwapBaseInput,
  raydiumCpmmSwapBaseOutput,
  raydiumPreFeeAmount,
  raydiumSwapBaseInputWithoutFees,
  raydiumSwapBaseOutputWithoutFees,
  raydiumTradingFee,
} from '../../../engine/pools/raydiumCpmm.js'
import { raydiumCpmmPool } from './support/pools.js'

const MAX_U64 = (1n << 64n) - 1n
// raydium-cp-swap's 0.25% config: trade_fee_rate 2500, protocol 12% and fund 4% of the trade fee.
const FEES: RaydiumCpmmFees = { tradeFeeRate: 2500n, protocolFeeRate: 120_000n, fundFeeRate: 40_000n }
const solUsdc = raydiumCpmmPool(100_000n * 10n ** 9n, 15_000_000n * 10n ** 6n) // 100k SOL / 15M USDC

describe('constant_product swap rounding', () => {
  // raydium-io/raydium-cp-swap programs/cp-swap/src/curve/constant_product.rs, test `constant_product_swap_rounding`:
  // (source amount, source reserve, destination reserve, expected destination amount).
  it.each([
    [10n, 4_000_000n, 70_000_000_000n, 174_999n],
    [20n, 30_000n - 20n, 10_000n, 6n],
    [19n, 30_000n - 20n, 10_000n, 6n],
    [18n, 30_000n - 20n, 10_000n, 6n],
    [10n, 20_000n, 30_000n, 14n],
    [10n, 20_000n - 9n, 30_000n, 14n],
    [10n, 20_000n - 10n, 30_000n, 15n],
    [100n, 60_000n, 30_000n, 49n],
    [99n, 60_000n, 30_000n, 49n],
    [98n, 60_000n, 30_000n, 48n],
  ])('swap_base_input_without_fees(%i, %i, %i) = %i, never lowering x·y', (amountIn, reserveIn, reserveOut, out) => {
    expect(raydiumSwapBaseInputWithoutFees(amountIn, reserveIn, reserveOut)).toBe(out)
    expect((reserveIn + amountIn) * (reserveOut - out) >= reserveIn * reserveOut).toBe(true)
  })

  it('swap_base_output_without_fees rounds the input up: the cheapest input that still pays the output', () => {
    // Inverse of the first vector: 174_999 out needs exactly 10 in (ceil(4e6 × 174_999 / (7e10 − 174_999)) = 10).
    expect(raydiumSwapBaseOutputWithoutFees(174_999n, 4_000_000n, 70_000_000_000n)).toBe(10n)
    // 6 out of (29_980, 10_000) needs 18 (the constant_product.rs comment: "source can be 18 to get 6 dest.").
    expect(raydiumSwapBaseOutputWithoutFees(6n, 30_000n - 20n, 10_000n)).toBe(18n)
    expect(raydiumSwapBaseOutputWithoutFees(49n, 60_000n, 30_000n)).toBe(99n)
  })
})

describe('fees (programs/cp-swap/src/curve/fees.rs)', () => {
  it('trading_fee rounds up, protocol and fund shares round down', () => {
    expect(raydiumTradingFee(1001n, 2500n)).toBe(3n) // 2.5025 → 3
    expect(raydiumTradingFee(400n, 2500n)).toBe(1n) // exactly 1
    expect(raydiumTradingFee(1n, 2500n)).toBe(1n) // even one unit pays a whole unit of fee
    expect(raydiumTradingFee(0n, 2500n)).toBe(0n)
    const swap = raydiumCpmmSwapBaseInput(1_000_000n, 10n ** 12n, 10n ** 12n, FEES)!
    expect(swap.tradeFee).toBe(2500n)
    expect(swap.protocolFee).toBe(300n) // 12% of 2500
    expect(swap.fundFee).toBe(100n) // 4% of 2500
    expect(raydiumCpmmSwapBaseInput(1001n, 10n ** 12n, 10n ** 12n, FEES)).toMatchObject({
      tradeFee: 3n,
      protocolFee: 0n, // floor(3 × 0.12)
      fundFee: 0n,
    })
  })

  it('calculate_pre_fee_amount is the smallest gross amount that leaves the net after the fee', () => {
    expect(raydiumPreFeeAmount(997n, 2500n)).toBe(1000n) // ceil(997 / 0.9975) = ceil(999.4987)
    expect(raydiumPreFeeAmount(997n, 0n)).toBe(997n)
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 999_999n }), (net, rate) => {
        const gross = raydiumPreFeeAmount(net, rate)
        expect(gross - raydiumTradingFee(gross, rate) >= net).toBe(true)
        if (gross > 0n) expect(gross - 1n - raydiumTradingFee(gross - 1n, rate) < net).toBe(true)
      }),
    )
  })
})

describe('a swap as the program computes it', () => {
  it('takes the fee from the input before the curve, so it differs from Uniswap V2 math at the same fee', () => {
    // 1201 in: fee ceil(3.0025) = 4, 1197 swapped → 1195. Uniswap V2 folds the fee in: 1201 × 0.9975 = 1197.9975
    // swapped → 1196. Over inputs 1…4999 on this pool the two differ for more than half of the amounts.
    const reserve = 10n ** 6n
    expect(raydiumCpmmSwapBaseInput(1201n, reserve, reserve, FEES)!.amountOut).toBe(1195n)
    expect(uniswapV2AmountOut(1201n, reserve, reserve, 25)).toBe(1196n)
    // 2 units in pay 1 unit of fee and get nothing out (V2: 1 out).
    expect(raydiumCpmmSwapBaseInput(2n, reserve, reserve, FEES)!.amountOut).toBe(0n)
    expect(uniswapV2AmountOut(2n, reserve, reserve, 25)).toBe(1n)
  })

  it('exact output grosses up the curve input for the fee, both rounded up', () => {
    const swap = raydiumCpmmSwapBaseOutput(997n, 10n ** 6n, 10n ** 6n, FEES)!
    const swapped = raydiumSwapBaseOutputWithoutFees(997n, 10n ** 6n, 10n ** 6n) // ceil(997e6 / 999_003) = 998
    expect(swapped).toBe(998n)
    expect(swap.amountIn).toBe(raydiumPreFeeAmount(998n, 2500n)) // ceil(998 / 0.9975) = ceil(1000.5) = 1001
    expect(swap.amountIn).toBe(1001n)
    expect(swap.tradeFee).toBe(3n)
  })

  it('AMM v4 (raydium-amm processor.rs, fee 25/10000) gives the same numbers as CPMM at 2500/1e6', () => {
    // The AMM's own formulas, written out with its fraction: fee = ceil(in × 25 / 10000), out = floor(y·net/(x+net));
    // base out: ceil(x·out/(y−out)), then ceil(that × 10000 / 9975).
    const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (amount, x, y) => {
          const net = amount - ceil(amount * 25n, 10_000n)
          expect(raydiumCpmmSwapBaseInput(amount, x, y, FEES)!.amountOut).toBe((y * net) / (x + net))
          if (amount < y) {
            const amountIn = ceil(ceil(x * amount, y - amount) * 10_000n, 9975n)
            expect(raydiumCpmmSwapBaseOutput(amount, x, y, FEES)?.amountIn).toBe(
              amountIn <= MAX_U64 ? amountIn : undefined,
            )
          }
        },
      ),
    )
  })

  it('refuses what the program cannot do: the whole reserve out, amounts past u64', () => {
    expect(raydiumCpmmSwapBaseOutput(1000n, 500n, 1000n, FEES)).toBeUndefined()
    expect(raydiumCpmmSwapBaseOutput(1001n, 500n, 1000n, FEES)).toBeUndefined()
    expect(raydiumCpmmSwapBaseInput(MAX_U64 + 1n, 500n, 1000n, FEES)).toBeUndefined()
    expect(raydiumCpmmSwapBaseInput(MAX_U64 - 500n, 500n, 1000n, FEES)).toBeDefined()
    expect(raydiumCpmmSwapBaseInput(MAX_U64 - 499n, 500n, 1000n, FEES)).toBeUndefined() // vault past u64
  })
})

describe('the raydiumCpmm kind', () => {
  const pair = fc.constantFrom([0, 1], [1, 0])
  const amount = fc.bigInt({ min: 1n, max: 10n ** 16n })

  it('prices through the registry in both directions and reports its fee in pips', () => {
    expect(poolFeePips(solUsdc)).toBe(2500)
    const out = poolAmountOut(solUsdc, 0, 1, 10n ** 9n)! // 1 SOL
    expect(out).toBe(
      raydiumCpmmSwapBaseInput(10n ** 9n, 100_000n * 10n ** 9n, 15_000_000n * 10n ** 6n, FEES)!.amountOut,
    )
    expect(out > 149_000_000n && out < 150_000_000n).toBe(true)
    expect(poolAmountIn(solUsdc, 1, 0, 10n ** 9n)! > 150_000_000n).toBe(true)
  })

  it('exact output replayed as exact input delivers at least the output', () => {
    fc.assert(
      fc.property(pair, amount, ([i, j], wanted) => {
        const needed = poolAmountIn(solUsdc, i!, j!, wanted)
        if (needed === undefined) return
        expect(poolAmountOut(solUsdc, i!, j!, needed)! >= wanted).toBe(true)
      }),
    )
  })

  it('the fee shares never exceed the trade fee', () => {
    fc.assert(
      fc.property(amount, (amountIn) => {
        const swap = raydiumCpmmSwapBaseInput(amountIn, 10n ** 12n, 3n * 10n ** 12n, FEES)!
        expect(swap.protocolFee + swap.fundFee <= swap.tradeFee).toBe(true)
        expect(swap.tradeFee * 1_000_000n >= amountIn * 2500n).toBe(true)
      }),
    )
  })

  it('validates fee rates and u64 reserves', () => {
    expect(validatePoolState(solUsdc)).toBeUndefined()
    expect(validatePoolState(raydiumCpmmPool(0n, 5n))).toMatch(/reserve0/)
    expect(validatePoolState(raydiumCpmmPool(5n, MAX_U64 + 1n))).toMatch(/reserve1/)
    expect(validatePoolState(raydiumCpmmPool(5n, 5n, 1_000_000))).toMatch(/feePips/)
    expect(validatePoolState(raydiumCpmmPool(5n, 5n, 2500, 600_000, 400_001))).toMatch(/protocolFeeRate/)
  })
})
