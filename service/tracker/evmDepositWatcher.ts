/**
 * The EVM JSON-RPC deposit watcher, for EVM chains with an `RPC_URLS` entry: sees transfers into the deposit
 * addresses of the chain's quotes awaiting a deposit, by scanning each block once, in order, from a cursor kept in
 * the store (`depositScanCursor`).
 *
 * - **ERC-20 inputs**: the tokens' `Transfer(from, to, value)` logs whose `to` is a watched address —
 *   `eth_getLogs` over the scanned range with the tokens as `address` and the addresses as topic 2 (at most
 *   `ADDRESSES_PER_LOG_QUERY` a request). A transfer of another token to the address is ignored.
 * - **Native inputs**: the scanned blocks' transactions (`eth_getBlockByNumber` with bodies) whose `to` is a watched
 *   address and whose `value` is not zero. Native value sent by a contract (an internal call) is not seen: that
 *   needs a tracing node.
 * - **Range**: from the block after the cursor — but never before the oldest watched quote (its age plus a minute,
 *   in blocks) — to the latest block (one confirmation, as the EVM observer), at most `maxLogBlocks` blocks a tick
 *   (`maxNativeBlocks` when a native input is watched: each block is one request). A range short of the head is
 *   continued on the next tick at once; at the head, the chain is asked again one block later. A node that fails
 *   is asked again after a backoff (1 s doubling to 60 s) and logged as `tracker.rpc-failed`; nothing is lost, the
 *   cursor did not move.
 */
import { type Hex, parseAbiItem } from 'viem'
import { isNativeSentinel } from '../../engine/index.js'
import type { DepositWatch } from '../store/depositStore.js'
import type { DetectedDeposit } from './depositRule.js'
import {
  type DepositWatcher,
  type ScanDepositsParameters,
  type ScanDepositsResult,
  depositWatcherBackoff,
} from './depositWatcher.js'
import { checkedEvmClient } from './evmClient.js'

/** The ERC-20 `Transfer` event. */
export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')
/** Watched addresses per `eth_getLogs` (one topic-2 list). */
export const ADDRESSES_PER_LOG_QUERY = 100
/** Blocks fetched with their bodies at once. */
const BLOCK_FETCH_CONCURRENCY = 4

/** Options of `createEvmDepositWatcher`. */
export interface EvmDepositWatcherOptions {
  readonly chainId: number
  /** JSON-RPC endpoint (`http:` or `https:`), the chain's `RPC_URLS` entry. */
  readonly url: string
  /** The chain's block time (snapshot): paces the scans and converts a watch's age into blocks. */
  readonly blockTimeMs: number
  /** Timeout of one request (ms); default 10 000. */
  readonly requestTimeoutMs?: number
  /** Most blocks one tick scans for ERC-20 transfers (one `eth_getLogs` range); default 2 000. */
  readonly maxLogBlocks?: number
  /** Most blocks one tick scans when a native input is watched (one request each); default 50. */
  readonly maxNativeBlocks?: number
  /** Longest backoff after a failure (s); default 60. */
  readonly maxBackoffSeconds?: number
}

/** A deposit with its position in the chain, to keep the first one per address. */
type OrderedDeposit = DetectedDeposit & { readonly order: readonly [number, number] }

/**
 * Creates the deposit watcher of one EVM chain.
 *
 * @example createEvmDepositWatcher({ chainId: 42161, url: 'http://127.0.0.1:8545', blockTimeMs: 250 })
 */
export function createEvmDepositWatcher(options: EvmDepositWatcherOptions): DepositWatcher {
  const { chainId, url } = options
  const blockSeconds = Math.max(options.blockTimeMs / 1000, 0.1)
  const maxLogBlocks = options.maxLogBlocks ?? 2000
  const maxNativeBlocks = options.maxNativeBlocks ?? 50
  const backoff = depositWatcherBackoff(chainId, options.maxBackoffSeconds ?? 60)
  const { client, checkChainId } = checkedEvmClient(chainId, url, options.requestTimeoutMs)
  // Pacing only: lost on restart, which then scans at once.
  let nextScanAt = Number.NEGATIVE_INFINITY

  async function nativeDeposits(watches: readonly DepositWatch[], from: number, to: number): Promise<OrderedDeposit[]> {
    const byAddress = new Map(watches.map((watch) => [watch.address, watch]))
    const found: OrderedDeposit[] = []
    for (let start = from; start <= to; start += BLOCK_FETCH_CONCURRENCY) {
      const numbers = Array.from({ length: Math.min(BLOCK_FETCH_CONCURRENCY, to - start + 1) }, (_, i) => start + i)
      const blocks = await Promise.all(
        numbers.map((number) => client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })),
      )
      for (const block of blocks) {
        for (const tx of block.transactions) {
          const watch = tx.to === null ? undefined : byAddress.get(tx.to.toLowerCase())
          if (watch === undefined || tx.value === 0n) continue
          found.push({
            txId: watch.txId,
            txHash: tx.hash.toLowerCase(),
            amount: tx.value,
            timestamp: Number(block.timestamp),
            detail: { depositBlockNumber: Number(block.number) },
            order: [Number(block.number), tx.transactionIndex],
          })
        }
      }
    }
    return found
  }

  async function tokenDeposits(watches: readonly DepositWatch[], from: number, to: number): Promise<OrderedDeposit[]> {
    const found: OrderedDeposit[] = []
    const blockTimes = new Map<Hex, Promise<number>>()
    const blockTime = (blockHash: Hex) => {
      let time = blockTimes.get(blockHash)
      if (time === undefined) {
        time = client.getBlock({ blockHash }).then((block) => Number(block.timestamp))
        blockTimes.set(blockHash, time)
      }
      return time
    }
    for (let start = 0; start < watches.length; start += ADDRESSES_PER_LOG_QUERY) {
      const chunk = watches.slice(start, start + ADDRESSES_PER_LOG_QUERY)
      const byAddress = new Map(chunk.map((watch) => [watch.address, watch]))
      const logs = await client.getLogs({
        address: [...new Set(chunk.map((watch) => watch.token as Hex))],
        event: TRANSFER_EVENT,
        args: { to: chunk.map((watch) => watch.address as Hex) },
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      })
      for (const entry of logs) {
        const { to: recipient, value } = entry.args
        const watch = recipient === undefined ? undefined : byAddress.get(recipient.toLowerCase())
        if (watch === undefined || watch.token !== entry.address.toLowerCase() || value === undefined || value === 0n)
          continue
        found.push({
          txId: watch.txId,
          txHash: entry.transactionHash.toLowerCase(),
          amount: value,
          timestamp: await blockTime(entry.blockHash),
          detail: { depositBlockNumber: Number(entry.blockNumber) },
          order: [Number(entry.blockNumber), entry.logIndex],
        })
      }
    }
    return found
  }

  async function scanRange({ listWatches, now, scannedBlock }: ScanDepositsParameters): Promise<ScanDepositsResult> {
    await checkChainId()
    // The head first, then the watches (depositWatcher.ts, `listWatches`): no deposit up to it can miss its quote.
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    const watches = await listWatches()
    if (watches.length === 0) return { deposits: [], scannedBlock }
    const oldest = Math.min(...watches.map((watch) => watch.createdAt))
    const earliest = Math.max(0, head - Math.ceil((now - oldest + 60) / blockSeconds))
    // A cursor past the head is another chain's (a development node restarted from genesis): start over.
    const resume = scannedBlock === undefined || scannedBlock > head ? earliest : scannedBlock + 1
    const from = Math.max(resume, earliest)
    if (from > head) {
      nextScanAt = now + blockSeconds
      return { deposits: [], scannedBlock }
    }
    const native = watches.filter((watch) => isNativeSentinel('evm', watch.token))
    const tokens = watches.filter((watch) => !isNativeSentinel('evm', watch.token))
    const to = Math.min(head, from + (native.length > 0 ? maxNativeBlocks : maxLogBlocks) - 1)
    const found = [
      ...(native.length > 0 ? await nativeDeposits(native, from, to) : []),
      ...(tokens.length > 0 ? await tokenDeposits(tokens, from, to) : []),
    ]
    nextScanAt = to < head ? now : now + blockSeconds
    return { deposits: firstPerQuote(found), scannedBlock: to }
  }

  return {
    name: 'evm-rpc',
    chainId,
    scansBlocks: true,
    async scan(parameters) {
      if (parameters.now < nextScanAt) return { deposits: [] }
      try {
        const result = await scanRange(parameters)
        backoff.succeeded()
        return result
      } catch (error) {
        nextScanAt = parameters.now + backoff.failed(error)
        return { deposits: [] }
      }
    },
  }
}

/** The earliest deposit of each quote, by block then position in the block. */
function firstPerQuote(found: readonly OrderedDeposit[]): DetectedDeposit[] {
  const sorted = [...found].sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
  const first = new Map<string, DetectedDeposit>()
  for (const { order: _order, ...deposit } of sorted) if (!first.has(deposit.txId)) first.set(deposit.txId, deposit)
  return [...first.values()]
}
