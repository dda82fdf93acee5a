/**
 * The real service on PostgreSQL (`DATABASE_URL`, a fresh database of the test server): child process, 2 workers and
 * the tracker thread each with their own pool. getAction → registerTxs → getStatus → the tracker to the end (simulated
 * chains at SIMULATED_TIME_SCALE=0.001) → getTransactions, readiness reading the database, and nothing written to a
 * SQLite file.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestDatabase, createTestDatabase, queryDatabase } from '../helpers/postgres.js'
import { usdcToWethQuery } from '../helpers/arbitrumPair.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Reply, send } from './contract.js'

const ALPHA = 'dev-key-alpha'
const BETA = 'dev-key-beta'
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const ARBITRUM = 42161
/** 1,000 USDC → WETH on Arbitrum: a same-chain swap. */
const SWAP = usdcToWethQuery(SENDER)

let database: TestDatabase
let dataDir: string
let service: RunningService
const agent = new Agent({ keepAlive: true, maxSockets: 8 })
const get = (path: string, key = ALPHA): Promise<Reply> =>
  send(`${service.url}${path}`, { headers: { 'x-api-key': key }, agent, timeoutMs: 30_000 })

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-pg-service-'))
  service = await startService({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SIMULATED_TIME_SCALE: '0.001',
    TRACKER_INTERVAL_MS: '20',
  })
}, 90_000)
afterAll(async () => {
  agent.destroy()
  await service?.stop()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the service on PostgreSQL', () => {
  it('is ready: workers up and the database readable', async () => {
    const reply = await get('/ready')
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toMatchObject({ status: 'ready', store: 'ok' })
  })

  it('quote → register → status → tracked to success → history; every row in the database, none in a file', async () => {
    const quoted = await get(`/getAction?${SWAP}`)
    expect(quoted.status, quoted.body.slice(0, 300)).toBe(200)
    const action = JSON.parse(quoted.body) as { txId: string }
    const [row] = await queryDatabase<{ status: string; org_id: string }>(
      database.url,
      'SELECT status, org_id FROM transactions WHERE tx_id = $1',
      [action.txId],
    )
    expect(row).toEqual({ status: 'quoted', org_id: 'alpha' })

    const hash = `0x${randomBytes(32).toString('hex')}`
    const registered = await send(`${service.url}/registerTxs`, {
      method: 'POST',
      headers: { 'x-api-key': ALPHA, 'content-type': 'application/json' },
      body: JSON.stringify({ txId: action.txId, vmId: 'evm', txHash: hash, chainId: ARBITRUM }),
      agent,
      timeoutMs: 30_000,
    })
    expect(registered.status, registered.body).toBe(200)
    expect(JSON.parse(registered.body)).toEqual([{ success: true, error: null, code: null }])

    // The tracker (its own thread and pool) takes the swap to its end: poll the end state, not a passing one.
    let status: { status: string; srcTxHash: string; bridgeDetails: { txPath: unknown[] } } | undefined
    for (let attempt = 0; attempt < 200 && status?.status !== 'success'; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      status = JSON.parse((await get(`/getStatus?txHash=${hash}&chainId=${ARBITRUM}`)).body) as typeof status
    }
    expect(status).toMatchObject({ status: 'success', srcTxHash: hash })
    expect(status!.bridgeDetails.txPath).toHaveLength(1)
    expect(JSON.parse((await get(`/getStatus?txId=${action.txId}`)).body)).toEqual(status)

    const history = JSON.parse((await get('/getTransactions?limit=10')).body) as {
      txs: { txId: string; status: string }[]
      pagination: { total: number }
    }
    expect(history.pagination.total).toBe(1)
    expect(history.txs.map((tx) => [tx.txId, tx.status])).toEqual([[action.txId, 'success']])
    const other = JSON.parse((await get('/getTransactions?limit=10', BETA)).body) as { pagination: { total: number } }
    expect(other.pagination.total).toBe(0)
    expect((await get(`/getStatus?txId=${action.txId}`, BETA)).status).toBe(404)

    const [counts] = await queryDatabase<{ registered: number }>(
      database.url,
      "SELECT registered::int FROM history_counts WHERE org_id = 'alpha' AND app_id = 'alpha-web'",
    )
    expect(counts).toEqual({ registered: 1 })
    expect(existsSync(join(dataDir, 'crossroute.sqlite'))).toBe(false)
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))).toEqual([])
  })
})
