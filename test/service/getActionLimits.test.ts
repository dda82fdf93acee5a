/**
 * Through the real service (main thread, piscina workers): the price-impact guard, the amount limits that quote
 * when sent back, the exact-out edge rule and the network cost of every route — the HTTP contract of issue 10.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARB_USDC, ARB_WETH, BASE_USDC, OP_USDT, SENDER } from '../helpers/mainnet.js'
import { type RunningService, startService } from '../helpers/startService.js'

const START_TIMEOUT_MS = 90_000
const API_KEY = 'dev-key-alpha'
const OP_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'

let service: RunningService
beforeAll(async () => {
  service = await startService()
}, START_TIMEOUT_MS)
afterAll(async () => {
  await service?.stop()
})

interface Answer {
  status: number
  body: Record<string, any>
}

async function getAction(query: Record<string, string>): Promise<Answer> {
  const search = new URLSearchParams({ actionType: 'swap-action', sender: SENDER, slippage: '50', ...query })
  const response = await fetch(`${service.url}/getAction?${search}`, { headers: { 'x-api-key': API_KEY } })
  return { status: response.status, body: (await response.json()) as Answer['body'] }
}

const arbUsdcToWeth = (amount: string, extra: Record<string, string> = {}) =>
  getAction({
    srcChainId: '42161',
    srcToken: ARB_USDC,
    dstChainId: '42161',
    dstToken: ARB_WETH,
    amount,
    swapDirection: 'exact-amount-in',
    ...extra,
  })
const baseUsdcTo = (dstToken: string, amount: string, swapDirection = 'exact-amount-in') =>
  getAction({ srcChainId: '8453', srcToken: BASE_USDC, dstChainId: '10', dstToken, amount, swapDirection })

function expectError(
  answer: Answer,
  code: string,
  name: string,
): { [key: string]: number } & { minAmount: number; maxAmount: number } {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body).toMatchObject({ success: false, error: { code, name, statusCode: 400 } })
  return answer.body.error.details
}

describe('getAction: maxPriceImpact', () => {
  it('100M USDC → WETH on Arbitrum: PRICE_IMPACT_TOO_HIGH by default, 200 with a higher maxPriceImpact', async () => {
    const refused = await arbUsdcToWeth('100000000000000')
    const details = expectError(refused, 'PRICE_IMPACT_TOO_HIGH', 'PriceImpactTooHighError')
    expect(details).toEqual({ estimatedPriceImpact: expect.any(Number), maxPriceImpact: 15 })
    expect(details.estimatedPriceImpact).toBeGreaterThan(90)

    const quoted = await arbUsdcToWeth('100000000000000', { maxPriceImpact: String(details.estimatedPriceImpact) })
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
    expect(quoted.body.estimatedPriceImpact).toBe(details.estimatedPriceImpact)

    // The stored request keeps the limit the quote was made under.
    const status = await fetch(`${service.url}/getStatus?txId=${quoted.body.txId}`, {
      headers: { 'x-api-key': API_KEY },
    })
    expect(((await status.json()) as Answer['body']).actionRequest.maxPriceImpact).toBe(details.estimatedPriceImpact)
  })

  it('refuses a maxPriceImpact that is not a percentage', async () => {
    for (const value of ['-1', '101', 'abc', '1e1']) {
      const details = expectError(
        await arbUsdcToWeth('1000000000', { maxPriceImpact: value }),
        'INVALID_PARAMETER',
        'InvalidParameterError',
      )
      expect(details).toMatchObject({ parameter: 'maxPriceImpact', value })
    }
  })
})

describe('getAction: amount limits that quote when sent back', () => {
  it('AMOUNT_TOO_LOW.minAmount (exact-in amount=1) quotes, one less does not', async () => {
    const { minAmount } = expectError(await baseUsdcTo(OP_USDT, '1'), 'AMOUNT_TOO_LOW', 'AmountTooLowError')
    expect(minAmount).toBeGreaterThan(1)
    expectError(await baseUsdcTo(OP_USDT, '2'), 'AMOUNT_TOO_LOW', 'AmountTooLowError')
    const quoted = await baseUsdcTo(OP_USDT, String(minAmount))
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
    expect(quoted.body.amountIn.amount).toBe(String(minAmount))
    const below = await baseUsdcTo(OP_USDT, String(minAmount - 1))
    expect(expectError(below, 'AMOUNT_TOO_LOW', 'AmountTooLowError').minAmount).toBe(minAmount)
  })

  it('exact-out under the CCTP minimum is AMOUNT_TOO_LOW; its minAmount quotes with figures equal to the steps', async () => {
    const { minAmount } = expectError(
      await baseUsdcTo(OP_USDT, '500000', 'exact-amount-out'),
      'AMOUNT_TOO_LOW',
      'AmountTooLowError',
    )
    const quoted = await baseUsdcTo(OP_USDT, String(minAmount), 'exact-amount-out')
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
    expect(quoted.body.amountOut.amount).toBe(String(minAmount))
    expect(quoted.body.steps.at(-1).amountOut).toBe(String(minAmount))
    expect(quoted.body.exchangeRate).toBeGreaterThan(0.99)
  })

  it.each(['exact-amount-in', 'exact-amount-out'])(
    '%s: AMOUNT_TOO_HIGH.maxAmount quotes, one more does not',
    async (direction) => {
      const { maxAmount } = expectError(
        await baseUsdcTo(OP_USDC, '20000000000000', direction),
        'AMOUNT_TOO_HIGH',
        'AmountTooHighError',
      )
      const quoted = await baseUsdcTo(OP_USDC, String(maxAmount), direction)
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
      const amount = direction === 'exact-amount-in' ? quoted.body.amountIn : quoted.body.amountOut
      expect(amount.amount).toBe(String(maxAmount))
      expect((await baseUsdcTo(OP_USDC, String(maxAmount + 1), direction)).status).toBe(400)
    },
  )
})

describe('getAction: network cost', () => {
  it('250 USDC Base → USDT OP: every route carries networkFee, the best avoids Ethereum', async () => {
    const quoted = await baseUsdcTo(OP_USDT, '250000000')
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
    expect(quoted.body.steps.map((step: { chainId: number }) => step.chainId)).not.toContain(1)
    for (const route of [quoted.body, ...quoted.body.allRoutes]) {
      expect(route.networkFee).toMatchObject({
        chainId: 8453,
        symbol: 'ETH',
        amount: expect.stringMatching(/^[0-9]+$/),
      })
      expect(route.networkFee.usdAmount).toBeGreaterThan(0)
    }
  })
})
