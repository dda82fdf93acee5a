/**
 * Hot reload and replay through the real service (main thread, piscina workers, SQLite file): every quote names
 * its snapshot and expiry; SIGHUP reloads a changed snapshot file and every worker switches, a bad file is refused
 * and the old snapshot kept, readiness stays up; stored quotes of every kind, made before and after a reload, are
 * replayed on their snapshots to the same bytes (`npm run quote:replay`). The file watch is tested under load
 * (`hotReloadLoad.service.test.ts`); here it is off, so each reload comes from the signal.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Psbt } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { P2WPKH } from '../helpers/bitcoinWallet.js'
import { type EsploraStub, startEsploraStub } from '../helpers/esploraStub.js'
import { ARB_USDC, ARB_WETH, BASE_USDC, OP_USDT, SENDER } from '../helpers/mainnet.js'
import { SOLANA, SOL_RECIPIENT, SOL_USDC } from '../helpers/miniSnapshot.js'
import { type RunningService, startService } from '../helpers/startService.js'
import {
  ARB_SWAP,
  type SnapshotFile,
  logLines,
  moveReserves,
  raisePrices,
  snapshotFile,
  waitForLog,
} from './snapshotReload.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const API_KEY = 'dev-key-alpha'
const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRON_SENDER = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW'

/** One request of each kind replay must reproduce. */
const QUERIES: Record<string, Record<string, string>> = {
  'same-chain, the key’s default app fee': ARB_SWAP,
  'cross-chain with appFees': {
    srcChainId: '8453',
    srcToken: BASE_USDC,
    dstChainId: '10',
    dstToken: OP_USDT,
    amount: '250000000',
    appFees: JSON.stringify([{ bps: 10, receiverAddress: SENDER }]),
  },
  'exact-out': {
    srcChainId: '42161',
    srcToken: ARB_USDC,
    dstChainId: '42161',
    dstToken: ARB_WETH,
    amount: '100000000000000000',
    swapDirection: 'exact-amount-out',
  },
  'deposit address': {
    srcChainId: '8453',
    srcToken: BASE_USDC,
    dstChainId: '42161',
    dstToken: ARB_WETH,
    amount: '500000000',
    returnDepositAddress: 'true',
  },
  'Solana source, SOL': {
    sender: SOL_RECIPIENT,
    srcChainId: String(SOLANA),
    srcToken: '11111111111111111111111111111111',
    dstChainId: String(SOLANA),
    dstToken: SOL_USDC,
    amount: '1000000000',
    appFees: '[]',
  },
  'Solana source, SPL token to Ethereum': {
    sender: SOL_RECIPIENT,
    srcChainId: String(SOLANA),
    srcToken: SOL_USDC,
    dstChainId: '1',
    dstToken: ETH_USDC,
    recipient: SENDER,
    amount: '100000000',
    appFees: '[]',
  },
  'Bitcoin source, two of three outputs spent': {
    sender: P2WPKH,
    srcChainId: '20000000000001',
    srcToken: 'bitcoin',
    dstChainId: '1',
    dstToken: ETH_USDC,
    recipient: SENDER,
    amount: '3000000',
    appFees: '[]',
  },
  'Tron gasless (executions)': {
    sender: TRON_SENDER,
    srcChainId: '728126428',
    srcToken: TRON_USDT,
    dstChainId: '1',
    dstToken: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    recipient: SENDER,
    amount: '250000000',
    appFees: '[]',
    gasless: 'true',
  },
  'evm-calldata-tx': {
    actionType: 'evm-calldata-tx',
    srcChainId: '8453',
    srcToken: BASE_USDC,
    dstChainId: '42161',
    dstToken: ARB_USDC,
    to: ARB_WETH,
    data: '0xa9059cbb',
    erc20Amount: '1000000',
    swapDirection: 'exact-amount-out',
  },
}

let dir: string
let file: SnapshotFile
let esplora: EsploraStub
let service: RunningService
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-reload-'))
  file = snapshotFile(dir)
  esplora = await startEsploraStub()
  const confirmed = { confirmed: true, block_height: 849_990 }
  esplora.utxos.set(P2WPKH, [
    { txid: '1'.repeat(64), vout: 0, value: 2_500_000, status: confirmed },
    { txid: '2'.repeat(64), vout: 1, value: 1_000_000, status: confirmed },
    { txid: '3'.repeat(64), vout: 2, value: 600_000, status: confirmed },
    { txid: '4'.repeat(64), vout: 0, value: 90_000_000, status: { confirmed: false } },
  ])
  service = await startService({
    DATA_DIR: join(dir, 'data'),
    SNAPSHOT_PATH: file.path,
    SNAPSHOT_WATCH: '0',
    BITCOIN_API_URL: esplora.url,
  })
}, 90_000)
afterAll(async () => {
  await service?.stop()
  await esplora?.close()
  rmSync(dir, { recursive: true, force: true })
})

interface Quote {
  status: number
  text: string
  body: { txId: string; snapshotId: string; expiresAt: number; error?: { code: string } }
}

async function getAction(query: Record<string, string>): Promise<Quote> {
  const search = new URLSearchParams({
    actionType: 'swap-action',
    sender: SENDER,
    swapDirection: 'exact-amount-in',
    slippage: '50',
    ...query,
  })
  const response = await fetch(`${service.url}/getAction?${search}`, { headers: { 'x-api-key': API_KEY } })
  const text = await response.text()
  return { status: response.status, text, body: JSON.parse(text) as Quote['body'] }
}

const swap = () => getAction(QUERIES['same-chain, the key’s default app fee']!)

/** Sends SIGHUP and waits for the reload to `snapshotId` to be logged (published: every later request uses it). */
async function reloadBySignal(snapshotId: string) {
  service.process.kill('SIGHUP')
  await waitForLog(service, 'snapshot.reloaded', { snapshotId, trigger: 'signal' })
}

describe('hot reload (real service, SIGHUP)', () => {
  const txIds: string[] = []
  const kinds = new Map<string, Record<string, unknown>>()

  it('every quote names its snapshot (content hash, kept by id) and expires QUOTE_TTL_SECONDS after it', async () => {
    const before = Math.floor(Date.now() / 1000)
    const quote = await swap()
    const after = Math.floor(Date.now() / 1000)
    expect(quote.status).toBe(200)
    expect(quote.body.snapshotId).toBe(file.id())
    expect(quote.body.expiresAt).toBeGreaterThanOrEqual(before + 1800)
    expect(quote.body.expiresAt).toBeLessThanOrEqual(after + 1800)
    const kept = readFileSync(join(dir, 'data', 'snapshots', `${file.id()}.json`))
    expect(createHash('sha256').update(kept).digest('hex').slice(0, 32)).toBe(file.id())
    // Stored with the quote: getStatus answers the response as it was sent.
    const status = await fetch(`${service.url}/getStatus?txId=${quote.body.txId}`, {
      headers: { 'x-api-key': API_KEY },
    })
    expect(((await status.json()) as { actionResponse: Quote['body'] }).actionResponse).toMatchObject({
      snapshotId: file.id(),
      expiresAt: quote.body.expiresAt,
    })
  })

  it('records one quote of each kind on the first snapshot', async () => {
    for (const [name, query] of Object.entries(QUERIES)) {
      const quote = await getAction(query)
      expect([name, quote.status, quote.body.error]).toEqual([name, 200, undefined])
      expect(quote.body.snapshotId).toBe(file.id())
      txIds.push(quote.body.txId)
      kinds.set(name, quote.body as unknown as Record<string, unknown>)
    }
    // The kinds are what their names say: the state replay must read back from the stored transaction is there.
    const bitcoin = kinds.get('Bitcoin source, two of three outputs spent') as { tx: { data: string } }
    expect(Psbt.fromBase64(bitcoin.tx.data).txInputs).toHaveLength(2)
    expect(kinds.get('Tron gasless (executions)')).toHaveProperty('executions')
    expect(kinds.get('deposit address')).toHaveProperty('depositAddress')
  })

  it('SIGHUP reloads the changed file: every later request, on every worker, quotes on the new snapshot', async () => {
    const previous = file.id()
    const next = file.edit((json) => {
      raisePrices(json)
      moveReserves(10n ** 9n)(json)
    })
    expect(next).not.toBe(previous)
    await reloadBySignal(next)
    // 40 concurrent quotes: both workers (THREADS=2) take some.
    const quotes = await Promise.all(Array.from({ length: 40 }, swap))
    expect(new Set(quotes.map((quote) => [quote.status, quote.body.snapshotId].join(' ')))).toEqual(
      new Set([`200 ${next}`]),
    )
    const switched = new Set(
      (await waitForLog(service, 'snapshot.switched', { snapshotId: next }), service.stderr())
        .split('\n')
        .filter((line) => line.includes('"snapshot.switched"') && line.includes(next))
        .map((line) => (JSON.parse(line) as { threadId: number }).threadId),
    )
    expect(switched.size).toBe(2)
    expect(readdirSync(join(dir, 'data', 'snapshots')).sort()).toEqual([`${next}.json`, `${previous}.json`].sort())
  })

  it('records one quote of each kind on the second snapshot', async () => {
    for (const [name, query] of Object.entries(QUERIES)) {
      const quote = await getAction(query)
      expect([name, quote.status, quote.body.snapshotId]).toEqual([name, 200, file.id()])
      txIds.push(quote.body.txId)
    }
  })

  it('a bad snapshot (invalid entry, or not JSON) is refused and logged; the current one stays, ready throughout', async () => {
    const current = file.id()
    const good = readFileSync(file.path, 'utf8')
    for (const [bad, reason] of [
      [good.replace(/"reserve0": "\d+"/, '"reserve0": "-5"'), /reserve/i],
      [good.slice(0, 1000), /not valid JSON/],
    ] as const) {
      writeFileSync(file.path, bad)
      const refusals = logLines(service, 'snapshot.reload-refused').length
      service.process.kill('SIGHUP')
      const deadline = Date.now() + 30_000
      while (logLines(service, 'snapshot.reload-refused').length === refusals) {
        expect(Date.now()).toBeLessThan(deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const refusal = logLines(service, 'snapshot.reload-refused').at(-1)
      expect(refusal).toMatchObject({
        trigger: 'signal',
        snapshotId: current,
        reason: expect.stringMatching(reason),
      })
      const quote = await swap()
      expect([quote.status, quote.body.snapshotId]).toEqual([200, current])
      expect((await fetch(`${service.url}/ready`)).status).toBe(200)
    }
    // Refused candidates are not kept.
    expect(readdirSync(join(dir, 'data', 'snapshots'))).toHaveLength(2)
    writeFileSync(file.path, good)
  })

  it('replays every stored quote, from before and after the reload, to the same bytes (npm run quote:replay)', () => {
    expect(txIds).toHaveLength(2 * Object.keys(QUERIES).length)
    const replay = spawnSync(process.execPath, ['--import', 'tsx', 'service/cli/replayQuote.ts', ...txIds], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: join(dir, 'data'), NODE_ENV: '' },
      encoding: 'utf8',
    })
    const lines = replay.stdout.trim().split('\n')
    expect(lines).toHaveLength(txIds.length)
    expect(lines.filter((line) => !line.startsWith('identical '))).toEqual([])
    expect(replay.status).toBe(0)
    // Half on each snapshot: replay loaded the one each quote names.
    expect(new Set(lines.map((line) => line.split(' snapshot ')[1])).size).toBe(2)
  })
})
