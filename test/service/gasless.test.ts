/**
 * Gasless execution through the real service: `gasless=true` answers `executions` (a TIP-712 PermitTransfer to the
 * quote's deposit address) only for a gasless key and a TRC-20 input on Tron — other requests get documented errors
 * and record nothing; signing the execution and posting it to `/relayGasless` moves the quote to `pending` (and on
 * to `success` through the simulated observer) with no `registerTxs`, through the simulated provider and through an
 * HTTP provider (a local stub).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tronModule } from '../../engine/vm/tron.js'
import { typedMessage } from '../../service/routes/relayGasless.js'
import type { Execution } from '../../service/schema/gasless.js'
import type { OpenApiDocument } from '../../service/openapi/types.js'
import { inspectDatabase, valueOf } from '../helpers/sqlite.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, createContract, send } from './contract.js'
import { waitForStatus } from './trackerApi.js'

const START_TIMEOUT_MS = 90_000
const GASLESS_KEY = 'dev-key-alpha'
const PLAIN_KEY = 'dev-key-alpha-2'
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRX = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
const STUB_TX_HASH = 'ab'.repeat(32)

/** A test wallet: its key signs, its Tron address (0x41 ‖ the same 20 bytes) is the sender. */
function tronWallet() {
  const account = privateKeyToAccount(generatePrivateKey())
  const address = tronModule.addressFromBytes(Uint8Array.from([0x41, ...hexToBytes(account.address)]))
  return { account, address }
}

interface GaslessAction {
  txId: string
  depositAddress: string
  executions: Execution[]
  amountInMax: { amount: string }
}

function gaslessQuery(sender: string, overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    actionType: 'swap-action',
    sender,
    srcChainId: '728126428',
    srcToken: TRON_USDT,
    dstChainId: '1',
    dstToken: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    recipient: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    amount: '250000000',
    swapDirection: 'exact-amount-in',
    slippage: '50',
    appFees: '[]',
    gasless: 'true',
    ...overrides,
  })
}

async function relay(service: RunningService, body: unknown, key = GASLESS_KEY) {
  return send(`${service.url}/relayGasless`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function sign(wallet: ReturnType<typeof tronWallet>, execution: Execution) {
  const { domain, types, primaryType } = execution.typedData
  return wallet.account.signTypedData({
    domain: { ...domain, verifyingContract: domain.verifyingContract as `0x${string}` },
    types,
    primaryType,
    message: typedMessage(execution.typedData),
  })
}

describe('gasless with the simulated provider (real service)', () => {
  let service: RunningService
  let contract: Contract
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crossroute-gasless-'))
    service = await startService({ DATA_DIR: dataDir, SIMULATED_TIME_SCALE: '0.001', TRACKER_INTERVAL_MS: '20' })
    contract = createContract(JSON.parse((await send(`${service.url}/openapi.json`)).body) as OpenApiDocument)
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await service?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** Rows the store holds for a sender (quotes included, registered or not; EVM senders are kept lower case). */
  function recorded(sender: string) {
    return inspectDatabase(join(dataDir, 'crossroute.sqlite'), (db) =>
      valueOf(db.prepare('SELECT count(*) FROM transactions WHERE sender IN (?, ?)'), sender, sender.toLowerCase()),
    )
  }

  it('answers a PermitTransfer of amountInMax to the deposit address; relaying it makes the quote pending', async () => {
    const wallet = tronWallet()
    const reply = await send(`${service.url}/getAction?${gaslessQuery(wallet.address)}`, {
      headers: { 'x-api-key': GASLESS_KEY },
    })
    expect(reply.status, reply.body.slice(0, 400)).toBe(200)
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    const action = JSON.parse(reply.body) as GaslessAction
    expect(action.depositAddress).toMatch(/^T/)
    expect(action.executions).toHaveLength(1)
    const [execution] = action.executions
    expect(execution!.signer).toBe(wallet.address)
    expect(execution!.typedData.message).toMatchObject({
      user: wallet.account.address.toLowerCase(),
      receiver: `0x${Buffer.from(tronModule.addressBytes(action.depositAddress).subarray(1)).toString('hex')}`,
      value: action.amountInMax.amount,
      nonce: BigInt(action.txId).toString(),
    })

    const relayed = await relay(service, { txId: action.txId, signatures: [await sign(wallet, execution!)] })
    expect(relayed.status, relayed.body).toBe(200)
    expect(contract.check('/relayGasless', 'POST', relayed)).toEqual([])
    const { txHash } = JSON.parse(relayed.body) as { txHash: string }
    expect(txHash).toMatch(/^[0-9a-f]{64}$/)
    const again = await relay(service, { txId: action.txId, signatures: [await sign(wallet, execution!)] })
    expect(JSON.parse(again.body)).toEqual({ txId: action.txId, txHash, status: 'pending' })
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'])
    expect(details).toMatchObject({ status: 'success', srcTxHash: txHash })
    expect(recorded(wallet.address)).toBe(1)
  })

  it('refuses a signature by anyone but the sender (400), and relays nothing', async () => {
    const wallet = tronWallet()
    const reply = await send(`${service.url}/getAction?${gaslessQuery(wallet.address)}`, {
      headers: { 'x-api-key': GASLESS_KEY },
    })
    const action = JSON.parse(reply.body) as GaslessAction
    const intruder = tronWallet()
    const relayed = await relay(service, {
      txId: action.txId,
      signatures: [await sign(intruder, action.executions[0]!)],
    })
    expect(relayed.status).toBe(400)
    expect(JSON.parse(relayed.body).error).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: { parameter: 'signatures', reason: 'execution 1 is not signed by the sender' },
    })
    const status = await send(`${service.url}/getStatus?txId=${action.txId}`, {
      headers: { 'x-api-key': GASLESS_KEY },
    })
    expect(JSON.parse(status.body)).toMatchObject({ status: 'pending', srcTxHash: '' })
  })

  it.each([
    ['a key without gasless', PLAIN_KEY, {}, 403, 'GASLESS_NOT_ENABLED', { appId: 'alpha-mobile' }],
    [
      'an EVM source (no gasless provider)',
      GASLESS_KEY,
      {
        srcChainId: '42161',
        srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        dstChainId: '42161',
        dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
        recipient: '',
      },
      400,
      'INVALID_PARAMETER',
      { parameter: 'gasless', value: 'true', reason: expect.stringMatching(/no gasless provider/) },
    ],
    [
      'TRX input (the provider relays TRC-20 only)',
      GASLESS_KEY,
      { srcToken: TRX, dstChainId: '728126428', dstToken: TRON_USDT, recipient: '' },
      400,
      'INVALID_PARAMETER',
      { parameter: 'gasless', value: 'true', reason: expect.stringMatching(/TRC-20/) },
    ],
  ] as const)('%s: a documented error, and nothing recorded', async (_, key, overrides, status, code, details) => {
    const wallet = tronWallet()
    const sender = 'srcChainId' in overrides ? wallet.account.address : wallet.address
    const reply = await send(`${service.url}/getAction?${gaslessQuery(sender, overrides)}`, {
      headers: { 'x-api-key': key },
    })
    expect(reply.status, reply.body).toBe(status)
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    expect(JSON.parse(reply.body).error).toMatchObject({ code, details })
    expect(recorded(sender)).toBe(0)
  })
})

describe('gasless through an HTTP provider (GASLESS_PROVIDER_URL, local stub)', () => {
  let service: RunningService
  let stub: Server
  const received: { url: string | undefined; body: Record<string, unknown> }[] = []
  beforeAll(async () => {
    stub = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk: Buffer) => (text += chunk.toString()))
      request.on('end', () => {
        received.push({ url: request.url, body: JSON.parse(text) as Record<string, unknown> })
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ txHash: STUB_TX_HASH }))
      })
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    const { port } = stub.address() as AddressInfo
    service = await startService({ THREADS: '1', GASLESS_PROVIDER_URL: `http://127.0.0.1:${port}/` })
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await service?.stop()
    stub?.close()
  })

  it('posts the typed data and signature to <url>/relay and registers the hash the provider answered', async () => {
    const wallet = tronWallet()
    const reply = await send(`${service.url}/getAction?${gaslessQuery(wallet.address)}`, {
      headers: { 'x-api-key': GASLESS_KEY },
    })
    const action = JSON.parse(reply.body) as GaslessAction
    const signature = await sign(wallet, action.executions[0]!)
    const relayed = await relay(service, { txId: action.txId, signatures: [signature] })
    expect(relayed.status, relayed.body).toBe(200)
    expect(JSON.parse(relayed.body)).toEqual({ txId: action.txId, txHash: STUB_TX_HASH, status: 'pending' })
    expect(received).toEqual([
      { url: '/relay', body: { chainId: 728126428, typedData: action.executions[0]!.typedData, signature } },
    ])
    const status = await send(`${service.url}/getStatus?txId=${action.txId}`, {
      headers: { 'x-api-key': GASLESS_KEY },
    })
    expect(JSON.parse(status.body)).toMatchObject({ srcTxHash: STUB_TX_HASH })
  })
})
