/**
 * The order step of the venue workflow (SPEC §2.6, §4.1 `venue`): when the tracker settles the funding
 * transaction of a `venue` action, the market order is placed — or the workflow fails.
 *
 * - Funding `success`: the order is matched against the live book with the **delivered** amount (a BUY spends the
 *   pUSD that arrived, `amountOut` of the tracker's detail or else the quote's; a SELL sells its `orderRequest`
 *   shares, which must still be held) at the `orderRequest` price: FOK fills whole or is killed, FAK fills what it
 *   can and cancels the rest (`matching/`). The fills become trades of the proxy wallet (positions follow), the
 *   workflow gets `orderResponse` and `relayTx` and ends `success`; an order killed or refused ends it `failed`
 *   with the venue's reason, nothing filled: the pUSD stays in the wallet, the position unchanged.
 * - Funding `failed`, `requires refund` or `refunded`: the workflow ends `failed`; no order is placed.
 *
 * Everything happens in the store's one write transaction (`settleVenueWorkflow`): a workflow is settled at most
 * once however often the tracker retries, and two orders never fill the same liquidity.
 */
import { keccak256, toHex } from 'viem'
import type { ProgressUpdate, Store, TrackedTransaction } from '../store/store.js'
import type { VenueFill } from '../store/venueStore.js'
import type { VenueSettlementTools, VenueWorkflowRecord, VenueWorkflowSettlement } from '../store/venueWorkflows.js'
import { orderResponseOf } from './matching/orderRecords.js'
import type { MatchFailure, MatchResult } from './matching/types.js'
import { formatMicros, toMicros } from './matching/units.js'

/** What the settler needs of the store. */
export type OrderStore = Pick<Store, 'settleVenueWorkflow'>

/** The tracker's hook: settles the workflow of a transaction whose status the tracker is about to record. */
export type WorkflowSettler = (tx: TrackedTransaction, update: ProgressUpdate) => Promise<void>

/** Why an order did not fill, for the workflow's `reason`. */
const FAILURES: Readonly<Record<MatchFailure, string>> = {
  INVALID_ORDER_MIN_SIZE: 'under the venue minimum ($1 for a BUY, 0.01 share for a SELL)',
  INVALID_ORDER_MIN_TICK_SIZE: "the order's tick size is not the market's",
  INVALID_PRICE: 'the price is off the tick grid or outside [tick, 1 − tick]',
  FOK_ORDER_NOT_FILLED_ERROR: 'the book could not fill the FOK order whole within its price: killed',
  FAK_ORDER_NOT_FILLED_ERROR: 'nothing in the book within the FAK order price: cancelled',
}

/** A deterministic id (`0x` + 64 hex) of a workflow's part: the same transaction always gives the same ids. */
const idOf = (txId: string, part: string) => keccak256(toHex(`${txId}:${part}`))

/** The pUSD a funding transaction delivered (10⁻⁶): the tracker's `amountOut`, else the quoted one. */
function deliveredAmount(tx: TrackedTransaction, update: ProgressUpdate): bigint {
  const observed = update.detail?.amountOut
  if (typeof observed === 'string') return BigInt(observed)
  const quoted = (tx.actionResponse as { amountOut?: { amount?: unknown } } | null)?.amountOut?.amount
  if (typeof quoted !== 'string') throw new Error(`transaction ${tx.txId}: no amountOut to place the order with`)
  return BigInt(quoted)
}

/**
 * The settler the tracker calls before recording a status (`createTracker({ settleWorkflow })`).
 *
 * @param now - Unix seconds; default the wall clock.
 * @example createTracker({ ...options, settleWorkflow: venueWorkflowSettler(store) })
 */
export function venueWorkflowSettler(store: OrderStore, now = () => Math.floor(Date.now() / 1000)): WorkflowSettler {
  return async (tx, update) => {
    const { status } = update
    if (status === undefined || status === 'pending') return
    await store.settleVenueWorkflow(tx.txId, async (workflow, tools) => {
      const timestamp = now()
      if (status !== 'success') {
        const reason = `the funding transaction ended ${status}: no order was placed`
        return { status: 'failed', data: workflow.data, reason, fills: [], timestamp }
      }
      const amount =
        workflow.data.orderRequest.side === 'BUY'
          ? deliveredAmount(tx, update)
          : toMicros(String(workflow.data.orderRequest.amount))
      return placeOrder(workflow, tools, amount, timestamp)
    })
  }
}

/** Places the workflow's order for `amount` (BUY pUSD, SELL shares; 10⁻⁶), inside the settlement. */
async function placeOrder(
  workflow: VenueWorkflowRecord,
  tools: VenueSettlementTools,
  amount: bigint,
  timestamp: number,
): Promise<VenueWorkflowSettlement> {
  const { orderRequest } = workflow.data
  const failed = (reason: string): VenueWorkflowSettlement => ({
    status: 'failed',
    data: workflow.data,
    reason,
    fills: [],
    timestamp,
  })
  const tokenId = orderRequest.tokenID
  if (orderRequest.side === 'SELL') {
    const held = await tools.sharesHeld(workflow.proxyWallet, tokenId)
    if (held < amount) {
      return failed(`the proxy wallet holds ${formatMicros(held)} shares, fewer than ${formatMicros(amount)}`)
    }
  }
  const token = await tools.token(tokenId)
  if (token === undefined) return failed('the token is no longer in the venue catalog')
  const result = await tools.match({
    tokenId,
    side: orderRequest.side,
    orderType: orderRequest.orderType,
    amount,
    limitPriceMicros: toMicros(String(orderRequest.price)),
    tickSize: orderRequest.tickSize,
  })
  if (result === undefined) return failed('the token has no order book')
  const orderId = idOf(workflow.txId, 'order')
  const relayHash = idOf(workflow.txId, 'settlement')
  const tradeIds = result.fills.map((_, index) => idOf(workflow.txId, `trade-${index}`))
  const orderResponse = orderResponseOf(result, {
    orderId,
    owner: workflow.userId,
    makerAddress: workflow.proxyWallet,
    market: token.market.conditionId,
    tokenId,
    outcome: (JSON.parse(token.market.outcomes) as string[])[token.outcomeIndex] ?? '',
    tradeIds,
    createdAt: timestamp,
  })
  if (result.status !== 'matched') {
    return { ...failed(FAILURES[result.failure!]), data: { ...workflow.data, orderResponse } }
  }
  return {
    status: 'success',
    data: { ...workflow.data, orderResponse, relayTx: { txHash: relayHash, status: 'success' } },
    fills: fillsOf(result, workflow, { orderId, relayHash, timestamp }),
    timestamp,
  }
}

/** The trades of a matched order, one per fill, settled by one relay transaction. */
function fillsOf(
  result: MatchResult,
  workflow: VenueWorkflowRecord,
  ids: { orderId: string; relayHash: string; timestamp: number },
): VenueFill[] {
  return result.fills.map((fill) => ({
    userId: workflow.userId,
    proxyWallet: workflow.proxyWallet,
    kind: 'TRADE',
    tokenId: workflow.data.orderRequest.tokenID,
    side: result.side,
    priceMicros: fill.priceMicros,
    sizeMicros: fill.sizeMicros,
    timestamp: ids.timestamp,
    transactionHash: ids.relayHash,
    orderId: ids.orderId,
  }))
}
