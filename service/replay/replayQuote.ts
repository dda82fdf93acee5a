/**
 * Replay (README "Hot reload"): a stored quote is built again on the snapshot it names, with everything else it
 * depended on taken from its own record, and must come out the same, byte for byte.
 *
 * | input | taken from |
 * |---|---|
 * | the liquidity | `<DATA_DIR>/snapshots/<snapshotId>.json` (the response's `snapshotId`) |
 * | app fees (the key's defaults at the time, when the request named none), sponsor, recipients | the stored request |
 * | `txId` (calldata, deposit address, memo, nonce) | the record |
 * | the clock: router deadline, gasless permit deadline, HyperCore nonce | the response's `expiresAt` |
 * | `returnDepositAddress`, `gasless` | whether the response has `depositAddress`, `executions` |
 * | Solana blockhash and token program, Bitcoin unspent outputs | the stored transaction (`storedSourceState.ts`) |
 * | `PROTOCOL_FEE_BPS` | the configuration in force (the record does not name it: replay under the same value) |
 *
 * Venue quotes are not replayed: they also depend on the venue's order book at the time, which is not kept.
 */
import type { Hex } from 'viem'
import { parseValidQuoteRequest } from '../../engine/index.js'
import type { ServiceConfig } from '../config.js'
import { buildActionParts, serializeAction } from '../routes/getAction.js'
import { type ActionRequest, toQuoteRequest } from '../routes/getActionRequest.js'
import { loadStoredEngine } from '../snapshots/workerSnapshot.js'
import type { Store } from '../store/store.js'
import { sourceStateOfStoredTx } from './storedSourceState.js'

/** What `replayQuote` needs. */
export interface ReplayQuoteParameters {
  readonly store: Store
  /** Where the snapshots are kept (`DATA_DIR`) and the protocol fee. */
  readonly config: Pick<ServiceConfig, 'dataDir' | 'protocolFeeBps'>
  readonly txId: string
}

/** A replay: the stored response's text and the one built again. */
export interface ReplayQuoteReturnType {
  readonly txId: string
  readonly snapshotId: string
  readonly storedJson: string
  readonly replayedJson: string
  /** Whether the two texts are the same bytes. */
  readonly isIdentical: boolean
}

/** Why a stored quote cannot be replayed (unknown txId, no snapshot id, a venue quote, snapshot not kept). */
export class ReplayError extends Error {
  override readonly name = 'ReplayError'
}

/** The response fields replay reads. */
interface StoredResponse {
  readonly tx: { readonly data: string }
  readonly snapshotId?: string
  readonly expiresAt?: number
  readonly depositAddress?: string
  readonly executions?: unknown
}

/**
 * Replays a stored quote on its snapshot.
 *
 * @throws ReplayError when the quote cannot be replayed; InvalidSnapshotError when its snapshot is not kept.
 * @example
 * const { isIdentical } = await replayQuote({ store, config, txId })
 */
export async function replayQuote(parameters: ReplayQuoteParameters): Promise<ReplayQuoteReturnType> {
  const { store, config } = parameters
  const txId = parameters.txId.toLowerCase()
  const quote = await store.getQuote(txId)
  if (quote === undefined) throw new ReplayError(`no stored quote has txId ${txId}`)
  const stored = (await store.getByTxId(txId, quote.orgId))!
  const response = JSON.parse(stored.actionResponseJson) as StoredResponse
  const request = quote.actionRequest as ActionRequest
  const { snapshotId, expiresAt } = response
  if (snapshotId === undefined || expiresAt === undefined)
    throw new ReplayError(`quote ${txId} names no snapshotId: it was made before snapshots were kept`)
  if (request.actionType === 'venue')
    throw new ReplayError(`quote ${txId} is a venue order: it depends on the order book at the time, not kept`)
  const { engine } = loadStoredEngine(config, snapshotId)
  const quoteRequest = parseValidQuoteRequest(toQuoteRequest(request), {
    context: request.actionType,
    protocolFeeBps: config.protocolFeeBps,
  })
  const parts = buildActionParts(engine, request, {
    txId: txId as Hex,
    deadline: expiresAt,
    snapshotId,
    quoteRequest,
    sourceState: sourceStateOfStoredTx(engine.snapshot.chains.get(request.srcChainId)?.vm, response.tx),
    withDepositAddress: response.depositAddress !== undefined,
    gasless: response.executions !== undefined,
  })
  const replayedJson = serializeAction(parts)
  return {
    txId,
    snapshotId,
    storedJson: stored.actionResponseJson,
    replayedJson,
    isIdentical: replayedJson === stored.actionResponseJson,
  }
}
