/**
 * The transaction details object (SPEC §2.5): the answer of `getStatus` and each element of `getTransactions`'
 * `txs`, built from a stored transaction. The rules where the spec is silent are tabled in the OpenAPI schema
 * `TransactionDetails` (`service/schema/transactionDetails.ts`), whose type this builds.
 */
import type { TokenAmount as EngineTokenAmount } from '../../engine/index.js'
import { randomUUID } from 'node:crypto'
import type { ActionRequest } from '../schema/actionRequest.js'
import type { ActionResponse } from '../schema/actionResponse.js'
import type {
  ChainTransaction,
  PaymentToken,
  TransactionDetails,
  TransactionStatus,
  TxPathEntry,
} from '../schema/transactionDetails.js'
import type { StoredTransaction } from '../store/store.js'
import type { VenueWorkflowRecord } from '../store/venueWorkflows.js'
import type { VenueWorkflow } from '../schema/venueWorkflow.js'

/** The parts of the stored action request and response the details are computed from. */
type TokenAmount = Pick<
  EngineTokenAmount,
  'chainId' | 'address' | 'name' | 'symbol' | 'decimals' | 'isNative' | 'amount' | 'usdAmount'
>
interface StoredRequest {
  actionType?: string
  sender: string
  recipient?: string
  to?: string
}
interface StoredResponse {
  tx: { to: string; value: string }
  amountIn: TokenAmount
  amountOut: TokenAmount
  estimatedTxTime: number
}

/**
 * Builds the details of a stored transaction.
 *
 * @param actionResponse - what to put in `actionResponse`; default the stored response (`transactionDetailsJson`
 *   passes a placeholder that it replaces with the stored JSON text).
 * @example toTransactionDetails((await store.getByTxId(txId, orgId))!)
 */
export function toTransactionDetails(
  stored: StoredTransaction,
  actionResponse: unknown = stored.actionResponse,
  workflow?: VenueWorkflowRecord,
): TransactionDetails {
  const request = stored.actionRequest as StoredRequest
  const response = stored.actionResponse as StoredResponse
  const txPath = [...stored.txPath]
  const isBridge = stored.srcChainId !== stored.dstChainId
  return {
    status: wireStatus(stored),
    sender: request.sender,
    srcChainId: stored.srcChainId,
    dstChainId: stored.dstChainId,
    srcTxHash: stored.srcTxHash ?? '',
    dstTxHash: stored.dstTxHash ?? '',
    bridgeDetails: { isBridge, bridgeTime: isBridge ? bridgeTime(stored, response) : 0, txPath },
    txId: stored.txId,
    // As stored: the validated request and the response answered (their schemas are the ones they were made by).
    actionRequest: stored.actionRequest as ActionRequest,
    actionResponse: actionResponse as ActionResponse,
    ...(workflow === undefined ? {} : { workflow: workflowOf(workflow) }),
    org: { appId: stored.appId, affiliateId: stored.affiliateId, appName: stored.appName },
    usdValue: typeof response.amountIn?.usdAmount === 'number' ? response.amountIn.usdAmount : null,
    srcTx: srcTx(stored, response),
    dstTx: dstTx(stored, request, response),
  }
}

/**
 * Stands for `actionResponse` while the rest of the details are serialized; replaced by the stored JSON text. A
 * random part makes it unguessable, so no client-supplied string can ever equal it.
 */
const RESPONSE_PLACEHOLDER = JSON.stringify(`\u0000actionResponse:${randomUUID()}`)

/**
 * The details of a stored transaction as JSON text, with the action response spliced in as stored rather than
 * parsed and serialized again: a response is ~16 KB, and a history page holds up to 500 of them. The text is the
 * same as `JSON.stringify(toTransactionDetails(stored))`.
 *
 * @param workflow - the transaction's order workflow, for a `venue` transaction.
 * @example ctx.body = transactionDetailsJson(stored, await store.getVenueWorkflow(stored.txId, orgId))
 */
export function transactionDetailsJson(stored: StoredTransaction, workflow?: VenueWorkflowRecord): string {
  const skeleton = JSON.stringify(toTransactionDetails(stored, JSON.parse(RESPONSE_PLACEHOLDER), workflow))
  const at = skeleton.indexOf(RESPONSE_PLACEHOLDER)
  return skeleton.slice(0, at) + stored.actionResponseJson + skeleton.slice(at + RESPONSE_PLACEHOLDER.length)
}

/**
 * A stored workflow as answered (SPEC §2.5 `workflow`, §4.9 without `txId`).
 *
 * @example workflowOf(await store.getVenueWorkflow(txId, orgId))
 */
export function workflowOf(record: VenueWorkflowRecord): VenueWorkflow {
  const { name, operation, status, timestamp, data, reason } = record
  return { name, operation, status, timestamp, data, ...(reason === undefined ? {} : { reason }) }
}

/** `quoted` (not registered yet) answers `pending`; the others are the stored status. */
function wireStatus(stored: StoredTransaction): TransactionStatus {
  return stored.status === 'quoted' ? 'pending' : stored.status
}

/** Seconds: the real elapsed time (first to last hop) once delivered, else the quote's estimate. */
function bridgeTime(stored: StoredTransaction, response: StoredResponse): number {
  const first = stored.txPath[0]
  const last = stored.txPath[stored.txPath.length - 1]
  if (stored.status === 'success' && first !== undefined && last !== undefined && stored.txPath.length >= 2) {
    return Math.max(0, Number(last.timestamp) - Number(first.timestamp))
  }
  return response.estimatedTxTime
}

function paymentToken(token: TokenAmount, amount: string = token.amount): PaymentToken {
  const usdAmount =
    amount === token.amount || token.amount === '0'
      ? token.usdAmount
      : (token.usdAmount * Number(amount)) / Number(token.amount)
  const { name, symbol, decimals, address, chainId, isNative } = token
  return { name, symbol, decimals, amount, address, chainId, isNative, usdAmount }
}

/** The timestamp of the first (or last) hop on a chain, as a number. */
function hopTime(txPath: readonly TxPathEntry[], chainId: number, which: 'first' | 'last'): number | undefined {
  const hops = txPath.filter((hop) => hop.chainId === chainId)
  const hop = which === 'first' ? hops[0] : hops[hops.length - 1]
  return hop === undefined ? undefined : Number(hop.timestamp)
}

function revertReason(stored: StoredTransaction): { revertReason?: string } {
  const reason = stored.detail.revertReason
  return stored.status === 'failed' && typeof reason === 'string' ? { revertReason: reason } : {}
}

/** Known once registered: the router call on the source chain. */
function srcTx(stored: StoredTransaction, response: StoredResponse): ChainTransaction | null {
  if (stored.srcTxHash === null) return null
  const srcValue = stored.detail.srcValue
  return {
    toAddress: response.tx.to,
    txHash: stored.srcTxHash,
    chainId: stored.srcChainId,
    value: typeof srcValue === 'string' ? srcValue : response.tx.value,
    timestamp: hopTime(stored.txPath, stored.srcChainId, 'first') ?? stored.registeredAt!,
    paymentToken: paymentToken(response.amountIn),
    ...revertReason(stored),
  }
}

/** Known once the tracker recorded the destination transaction: the delivery to the recipient (or the call). */
function dstTx(stored: StoredTransaction, request: StoredRequest, response: StoredResponse): ChainTransaction | null {
  if (stored.dstTxHash === null) return null
  const delivered = stored.detail.amountOut
  const token = paymentToken(response.amountOut, typeof delivered === 'string' ? delivered : undefined)
  return {
    toAddress:
      request.actionType === 'evm-calldata-tx' && request.to !== undefined
        ? request.to
        : (request.recipient ?? request.sender),
    txHash: stored.dstTxHash,
    chainId: stored.dstChainId,
    value: token.isNative ? token.amount : '0',
    timestamp: hopTime(stored.txPath, stored.dstChainId, 'last') ?? stored.updatedAt,
    paymentToken: token,
    ...revertReason(stored),
  }
}
