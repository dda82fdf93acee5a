/**
 * The Bitcoin chain observer: an Esplora-compatible REST API (Blockstream's, mempool.space's, electrs), for a
 * Bitcoin chain with an `RPC_URLS` entry (or `BITCOIN_API_URL`). It observes **source legs** only: a deposit from
 * Bitcoin, registered by its txid. Deliveries to Bitcoin stay simulated (`observes`: source legs only).
 *
 * - `GET /tx/:txid/status` → `{ confirmed, block_height, block_time }`; 404 → not known (yet).
 * - Confirmed: `GET /blocks/tip/height` gives the confirmations (tip − block height + 1); with at least
 *   `confirmations` of them, `GET /tx/:txid` must show an output to the vault (the chain's `routerAddress`) or to
 *   the quote's deposit address (a deposit the tracker registered, `esploraDepositWatcher.ts`): confirmed at
 *   `block_time`, their satoshis in the detail; no such output → `failed`. A payment to the vault must also carry the
 *   quote's memo in an `OP_RETURN` output (the quote's `tx.memo`, when the stored response is given): the vault
 *   swaps by the memo, so a transaction with another quote's memo is that quote's → `failed`.
 * - In the mempool, or not yet deep enough → look again later. Unknown for `notFoundTimeoutSeconds` (dropped from
 *   the mempool, or never broadcast) → `failed`.
 * - An API that does not answer never fails a transaction: the leg stays pending and the problem is logged.
 */
import { type ChainObserver, type LegObservation, type ObserveLegParameters, logRpcFailure } from './chainObserver.js'
import type { EvmRpcObserverOptions } from './evmRpcObserver.js'
import type { Leg } from './trackingPlan.js'
import { bitcoinDepositAddress } from '../../engine/vm/depositAddress/bitcoin.js'
import type { Hex } from 'viem'

/** Options of `createEsploraObserver`: those of every RPC observer, and the confirmations a deposit needs. */
export type EsploraObserverOptions = Pick<
  EvmRpcObserverOptions,
  | 'chainId'
  | 'url'
  | 'routerAddress'
  | 'requestTimeoutMs'
  | 'minPollSeconds'
  | 'maxPollSeconds'
  | 'notFoundTimeoutSeconds'
> & {
  /** Blocks a deposit must be buried under, its own included; default 1. */
  readonly confirmations?: number
}

const TXID = /^[0-9a-f]{64}$/

/** An Esplora answer the observer could not use: logged, and the leg looked at again later. */
class EsploraError extends Error {}

/**
 * GETs of one Esplora API (the observer's and the deposit watcher's).
 *
 * @returns a function that answers the response of a path, `undefined` on 404, and throws on any other failure.
 * @example const get = esploraGetter('https://mempool.space/api', 10_000); await get('/blocks/tip/height')
 */
export function esploraGetter(url: string, timeoutMs: number): (path: string) => Promise<Response | undefined> {
  return async (path) => {
    const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 404) return undefined
    if (!response.ok) throw new EsploraError(`GET ${path}: HTTP ${response.status}`)
    return response
  }
}

/**
 * Creates the observer of a Bitcoin chain over an Esplora API.
 *
 * @example
 * const bitcoin = createEsploraObserver({ chainId: 20000000000001, url: 'https://mempool.space/api',
 *   routerAddress: vault })
 * await bitcoin.observe({ txId, leg, srcTxHash: txid, since: registeredAt, now: Date.now() / 1000 })
 */
export function createEsploraObserver(options: EsploraObserverOptions): ChainObserver {
  const { chainId, url } = options
  const minPoll = options.minPollSeconds ?? 1
  const maxPoll = options.maxPollSeconds ?? 60
  const notFoundTimeout = options.notFoundTimeoutSeconds ?? 86_400
  const confirmations = options.confirmations ?? 1
  const get = esploraGetter(url, options.requestTimeoutMs ?? 10_000)

  const later = (leg: Leg, since: number, now: number): LegObservation => ({
    status: 'pending',
    checkAt: now + Math.min(maxPoll, Math.max(minPoll, (now - since) / 4)),
  })

  /** The vault, and the quote's deposit address when the vault is one its derivation takes. */
  const payeesOf = (txId: string): string[] => {
    const vault = options.routerAddress?.toLowerCase()
    if (vault === undefined) return []
    try {
      return [vault, bitcoinDepositAddress(options.routerAddress!, txId as Hex)]
    } catch {
      return [vault]
    }
  }

  async function observeSource({
    txId,
    leg,
    srcTxHash,
    since,
    now,
    actionResponse,
  }: ObserveLegParameters): Promise<LegObservation> {
    const txid = srcTxHash.toLowerCase()
    if (!TXID.test(txid)) {
      return { status: 'failed', timestamp: Math.floor(now), reason: `${srcTxHash} is not a Bitcoin txid` }
    }
    const status = (await (await get(`/tx/${txid}/status`))?.json()) as
      { confirmed?: boolean; block_height?: number; block_time?: number } | undefined
    if (status === undefined) {
      if (now - since <= notFoundTimeout) return later(leg, since, now)
      return {
        status: 'failed',
        timestamp: Math.floor(now),
        reason: `transaction ${txid} not found on chain ${chainId} within ${notFoundTimeout} s (dropped or never broadcast)`,
      }
    }
    if (status.confirmed !== true) return later(leg, since, now)
    if (!Number.isSafeInteger(status.block_height) || !Number.isSafeInteger(status.block_time)) {
      throw new EsploraError(`GET /tx/${txid}/status: a confirmed status without block_height and block_time`)
    }
    const tip = Number(await (await get('/blocks/tip/height'))?.text())
    if (!Number.isSafeInteger(tip)) throw new EsploraError('GET /blocks/tip/height: not a height')
    const depth = tip - status.block_height! + 1
    if (depth < confirmations) return later(leg, since, now)
    const tx = (await (await get(`/tx/${txid}`))?.json()) as
      | {
          vout?: { scriptpubkey_address?: string; scriptpubkey?: string; scriptpubkey_type?: string; value?: number }[]
        }
      | undefined
    if (tx === undefined) throw new EsploraError(`GET /tx/${txid}: not found after its status was`)
    const payees = payeesOf(txId)
    const outputs = tx.vout ?? []
    const paid = outputs.filter((output) => payees.includes(output.scriptpubkey_address?.toLowerCase() ?? ''))
    const timestamp = status.block_time!
    const memo = memoOf(actionResponse)
    const vault = payees[0]
    const paysDeposit = paid.some((output) => output.scriptpubkey_address?.toLowerCase() !== vault)
    if (paid.length > 0 && !paysDeposit && memo !== undefined) {
      const memoHex = Buffer.from(memo, 'utf8').toString('hex')
      const carriesMemo = outputs.some(
        (output) => output.scriptpubkey_type === 'op_return' && output.scriptpubkey?.toLowerCase().endsWith(memoHex),
      )
      if (!carriesMemo) {
        return {
          status: 'failed',
          timestamp,
          reason: `transaction ${txid} does not execute quote ${txId}: it pays the vault without the quote's memo`,
        }
      }
    }
    if (paid.length === 0) {
      return {
        status: 'failed',
        timestamp,
        txHash: txid,
        reason: `transaction ${txid} pays nothing to the vault ${options.routerAddress} or the quote's deposit address`,
      }
    }
    const value = paid.reduce((sum, output) => sum + BigInt(output.value ?? 0), 0n)
    const detail = { srcBlockNumber: status.block_height!, srcValue: String(value), confirmations: depth }
    return { status: 'confirmed', txHash: txid, timestamp, detail }
  }

  return {
    name: 'esplora',
    observes: (leg) => leg.kind === 'source',
    async observe(parameters) {
      const { leg, since, now } = parameters
      if (leg.kind !== 'source') throw new Error(`the esplora observer does not observe ${leg.kind} legs`)
      try {
        return await observeSource(parameters)
      } catch (error) {
        logRpcFailure(chainId, parameters, error)
        return later(leg, since, now)
      }
    },
  }
}

/** The quote's `OP_RETURN` memo (`tx.memo` of a Bitcoin action response), when the response is given and has one. */
function memoOf(actionResponse: unknown): string | undefined {
  const memo = (actionResponse as { tx?: { memo?: unknown } } | null | undefined)?.tx?.memo
  return typeof memo === 'string' && memo !== '' ? memo : undefined
}
