/**
 * The Bitcoin deposit watcher, over the same Esplora REST API as the Bitcoin observer (`esploraObserver.ts`; the
 * chain's `RPC_URLS` entry or `BITCOIN_API_URL`): sees payments into the deposit addresses of the chain's quotes
 * awaiting a deposit.
 *
 * - **When it looks**: it reads the tip (`GET /blocks/tip/height`) every `pollSeconds`, and asks about the addresses
 *   only when the tip moved since its last complete look. A deposit counts once mined, and a quote created after that
 *   look cannot have been paid in a block it had seen (its address did not exist yet), so nothing is missed; a look
 *   cut short by a failure is made again in full.
 * - **What it asks**: `GET /address/:address/txs` for each watched address (4 at a time). A transaction with
 *   outputs to the address, mined at least `confirmations` deep, is a deposit of their sum; the earliest mined one
 *   counts (the first page lists an address's 25 latest mined transactions, enough for an address made for one
 *   payment). Transactions in the mempool wait for their block.
 * - **Failures**: an API that fails is asked again after a backoff (1 s doubling to 60 s), logged as
 *   `tracker.rpc-failed`; the deposits found before the failure are kept.
 */
import { isNativeSentinel } from '../../engine/index.js'
import type { DepositWatch } from '../store/depositStore.js'
import type { DetectedDeposit } from './depositRule.js'
import { esploraGetter } from './esploraObserver.js'
import {
  type DepositWatcher,
  type ScanDepositsParameters,
  type ScanDepositsResult,
  depositWatcherBackoff,
} from './depositWatcher.js'

/** Options of `createEsploraDepositWatcher`. */
export interface EsploraDepositWatcherOptions {
  readonly chainId: number
  /** The Esplora API's base URL, without a trailing slash. */
  readonly url: string
  /** The chain's block time (snapshot): the tip is read every tenth of it, between 1 s and 5 s. */
  readonly blockTimeMs: number
  /** Timeout of one request (ms); default 10 000. */
  readonly requestTimeoutMs?: number
  /** Blocks a deposit must be buried under, its own included; default 1 (as the observer). */
  readonly confirmations?: number
  /** Longest backoff after a failure (s); default 60. */
  readonly maxBackoffSeconds?: number
}

/** Addresses asked about at once. */
const ADDRESS_FETCH_CONCURRENCY = 4

/** The fields of an Esplora transaction the watcher reads. */
interface EsploraAddressTx {
  readonly txid?: string
  readonly status?: { readonly confirmed?: boolean; readonly block_height?: number; readonly block_time?: number }
  readonly vout?: readonly { readonly scriptpubkey_address?: string; readonly value?: number }[]
}

/**
 * Creates the deposit watcher of one Bitcoin chain.
 *
 * @example createEsploraDepositWatcher({ chainId: 20000000000001, url: 'https://mempool.space/api', blockTimeMs: 600_000 })
 */
export function createEsploraDepositWatcher(options: EsploraDepositWatcherOptions): DepositWatcher {
  const { chainId, url } = options
  const pollSeconds = Math.min(5, Math.max(1, options.blockTimeMs / 10_000))
  const confirmations = options.confirmations ?? 1
  const getOr404 = esploraGetter(url, options.requestTimeoutMs ?? 10_000)
  const backoff = depositWatcherBackoff(chainId, options.maxBackoffSeconds ?? 60)
  // Pacing only: lost on restart, which then looks at once.
  let nextPollAt = Number.NEGATIVE_INFINITY
  let lookedAtTip: number | undefined

  /** Neither the tip nor an address's list is ever missing: a 404 is a failure here. */
  const get = async (path: string): Promise<Response> => {
    const response = await getOr404(path)
    if (response === undefined) throw new Error(`GET ${path}: HTTP 404`)
    return response
  }

  /** The earliest deposit to the watched address deep enough at `tip`, if any (`now`: a block without a time). */
  async function depositTo(watch: DepositWatch, tip: number, now: number): Promise<DetectedDeposit | undefined> {
    const txs = (await (await get(`/address/${encodeURIComponent(watch.address)}/txs`)).json()) as EsploraAddressTx[]
    if (!Array.isArray(txs)) throw new Error(`GET /address/${watch.address}/txs: not a list`)
    let earliest: DetectedDeposit | undefined
    let earliestHeight = Number.POSITIVE_INFINITY
    // Newest first: walking the list backwards, the first of the lowest height is the earliest.
    for (const tx of [...txs].reverse()) {
      const { txid, status } = tx
      const height = status?.block_height
      if (status?.confirmed !== true || !Number.isSafeInteger(height) || height! >= earliestHeight) continue
      if (tip - height! + 1 < confirmations || typeof txid !== 'string') continue
      let amount = 0n
      for (const output of tx.vout ?? []) {
        if (output.scriptpubkey_address !== watch.address || !Number.isSafeInteger(output.value)) continue
        amount += BigInt(output.value!)
      }
      if (amount === 0n) continue
      earliestHeight = height!
      earliest = {
        txId: watch.txId,
        txHash: txid.toLowerCase(),
        amount,
        timestamp: Number.isSafeInteger(status.block_time) ? status.block_time! : Math.floor(now),
        detail: { depositBlockNumber: height! },
      }
    }
    return earliest
  }

  async function look({ listWatches, now }: ScanDepositsParameters, found: DetectedDeposit[]): Promise<void> {
    nextPollAt = now + pollSeconds
    const tip = Number(await (await get('/blocks/tip/height')).text())
    if (!Number.isSafeInteger(tip)) throw new Error('GET /blocks/tip/height: not a height')
    if (tip === lookedAtTip) return
    // BTC is the only input a Bitcoin deposit address takes.
    const watches = (await listWatches()).filter((watch) => isNativeSentinel('bitcoin', watch.token))
    for (let start = 0; start < watches.length; start += ADDRESS_FETCH_CONCURRENCY) {
      const chunk = watches.slice(start, start + ADDRESS_FETCH_CONCURRENCY)
      for (const deposit of await Promise.all(chunk.map((watch) => depositTo(watch, tip, now)))) {
        if (deposit !== undefined) found.push(deposit)
      }
    }
    lookedAtTip = tip
  }

  return {
    name: 'esplora',
    chainId,
    scansBlocks: false,
    async scan(parameters): Promise<ScanDepositsResult> {
      if (parameters.now < nextPollAt) return { deposits: [] }
      const found: DetectedDeposit[] = []
      try {
        await look(parameters, found)
        backoff.succeeded()
      } catch (error) {
        nextPollAt = parameters.now + backoff.failed(error)
      }
      return { deposits: found }
    },
  }
}
