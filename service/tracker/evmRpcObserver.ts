/**
 * The EVM JSON-RPC chain observer, for chains with an `RPC_URLS` entry (viem public client over HTTP).
 *
 * - **Source leg**: `eth_getTransactionReceipt` of the registered hash. `success` and the transaction executes this
 *   quote (the router's `Routed(txId)` event in its receipt, or a payment to the quote's deposit address) →
 *   confirmed at its block's timestamp; `success` but another quote's (or none's) → failed, nothing appended;
 *   `reverted` → failed, with the revert reason obtained by replaying the call on the parent block
 *   (`Error(string)` / `Panic(uint256)` / the router's custom errors decoded; otherwise `execution reverted`).
 *   No receipt yet → look again later (backoff); still none after `notFoundTimeoutSeconds` → failed (the
 *   transaction was dropped or never sent).
 * - **Last delivery leg** (the destination chain has an `RPC_URLS` entry too): the crossroute router's
 *   `Delivered(bytes32 indexed txId, …)` event on that chain (`eth_getLogs` at the chain's router address, topic
 *   `txId`, over the blocks since the previous leg); none within `deliveryTimeoutSeconds(leg)` → failed, i.e.
 *   `requires refund`.
 * - Intermediate deliveries and refunds have no on-chain marker the router defines: the tracker leaves them to the
 *   simulated observer.
 *
 * A node that does not answer (or answers for another chain id) never fails a transaction: the leg stays pending
 * and is looked at again after the backoff; the problem is logged.
 */
import {
  BaseError as ViemError,
  type Hex,
  TransactionReceiptNotFoundError,
  decodeErrorResult,
  decodeEventLog,
  numberToHex,
  pad,
  toEventSelector,
} from 'viem'
import { ROUTER_ABI, depositAddressOf } from '../../engine/transactions.js'
import type { ChainObserver, LegObservation, ObserveLegParameters } from './chainObserver.js'
import { checkedEvmClient } from './evmClient.js'
import { pendingLater, rpcObserver } from './rpcObserverShell.js'
import type { Leg } from './trackingPlan.js'

/** topic0 of the router's `Delivered` event. */
export const DELIVERED_TOPIC: Hex = toEventSelector(
  ROUTER_ABI.find((item) => item.type === 'event' && item.name === 'Delivered')!,
)

/** topic0 of the router's `Routed` event: the source transaction of a quote, `txId` its first topic. */
export const ROUTED_TOPIC: Hex = toEventSelector(
  ROUTER_ABI.find((item) => item.type === 'event' && item.name === 'Routed')!,
)

/** topic0 of ERC-20 (and TRC-20) `Transfer(address indexed from, address indexed to, uint256 value)`. */
export const TRANSFER_TOPIC: Hex = toEventSelector(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
)

/** What of a mined transaction tells which quote it executes. */
interface MinedTransaction {
  readonly to: string | null
  readonly logs: readonly { readonly address: string; readonly topics: readonly (string | null)[] }[]
}

/**
 * Whether a successful transaction executes the quote `txId` on a chain whose router is `routerAddress`: it emits
 * the router's `Routed(txId, …)` (the router's own calldata carries the quote's txId, engine/vm/evm/README.md), or it
 * pays the quote's deposit address (native value sent to it, or an ERC-20 `Transfer` to it: what the deposit
 * watcher registers). A hash another organization saw in the mempool and registered against its own quote does
 * neither: that registration ends `failed` and the transaction stays the other quote's.
 *
 * @example executesQuote({ to: router, logs: receipt.logs }, router, txId) // true
 */
export function executesQuote(transaction: MinedTransaction, routerAddress: string, txId: string): boolean {
  const router = routerAddress.toLowerCase()
  const quoteTopic = txId.toLowerCase()
  const isRouted = transaction.logs.some(
    (entry) =>
      entry.address.toLowerCase() === router &&
      entry.topics[0] === ROUTED_TOPIC &&
      entry.topics[1]?.toLowerCase() === quoteTopic,
  )
  if (isRouted) return true
  let deposit: string
  try {
    deposit = depositAddressOf({ vm: 'evm', routerAddress }, txId as Hex).toLowerCase()
  } catch {
    return false // not a 32-byte txId: no deposit address either
  }
  if (transaction.to?.toLowerCase() === deposit) return true
  const depositTopic = pad(deposit as Hex)
  return transaction.logs.some(
    (entry) => entry.topics[0] === TRANSFER_TOPIC && entry.topics[2]?.toLowerCase() === depositTopic,
  )
}

/** Options of `createEvmRpcObserver`. */
export interface EvmRpcObserverOptions {
  /** The chain the node must serve; checked once against `eth_chainId`. */
  readonly chainId: number
  /** JSON-RPC endpoint (`http:` or `https:`). */
  readonly url: string
  /**
   * The crossroute router on this chain (where `Routed` and `Delivered` are emitted): without it, no delivery
   * lookups, and a source transaction is not checked to execute its quote.
   */
  readonly routerAddress?: string
  /** Timeout of one RPC request (ms); default 10 000. */
  readonly requestTimeoutMs?: number
  /** Shortest wait between two looks at a pending leg (s); default 1. */
  readonly minPollSeconds?: number
  /** Longest wait between two looks at a pending leg (s); default 60. */
  readonly maxPollSeconds?: number
  /** How long a registered hash may stay unknown to the node before the transaction is `failed` (s); default 86 400. */
  readonly notFoundTimeoutSeconds?: number
  /**
   * How long a delivery may take before the transaction `requires refund` (s); default max(1 h, 10 × the leg's
   * estimate).
   */
  readonly deliveryTimeoutSeconds?: (leg: Leg) => number
  /** Most blocks one `eth_getLogs` may span (providers limit ranges); default 10 000. */
  readonly maxLogBlocks?: number
}

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/

/**
 * Creates the observer of one EVM chain.
 *
 * @example
 * const arbitrum = createEvmRpcObserver({ chainId: 42161, url: 'http://127.0.0.1:8545', routerAddress })
 * await arbitrum.observe({ txId, leg, srcTxHash, since: registeredAt, now: Date.now() / 1000 })
 */
export function createEvmRpcObserver(options: EvmRpcObserverOptions): ChainObserver {
  const { chainId, url } = options
  const minPoll = options.minPollSeconds ?? 1
  const maxPoll = options.maxPollSeconds ?? 60
  const notFoundTimeout = options.notFoundTimeoutSeconds ?? 86_400
  const deliveryTimeout = options.deliveryTimeoutSeconds ?? ((leg: Leg) => Math.max(3600, 10 * leg.expectedSeconds))
  const maxLogBlocks = BigInt(options.maxLogBlocks ?? 10_000)
  const { client, checkChainId } = checkedEvmClient(chainId, url, options.requestTimeoutMs)

  /** Stateless backoff: grows with the time the leg has been waiting, between minPoll and maxPoll (and ≥ a block). */
  const later = (leg: Leg, since: number, now: number) => pendingLater(leg, since, now, minPoll, maxPoll)

  const blockTimestamp = async (blockHash: Hex) => Number((await client.getBlock({ blockHash })).timestamp)

  async function observeSource({ txId, leg, srcTxHash, since, now }: ObserveLegParameters): Promise<LegObservation> {
    if (!EVM_HASH.test(srcTxHash))
      return { status: 'failed', timestamp: Math.floor(now), reason: `${srcTxHash} is not an EVM transaction hash` }
    const hash = srcTxHash as Hex
    let receipt
    try {
      receipt = await client.getTransactionReceipt({ hash })
    } catch (error) {
      if (!isReceiptNotFound(error)) throw error
      if (now - since <= notFoundTimeout) return later(leg, since, now)
      return {
        status: 'failed',
        timestamp: Math.floor(now),
        reason: `transaction ${hash} not found on chain ${chainId} within ${notFoundTimeout} s`,
      }
    }
    const timestamp = await blockTimestamp(receipt.blockHash)
    if (receipt.status === 'success') {
      const { value, to } = await client.getTransaction({ hash })
      if (
        options.routerAddress !== undefined &&
        !executesQuote({ to, logs: receipt.logs }, options.routerAddress, txId)
      )
        return {
          status: 'failed',
          timestamp: Math.floor(now),
          reason: `transaction ${hash} does not execute quote ${txId}: no Routed event for it at the router, no payment to its deposit address`,
        }
      const detail = { srcBlockNumber: Number(receipt.blockNumber), srcValue: value.toString() }
      return { status: 'confirmed', txHash: hash, timestamp, detail }
    }
    const revertReason = await revertReasonOf(hash, receipt.blockNumber)
    return {
      status: 'failed',
      timestamp,
      txHash: hash,
      reason: `transaction reverted in block ${receipt.blockNumber}`,
      revertReason,
    }
  }

  async function observeDelivery({ txId, leg, since, now }: ObserveLegParameters): Promise<LegObservation> {
    const latest = await client.getBlockNumber({ cacheTime: 0 })
    const blocksSince = BigInt(Math.ceil((now - since + 60) / Math.max(leg.blockTimeMs / 1000, 0.1)))
    const span = blocksSince < maxLogBlocks ? blocksSince : maxLogBlocks
    const fromBlock = latest > span ? latest - span : 0n
    const logs = (await client.request({
      method: 'eth_getLogs',
      params: [
        {
          address: options.routerAddress as Hex,
          topics: [DELIVERED_TOPIC, txId as Hex],
          fromBlock: numberToHex(fromBlock),
          toBlock: 'latest',
        },
      ],
    })) as { transactionHash: Hex; blockHash: Hex; blockNumber: Hex; data: Hex; topics: [Hex, ...Hex[]] }[]
    const delivered = logs[0]
    if (delivered !== undefined) {
      const amountOut = deliveredAmount(delivered)
      return {
        status: 'confirmed',
        txHash: delivered.transactionHash,
        timestamp: await blockTimestamp(delivered.blockHash),
        detail: { dstBlockNumber: Number(delivered.blockNumber), ...(amountOut === undefined ? {} : { amountOut }) },
      }
    }
    const timeout = deliveryTimeout(leg)
    if (now - since <= timeout) return later(leg, since, now)
    return {
      status: 'failed',
      timestamp: Math.floor(now),
      reason: `no Delivered event for ${txId} on chain ${chainId} within ${timeout} s`,
    }
  }

  /** Replays the reverted call on the parent block's state and decodes what it reverts with. */
  async function revertReasonOf(hash: Hex, blockNumber: bigint): Promise<string> {
    try {
      const tx = await client.getTransaction({ hash })
      await client.call({
        account: tx.from,
        to: tx.to ?? undefined,
        data: tx.input,
        value: tx.value,
        gas: tx.gas,
        blockNumber: blockNumber > 0n ? blockNumber - 1n : 0n,
      })
      // The replay succeeded: the state the transaction saw differed (an earlier transaction of its block).
      return 'execution reverted'
    } catch (error) {
      return decodeRevert(error)
    }
  }

  return rpcObserver({
    name: 'evm-rpc',
    chainId,
    observeSource,
    observeDelivery: options.routerAddress === undefined ? undefined : observeDelivery,
    beforeLookup: checkChainId,
    later,
  })
}

/** Whether an error is viem's "no receipt yet", however deeply viem wrapped it (by class, along `cause`). */
function isReceiptNotFound(error: unknown): boolean {
  if (error instanceof TransactionReceiptNotFoundError) return true
  return error instanceof ViemError && error.walk((cause) => cause instanceof TransactionReceiptNotFoundError) !== null
}

/** `amountOut` of a `Delivered` log, when its data decodes. */
function deliveredAmount(entry: { data: Hex; topics: [Hex, ...Hex[]] }): string | undefined {
  try {
    const { args } = decodeEventLog({ abi: ROUTER_ABI, eventName: 'Delivered', data: entry.data, topics: entry.topics })
    return args.amountOut.toString()
  } catch {
    return undefined
  }
}

/**
 * The revert reason in a failed call's error: `Error(string)`'s message, `Panic(uint256)`'s code, a crossroute
 * router error with its arguments (`InsufficientOutput(98, 100)`), else `execution reverted`.
 *
 * @example decodeRevert(callError) // 'insufficient balance'
 */
export function decodeRevert(error: unknown): string {
  const data = revertData(error)
  if (data !== undefined && data.length >= 10) {
    try {
      // viem adds Error(string) and Panic(uint256) to the ABI it is given.
      const decoded = decodeErrorResult({ abi: ROUTER_ABI, data }) as { errorName: string; args?: readonly unknown[] }
      if (decoded.errorName === 'Error') return String(decoded.args?.[0])
      if (decoded.errorName === 'Panic') return `panic 0x${BigInt(decoded.args?.[0] as bigint).toString(16)}`
      // The router's own errors, by name and arguments: `InsufficientOutput(98, 100)`.
      return `${decoded.errorName}(${(decoded.args ?? []).map(String).join(', ')})`
    } catch {
      return `execution reverted with data ${data.slice(0, 74)}`
    }
  }
  return 'execution reverted'
}

/** The first `data` hex string along an error's `cause` chain (viem nests the node's answer). */
function revertData(error: unknown): Hex | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 10; depth += 1) {
    const { data, cause } = current as { data?: unknown; cause?: unknown }
    if (typeof data === 'string' && data.startsWith('0x')) return data as Hex
    if (typeof data === 'object' && data !== null && typeof (data as { data?: unknown }).data === 'string')
      return (data as { data: Hex }).data
    current = cause
  }
  return undefined
}
