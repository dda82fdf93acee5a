/**
 * The Bitcoin deposit watcher alone, against the local stub speaking Esplora's REST shapes: a payment to a quote's
 * deposit address counts once mined (deep enough), for the sum of its outputs to the address, the earliest mined one
 * first; addresses are asked about only when the tip moved; an API that fails is retried after a backoff.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { depositAddressOf } from '../../engine/transactions.js'
import { setLogDestination } from '../../service/log.js'
import type { DepositWatch } from '../../service/store/depositStore.js'
import type { DepositWatcher } from '../../service/tracker/depositWatcher.js'
import { createEsploraDepositWatcher } from '../../service/tracker/esploraDepositWatcher.js'
import { type EsploraStub, startEsploraStub } from '../helpers/esploraStub.js'

const BTC = 20000000000001
const VAULT = 'bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5'
const NOW = 1_760_000_000

let esplora: EsploraStub
beforeAll(async () => void (esplora = await startEsploraStub()))
afterAll(() => esplora?.close())
let logged: string[]
beforeEach(() => {
  esplora.txs.clear()
  esplora.requests.length = 0
  esplora.failing = undefined
  logged = []
  setLogDestination({ write: (line: string) => void logged.push(line) })
})
afterEach(() => setLogDestination(undefined))

let quotes = 0
/** A watch of a new quote: its real deposit address (P2WSH of the vault and its txId). */
function watchOf(token = 'bitcoin'): DepositWatch {
  quotes += 1
  const txId = `0x${quotes.toString(16).padStart(64, '0')}` as Hex
  return {
    txId,
    chainId: BTC,
    vmId: 'alt-vm',
    createdAt: NOW - 60,
    address: depositAddressOf({ vm: 'bitcoin', routerAddress: VAULT }, txId),
    token,
    amountRequired: '150000',
    watchUntil: NOW + 3600,
  }
}

const watcher = (confirmations?: number) =>
  createEsploraDepositWatcher({
    chainId: BTC,
    url: esplora.url,
    blockTimeMs: 600_000,
    ...(confirmations === undefined ? {} : { confirmations }),
  })
const scan = (w: DepositWatcher, watches: DepositWatch[], now: number) =>
  w.scan({ now, scannedBlock: undefined, listWatches: async () => watches })
const addressAsked = (address: string) => esplora.requests.filter((path) => path === `/address/${address}/txs`).length
const mined = (height: number, time = 1_760_000_600) => ({ confirmed: true, block_height: height, block_time: time })

describe('Esplora deposit watcher', () => {
  it('a payment in the mempool waits for its block; mined, it is a deposit of its outputs to the address', async () => {
    const watch = watchOf()
    const w = watcher()
    const txid = 'a1'.repeat(32)
    esplora.txs.set(txid, {
      status: { confirmed: false },
      vout: [
        { scriptpubkey_address: watch.address, value: 100_000 },
        { scriptpubkey_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', value: 7_000 },
        { scriptpubkey_address: watch.address, value: 60_000 },
      ],
    })
    expect((await scan(w, [watch], NOW)).deposits).toEqual([])
    expect(addressAsked(watch.address)).toBe(1)
    esplora.tipHeight += 1
    esplora.txs.set(txid, { ...esplora.txs.get(txid)!, status: mined(esplora.tipHeight) })
    const { deposits, scannedBlock } = await scan(w, [watch], NOW + 10)
    expect(deposits).toEqual([
      {
        txId: watch.txId,
        txHash: txid,
        amount: 160_000n,
        timestamp: 1_760_000_600,
        detail: { depositBlockNumber: esplora.tipHeight },
      },
    ])
    expect(scannedBlock).toBeUndefined()
    expect(w.scansBlocks).toBe(false)
  })

  it('asks about the addresses only when the tip moved, and reads the tip at most every 5 s', async () => {
    const watch = watchOf()
    const w = watcher()
    await scan(w, [watch], NOW)
    expect(esplora.requests).toEqual(['/blocks/tip/height', `/address/${watch.address}/txs`])
    // Before the next poll: nothing is asked.
    await scan(w, [watch], NOW + 4)
    expect(esplora.requests).toHaveLength(2)
    // The same tip: only the tip is read. A quote made since could not have been paid in a block already seen.
    await scan(w, [watch, watchOf()], NOW + 5)
    expect(esplora.requests).toEqual(['/blocks/tip/height', `/address/${watch.address}/txs`, '/blocks/tip/height'])
    esplora.tipHeight += 1
    await scan(w, [watch], NOW + 10)
    expect(addressAsked(watch.address)).toBe(2)
  })

  it('the earliest mined payment counts; a transaction spending from the address pays it nothing', async () => {
    const watch = watchOf()
    const tip = esplora.tipHeight
    esplora.txs.set('b1'.repeat(32), {
      status: mined(tip - 1),
      vout: [{ scriptpubkey_address: watch.address, value: 9 }],
    })
    esplora.txs.set('b2'.repeat(32), {
      status: mined(tip - 3),
      vout: [{ scriptpubkey_address: watch.address, value: 5 }],
    })
    esplora.txs.set('b3'.repeat(32), {
      status: mined(tip - 2),
      vout: [{ scriptpubkey_address: watch.address, value: 7 }],
    })
    const { deposits } = await scan(watcher(), [watch], NOW)
    expect(deposits).toMatchObject([{ txHash: 'b2'.repeat(32), amount: 5n, detail: { depositBlockNumber: tip - 3 } }])

    // Listed for the address (its input), with no output to it: not a deposit.
    const other = watchOf()
    esplora.txs.set('b4'.repeat(32), { status: mined(tip), vout: [{ scriptpubkey_address: other.address, value: 0 }] })
    expect((await scan(watcher(), [other], NOW)).deposits).toEqual([])
  })

  it('with 3 confirmations asked, a payment 2 blocks deep waits for the next block', async () => {
    const watch = watchOf()
    const w = watcher(3)
    esplora.txs.set('c1'.repeat(32), {
      status: mined(esplora.tipHeight - 1),
      vout: [{ scriptpubkey_address: watch.address, value: 150_000 }],
    })
    expect((await scan(w, [watch], NOW)).deposits).toEqual([])
    esplora.tipHeight += 1
    expect((await scan(w, [watch], NOW + 10)).deposits).toMatchObject([{ txHash: 'c1'.repeat(32), amount: 150_000n }])
  })

  it('a mined payment whose block time the API leaves out is dated now', async () => {
    const watch = watchOf()
    esplora.txs.set('c2'.repeat(32), {
      status: { confirmed: true, block_height: esplora.tipHeight },
      vout: [{ scriptpubkey_address: watch.address, value: 150_000 }],
    })
    expect((await scan(watcher(), [watch], NOW + 0.7)).deposits).toMatchObject([{ timestamp: NOW, amount: 150_000n }])
  })

  it('a watch of another token than BTC is not asked about', async () => {
    const watch = watchOf('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
    esplora.txs.set('d1'.repeat(32), {
      status: mined(esplora.tipHeight),
      vout: [{ scriptpubkey_address: watch.address, value: 1 }],
    })
    expect((await scan(watcher(), [watch], NOW)).deposits).toEqual([])
    expect(esplora.requests).toEqual(['/blocks/tip/height'])
  })

  it('an API that fails: no deposit, logged, asked again after a backoff, then the deposit is found', async () => {
    const watch = watchOf()
    const w = watcher()
    esplora.txs.set('e1'.repeat(32), {
      status: mined(esplora.tipHeight),
      vout: [{ scriptpubkey_address: watch.address, value: 150_000 }],
    })
    esplora.failing = 503
    expect((await scan(w, [watch], NOW)).deposits).toEqual([])
    expect(logged.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: 'warn', event: 'tracker.rpc-failed', chainId: BTC, watcher: 'deposits', retryInSeconds: 1 },
    ])
    expect((await scan(w, [watch], NOW + 0.5)).deposits).toEqual([])
    expect(esplora.requests).toHaveLength(1)
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ retryInSeconds: 1 })
    // A second failure doubles the backoff.
    await scan(w, [watch], NOW + 1)
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ retryInSeconds: 2 })
    esplora.failing = undefined
    // The tip did not move, but the last look failed: it is made again in full.
    expect((await scan(w, [watch], NOW + 3)).deposits).toMatchObject([{ txHash: 'e1'.repeat(32), amount: 150_000n }])
  })
})
