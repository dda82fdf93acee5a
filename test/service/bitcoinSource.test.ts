/**
 * Bitcoin as a source chain through the real service: `getAction` reads the sender's UTXOs from an Esplora API
 * (a local stub speaking its real shapes, `BITCOIN_API_URL`) and answers a PSBT that signs, finalizes and pays the
 * quote's figures; a refused request (no funds, provider down) answers its envelope and records nothing; the
 * registered deposit is followed over the same API (Esplora observer) to `success`, or to `failed`.
 */
import { address } from 'bitcoinjs-lib'
import type { Hex } from 'viem'
import { depositAddressOf } from '../../engine/transactions.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../service/config.js'
import { parseBitcoinMemo } from '../../engine/transactions.js'
import { P2TR, P2WPKH, signPsbt } from '../helpers/bitcoinWallet.js'
import { type EsploraStub, startEsploraStub } from '../helpers/esploraStub.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, createContract, send } from './contract.js'
import { call, waitForStatus } from './trackerApi.js'

/** A key without application fees: the default key's receiver is an EVM address, which a Bitcoin input cannot pay. */
const API_KEY = 'dev-key-alpha-2'
const BTC = 20000000000001
const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const POOR = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const DOWN = 'bc1qc7slrfxkknqcq2jevvvkdgvrt8080852dfjewde450xdlk4ugp7szw5tk9'

interface BitcoinAction {
  txId: string
  tx: { to: string; data: string; value: string; chainId: number; memo: string; fee: string; vsize: number }
  amountIn: { amount: string }
  amountInMax: { amount: string }
  amountOut: { amount: string }
  amountOutMin: { amount: string }
}

let esplora: EsploraStub
let service: RunningService
let contract: Contract
beforeAll(async () => {
  esplora = await startEsploraStub()
  const confirmed = { confirmed: true, block_height: 849_990, block_time: 1_760_000_000 }
  for (const [sender, n] of [
    [P2WPKH, 1],
    [P2TR, 2],
  ] as const) {
    esplora.utxos.set(sender, [
      { txid: String(n).repeat(64), vout: 1, value: 2_500_000, status: confirmed },
      { txid: String(n + 4).repeat(64), vout: 0, value: 80_000_000, status: { confirmed: false } },
    ])
  }
  esplora.utxos.set(POOR, [{ txid: '9'.repeat(64), vout: 0, value: 5_000, status: confirmed }])
  esplora.utxos.set(DOWN, 503)
  service = await startService({ BITCOIN_API_URL: esplora.url, SIMULATED_TIME_SCALE: '0.001' })
  contract = createContract(JSON.parse((await send(`${service.url}/openapi.json`)).body))
}, 90_000)
afterAll(async () => {
  await service?.stop()
  await esplora?.close()
})

const query = (sender: string, swapDirection: string, amount: string) =>
  new URLSearchParams({
    actionType: 'swap-action',
    sender,
    srcChainId: String(BTC),
    srcToken: 'bitcoin',
    dstChainId: '1',
    dstToken: ETH_USDC,
    amount,
    swapDirection,
    slippage: '50',
    recipient: RECIPIENT,
  })

async function getBitcoinAction(sender: string, swapDirection: string, amount: string) {
  const reply = await send(`${service.url}/getAction?${query(sender, swapDirection, amount)}`, {
    headers: { 'x-api-key': API_KEY },
  })
  expect(reply.status, reply.body).toBe(200)
  expect(contract.check('/getAction', 'GET', reply)).toEqual([])
  return JSON.parse(reply.body) as BitcoinAction
}

describe('getAction from Bitcoin (Esplora UTXO provider)', () => {
  for (const [sender, direction, amount] of [
    [P2WPKH, 'exact-amount-in', '1000000'],
    [P2TR, 'exact-amount-in', '1000000'],
    [P2WPKH, 'exact-amount-out', '500000000'],
  ] as const) {
    it(`${sender.slice(0, 4)}… ${direction}: a PSBT of the sender's confirmed UTXO that pays the quote`, async () => {
      const action = await getBitcoinAction(sender, direction, amount)
      expect(esplora.requests).toContain(`/address/${sender}/utxo`)
      const { signed } = signPsbt(action.tx.data, sender)
      // The confirmed output only: the larger unconfirmed one is never spent.
      expect(signed.ins).toHaveLength(1)
      const [vault, , change] = signed.outs
      expect(address.fromOutputScript(vault!.script)).toBe(action.tx.to)
      expect(vault!.value).toBe(BigInt(action.amountInMax.amount))
      expect(parseBitcoinMemo(action.tx.memo)?.limit).toBe(BigInt(action.amountOutMin.amount))
      expect(2_500_000n - vault!.value - change!.value).toBe(BigInt(action.tx.fee))
      expect(signed.virtualSize()).toBeLessThanOrEqual(action.tx.vsize)
      if (direction === 'exact-amount-out') expect(action.amountOut.amount).toBe(amount)
      else expect(action.amountIn.amount).toBe(amount)
    })
  }

  it('a sender without enough confirmed funds: 400 INSUFFICIENT_FUNDS, nothing recorded', async () => {
    const { status, body } = await call<{ error: { code: string; details: Record<string, unknown> } }>(
      service,
      `/getAction?${query(POOR, 'exact-amount-in', '1000000')}`,
      { apiKey: API_KEY },
    )
    expect(status).toBe(400)
    expect(body.error.code).toBe('INSUFFICIENT_FUNDS')
    expect(body.error.details).toMatchObject({ address: POOR, chainId: BTC, available: '5000' })
    expect(BigInt(body.error.details.required as string)).toBeGreaterThan(1_000_000n)
    const history = await call<{ txs: unknown[] }>(service, `/getTransactions?walletAddress=${POOR}`, {
      apiKey: API_KEY,
    })
    expect(history.body.txs).toEqual([])
  })

  it('a UTXO provider that fails: 503 SERVICE_UNAVAILABLE naming the provider, never a 500', async () => {
    const { status, body } = await call<{ error: { code: string; message: string } }>(
      service,
      `/getAction?${query(DOWN, 'exact-amount-in', '1000000')}`,
      { apiKey: API_KEY },
    )
    expect(status).toBe(503)
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(body.error.message).toMatch(/UTXO provider/)
  })
})

/** The script of a signed transaction's `OP_RETURN` output (the memo), in hex: what Esplora's `scriptpubkey` holds. */
const opReturnScript = (signed: ReturnType<typeof signPsbt>['signed']) =>
  Buffer.from(signed.outs.find((output) => output.script[0] === 0x6a)!.script).toString('hex')

describe('tracking a Bitcoin deposit over Esplora', () => {
  async function quoteAndRegister(paysVault: boolean) {
    // Another amount each time: the same UTXO, amount and memo would make the same transaction (and txid).
    const action = await getBitcoinAction(P2WPKH, 'exact-amount-in', paysVault ? '1200000' : '1300000')
    const { signed } = signPsbt(action.tx.data, P2WPKH)
    const txid = signed.getId()
    esplora.txs.set(txid, {
      status: { confirmed: true, block_height: esplora.tipHeight - 2, block_time: 1_760_000_600 },
      vout: [
        { scriptpubkey_address: paysVault ? action.tx.to : P2WPKH, value: Number(action.tx.value) },
        // The memo output, as Esplora lists it (the signed transaction has it: the PSBT's second output).
        { scriptpubkey: opReturnScript(signed), scriptpubkey_type: 'op_return', value: 0 },
      ],
    })
    const registered = await call<{ success: boolean }[]>(service, '/registerTxs', {
      method: 'POST',
      body: [{ txId: action.txId, vmId: 'alt-vm', txHash: txid, chainId: BTC }],
      apiKey: API_KEY,
    })
    expect(registered.body).toMatchObject([{ success: true, error: null }])
    return { action, txid }
  }

  it('a confirmed deposit to the vault reaches success; its txPath starts with the txid', async () => {
    const { action, txid } = await quoteAndRegister(true)
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    expect(details.status).toBe('success')
    expect(details.srcTxHash).toBe(txid)
    expect(details.bridgeDetails.txPath[0]).toMatchObject({ chainId: BTC, txHash: txid, timestamp: '1760000600' })
    expect(esplora.requests).toContain(`/tx/${txid}/status`)
    expect(esplora.requests).toContain('/blocks/tip/height')
  })

  it('a payment to the deposit address is found by the tracker itself (Esplora), registered and tracked to success', async () => {
    const deposit = query(P2WPKH, 'exact-amount-in', '1400000')
    deposit.set('returnDepositAddress', 'true')
    const reply = await send(`${service.url}/getAction?${deposit}`, { headers: { 'x-api-key': API_KEY } })
    expect(reply.status, reply.body).toBe(200)
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    const action = JSON.parse(reply.body) as BitcoinAction & { depositAddress: string }
    expect(action.depositAddress).toBe(
      depositAddressOf({ vm: 'bitcoin', routerAddress: action.tx.to }, action.txId as Hex),
    )
    // The payment is mined in the next block; the watcher asks about the address once it sees that tip.
    const txid = 'f1'.repeat(32)
    esplora.txs.set(txid, {
      status: { confirmed: true, block_height: esplora.tipHeight + 1, block_time: 1_760_000_900 },
      vout: [{ scriptpubkey_address: action.depositAddress, value: Number(action.amountInMax.amount) }],
    })
    esplora.tipHeight += 1
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'])
    expect(details.status).toBe('success')
    expect(details.srcTxHash).toBe(txid)
    expect(details.bridgeDetails.txPath[0]).toMatchObject({ chainId: BTC, txHash: txid, timestamp: '1760000900' })
    expect(esplora.requests).toContain(`/address/${action.depositAddress}/txs`)
    // The source leg was observed over the API too: the deposit pays the quote's address, not the vault.
    expect(esplora.requests).toContain(`/tx/${txid}/status`)
  })

  it('a confirmed transaction that pays nothing to the vault ends failed', async () => {
    const { action, txid } = await quoteAndRegister(false)
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    expect(details.status).toBe('failed')
    expect(details.srcTxHash).toBe(txid)
  })
})

describe('configuration', () => {
  it('BITCOIN_API_URL must be an http(s) URL; its trailing slash is dropped', () => {
    expect(() => loadConfig({ BITCOIN_API_URL: 'ftp://x' })).toThrow(/BITCOIN_API_URL/)
    expect(loadConfig({ BITCOIN_API_URL: 'https://mempool.space/api/' }).bitcoinApiUrl).toBe(
      'https://mempool.space/api',
    )
    expect(loadConfig({}).bitcoinApiUrl).toBeUndefined()
  })
})
