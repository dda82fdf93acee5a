/**
 * A key's default application fees per address family, through the real service and the real `keys` CLI: a request
 * that sends no `appFees` gets the key's fees whose receiver is an address of its source chain's VM, and no default
 * fee from a VM the key has no receiver for — never an error about `appFees`, which the request did not send (issue
 * 26: every Solana or Bitcoin quote of `dev-key-alpha` failed with INVALID_ADDRESS_FORMAT).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningService, startService } from '../helpers/startService.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-key-fees-'))
const EVM_RECEIVER = '0x5bd944e30b02A20eF6CDd65c7901aC080913953b'
const SOLANA_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

const keysCli = (...args: string[]) =>
  promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'service/cli/keys.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, DATABASE_PATH: '' },
  })

/** A same-chain quote from each source VM, without `appFees`. */
const QUERIES = {
  evm: {
    sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    srcChainId: '42161',
    srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    dstChainId: '42161',
    dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    amount: '1000000000',
  },
  solana: {
    sender: '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG',
    srcChainId: '1151111081099710',
    srcToken: '11111111111111111111111111111111',
    dstChainId: '1151111081099710',
    dstToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    amount: '1000000000',
  },
  bitcoin: {
    sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    srcChainId: '20000000000001',
    srcToken: 'bitcoin',
    dstChainId: '1',
    dstToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    amount: '1000000',
    recipient: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  },
}

interface Answer {
  appFees?: { bps: number; receiverAddress: string; amount: { amount: string } }[]
  applicationFee?: { amount: string }
  error?: { code: string; message: string }
}

async function quote(key: string, from: keyof typeof QUERIES): Promise<{ status: number; body: Answer }> {
  const search = new URLSearchParams({
    actionType: 'swap-action',
    swapDirection: 'exact-amount-in',
    slippage: '50',
    ...QUERIES[from],
  })
  const response = await fetch(`${service.url}/getAction?${search}`, { headers: { 'x-api-key': key } })
  return { status: response.status, body: (await response.json()) as Answer }
}

let service: RunningService
let perFamilyKey: string
beforeAll(async () => {
  // Created before the service starts, in the store it then opens: no refresh to wait for.
  const created = await keysCli(
    'create',
    ...['--app', 'multi-web', '--org', 'multi', '--name', 'Multi'],
    ...['--fee', `25:${EVM_RECEIVER}`, '--fee', `40:${SOLANA_RECEIVER}`],
  )
  perFamilyKey = created.stdout.trim()
  service = await startService({ DATA_DIR: dataDir, THREADS: '1' })
}, 120_000)

afterAll(async () => {
  await service?.stop('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('default application fees per address family', () => {
  it('dev-key-alpha (an EVM receiver only) charges 25 bps from EVM and nothing from Solana or Bitcoin', async () => {
    const evm = await quote('dev-key-alpha', 'evm')
    expect(evm.status, JSON.stringify(evm.body.error)).toBe(200)
    expect(evm.body.appFees).toMatchObject([{ bps: 25, receiverAddress: EVM_RECEIVER }])
    expect(BigInt(evm.body.applicationFee!.amount)).toBe(2_500_000n) // 25 bps of 1,000 USDC
    for (const from of ['solana', 'bitcoin'] as const) {
      const { status, body } = await quote('dev-key-alpha', from)
      expect(status, `${from}: ${JSON.stringify(body.error)}`).toBe(200)
      expect(body.appFees).toEqual([])
      expect(body.applicationFee!.amount).toBe('0')
    }
  }, 60_000)

  it('a key with an EVM and a Solana receiver charges each on its own family, and nothing from Bitcoin', async () => {
    const evm = await quote(perFamilyKey, 'evm')
    expect(evm.status, JSON.stringify(evm.body.error)).toBe(200)
    expect(evm.body.appFees).toMatchObject([{ bps: 25, receiverAddress: EVM_RECEIVER }])
    const solana = await quote(perFamilyKey, 'solana')
    expect(solana.status, JSON.stringify(solana.body.error)).toBe(200)
    expect(solana.body.appFees).toMatchObject([{ bps: 40, receiverAddress: SOLANA_RECEIVER }])
    expect(BigInt(solana.body.applicationFee!.amount)).toBe(4_000_000n) // 40 bps of 1 SOL in lamports
    const bitcoin = await quote(perFamilyKey, 'bitcoin')
    expect(bitcoin.status, JSON.stringify(bitcoin.body.error)).toBe(200)
    expect(bitcoin.body.appFees).toEqual([])
  }, 60_000)

  it('keys list names the family of each receiver', async () => {
    const { stdout } = await keysCli('list')
    const line = stdout.split('\n').find((text) => text.includes('multi-web'))
    expect(line).toContain(`evm+hypercore:25bps→${EVM_RECEIVER}`)
    expect(line).toContain(`solana:40bps→${SOLANA_RECEIVER}`)
  }, 60_000)
})
