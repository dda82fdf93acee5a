/**
 * Venue orders through the real service (main thread, worker threads, tracker thread, one SQLite file) at
 * SIMULATED_TIME_SCALE 0.001: getAction `actionType=venue` → registerTxs → the tracker confirms the funding →
 * the order is placed on the live book → workflow, positions, trades. Books are seeded into the same store file the
 * service uses, so each case starts from a known book. Only end states are asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'
import { setSimulatedOutcome } from '../../service/tracker/simulatedOutcomes.js'
import type { BookLevel } from '../../service/venue/book.js'
import type { OpenApiDocument } from '../../service/openapi/types.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, createContract, send } from '../service/contract.js'
import {
  ALPHA,
  BETA,
  PUSD,
  POLYGON,
  TOKEN,
  bodyOf,
  createUser,
  get,
  orderQuery,
  placeOrder,
  positionsOf,
  register,
  settledWorkflow,
  venueAction,
} from './venueOrderApi.js'

let service: RunningService
let store: Store
let contract: Contract
const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-venue-orders-'))

/** Replaces the live book of `TOKEN` (tick 0.01) in the service's store. */
async function seedBook(asks: BookLevel[], bids: BookLevel[] = []): Promise<void> {
  const book = (await store.getVenueBook(TOKEN))!
  await store.seedVenueBooks([{ ...book, asks, bids }])
}

let nextAccount = 1
const newAccount = () => `0x${(nextAccount++).toString(16).padStart(4, '0')}${'ab'.repeat(18)}`

beforeAll(async () => {
  service = await startService(
    { THREADS: '2', DATA_DIR: dataDir, SIMULATED_TIME_SCALE: '0.001', TRACKER_INTERVAL_MS: '20' },
    { timeoutMs: 90_000 },
  )
  store = await openStore({ dataDir, databasePath: join(dataDir, 'crossroute.sqlite') })
  contract = createContract(JSON.parse((await send(`${service.url}/openapi.json`)).body) as OpenApiDocument)
}, 120_000)

afterAll(async () => {
  await store?.close()
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('venue orders placed through getAction', () => {
  it('FOK on a thin book is killed: workflow failed, book and position unchanged', async () => {
    const user = await createUser(service, newAccount())
    await seedBook([{ price: '0.5', size: '4' }])
    const workflow = await placeOrder(service, orderQuery(user, { orderType: 'FOK' }))
    expect(workflow).toMatchObject({ status: 'failed', name: 'venue', operation: 'placeOrder' })
    expect(workflow.reason).toMatch(/FOK/)
    expect(workflow.data.orderResponse).toMatchObject({ status: 'canceled', size_matched: '0' })
    expect(workflow.data.relayTx).toBeUndefined()
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([{ price: '0.5', size: '4' }])
    expect(await positionsOf(service, user)).toEqual([])
  })

  it('FAK fills what the book holds: size_matched < original_size, the position equals the fill', async () => {
    const user = await createUser(service, newAccount())
    await seedBook([{ price: '0.5', size: '4' }])
    const actionReply = await get(service, '/getAction', orderQuery(user, { orderType: 'FAK' }))
    expect(contract.check('/getAction', 'get', actionReply)).toEqual([])
    const action = bodyOf<{ txId: string }>(actionReply)
    await register(service, action.txId)
    const workflow = await settledWorkflow(service, action.txId)
    expect(workflow.status).toBe('success')
    const response = workflow.data.orderResponse!
    expect(response).toMatchObject({ status: 'matched', size_matched: '4' })
    expect(Number(response.original_size)).toBeGreaterThan(4)
    expect(response.associate_trades).toHaveLength(1)
    expect(workflow.data.relayTx).toMatchObject({ status: 'success' })
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([])
    const [position] = await positionsOf(service, user)
    expect(position).toMatchObject({ asset: TOKEN, size: 4, avgPrice: 0.5 })
    const trades = bodyOf<{ side: string; size: number; price: number; transactionHash: string }[]>(
      await get(service, '/workflows/venue/getTrades', { userId: user.userId }),
    )
    expect(trades).toEqual([expect.objectContaining({ side: 'BUY', size: 4, price: 0.5 })])
    expect(trades[0]!.transactionHash).toBe(workflow.data.relayTx!.txHash)

    // getStatus and getTransactions carry the workflow (SPEC §2.5), and conform to the document.
    const status = await get(service, '/getStatus', { txId: action.txId })
    expect(contract.check('/getStatus', 'get', status)).toEqual([])
    const { workflow: carried } = bodyOf<{ workflow: unknown }>(status)
    const { txId: _txId, ...withoutTxId } = workflow
    expect(carried).toEqual(withoutTxId)
    const history = await get(service, '/getTransactions', { walletAddress: user.userId })
    expect(contract.check('/getTransactions', 'get', history)).toEqual([])
    const txs = bodyOf<{ txs: { txId: string; workflow?: unknown }[] }>(history).txs
    expect(txs.find((tx) => tx.txId === action.txId)?.workflow).toEqual(withoutTxId)
    const workflowReply = await get(service, '/workflows/getStatus', { txId: action.txId })
    expect(contract.check('/workflows/getStatus', 'get', workflowReply)).toEqual([])
    // Tenancy: another organization sees neither the workflow nor the transaction.
    expect((await get(service, '/workflows/getStatus', { txId: action.txId }, BETA)).status).toBe(404)
    expect((await get(service, '/getStatus', { txId: action.txId }, BETA)).status).toBe(404)
  })

  it('buy, buy, partial sell: avgPrice, realizedPnl and cashPnl as computed by hand', async () => {
    const user = await createUser(service, newAccount())
    await seedBook([{ price: '0.4', size: '100' }])
    expect((await placeOrder(service, orderQuery(user))).status).toBe('success') // 25 shares for $10 at 0.40
    await seedBook([{ price: '0.5', size: '100' }])
    expect((await placeOrder(service, orderQuery(user))).status).toBe('success') // 20 shares for $10 at 0.50
    await seedBook([{ price: '0.62', size: '100' }], [{ price: '0.6', size: '100' }])
    const sellQuery = orderQuery(user, { side: 'SELL', srcToken: PUSD, amount: '10000000', swapDirection: '' })
    const sellReply = await get(service, '/getAction', sellQuery)
    expect(contract.check('/getAction', 'get', sellReply)).toEqual([])
    const sell = bodyOf<{ txId: string; tx: object; amountOut: { amount: string } }>(sellReply)
    expect(sell.tx).toMatchObject({ chainId: 137, to: '0xE111180000d2663C0091e4f400237545B87B996B' })
    expect(sell.amountOut.amount).toBe('6000000') // 10 shares at the bid's 0.60
    await register(service, sell.txId)
    const sold = await settledWorkflow(service, sell.txId)
    expect(sold.status).toBe('success')
    expect(sold.data.orderResponse).toMatchObject({ status: 'matched', size_matched: '10', original_size: '10' })

    // Bought 25 @ 0.40 and 20 @ 0.50: avg = 20 / 45 = 0.4444…, rounded up to 6 places (against the holder):
    // 0.444445. Sold 10 @ 0.60: realized = 10 × (0.60 − 0.444445) = 1.55555. 35 left, valued at the book's mid
    // (0.60 + 0.62) / 2 = 0.61: cashPnl = 35 × 0.61 − 35 × 0.444445 = 21.35 − 15.555575 = 5.794425.
    const [position] = await positionsOf(service, user)
    expect(position).toMatchObject({
      asset: TOKEN,
      size: 35,
      curPrice: 0.61,
      avgPrice: 0.444445,
      realizedPnl: 1.55555,
      cashPnl: 5.794425,
    })
  })

  it('20 concurrent orders against one book never overfill a level', async () => {
    const user = await createUser(service, newAccount())
    await seedBook([{ price: '0.5', size: '100' }]) // $50 of asks; 20 orders of $5 ask for $100
    const actions = await Promise.all(
      Array.from({ length: 20 }, () => venueAction(service, orderQuery(user, { orderType: 'FAK', amount: '5000000' }))),
    )
    await Promise.all(actions.map((action) => register(service, action.txId)))
    const workflows = await Promise.all(actions.map((action) => settledWorkflow(service, action.txId)))
    const matched = workflows.map((workflow) => Number(workflow.data.orderResponse?.size_matched ?? 0))
    expect(matched.reduce((total, size) => total + size, 0)).toBe(100)
    expect(workflows.filter((workflow) => workflow.status === 'success')).toHaveLength(10)
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([])
    const [position] = await positionsOf(service, user)
    expect(position!.size).toBe(100)
  })

  it('a failed funding leg leaves the workflow failed and places no order', async () => {
    const user = await createUser(service, newAccount())
    await seedBook([{ price: '0.5', size: '100' }])
    const action = await venueAction(service, orderQuery(user))
    setSimulatedOutcome(dataDir, action.txId, 'failed')
    await register(service, action.txId)
    const workflow = await settledWorkflow(service, action.txId)
    expect(workflow.status).toBe('failed')
    expect(workflow.reason).toMatch(/funding transaction ended failed/)
    expect(workflow.data.orderResponse).toBeUndefined()
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([{ price: '0.5', size: '100' }])
    expect(await positionsOf(service, user)).toEqual([])
  })
})

describe('venue getAction validation', () => {
  it('answers each refusal with the envelope naming the parameter, and records nothing', async () => {
    const user = await createUser(service, newAccount())
    const other = await createUser(service, newAccount())
    await seedBook([{ price: '0.5', size: '100' }], [{ price: '0.45', size: '100' }])
    const refusal = async (overrides: Record<string, string>, key = ALPHA) => {
      const reply = await get(service, '/getAction', orderQuery(user, overrides), key)
      expect(reply.status, reply.body).toBe(400)
      expect(contract.check('/getAction', 'get', reply)).toEqual([])
      return bodyOf<{ error: { code: string; details: Record<string, unknown> } }>(reply).error
    }
    const invalid = (parameter: string) => ({
      code: 'INVALID_PARAMETER',
      details: expect.objectContaining({ parameter }),
    })
    expect(await refusal({ userId: `0x${'99'.repeat(20)}` })).toMatchObject(invalid('userId'))
    // A user of another organization is unknown here.
    const betaUser = await createUser(service, newAccount(), BETA)
    expect(await refusal({ userId: betaUser.userId })).toMatchObject(invalid('userId'))
    expect(await refusal({ recipient: other.proxyWallet })).toMatchObject(invalid('recipient'))
    expect(await refusal({ tokenID: '12345' })).toMatchObject(invalid('tokenID'))
    expect(
      await refusal({ tokenID: '8851848546962572193739008211889046036776198486765606333032192644001246174440' }),
    ).toMatchObject(invalid('tokenID'))
    expect(await refusal({ tickSize: '0.001' })).toMatchObject(invalid('tickSize'))
    expect(await refusal({ negRisk: 'true' })).toMatchObject(invalid('negRisk'))
    expect(await refusal({ dstToken: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' })).toMatchObject(invalid('dstToken'))
    expect(await refusal({ orderType: 'GTC' })).toMatchObject(invalid('orderType'))
    expect(await refusal({ userId: '' })).toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
      details: { field: 'userId' },
    })
    expect(await refusal({ recipient: '' })).toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
      details: { field: 'recipient' },
    })
    // Selling shares the wallet does not hold: INSUFFICIENT_FUNDS, nothing changes.
    const sell = { side: 'SELL', srcToken: PUSD, amount: '1000000', swapDirection: '' }
    expect(await refusal(sell)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { address: user.proxyWallet, chainId: Number(POLYGON), required: '1000000', available: '0' },
    })
    expect(
      await refusal({ ...sell, srcChainId: '42161', srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' }),
    ).toMatchObject(invalid('srcChainId'))
    // The venue's parameters are refused on other action types.
    expect(await refusal({ actionType: 'swap-action' })).toMatchObject(invalid('userId'))
    expect((await store.getVenueBook(TOKEN))!.asks).toEqual([{ price: '0.5', size: '100' }])
    expect(await positionsOf(service, user)).toEqual([])
    // An unknown txId has no workflow.
    const unknown = await get(service, '/workflows/getStatus', { txId: `0x${'ab'.repeat(32)}` })
    expect(unknown.status).toBe(404)
  })
})
