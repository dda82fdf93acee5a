/**
 * HyperCore and Bitcoin sources through the real service with no configuration: the HyperCore spot send's typed
 * data signs and recovers the sender; the Bitcoin PSBT comes from the simulated UTXO provider and signs; both
 * register (`hypercore`, `alt-vm`) and reach `success` through the simulated observer, or `failed` when the
 * simulated outcome says the source transaction failed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { recoverTypedDataAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HypercoreTransaction } from '../../engine/transactions.js'
import { setSimulatedOutcome } from '../../service/tracker/simulatedOutcomes.js'
import { SIMULATED_UTXO_MARGIN } from '../../service/vm/bitcoinUtxos.js'
import { P2WPKH, signPsbt } from '../helpers/bitcoinWallet.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, createContract, send } from './contract.js'
import { call, waitForStatus } from './trackerApi.js'

/** A key without application fees (the default key's receiver is an EVM address). */
const API_KEY = 'dev-key-alpha-2'
const HYPERCORE = 1337
const BTC = 20000000000001
const HC_USDC = '0x2000000000000000000000000000000000000000'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const account = privateKeyToAccount(`0x${'42'.repeat(32)}`)

let dataDir: string
let service: RunningService
let contract: Contract
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-nonevm-'))
  service = await startService({ DATA_DIR: dataDir, SIMULATED_TIME_SCALE: '0.001' })
  contract = createContract(JSON.parse((await send(`${service.url}/openapi.json`)).body))
}, 90_000)
afterAll(async () => {
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function getAction<T>(
  params: Record<string, string>,
): Promise<T & { txId: string; amountInMax: { amount: string } }> {
  const query = new URLSearchParams({ actionType: 'swap-action', slippage: '50', ...params })
  const reply = await send(`${service.url}/getAction?${query}`, { headers: { 'x-api-key': API_KEY } })
  expect(reply.status, reply.body).toBe(200)
  expect(contract.check('/getAction', 'GET', reply)).toEqual([])
  return JSON.parse(reply.body)
}

async function register(txId: string, vmId: string, txHash: string, chainId: number) {
  const { body } = await call<{ success: boolean }[]>(service, '/registerTxs', {
    method: 'POST',
    body: [{ txId, vmId, txHash, chainId }],
    apiKey: API_KEY,
  })
  expect(body).toMatchObject([{ success: true, error: null }])
}

const hypercoreAction = (swapDirection: string, amount: string) =>
  getAction<{ tx: HypercoreTransaction; amountOut: { amount: string } }>({
    sender: account.address,
    srcChainId: String(HYPERCORE),
    srcToken: HC_USDC,
    dstChainId: '8453',
    dstToken: BASE_USDC,
    amount,
    swapDirection,
  })

describe('HyperCore source', () => {
  for (const [direction, amount] of [
    ['exact-amount-in', '25000000000'],
    ['exact-amount-out', '200000000'],
  ] as const) {
    it(`${direction}: a spot send of amountInMax to the bridge whose signature recovers the sender`, async () => {
      const action = await hypercoreAction(direction, amount)
      expect(action.tx.chainId).toBe(HYPERCORE)
      expect(action.tx.value).toBe(action.amountInMax.amount)
      expect(action.tx.action.destination).toBe(action.tx.to.toLowerCase())
      if (direction === 'exact-amount-out') expect(action.amountOut.amount).toBe(amount)
      const { typedData } = action.tx
      const message = { ...typedData.message, time: BigInt(typedData.message.time) }
      const signature = await account.signTypedData({ ...typedData, message })
      expect(await recoverTypedDataAddress({ ...typedData, message, signature })).toBe(account.address)
    })
  }

  it('registered with vmId hypercore, the spot send reaches success (simulated observer)', async () => {
    const action = await hypercoreAction('exact-amount-in', '25000000000')
    const hash = `0x${'5e'.repeat(32)}`
    await register(action.txId, 'hypercore', hash, HYPERCORE)
    // The end state only: at SIMULATED_TIME_SCALE 0.001 the pending state can pass between two polls.
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    expect(details.status).toBe('success')
    expect(details.srcTxHash).toBe(hash)
  })
})

describe('Bitcoin source without configuration (simulated UTXO provider and observer)', () => {
  const bitcoinAction = (amount: string) =>
    getAction<{ tx: { data: string; value: string; fee: string } }>({
      sender: P2WPKH,
      srcChainId: String(BTC),
      srcToken: 'bitcoin',
      dstChainId: '1',
      dstToken: '0x0000000000000000000000000000000000000000',
      amount,
      swapDirection: 'exact-amount-in',
      recipient: account.address,
    })

  it('spends the simulated output of amountInMax + 0.01 BTC; the PSBT signs and pays the vault', async () => {
    const action = await bitcoinAction('2000000')
    const { psbt, signed } = signPsbt(action.tx.data, P2WPKH)
    expect(psbt.data.inputs.map((input) => input.witnessUtxo!.value)).toEqual([2_000_000n + SIMULATED_UTXO_MARGIN])
    expect(signed.outs[0]!.value).toBe(2_000_000n)
    expect(signed.outs[2]!.value).toBe(SIMULATED_UTXO_MARGIN - BigInt(action.tx.fee))
  })

  it('a registered deposit reaches success; with a failed outcome it ends failed', async () => {
    for (const [amount, outcome] of [
      ['2100000', 'success'],
      ['2200000', 'failed'],
    ] as const) {
      const action = await bitcoinAction(amount)
      const txid = signPsbt(action.tx.data, P2WPKH).signed.getId()
      if (outcome === 'failed') setSimulatedOutcome(dataDir, action.txId, 'failed')
      await register(action.txId, 'alt-vm', txid, BTC)
      const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
      expect(details.status).toBe(outcome)
      expect(details.srcTxHash).toBe(txid)
    }
  })
})
