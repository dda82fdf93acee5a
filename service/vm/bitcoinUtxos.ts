/**
 * The Bitcoin source-state fetcher: a sender's unspent outputs, for the deposit PSBT's coin selection.
 *
 * - With `BITCOIN_API_URL`: an Esplora-compatible REST API (Blockstream's, mempool.space's, a self-hosted electrs),
 *   `GET <url>/address/<sender>/utxo` → `[{ txid, vout, value, status: { confirmed, … } }]`.
 * - Without: a **simulated** provider, so the service runs with no configuration: the sender holds one confirmed
 *   output of `amountInMax` + 0.01 BTC (enough for any deposit's fee, with change), whose txid is
 *   `sha256("crossroute:simulated-utxo:<sender>")`, output 0. Its PSBT signs like a real one but spends nothing
 *   that exists.
 */
import { createHash } from 'node:crypto'
import type { BitcoinSourceState, BitcoinUtxo } from '../../engine/transactions.js'
import { ServiceUnavailableError } from '../errors.js'
import type { ServiceConfig } from '../config.js'
import type { SourceStateFetcher, SourceStateRequest } from './sourceState.js'

/** Satoshis the simulated sender holds beyond the deposit: 0.01 BTC. */
export const SIMULATED_UTXO_MARGIN = 1_000_000n

/** How long one Esplora request may take, ms. */
const REQUEST_TIMEOUT_MS = 10_000
/** What a client is told to wait when the provider did not answer, s. */
const RETRY_AFTER_SECONDS = 5

/**
 * The Bitcoin fetcher of a configuration: Esplora when `BITCOIN_API_URL` is set, else the simulated provider.
 *
 * @example
 * const fetch = createBitcoinUtxoFetcher(config)
 * const { bitcoin } = await fetch({ chainId, sender, tokenIn: 'bitcoin', amountInMax: 100_000n })
 */
export function createBitcoinUtxoFetcher(config: Pick<ServiceConfig, 'bitcoinApiUrl'>): SourceStateFetcher {
  const url = config.bitcoinApiUrl
  return async (request) => ({
    bitcoin: url === undefined ? simulatedUtxos(request) : await esploraUtxos(url, request.sender),
  })
}

/**
 * The simulated sender's unspent outputs (see the module comment).
 *
 * @example simulatedUtxos({ sender, amountInMax: 100_000n, … }).utxos[0].value // 1_100_000n
 */
export function simulatedUtxos(request: SourceStateRequest): BitcoinSourceState {
  const txid = createHash('sha256').update(`crossroute:simulated-utxo:${request.sender}`).digest('hex')
  return { utxos: [{ txid, vout: 0, value: request.amountInMax + SIMULATED_UTXO_MARGIN, confirmed: true }] }
}

/**
 * A sender's unspent outputs from an Esplora API.
 *
 * @throws ServiceUnavailableError (503) when the API does not answer in time, answers an error or something that is
 *   not Esplora's UTXO list: the quote cannot be built now, retry.
 */
export async function esploraUtxos(url: string, sender: string): Promise<BitcoinSourceState> {
  const endpoint = `${url}/address/${encodeURIComponent(sender)}/utxo`
  const unavailable = (reason: string) =>
    new ServiceUnavailableError(
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
      `The Bitcoin UTXO provider did not answer for ${sender}: ${reason}`,
    )
  let body: unknown
  try {
    const response = await fetch(endpoint, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    if (!response.ok) throw unavailable(`HTTP ${response.status}`)
    body = await response.json()
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw error
    throw unavailable(error instanceof Error ? error.message : String(error))
  }
  if (!Array.isArray(body)) throw unavailable('the answer is not a list of outputs')
  const utxos = body.map(toUtxo)
  if (utxos.includes(undefined)) throw unavailable('an output is not {txid, vout, value, status}')
  return { utxos: utxos as BitcoinUtxo[] }
}

/** One Esplora UTXO item, checked: `value` is an integer count of satoshis (below 2^53: 21M BTC is 2.1e15). */
function toUtxo(item: unknown): BitcoinUtxo | undefined {
  const { txid, vout, value, status } = (item ?? {}) as Record<string, unknown>
  const confirmed = (status as { confirmed?: unknown } | undefined)?.confirmed
  if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/i.test(txid)) return undefined
  if (!Number.isSafeInteger(vout) || (vout as number) < 0) return undefined
  if (!Number.isSafeInteger(value) || (value as number) < 0 || typeof confirmed !== 'boolean') return undefined
  return { txid: txid.toLowerCase(), vout: vout as number, value: BigInt(value as number), confirmed }
}
