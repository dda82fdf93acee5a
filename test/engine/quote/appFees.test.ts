/**
 * Each application fee's amount in the quote (`appFees`): one per requested fee, in order, each its own ceiling of
 * the gross input, and summing exactly to `applicationFee` — on the best route and on every route of `allRoutes`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type QuoteRequest, type RouteQuote, createEngine, loadSnapshot } from '../../../engine/index.js'
import { ETH, ETH_USDC, OP, OP_USDC, OP_WETH, SENDER, miniSnapshot } from '../../helpers/miniSnapshot.js'

const engine = createEngine(loadSnapshot(miniSnapshot()), { protocolFeeBps: 5 })

/** Reference: ceil(amount × bps / 10000), written out rather than through the engine's math module. */
const ceilBps = (amount: bigint, bps: number) => (amount * BigInt(bps) + 9_999n) / 10_000n

function expectFeesOf(route: RouteQuote, request: QuoteRequest) {
  const amountIn = BigInt(route.amountIn.amount)
  const requested = request.appFees ?? []
  expect(route.appFees.map(({ bps, receiverAddress }) => ({ bps, receiverAddress }))).toEqual(requested)
  for (const [index, fee] of route.appFees.entries()) {
    expect(fee.amount.amount).toBe(ceilBps(amountIn, requested[index]!.bps).toString())
    expect(fee.amount).toMatchObject({ chainId: route.amountIn.chainId, address: route.amountIn.address })
  }
  const sum = route.appFees.reduce((total, fee) => total + BigInt(fee.amount.amount), 0n)
  expect(sum.toString()).toBe(route.applicationFee.amount)
  // Against the trader: never less than one rounding of the total bps, at most one unit more per further fee.
  const totalBps = requested.reduce((total, fee) => total + fee.bps, 0)
  expect(sum >= ceilBps(amountIn, totalBps)).toBe(true)
  expect(sum <= ceilBps(amountIn, totalBps) + BigInt(Math.max(0, requested.length - 1))).toBe(true)
}

const receiver = fc.integer({ min: 1, max: 0xffff }).map((n) => `0x${n.toString(16).padStart(40, '0')}`)
const appFees = fc.array(fc.record({ bps: fc.integer({ min: 1, max: 500 }), receiverAddress: receiver }), {
  maxLength: 10,
})
/** Directions and amounts that the mini snapshot routes from USDC on Ethereum (6 decimals). */
const trade = fc.oneof(
  fc.record({
    dstToken: fc.constantFrom(OP_WETH, OP_USDC),
    swapDirection: fc.constant('exact-amount-in' as const),
    amount: fc.bigInt({ min: 10n ** 8n, max: 10n ** 12n }).map(String),
  }),
  fc.record({
    dstToken: fc.constant(OP_WETH),
    swapDirection: fc.constant('exact-amount-out' as const),
    amount: fc.bigInt({ min: 10n ** 15n, max: 10n ** 20n }).map(String),
  }),
  fc.record({
    dstToken: fc.constant(OP_USDC),
    swapDirection: fc.constant('exact-amount-out' as const),
    amount: fc.bigInt({ min: 10n ** 8n, max: 10n ** 11n }).map(String),
  }),
)

describe('appFees of a quote', () => {
  it('one per requested fee, each ceil(amountIn × bps / 10000), summing exactly to applicationFee', () => {
    fc.assert(
      fc.property(trade, appFees, ({ dstToken, swapDirection, amount }, fees) => {
        const request: QuoteRequest = {
          sender: SENDER,
          srcChainId: ETH,
          srcToken: ETH_USDC,
          dstChainId: OP,
          dstToken,
          amount,
          swapDirection,
          slippage: 50,
          appFees: fees,
          // The fee split is the point, at every size the generator draws: no impact limit.
          maxPriceImpact: 100,
        }
        const quote = engine.quote(request)
        expectFeesOf(quote, request)
        for (const route of quote.allRoutes) expectFeesOf(route, request)
      }),
      { numRuns: 200 },
    )
  })

  it('splits 1,000,000,007 at 20 and 7 bps into 2,000,001 and 700,001 (each rounded up), total 2,700,002', () => {
    const quote = engine.quote({
      sender: SENDER,
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      amount: '1000000007',
      swapDirection: 'exact-amount-in',
      slippage: 50,
      appFees: [
        { bps: 20, receiverAddress: '0x2222222222222222222222222222222222222222' },
        { bps: 7, receiverAddress: '0x3333333333333333333333333333333333333333' },
      ],
    })
    expect(quote.appFees.map((fee) => fee.amount.amount)).toEqual(['2000001', '700001'])
    // One rounding of the 27 bps total would give 2,700,001: per-receiver rounding costs the trader one unit.
    expect(quote.applicationFee.amount).toBe('2700002')
  })

  it('is empty without application fees, and applicationFee is zero', () => {
    const quote = engine.quote({
      sender: SENDER,
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_USDC,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
      slippage: 50,
    })
    expect(quote.appFees).toEqual([])
    expect(quote.applicationFee.amount).toBe('0')
  })
})
