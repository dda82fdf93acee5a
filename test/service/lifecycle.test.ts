/**
 * The transaction lifecycle through the real service (child process, piscina pool, 2 workers, one SQLite file):
 * getAction → registerTxs → getStatus, the registration rules (idempotency, conflicts, order, limits, body errors,
 * VM and chain checks, hash formats per VM), isolation between organizations, and 50 clients registering 1,000
 * transactions at once. Status progression (success, failure, refund) and the kill -9 test belong to the tracker's
 * tests. History filters and pages: `history.test.ts`.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectDatabase, valueOf } from '../helpers/sqlite.js'
import { usdcToWethQuery } from '../helpers/arbitrumPair.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Reply, send } from './contract.js'

const START_TIMEOUT_MS = 90_000
const ALPHA = 'dev-key-alpha'
const ALPHA_2 = 'dev-key-alpha-2'
const BETA = 'dev-key-beta'
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const ARBITRUM = 42161
/** 1,000 USDC → WETH on Arbitrum: a same-chain swap. */
const SWAP = usdcToWethQuery(SENDER)
/** A real Solana transaction signature (base58 of 64 bytes). */
const SOLANA_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

interface Result {
  success: boolean
  error: string | null
  code: string | null
}
interface Action {
  txId: string
  vmId: string
  amountIn: { usdAmount: number }
  tx: { to: string; value: string }
}

const evmHash = () => `0x${randomBytes(32).toString('hex')}`

let service: RunningService
let dataDir: string
const agent = new Agent({ keepAlive: true, maxSockets: 64 })

const get = (path: string, key = ALPHA): Promise<Reply> =>
  send(`${service.url}${path}`, { headers: { 'x-api-key': key }, agent, timeoutMs: 30_000 })
const post = (body: unknown, key = ALPHA, contentType = 'application/json'): Promise<Reply> =>
  send(`${service.url}/registerTxs`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    agent,
    timeoutMs: 30_000,
  })

async function quote(key = ALPHA): Promise<Action> {
  const reply = await get(`/getAction?${SWAP}`, key)
  expect(reply.status, reply.body.slice(0, 300)).toBe(200)
  return JSON.parse(reply.body) as Action
}

async function register(items: unknown, key = ALPHA): Promise<Result[]> {
  const reply = await post(items, key)
  expect(reply.status, reply.body.slice(0, 300)).toBe(200)
  return JSON.parse(reply.body) as Result[]
}

function expectError(reply: Reply, status: number, code: string, details?: Record<string, unknown>) {
  expect(reply.status, reply.body.slice(0, 300)).toBe(status)
  const { error } = JSON.parse(reply.body) as {
    success: false
    error: { code: string; statusCode: number; details?: unknown }
  }
  expect(error.code).toBe(code)
  expect(error.statusCode).toBe(status)
  if (details !== undefined) expect(error.details).toMatchObject(details)
  return error
}

const OK: Result = { success: true, error: null, code: null }
const failed = (code: string) => ({ success: false, error: expect.any(String), code })

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-lifecycle-'))
  service = await startService({ DATA_DIR: dataDir })
}, START_TIMEOUT_MS)
afterAll(async () => {
  agent.destroy()
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A read-only look at the service's SQLite file (WAL: sees every committed write). */
function inspect<T>(query: Parameters<typeof inspectDatabase<T>>[1]): T {
  return inspectDatabase(join(dataDir, 'crossroute.sqlite'), query)
}

describe('getAction → registerTxs → getStatus (same-chain swap on Arbitrum)', () => {
  it('a quote is pending with no source transaction, then registered, then found by txId, by hash and by hash + chain', async () => {
    const action = await quote()
    const before = JSON.parse((await get(`/getStatus?txId=${action.txId}`)).body) as Record<string, unknown>
    expect(before).toMatchObject({
      status: 'pending',
      txId: action.txId,
      srcTxHash: '',
      dstTxHash: '',
      srcTx: null,
      dstTx: null,
    })

    const hash = evmHash()
    expect(await register({ txId: action.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM })).toEqual([OK])
    const byTxId = await get(`/getStatus?txId=${action.txId}`)
    expect(byTxId.status).toBe(200)
    expect(byTxId.headers['cache-control']).toBe('no-store')
    const details = JSON.parse(byTxId.body) as Record<string, unknown>
    expect(details).toEqual({
      status: 'pending',
      sender: SENDER,
      srcChainId: ARBITRUM,
      dstChainId: ARBITRUM,
      srcTxHash: hash,
      dstTxHash: '',
      bridgeDetails: { isBridge: false, bridgeTime: 0, txPath: [] },
      txId: action.txId,
      actionRequest: expect.objectContaining({
        actionType: 'swap-action',
        sender: SENDER,
        srcChainId: ARBITRUM,
        amount: '1000000000',
        slippage: 50,
      }),
      actionResponse: action,
      org: { appId: 'alpha-web', affiliateId: 'aff-alpha', appName: 'Alpha Web' },
      usdValue: action.amountIn.usdAmount,
      srcTx: expect.objectContaining({
        toAddress: action.tx.to,
        txHash: hash,
        chainId: ARBITRUM,
        value: action.tx.value,
        timestamp: expect.any(Number),
      }),
      dstTx: null,
    })
    expect(Object.keys(details)).toEqual([
      'status',
      'sender',
      'srcChainId',
      'dstChainId',
      'srcTxHash',
      'dstTxHash',
      'bridgeDetails',
      'txId',
      'actionRequest',
      'actionResponse',
      'org',
      'usdValue',
      'srcTx',
      'dstTx',
    ])
    expect(Math.abs((details.srcTx as { timestamp: number }).timestamp - Date.now() / 1000)).toBeLessThan(120)

    for (const path of [
      `/getStatus?txHash=${hash}`,
      `/getStatus?txHash=${hash.toUpperCase().replace('0X', '0x')}&chainId=${ARBITRUM}`,
      `/getStatus?txId=${action.txId}&txHash=${hash}`,
    ]) {
      const reply = await get(path)
      expect(reply.status, path).toBe(200)
      expect(JSON.parse(reply.body)).toEqual(details)
    }
    expectError(await get(`/getStatus?txHash=${hash}&chainId=10`), 404, 'NOT_FOUND')
    expectError(await get(`/getStatus?txId=${action.txId}&chainId=10`), 404, 'NOT_FOUND')
    expectError(await get(`/getStatus?txId=${action.txId}&txHash=${evmHash()}`), 404, 'NOT_FOUND')
  })

  it('getStatus: neither txId nor txHash, malformed values, unknown transactions', async () => {
    expectError(await get('/getStatus'), 400, 'MISSING_REQUIRED_FIELD', { field: 'txId' })
    expectError(await get('/getStatus?chainId=1'), 400, 'MISSING_REQUIRED_FIELD', { field: 'txId' })
    expectError(await get('/getStatus?txId=0x1234'), 400, 'INVALID_PARAMETER', { parameter: 'txId', value: '0x1234' })
    expectError(await get('/getStatus?txHash=hello'), 400, 'INVALID_PARAMETER', { parameter: 'txHash', value: 'hello' })
    expectError(await get(`/getStatus?txHash=${evmHash()}&chainId=abc`), 400, 'INVALID_PARAMETER', {
      parameter: 'chainId',
    })
    expectError(await get(`/getStatus?txId=${evmHash()}&txId=${evmHash()}`), 400, 'INVALID_PARAMETER', {
      parameter: 'txId',
    })
    expectError(await get(`/getStatus?txId=${evmHash()}`), 404, 'NOT_FOUND')
    expectError(await get(`/getStatus?txHash=${SOLANA_SIGNATURE}`), 404, 'NOT_FOUND')
  })
})

describe('registerTxs', () => {
  it('is idempotent: the same registration again (any hex case) succeeds and stores nothing new', async () => {
    const action = await quote()
    const hash = evmHash()
    const item = { txId: action.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM }
    expect(await register(item)).toEqual([OK])
    expect(
      await register([
        item,
        { ...item, txHash: hash.toUpperCase().replace('0X', '0x') },
        { ...item, txId: action.txId.toUpperCase().replace('0X', '0x') },
      ]),
    ).toEqual([OK, OK, OK])
    inspect((db) => {
      expect(valueOf(db.prepare('SELECT count(*) FROM transactions WHERE src_tx_hash = ?'), hash)).toBe(1)
      expect(db.prepare('SELECT src_tx_hash, status FROM transactions WHERE tx_id = ?').all(action.txId)).toEqual([
        { src_tx_hash: hash, status: 'pending' },
      ])
    })
  })

  it('refuses another hash for a registered txId, and a registered hash for another txId', async () => {
    const [first, second] = await Promise.all([quote(), quote()])
    const hash = evmHash()
    expect(await register({ txId: first.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM })).toEqual([OK])
    const results = await register([
      { txId: first.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM },
      { txId: second.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM },
    ])
    expect(results).toEqual([failed('TX_HASH_CONFLICT'), failed('TX_HASH_IN_USE')])
    expect(results[0]!.error).toContain(hash)
    const status = JSON.parse((await get(`/getStatus?txId=${second.txId}`)).body) as { srcTxHash: string }
    expect(status.srcTxHash).toBe('')
  })

  it('answers one result per item in request order, valid and invalid mixed', async () => {
    const [a, b, c] = await Promise.all([quote(), quote(), quote()])
    const items = [
      { txId: a.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM },
      'not an object',
      { txId: b.txId, vmId: 'evm', chainId: ARBITRUM },
      { txId: evmHash(), vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM },
      { txId: b.txId, vmId: 'evm', txHash: evmHash(), chainId: 1 },
      { txId: c.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM },
      null,
      { txId: b.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM },
      { txId: 42, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM },
      { txId: c.txId, vmId: 'evm', txHash: evmHash(), chainId: String(ARBITRUM) },
    ]
    expect(await register(items)).toEqual([
      OK,
      failed('INVALID_PARAMETER'),
      failed('MISSING_REQUIRED_FIELD'),
      failed('NOT_FOUND'),
      failed('CHAIN_MISMATCH'),
      OK,
      failed('INVALID_PARAMETER'),
      OK,
      failed('INVALID_PARAMETER'),
      failed('INVALID_PARAMETER'),
    ])
  })

  it('takes up to 100 items; 101 is a 400 envelope', async () => {
    const action = await quote()
    const item = { txId: action.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM }
    const hundred = await register(Array.from({ length: 100 }, () => item))
    expect(hundred).toHaveLength(100)
    expect(hundred.every((result) => result.success)).toBe(true)
    expectError(await post(Array.from({ length: 101 }, () => item)), 400, 'INVALID_PARAMETER', {
      parameter: 'body',
      value: '101 items',
    })
  })

  it('refuses a body that is not JSON, of another content type, empty, scalar or an empty array (400 envelopes)', async () => {
    expectError(await post('{"txId": '), 400, 'INVALID_PARAMETER', {
      parameter: 'body',
      reason: 'body is not valid JSON',
    })
    expectError(await post('[]'), 400, 'INVALID_PARAMETER', { parameter: 'body', reason: 'the array is empty' })
    expectError(await post('42'), 400, 'INVALID_PARAMETER', { parameter: 'body' })
    expectError(await post('null'), 400, 'INVALID_PARAMETER', { parameter: 'body' })
    expectError(await post(''), 400, 'INVALID_PARAMETER', { parameter: 'body', reason: 'a JSON body is required' })
    const item = JSON.stringify({ txId: evmHash(), vmId: 'evm', txHash: evmHash(), chainId: 1 })
    expectError(await post(item, ALPHA, 'text/plain'), 400, 'INVALID_PARAMETER', {
      parameter: 'body',
      value: 'text/plain',
    })
    expectError(await post(item, ALPHA, 'application/x-www-form-urlencoded'), 400, 'INVALID_PARAMETER', {
      parameter: 'body',
    })
    expect((await post(item, ALPHA, 'application/json; charset=utf-8')).status).toBe(200)
    expectError(
      await send(`${service.url}/registerTxs`, { headers: { 'x-api-key': ALPHA }, agent }),
      405,
      'METHOD_NOT_ALLOWED',
    )
    expectError(
      await send(`${service.url}/registerTxs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: item,
        agent,
      }),
      401,
      'MISSING_API_KEY',
    )
  })

  it('checks vmId and chainId against the quote: the source VM and chain', async () => {
    const action = await quote()
    expect(action.vmId).toBe('evm')
    const base = { txId: action.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM }
    expect(
      await register([
        { ...base, vmId: 'solana', txHash: SOLANA_SIGNATURE },
        { ...base, vmId: 'hypercore' },
        { ...base, vmId: 'alt-vm', txHash: 'ab'.repeat(32) },
        { ...base, vmId: 'tron' },
        { ...base, vmId: 'EVM' },
        { ...base, chainId: 1 },
        { ...base, chainId: 0 },
        { ...base, chainId: 42161.5 },
      ]),
    ).toEqual([
      failed('VM_MISMATCH'),
      failed('VM_MISMATCH'),
      failed('VM_MISMATCH'),
      failed('INVALID_PARAMETER'),
      failed('INVALID_PARAMETER'),
      failed('CHAIN_MISMATCH'),
      failed('INVALID_PARAMETER'),
      failed('INVALID_PARAMETER'),
    ])
    expect(JSON.parse((await get(`/getStatus?txId=${action.txId}`)).body)).toMatchObject({ srcTxHash: '' })
  })

  it('checks the hash format of each VM (a well-formed hash of another VM gets VM_MISMATCH, a malformed one INVALID_PARAMETER)', async () => {
    const action = await quote()
    const item = (vmId: string, txHash: string) => ({ txId: action.txId, vmId, txHash, chainId: ARBITRUM })
    const hex = 'ab'.repeat(32)
    const malformed: [string, string][] = [
      ['evm', hex],
      ['evm', `0x${hex.slice(2)}`],
      ['evm', `0x${hex}00`],
      ['evm', `0x${'g'.repeat(64)}`],
      ['evm', ` 0x${hex}`],
      ['evm', ''],
      ['hypercore', hex],
      ['hypercore', `0x${hex.slice(1)}`],
      ['solana', `0x${hex}`],
      ['solana', SOLANA_SIGNATURE.replace('5', '0')],
      ['solana', SOLANA_SIGNATURE.slice(0, 60)],
      ['solana', 'z'.repeat(88)],
      ['solana', `${SOLANA_SIGNATURE}z`],
      ['alt-vm', `0x${hex}`],
      ['alt-vm', hex.slice(1)],
      ['alt-vm', `${hex}ab`],
      ['alt-vm', 'x'.repeat(64)],
    ]
    const wellFormed: [string, string][] = [
      ['hypercore', `0x${hex}`],
      ['solana', SOLANA_SIGNATURE],
      ['solana', '1'.repeat(64)],
      ['alt-vm', hex],
      ['alt-vm', hex.toUpperCase()],
    ]
    const results = await register([...malformed, ...wellFormed].map(([vmId, txHash]) => item(vmId, txHash)))
    expect(results).toEqual([
      ...malformed.map(() => failed('INVALID_PARAMETER')),
      ...wellFormed.map(() => failed('VM_MISMATCH')),
    ])
    expect(results[0]!.error).toMatch(/0x followed by 64 hex digits/)
    expect(results[8]!.error).toMatch(/base58/)
    expect(results[13]!.error).toMatch(/64 hex digits without 0x/)
  })
})

describe('organizations', () => {
  it("beta cannot see or register alpha's transactions; alpha-2 (same org) can; the 404 is the same as for an unknown one", async () => {
    const action = await quote(ALPHA)
    const hash = evmHash()
    const item = { txId: action.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM }
    expect(await register(item, BETA)).toEqual([failed('NOT_FOUND')])
    const unknown = await register({ ...item, txId: evmHash() }, BETA)
    expect(unknown).toEqual(await register(item, BETA))
    expect(await register(item, ALPHA_2)).toEqual([OK])

    const asBeta = [await get(`/getStatus?txId=${action.txId}`, BETA), await get(`/getStatus?txHash=${hash}`, BETA)]
    const unknownToBeta = await get(`/getStatus?txId=${evmHash()}`, BETA)
    const strip = (reply: Reply) => ({
      status: reply.status,
      body: { ...JSON.parse(reply.body).error, timestamp: undefined },
    })
    for (const reply of asBeta) expect(strip(reply)).toEqual(strip(unknownToBeta))
    expect(strip(unknownToBeta)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })

    const asAlpha2 = JSON.parse((await get(`/getStatus?txHash=${hash}`, ALPHA_2)).body) as {
      txId: string
      org: { appId: string }
    }
    expect(asAlpha2).toMatchObject({ txId: action.txId, org: { appId: 'alpha-web' } })
    const historyOf = async (key: string) =>
      (JSON.parse((await get('/getTransactions?limit=500', key)).body) as { txs: { txId: string }[] }).txs.map(
        (tx) => tx.txId,
      )
    expect(await historyOf(ALPHA_2)).toContain(action.txId)
    expect(await historyOf(ALPHA)).toContain(action.txId)
    expect(await historyOf(BETA)).not.toContain(action.txId)
  })

  it("beta's own quotes register and show under beta only", async () => {
    const action = await quote(BETA)
    const hash = evmHash()
    expect(await register({ txId: action.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM }, BETA)).toEqual([OK])
    expect(JSON.parse((await get(`/getStatus?txHash=${hash}`, BETA)).body)).toMatchObject({
      txId: action.txId,
      org: { appId: 'beta-app' },
    })
    expectError(await get(`/getStatus?txHash=${hash}`, ALPHA), 404, 'NOT_FOUND')
    // Another organization registering the same hash is neither refused nor told about beta's (issue 24: a key
    // holder who saw a hash in the mempool must not block, or learn of, the registration): each finds its own.
    const alphaQuote = await quote(ALPHA)
    expect(await register({ txId: alphaQuote.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM }, ALPHA)).toEqual([OK])
    expect(JSON.parse((await get(`/getStatus?txHash=${hash}`, ALPHA)).body)).toMatchObject({ txId: alphaQuote.txId })
    expect(JSON.parse((await get(`/getStatus?txHash=${hash}`, BETA)).body)).toMatchObject({ txId: action.txId })
    // Within one organization the hash still belongs to one quote.
    const alphaAgain = await quote(ALPHA_2)
    expect(await register({ txId: alphaAgain.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM }, ALPHA_2)).toEqual([
      failed('TX_HASH_IN_USE'),
    ])
  })
})

describe('50 concurrent clients registering 1,000 transactions', () => {
  const CLIENTS = 50
  const PER_CLIENT = 20

  it('stores exactly 1,000 registrations: no error, no duplicate, counters consistent', async () => {
    const started = Date.now()
    const totalBefore = (JSON.parse((await get('/getTransactions?limit=1')).body) as { pagination: { total: number } })
      .pagination.total
    // Quotes first, 16 at a time.
    const quotes: Action[] = []
    for (let i = 0; i < CLIENTS * PER_CLIENT; i += 16)
      quotes.push(...(await Promise.all(Array.from({ length: Math.min(16, CLIENTS * PER_CLIENT - i) }, () => quote()))))
    const quotedMs = Date.now() - started
    const items = quotes.map((action) => ({ txId: action.txId, vmId: 'evm', txHash: evmHash(), chainId: ARBITRUM }))

    // Each client registers its 20 one request at a time; every fifth is also retried at the same moment by the
    // next client (an idempotent retry racing the first registration).
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      const results: Result[] = []
      for (let k = 0; k < PER_CLIENT; k += 1) {
        const own = items[client * PER_CLIENT + k]!
        const retry = k % 5 === 0 ? items[((client + 1) % CLIENTS) * PER_CLIENT + k]! : undefined
        const answers = await Promise.all([register(own), ...(retry === undefined ? [] : [register(retry)])])
        results.push(...answers.flat())
      }
      return results
    })
    const results = (await Promise.all(clients)).flat()
    expect(results).toHaveLength(CLIENTS * PER_CLIENT * 1.2)
    expect(results.filter((result) => !result.success)).toEqual([])

    inspect((db) => {
      const ids = JSON.stringify(items.map((item) => item.txId))
      const row = db
        .prepare(
          `SELECT count(*) AS registered, count(DISTINCT src_tx_hash) AS hashes FROM transactions WHERE tx_id IN (SELECT value FROM json_each(?)) AND registered_at IS NOT NULL`,
        )
        .all(ids)
      expect(row).toEqual([{ registered: 1000, hashes: 1000 }])
      const mismatched = valueOf(
        db.prepare(
          `SELECT count(*) FROM transactions t JOIN json_each(?) j ON j.value ->> 'txId' = t.tx_id WHERE t.src_tx_hash <> j.value ->> 'txHash'`,
        ),
        JSON.stringify(items),
      )
      expect(mismatched).toBe(0)
      const counters = valueOf(db.prepare('SELECT sum(registered) FROM history_counts'))
      expect(counters).toBe(valueOf(db.prepare('SELECT count(*) FROM transactions WHERE registered_at IS NOT NULL')))
    })
    const totalAfter = (JSON.parse((await get('/getTransactions?limit=1')).body) as { pagination: { total: number } })
      .pagination.total
    expect(totalAfter - totalBefore).toBe(1000)
    console.log(
      `1,000 quotes in ${quotedMs} ms, 1,200 registrations by ${CLIENTS} clients in ${Date.now() - started - quotedMs} ms`,
    )
  }, 120_000)
})
