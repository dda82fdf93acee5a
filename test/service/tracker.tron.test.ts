/**
 * The Tron observer against a local HTTP server speaking the Tron HTTP API's `wallet/gettransactioninfobyid`
 * (request `{"value": txid}`; answers `{}` for an unknown id, else the node's transaction info), on its own and
 * through the real service (`RPC_URLS=728126428=<stub>`): a registered Tron transaction reaches `success`, a
 * reverted one `failed` with the node's reason.
 */
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depositAddressOf, tronAbiAddress } from '../../engine/transactions.js'
import { ROUTED_TOPIC, TRANSFER_TOPIC } from '../../service/tracker/evmRpcObserver.js'
import { createTronRpcObserver } from '../../service/tracker/tronRpcObserver.js'
import type { Leg } from '../../service/tracker/trackingPlan.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { call, waitForStatus } from './trackerApi.js'

const TRON = 728126428
const SUCCESS_ID = '1'.repeat(64)
const REVERTED_ID = '2'.repeat(64)
const BLOCK_TIME_MS = 1_750_000_000_000
/** What the stub node knows, by transaction id: the shapes `gettransactioninfobyid` answers. */
const KNOWN: Record<string, object> = {
  [SUCCESS_ID]: {
    id: SUCCESS_ID,
    fee: 345000,
    blockNumber: 70_000_001,
    blockTimeStamp: BLOCK_TIME_MS,
    contractResult: [''],
    contract_address: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    receipt: { energy_usage_total: 64285, net_usage: 345, result: 'SUCCESS' },
  },
  [REVERTED_ID]: {
    id: REVERTED_ID,
    blockNumber: 70_000_002,
    blockTimeStamp: BLOCK_TIME_MS + 3000,
    contractResult: [''],
    receipt: { energy_usage_total: 1200, result: 'REVERT' },
    result: 'FAILED',
    resMessage: Buffer.from('REVERT opcode executed').toString('hex'),
  },
}

/** The default snapshot's Tron router. */
const ROUTER = 'TQEeabbxpAEzVwV7ac36vXnjtiMRWq2r41'
const hexOf = (address: string) => tronAbiAddress(address).slice(2)
/** The log entry of the router's `Routed(txId, …)` (no data needed), as `gettransactioninfobyid` lists it. */
const routedLog = (txId: string) => ({
  address: hexOf(ROUTER),
  topics: [ROUTED_TOPIC.slice(2), txId.slice(2)],
  data: '',
})
/** What `gettransactionbyid` answers, by id (a TRX transfer's contract). */
const TRANSACTIONS: Record<string, object> = {}

const source: Leg = {
  index: 0,
  kind: 'source',
  chainId: TRON,
  vm: 'tron',
  blockTimeMs: 3000,
  nextBridge: '',
  viaBridge: '',
  isLast: true,
  expectedSeconds: 3,
}

let stub: Server
let stubUrl: string
const requests: { path: string | undefined; body: unknown }[] = []
beforeAll(async () => {
  stub = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      const body = JSON.parse(text || '{}') as { value?: string }
      requests.push({ path: request.url, body })
      const known =
        request.url === '/wallet/gettransactioninfobyid'
          ? KNOWN
          : request.url === '/wallet/gettransactionbyid'
            ? TRANSACTIONS
            : undefined
      if (known === undefined) return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(known[body.value!] ?? {}))
    })
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
})
afterAll(() => stub?.close())

describe('Tron observer (local HTTP API stub)', () => {
  const observer = () => createTronRpcObserver({ chainId: TRON, url: `${stubUrl}/`, notFoundTimeoutSeconds: 60 })
  const observe = (srcTxHash: string, since: number, now: number) =>
    observer().observe({ txId: `0x${'0'.repeat(64)}`, leg: source, srcTxHash, since, now })

  it('asks POST /wallet/gettransactioninfobyid {value}; SUCCESS is confirmed at the block time', async () => {
    expect(await observe(SUCCESS_ID, 100, 101)).toEqual({
      status: 'confirmed',
      txHash: SUCCESS_ID,
      timestamp: BLOCK_TIME_MS / 1000,
      detail: { srcBlockNumber: 70_000_001 },
    })
    expect(requests.at(-1)).toEqual({ path: '/wallet/gettransactioninfobyid', body: { value: SUCCESS_ID } })
  })

  it('a reverted transaction is failed, with the receipt result and the decoded resMessage', async () => {
    expect(await observe(REVERTED_ID, 100, 101)).toEqual({
      status: 'failed',
      txHash: REVERTED_ID,
      timestamp: BLOCK_TIME_MS / 1000 + 3,
      reason: 'transaction failed in block 70000002 (REVERT)',
      revertReason: 'REVERT opcode executed',
    })
  })

  it('an unknown id ({}) is pending, then failed after the not-found timeout', async () => {
    const unknown = '3'.repeat(64)
    expect(await observe(unknown, 100, 110)).toMatchObject({ status: 'pending', checkAt: expect.any(Number) })
    expect(await observe(unknown, 100, 161)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/not found on chain 728126428 within 60 s/),
    })
  })

  it('with the router known: confirmed only when the transaction executes the quote (Routed(txId), a payment to its deposit address)', async () => {
    const txId = `0x${'7e'.repeat(32)}` as const
    const deposit = depositAddressOf({ vm: 'tron', routerAddress: ROUTER }, txId)
    const ids = { routed: '4'.repeat(64), other: '5'.repeat(64), trc20: '6'.repeat(64), trx: '7'.repeat(64) }
    const success = (id: string, log: object[]) => ({ ...KNOWN[SUCCESS_ID], id, log })
    KNOWN[ids.routed] = success(ids.routed, [routedLog(txId)])
    KNOWN[ids.other] = success(ids.other, [routedLog(`0x${'ab'.repeat(32)}`)])
    KNOWN[ids.trc20] = success(ids.trc20, [
      {
        address: 'a614f803b6fd780986a42c78ec9c7f77e6ded13c',
        topics: [TRANSFER_TOPIC.slice(2), '0'.repeat(64), hexOf(deposit).padStart(64, '0')],
      },
    ])
    KNOWN[ids.trx] = success(ids.trx, [])
    TRANSACTIONS[ids.trx] = {
      raw_data: { contract: [{ parameter: { value: { to_address: `41${hexOf(deposit)}` } } }] },
    }
    const checked = createTronRpcObserver({ chainId: TRON, url: stubUrl, routerAddress: ROUTER })
    const seen = (id: string) => checked.observe({ txId, leg: source, srcTxHash: id, since: 100, now: 101 })
    for (const id of [ids.routed, ids.trc20, ids.trx])
      expect(await seen(id)).toMatchObject({ status: 'confirmed', txHash: id })
    expect(await seen(ids.other)).toEqual({
      status: 'failed',
      timestamp: BLOCK_TIME_MS / 1000,
      reason: `transaction ${ids.other} does not execute quote ${txId}: no Routed event for it at the router, no payment to its deposit address`,
    })
    // A plain success with no log and no transfer to the deposit address: not this quote's either.
    expect(await seen(SUCCESS_ID)).toMatchObject({ status: 'failed' })
  })

  it('a node that does not answer leaves the leg pending; deliveries are not its legs', async () => {
    const down = createTronRpcObserver({ chainId: TRON, url: 'http://127.0.0.1:1', requestTimeoutMs: 500 })
    const observation = await down.observe({ txId: '0x', leg: source, srcTxHash: SUCCESS_ID, since: 1, now: 2 })
    expect(observation.status).toBe('pending')
    expect(down.observes?.({ ...source, kind: 'delivery' })).toBe(false)
    expect(down.observes?.(source)).toBe(true)
  })
})

describe('through the real service, RPC_URLS naming the Tron stub', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({
      THREADS: '1',
      RPC_URLS: `${TRON}=${stubUrl}`,
      SIMULATED_TIME_SCALE: '0.001',
      TRACKER_INTERVAL_MS: '20',
    })
  }, 90_000)
  afterAll(async () => {
    await service?.stop()
  })

  async function registeredTronSwap(txHash: string) {
    const query = new URLSearchParams({
      actionType: 'swap-action',
      sender: 'TD63PfocedEstoByUVyEJ1SZJe9sD1bQHs',
      srcChainId: String(TRON),
      srcToken: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
      dstChainId: String(TRON),
      dstToken: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '50000000',
      swapDirection: 'exact-amount-in',
      slippage: '50',
      appFees: '[]',
    })
    const action = await call<{ txId: string }>(service, `/getAction?${query}`)
    expect(action.status, JSON.stringify(action.body)).toBe(200)
    // The node's transaction is this quote's: the router's Routed event carries its txId.
    const known = KNOWN[txHash] as { log?: unknown[] }
    KNOWN[txHash] = { ...known, log: [...(known.log ?? []), routedLog(action.body.txId)] }
    const registered = await call<{ success: boolean }[]>(service, '/registerTxs', {
      method: 'POST',
      body: [{ txId: action.body.txId, vmId: 'alt-vm', txHash, chainId: TRON }],
    })
    expect(registered.body).toEqual([{ success: true, error: null, code: null }])
    return action.body.txId
  }

  it('a registered Tron transaction the node reports SUCCESS ends success at its block time', async () => {
    const txId = await registeredTronSwap(SUCCESS_ID)
    const { details } = await waitForStatus(service, txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'success', srcTxHash: SUCCESS_ID })
    expect(details.bridgeDetails.txPath[0]).toMatchObject({
      txHash: SUCCESS_ID,
      timestamp: String(BLOCK_TIME_MS / 1000),
    })
  })

  it('one the node reports REVERT ends failed, with the reason', async () => {
    const txId = await registeredTronSwap(REVERTED_ID)
    const { details } = await waitForStatus(service, txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'failed', srcTxHash: REVERTED_ID })
    expect(details.srcTx?.revertReason).toBe('REVERT opcode executed')
  })
})
