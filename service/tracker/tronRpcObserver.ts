/**
 * The Tron chain observer, for a Tron chain with an `RPC_URLS` entry: the Tron HTTP API of a full node or TronGrid
 * (`POST <url>/wallet/gettransactioninfobyid`, body `{"value": "<txid>"}`). It observes source legs only; deliveries
 * to Tron stay with the simulated observer (`observes`).
 *
 * - An empty object `{}`: the node does not know the transaction (yet) — look again later; still unknown after
 *   `notFoundTimeoutSeconds`, the transaction is `failed` (dropped or never broadcast).
 * - Found, `receipt.result` absent or `SUCCESS` (and no `result: "FAILED"`), and the transaction executes this quote:
 *   confirmed at `blockTimeStamp` (ms). "Executes this quote" (with the chain's `routerAddress`): its `log` has the
 *   router's `Routed(txId)` (the TVM runs the EVM router's ABI) or a TRC-20 `Transfer` to the quote's deposit
 *   address, or it is a TRX transfer to that address (`POST <url>/wallet/gettransactionbyid`, its contract's
 *   `to_address`); otherwise failed, nothing appended.
 * - Otherwise failed, the reason naming `receipt.result` (`REVERT`, `OUT_OF_ENERGY`, …) and the revert reason taken
 *   from `resMessage` (hex of UTF-8 text) when the node gives one.
 *
 * A node that does not answer, or answers something else, never fails a transaction: the leg stays pending.
 */
import { type Hex, hexToString } from 'viem'
import { depositAddressOf, tronAbiAddress } from '../../engine/transactions.js'
import { log } from '../log.js'
import type { ChainObserver, LegObservation, ObserveLegParameters } from './chainObserver.js'
import { type EvmRpcObserverOptions, ROUTED_TOPIC, TRANSFER_TOPIC } from './evmRpcObserver.js'
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
  /** The TVM's event logs: the contract's 20 address bytes and the topics, in hex without `0x`. */
  readonly log?: readonly { readonly address?: string; readonly topics?: readonly string[] }[]
}

/** The 20 account bytes of a Tron address in lower-case hex without `0x`, as logs and raw contracts carry them. */
const accountHex = (address: string) => tronAbiAddress(address).slice(2)

/**
 * Whether a transaction's logs say it executes the quote `txId` on a chain whose router is `routerAddress` (base58):
 * the router's `Routed(txId)`, or a TRC-20 `Transfer` to the quote's deposit address (`depositHex`, 40 hex).
 *
 * @example tronLogsExecuteQuote(info.log ?? [], router, txId, depositHex) // true
 */
export function tronLogsExecuteQuote(
  logs: NonNullable<TronTransactionInfo['log']>,
  routerAddress: string,
  txId: string,
  depositHex: string | undefined,
): boolean {
  const router = accountHex(routerAddress)
  const quote = txId.slice(2).toLowerCase()
  const depositTopic = depositHex === undefined ? undefined : depositHex.padStart(64, '0')
  return logs.some(({ address, topics = [] }) => {
    const [topic0, topic1, topic2] = topics.map((topic) => topic.toLowerCase())
    if (address?.toLowerCase() === router && topic0 === ROUTED_TOPIC.slice(2) && topic1 === quote) return true
    return depositTopic !== undefined && topic0 === TRANSFER_TOPIC.slice(2) && topic2 === depositTopic
  })
}

/**
 * Creates the observer of a Tron chain (options as for EVM; `routerAddress`: the router, base58, whose `Routed`
 * event ties a transaction to its quote — without it a transaction is not checked).
 *
 * @example
 * const tron = createTronRpcObserver({ chainId: 728126428, url: 'https://api.trongrid.io' })
 * await tron.observe({ txId, leg, srcTxHash, since: registeredAt, now: Date.now() / 1000 })
 */
export function createTronRpcObserver(options: EvmRpcObserverOptions): ChainObserver {
  const base = options.url.replace(/\/+$/, '')
  const endpoint = `${base}/wallet/gettransactioninfobyid`
  const minPoll = options.minPollSeconds ?? 1
  const maxPoll = options.maxPollSeconds ?? 60
  const notFoundTimeout = options.notFoundTimeoutSeconds ?? 86_400
  const timeoutMs = options.requestTimeoutMs ?? 10_000

  const later = (leg: Leg, since: number, now: number): LegObservation => ({
    status: 'pending',
    checkAt: now + Math.min(maxPoll, Math.max(minPoll, leg.blockTimeMs / 1000, (now - since) / 4)),
  })

  /** The 40 hex of the quote's deposit address, when the router is known and the txId is 32 bytes. */
  const depositHexOf = (txId: string): string | undefined => {
    try {
      return accountHex(depositAddressOf({ vm: 'tron', routerAddress: options.routerAddress! }, txId as Hex))
    } catch {
      return undefined
    }
  }

  /** Whether a successful transaction executes the quote (module comment); `true` without a router to check. */
  async function executesQuote(info: TronTransactionInfo, txHash: string, txId: string): Promise<boolean> {
    if (options.routerAddress === undefined) return true
    const depositHex = depositHexOf(txId)
    if (tronLogsExecuteQuote(info.log ?? [], options.routerAddress, txId, depositHex)) return true
    if (depositHex === undefined) return false
    // A plain TRX transfer leaves no log: its contract names the receiver.
    const transaction = (await post(`${base}/wallet/gettransactionbyid`, txHash)) as {
      raw_data?: { contract?: { parameter?: { value?: { to_address?: string } } }[] }
    }
    const receiver = transaction.raw_data?.contract?.[0]?.parameter?.value?.to_address?.toLowerCase()
    return receiver === `41${depositHex}`
  }

  async function post(url: string, txHash: string): Promise<object> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: txHash }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const body = (await response.json()) as unknown
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not a JSON object')
    return body
  }

  const transactionInfo = async (txHash: string) => (await post(endpoint, txHash)) as TronTransactionInfo

  async function observeSource({ txId, leg, srcTxHash, since, now }: ObserveLegParameters): Promise<LegObservation> {
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
      if (!(await executesQuote(info, srcTxHash, txId))) {
        return {
          status: 'failed',
          timestamp,
          reason: `transaction ${srcTxHash} does not execute quote ${txId}: no Routed event for it at the router, no payment to its deposit address`,
        }
      }
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
