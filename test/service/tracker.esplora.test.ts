/**
 * The Esplora observer alone, against the local stub speaking Esplora's REST shapes: a deposit in the mempool, not
 * deep enough, deep enough; a txid the API never saw (pending, then failed as dropped); an API that fails.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { depositAddressOf } from '../../engine/transactions.js'
import { setLogDestination } from '../../service/log.js'
import { createEsploraObserver } from '../../service/tracker/esploraObserver.js'
import type { Leg } from '../../service/tracker/trackingPlan.js'
import { type EsploraStub, startEsploraStub } from '../helpers/esploraStub.js'

const BTC = 20000000000001
const VAULT = 'bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5'
const TX_ID = `0x${'ab'.repeat(32)}`
const source: Leg = {
  index: 0,
  kind: 'source',
  chainId: BTC,
  vm: 'bitcoin',
  blockTimeMs: 600_000,
  nextBridge: 'thorchain',
  viaBridge: '',
  isLast: false,
  expectedSeconds: 600,
}
const NOW = 1_760_000_000

let esplora: EsploraStub
beforeAll(async () => void (esplora = await startEsploraStub()))
afterAll(() => esplora?.close())
// A failing API is logged (tracker.rpc-failed) on stderr: keep the output readable.
// The observer logs RPC failures on purpose here: its lines are not the subject.
beforeEach(() => setLogDestination({ write: () => undefined }))
afterEach(() => setLogDestination(undefined))

const observer = (confirmations = 1) =>
  createEsploraObserver({
    chainId: BTC,
    url: esplora.url,
    routerAddress: VAULT,
    confirmations,
    notFoundTimeoutSeconds: 3600,
  })
const observe = (txid: string, since = NOW - 10, confirmations = 1) =>
  observer(confirmations).observe({ txId: TX_ID, leg: source, srcTxHash: txid, since, now: NOW })

describe('Esplora observer', () => {
  it('observes source legs only: deliveries to Bitcoin stay simulated', async () => {
    expect(observer().observes?.(source)).toBe(true)
    expect(observer().observes?.({ ...source, kind: 'delivery' })).toBe(false)
    await expect(
      observer().observe({ txId: TX_ID, leg: { ...source, kind: 'delivery' }, srcTxHash: 'aa', since: 0, now: 1 }),
    ).rejects.toThrow(/does not observe delivery/)
  })

  it('in the mempool: pending; mined with fewer confirmations than asked: pending; then confirmed', async () => {
    const txid = '1a'.repeat(32)
    esplora.txs.set(txid, { status: { confirmed: false }, vout: [{ scriptpubkey_address: VAULT, value: 150_000 }] })
    expect(await observe(txid)).toMatchObject({ status: 'pending' })
    esplora.tipHeight = 900_000
    esplora.txs.set(txid, {
      status: { confirmed: true, block_height: 899_999, block_hash: 'bb'.repeat(32), block_time: NOW - 60 },
      vout: [{ scriptpubkey_address: VAULT, value: 150_000 }],
    })
    expect(await observe(txid, NOW - 10, 3)).toMatchObject({ status: 'pending' })
    expect(await observe(txid, NOW - 10, 2)).toEqual({
      status: 'confirmed',
      txHash: txid,
      timestamp: NOW - 60,
      detail: { srcBlockNumber: 899_999, srcValue: '150000', confirmations: 2 },
    })
  })

  it('a txid the API does not know: pending, then failed as dropped after the not-found timeout', async () => {
    const txid = '2b'.repeat(32)
    expect(await observe(txid, NOW - 3600)).toMatchObject({ status: 'pending' })
    const dropped = await observe(txid, NOW - 3601)
    expect(dropped).toMatchObject({ status: 'failed', timestamp: NOW })
    expect(dropped.status === 'failed' && dropped.reason).toMatch(
      /not found on chain .* \(dropped or never broadcast\)/,
    )
  })

  it('a confirmed transaction without an output to the vault fails, with its txid', async () => {
    const txid = '3c'.repeat(32)
    esplora.txs.set(txid, {
      status: { confirmed: true, block_height: esplora.tipHeight, block_time: NOW - 5 },
      vout: [{ scriptpubkey_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', value: 150_000 }],
    })
    const seen = await observe(txid)
    expect(seen).toMatchObject({ status: 'failed', txHash: txid, timestamp: NOW - 5 })
    expect(seen.status === 'failed' && seen.reason).toMatch(/pays nothing to the vault/)
  })

  it("a payment to the quote's deposit address (a deposit the tracker registered) confirms like one to the vault", async () => {
    const txid = '3d'.repeat(32)
    const depositAddress = depositAddressOf({ vm: 'bitcoin', routerAddress: VAULT }, TX_ID as Hex)
    const another = depositAddressOf({ vm: 'bitcoin', routerAddress: VAULT }, `0x${'cd'.repeat(32)}`)
    esplora.txs.set(txid, {
      status: { confirmed: true, block_height: esplora.tipHeight, block_time: NOW - 5 },
      vout: [
        { scriptpubkey_address: depositAddress, value: 150_000 },
        { scriptpubkey_address: another, value: 1 },
        { scriptpubkey_address: depositAddress, value: 2_000 },
      ],
    })
    expect(await observe(txid)).toEqual({
      status: 'confirmed',
      txHash: txid,
      timestamp: NOW - 5,
      detail: { srcBlockNumber: esplora.tipHeight, srcValue: '152000', confirmations: 1 },
    })
    // Another quote's deposit address is not this quote's.
    const other = '3e'.repeat(32)
    esplora.txs.set(other, { ...esplora.txs.get(txid)!, vout: [{ scriptpubkey_address: another, value: 150_000 }] })
    expect(await observe(other)).toMatchObject({ status: 'failed' })
  })

  it("a payment to the vault must carry the quote's memo (OP_RETURN) when the quote is given: else it is another quote's", async () => {
    const memo = '=:ETH.ETH:0x8ba1f109551bD432803012645Ac136ddd64DBA72:4200'
    const opReturn = (text: string) => {
      const data = Buffer.from(text, 'utf8')
      return {
        scriptpubkey: `6a${data.length.toString(16).padStart(2, '0')}${data.toString('hex')}`,
        scriptpubkey_type: 'op_return',
        value: 0,
      }
    }
    const mined = { status: { confirmed: true, block_height: esplora.tipHeight, block_time: NOW - 5 } }
    const vault = { scriptpubkey_address: VAULT, value: 150_000 }
    const txids = { memo: '5a'.repeat(32), other: '5b'.repeat(32), none: '5c'.repeat(32) }
    esplora.txs.set(txids.memo, { ...mined, vout: [vault, opReturn(memo)] })
    esplora.txs.set(txids.other, { ...mined, vout: [vault, opReturn(memo.replace('4200', '4201'))] })
    esplora.txs.set(txids.none, { ...mined, vout: [vault] })
    const withQuote = (txid: string) =>
      observer().observe({
        txId: TX_ID,
        leg: source,
        srcTxHash: txid,
        since: NOW - 10,
        now: NOW,
        actionResponse: { tx: { to: VAULT, memo } },
      })
    expect(await withQuote(txids.memo)).toMatchObject({ status: 'confirmed', txHash: txids.memo })
    for (const txid of [txids.other, txids.none]) {
      expect(await withQuote(txid)).toEqual({
        status: 'failed',
        timestamp: NOW - 5,
        reason: `transaction ${txid} does not execute quote ${TX_ID}: it pays the vault without the quote's memo`,
      })
    }
    // Without the quote nothing can be matched: the vault payment is accepted as before.
    expect(await observe(txids.none)).toMatchObject({ status: 'confirmed' })
  })

  it('an API that fails or does not answer leaves the leg pending; a malformed txid fails at once', async () => {
    const down = createEsploraObserver({ chainId: BTC, url: 'http://127.0.0.1:9', routerAddress: VAULT })
    expect(
      await down.observe({ txId: TX_ID, leg: source, srcTxHash: '4d'.repeat(32), since: NOW, now: NOW }),
    ).toMatchObject({ status: 'pending' })
    expect(await observe('0x1234')).toMatchObject({ status: 'failed', reason: '0x1234 is not a Bitcoin txid' })
  })
})
