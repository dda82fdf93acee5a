/**
 * `POST /api/getActions` through the real service (main thread, piscina workers): each request answered or failed
 * on its own with getAction's status and body, each answer recorded under its txId, screening per request, and the
 * documented maximum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARB_USDC, ARB_WETH, SENDER } from '../helpers/mainnet.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { MAX_BATCH_ACTIONS } from '../../service/schema/getActions.js'

const API_KEY = 'dev-key-alpha'
// Lazarus Group, on the shipped OFAC list (as in compliance.test.ts).
const LISTED_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96'

let service: RunningService
beforeAll(async () => {
  service = await startService()
}, 90_000)
afterAll(async () => {
  await service?.stop()
})

interface Answer {
  status: number
  body: Record<string, any>
}

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Answer['body'] }
}

const swap = (amount: string | number, extra: Record<string, unknown> = {}) => ({
  actionType: 'swap-action',
  sender: SENDER,
  srcChainId: 42161,
  srcToken: ARB_USDC,
  dstChainId: 42161,
  dstToken: ARB_WETH,
  amount,
  swapDirection: 'exact-amount-in',
  slippage: 50,
  ...extra,
})

describe('POST /api/getActions', () => {
  it('answers each request on its own, in order, as getAction would; each quote is recorded', async () => {
    const answer = await post('/getActions', {
      requests: [
        swap('1000000000'),
        swap('0'),
        swap(2_000_000_000, { appFees: [{ bps: 10, receiverAddress: SENDER }] }),
      ],
    })
    expect(answer.status).toBe(200)
    const [first, zero, third] = answer.body.results
    expect(first.status).toBe(200)
    expect(first.body.amountIn.amount).toBe('1000000000')
    expect(zero).toMatchObject({ status: 400, body: { success: false, error: { code: 'INVALID_AMOUNT_ZERO' } } })
    expect(third.status).toBe(200)
    expect(third.body.appFees[0].amount.amount).toBe('2000000')

    // The same request through getAction gives the same amounts.
    const search = new URLSearchParams(
      Object.entries(swap('1000000000')).map(([k, v]): [string, string] => [k, String(v)]),
    )
    const single = await fetch(`${service.url}/getAction?${search}`, { headers: { 'x-api-key': API_KEY } })
    expect(((await single.json()) as Answer['body']).amountOut).toEqual(first.body.amountOut)

    for (const { body } of [first, third]) {
      const status = await fetch(`${service.url}/getStatus?txId=${body.txId}`, { headers: { 'x-api-key': API_KEY } })
      expect(status.status).toBe(200)
      expect(((await status.json()) as Answer['body']).actionRequest.amount).toBe(body.amountIn.amount)
    }
  })

  it('screens every request: a listed sender fails its own item with WALLET_SCREENED', async () => {
    const answer = await post('/getActions', {
      requests: [swap('1000000000', { sender: LISTED_ETH }), swap('5000000')],
    })
    expect(answer.status).toBe(200)
    expect(answer.body.results[0]).toMatchObject({ status: 403, body: { error: { code: 'WALLET_SCREENED' } } })
    expect(answer.body.results[1].status).toBe(200)
  })

  it(`refuses more than ${MAX_BATCH_ACTIONS} requests, an empty list and a body of the wrong shape`, async () => {
    const over = await post('/getActions', { requests: Array.from({ length: MAX_BATCH_ACTIONS + 1 }, () => swap('1')) })
    expect(over.status).toBe(400)
    expect(over.body.error).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter: 'body' } })
    for (const body of [{ requests: [] }, [swap('1')], { requests: 'x' }]) {
      const answer = await post('/getActions', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.success).toBe(false)
    }
    const full = await post('/getActions', {
      requests: Array.from({ length: MAX_BATCH_ACTIONS }, () => swap('1000000')),
    })
    expect(full.status).toBe(200)
    expect(full.body.results.map((result: Answer) => result.status)).toEqual(Array(MAX_BATCH_ACTIONS).fill(200))
  })
})
