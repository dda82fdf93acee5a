/**
 * The quotes a careful trader expects at the edges, through the library: the price-impact guard (`maxPriceImpact`,
 * PRICE_IMPACT_TOO_HIGH), exact-out below a lane's minimum (AMOUNT_TOO_LOW, never a quote whose figures contradict
 * its steps), and `minAmount` / `maxAmount` that really quote when sent back.
 */
import { describe, expect, it } from 'vitest'
import {
  AmountTooHighError,
  AmountTooLowError,
  InvalidParameterError,
  PriceImpactTooHighError,
  type QuoteRequest,
  createEngine,
  rules,
} from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { ARB_USDC, ARB_WETH, BASE_USDC, OP_USDT, SENDER } from '../../helpers/mainnet.js'
import { thrown } from '../../helpers/thrown.js'

const engine = createEngine(loadSnapshotFile(), { protocolFeeBps: 10 })
const OP_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'
const ETH_WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

type Pair = Pick<QuoteRequest, 'srcChainId' | 'srcToken' | 'dstChainId' | 'dstToken'>
const ARB_USDC_WETH: Pair = { srcChainId: 42161, srcToken: ARB_USDC, dstChainId: 42161, dstToken: ARB_WETH }
const BASE_USDC_OP_USDT: Pair = { srcChainId: 8453, srcToken: BASE_USDC, dstChainId: 10, dstToken: OP_USDT }
const BASE_USDC_OP_USDC: Pair = { srcChainId: 8453, srcToken: BASE_USDC, dstChainId: 10, dstToken: OP_USDC }
const ETH_WETH_USDC: Pair = { srcChainId: 1, srcToken: ETH_WETH, dstChainId: 1, dstToken: ETH_USDC }

const quote = (
  pair: Pair,
  amount: bigint | string,
  swapDirection: 'exact-amount-in' | 'exact-amount-out' = 'exact-amount-in',
  extra: Partial<QuoteRequest> = {},
) => engine.quote({ sender: SENDER, ...pair, amount, swapDirection, slippage: 50, ...extra })

describe('maxPriceImpact', () => {
  it('refuses 100M USDC → WETH on Arbitrum by default, with the least impact found', () => {
    const error = thrown(() => quote(ARB_USDC_WETH, 100_000_000_000_000n), PriceImpactTooHighError)
    expect(error.code).toBe('PRICE_IMPACT_TOO_HIGH')
    expect(error.status).toBe(400)
    expect(error.details).toEqual({ estimatedPriceImpact: expect.any(Number), maxPriceImpact: 15 })
    expect(error.details.estimatedPriceImpact).toBeGreaterThan(90)
    expect(rules.MAX_PRICE_IMPACT_DEFAULT).toBe(15)
  })

  it('quotes the same trade with a higher maxPriceImpact, and the least impact found is exactly enough', () => {
    const { estimatedPriceImpact } = thrown(
      () => quote(ARB_USDC_WETH, 100_000_000_000_000n),
      PriceImpactTooHighError,
    ).details
    const result = quote(ARB_USDC_WETH, 100_000_000_000_000n, 'exact-amount-in', {
      maxPriceImpact: estimatedPriceImpact,
    })
    expect(result.estimatedPriceImpact).toBe(estimatedPriceImpact)
    for (const route of result.allRoutes) expect(route.estimatedPriceImpact).toBeLessThanOrEqual(estimatedPriceImpact)
    expect(quote(ARB_USDC_WETH, 100_000_000_000_000n, 'exact-amount-in', { maxPriceImpact: 97 }).amountOut.amount).toBe(
      result.amountOut.amount,
    )
  })

  it('offers only the routes within the limit', () => {
    const all = quote(ARB_USDC_WETH, 5_000_000_000n, 'exact-amount-in', { maxPriceImpact: 100 })
    const limit = all.allRoutes[0]!.estimatedPriceImpact
    const within = quote(ARB_USDC_WETH, 5_000_000_000n, 'exact-amount-in', { maxPriceImpact: limit })
    expect(within.allRoutes.length).toBeGreaterThan(0)
    for (const route of within.allRoutes) expect(route.estimatedPriceImpact).toBeLessThanOrEqual(limit)
  })

  it('guards exact-out too (any pool fee is impact), and the absurd 10^24 exact-in whose rate rounded to 0', () => {
    thrown(() => quote(ARB_USDC_WETH, 10n ** 24n), PriceImpactTooHighError)
    const error = thrown(
      () => quote(ARB_USDC_WETH, 10n ** 18n, 'exact-amount-out', { maxPriceImpact: 0 }),
      PriceImpactTooHighError,
    )
    expect(error.details.maxPriceImpact).toBe(0)
    expect(error.details.estimatedPriceImpact).toBeGreaterThan(0)
  })

  it.each([-1, 100.5, Number.NaN, '15' as unknown as number])('refuses maxPriceImpact %s', (maxPriceImpact) => {
    const error = thrown(
      () => quote(ARB_USDC_WETH, 5_000_000_000n, 'exact-amount-in', { maxPriceImpact }),
      InvalidParameterError,
    )
    expect(error.details.parameter).toBe('maxPriceImpact')
  })
})

describe('edges', () => {
  it('exact-out 0.5 USDT Base → OP: refused, naming the smallest amount that is quoted as asked', () => {
    const error = thrown(() => quote(BASE_USDC_OP_USDT, 500_000n, 'exact-amount-out'), AmountTooLowError)
    const minAmount = BigInt(error.details.minAmount)
    expect(minAmount).toBeGreaterThan(500_000n)
    const result = quote(BASE_USDC_OP_USDT, minAmount, 'exact-amount-out')
    // The top-level figures are the steps': the request is what the last step delivers.
    expect(result.amountOut.amount).toBe(minAmount.toString())
    expect(result.steps.at(-1)!.amountOut).toBe(minAmount.toString())
    expect(result.exchangeRate).toBeGreaterThan(0.99)
    thrown(() => quote(BASE_USDC_OP_USDT, minAmount - 1n, 'exact-amount-out'), AmountTooLowError)
  })

  it('exact-in amount=1: minAmount is the smallest amount that quotes (no more "2", then "1000000")', () => {
    const error = thrown(() => quote(BASE_USDC_OP_USDT, 1n), AmountTooLowError)
    const minAmount = BigInt(error.details.minAmount)
    expect(thrown(() => quote(BASE_USDC_OP_USDT, 2n), AmountTooLowError).details.minAmount).toBe(Number(minAmount))
    expect(quote(BASE_USDC_OP_USDT, minAmount).amountIn.amount).toBe(minAmount.toString())
    expect(thrown(() => quote(BASE_USDC_OP_USDT, minAmount - 1n), AmountTooLowError).details.minAmount).toBe(
      Number(minAmount),
    )
  })

  it('a hop that would pay nothing is AMOUNT_TOO_LOW, never a quote of zero: 1 wei of WETH', () => {
    const error = thrown(() => quote(ETH_WETH_USDC, 1n), AmountTooLowError)
    const minAmount = BigInt(error.details.minAmount)
    expect(BigInt(quote(ETH_WETH_USDC, minAmount).amountOut.amount)).toBeGreaterThan(0n)
    thrown(() => quote(ETH_WETH_USDC, minAmount - 1n), AmountTooLowError)
  })

  it.each(['exact-amount-in', 'exact-amount-out'] as const)(
    '%s: maxAmount is the largest amount that quotes',
    (dir) => {
      const error = thrown(() => quote(BASE_USDC_OP_USDC, 20_000_000_000_000n, dir), AmountTooHighError)
      const maxAmount = BigInt(error.details.maxAmount)
      expect(maxAmount).toBeGreaterThan(0n)
      const result = quote(BASE_USDC_OP_USDC, maxAmount, dir)
      expect(dir === 'exact-amount-in' ? result.amountIn.amount : result.amountOut.amount).toBe(maxAmount.toString())
      expect(() => quote(BASE_USDC_OP_USDC, maxAmount + 1n, dir)).toThrow()
    },
  )
})
