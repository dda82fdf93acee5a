/**
 * The Tron chain observer, for a Tron chain with an `RPC_URLS` entry: the Tron HTTP API of a full node or TronGrid
 * (`POST <url>/wallet/gettransactioninfobyid`, body `{"value": "<txid>"}`). It observes source legs only; deliveries
 * to Tron stay with the simulated observer (`observes`).
 *
 * - An empty object `{}`: the node does not know the transaction (yet) — look again later; still unknown after
 *   `notFoundTimeoutSeconds`, the transaction is `failed` (dropped or never broadcast).
 * - Found, `receipt.result` absent or `SUCCESS` (and no `result: "FAILED"`): confirmed at `blockTimeStamp` (ms).
 * - Otherwise failed, the reason naming `receipt.result` (`REVERT`, `OUT_OF_ENERGY`, …) and the revert reason taken
 *   from `resMessage` (hex of UTF-8 text) when the node gives one.
 *
 * A node that does not answer, or answers something else, never fails a transaction: the leg stays pending.
 */
import { hexToString } from 'viem'
import { log } from '../log.js'
import type { ChainObserver, LegObservation, ObserveLegParameters } from './chainObserver.js'
import type { EvmRpcObserverOptions } from './evmRpcObserver.js'
import type { Leg } from './trackingPlan.js'

const TRON_TX_ID = /^[0-9a-f]{64}$/

/** The fields of `gettransactioninfobyid` the observer reads. */
interface TronTransactionInfo {
  readonly id?: string
  readonly blockNumber?: number
  readonly blockTimeStamp?: number
  readonly result?: string
  readonly resMessage?: string
  readonly receipt?: { readonly result?: string }
}

/**
 * Creates the observer of a Tron chain (options as for EVM; `routerAddress` is not used).
 *
 * @example
 * const tron = createTronRpcObserver({ chainId: 728126428, url: 'https://api.trongrid.io' })
 * await tron.observe({ txId, leg, srcTxHash, since: registeredAt, now: Date.now() / 1000 })
 */
export function createTronRpcObserver(options: EvmRpcObserverOptions): ChainObserver {
  const endpoint = `${options.url.replace(/\/+$/, '')}/wallet/gettransactioninfobyid`
  const minPoll = options.minPollSeconds ?? 1
  const maxPoll = options.maxPollSeconds ?? 60
  const notFoundTimeout = options.notFoundTimeoutSeconds ?? 86_400
  const timeoutMs = options.requestTimeoutMs ?? 10_000

  const later = (leg: Leg, since: number, now: number): LegObservation => ({
    status: 'pending',
    checkAt: now + Math.min(maxPoll, Math.max(minPoll, leg.blockTimeMs / 1000, (now - since) / 4)),
  })

  async function transactionInfo(txHash: string): Promise<TronTransactionInfo> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: txHash }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const body = (await response.json()) as unknown
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not a JSON object')
    return body as TronTransactionInfo
  }

  async function observeSource({ leg, srcTxHash, since, now }: ObserveLegParameters): Promise<LegObservation> {
    if (!TRON_TX_ID.test(srcTxHash))
      return { status: 'failed', timestamp: Math.floor(now), reason: `${srcTxHash} is not a Tron transaction id` }
    const info = await transactionInfo(srcTxHash)
    if (info.id === undefined) {
      if (now - since <= notFoundTimeout) return later(leg, since, now)
      return {
        status: 'failed',
        timestamp: Math.floor(now),
        reason: `transaction ${srcTxHash} not found on chain ${options.chainId} within ${notFoundTimeout} s`,
      }
    }
    const timestamp = Math.floor((info.blockTimeStamp ?? now * 1000) / 1000)
    const receiptResult = info.receipt?.result ?? 'SUCCESS'
    if (info.result !== 'FAILED' && receiptResult === 'SUCCESS') {
      return { status: 'confirmed', txHash: srcTxHash, timestamp, detail: { srcBlockNumber: info.blockNumber } }
    }
    return {
      status: 'failed',
      timestamp,
      txHash: srcTxHash,
      reason: `transaction failed in block ${info.blockNumber} (${receiptResult})`,
      ...(info.resMessage === undefined ? {} : { revertReason: resMessageText(info.resMessage) }),
    }
  }

  return {
    name: 'tron-rpc',
    observes: (leg) => leg.kind === 'source',
    async observe(parameters) {
      const { leg, since, now } = parameters
      if (leg.kind !== 'source') throw new Error(`the tron-rpc observer does not observe ${leg.kind} legs`)
      try {
        return await observeSource(parameters)
      } catch (error) {
        log('warn', 'tracker.rpc-failed', {
          chainId: options.chainId,
          txId: parameters.txId,
          leg: leg.index,
          reason: error instanceof Error ? error.message : String(error),
        })
        return later(leg, since, now)
      }
    },
  }
}

/** `resMessage` is hex of UTF-8 text (`REVERT opcode executed`); anything else is kept as it came. */
function resMessageText(resMessage: string): string {
  return /^(?:[0-9a-fA-F]{2})+$/.test(resMessage) ? hexToString(`0x${resMessage}`) : resMessage
}
