/**
 * The SPEC §2.6 order objects built from an order and its match: `orderRequest` when the workflow is recorded
 * (`getAction`), `orderResponse` once the order is placed. Amounts stay `bigint` until here, the wire's edge, where
 * they become the spec's numbers and decimal strings.
 */
import type { VenueOrderRequest, VenueOrderResponse, VenueOrderStatus } from '../../schema/venueOrder.js'
import { signedAmounts } from './matchMarketOrder.js'
import type { MarketOrder, MatchResult } from './types.js'
import { formatMicros } from './units.js'

/** What `orderRequest` says beyond the market order itself. */
export interface OrderRequestInput extends MarketOrder {
  readonly tokenId: string
  readonly negRisk: boolean
  /** The tolerance in bps that set `limitPriceMicros` (`worstPrice`). */
  readonly slippageBps: number
}

/** Where and for whom an order was placed: the `orderResponse` fields a match does not know. */
export interface OrderPlacement {
  /** `0x` and 64 hex digits. */
  readonly orderId: string
  /** The venue user (`userId`). */
  readonly owner: string
  /** The user's venue wallet. */
  readonly makerAddress: string
  /** The market's condition id. */
  readonly market: string
  readonly tokenId: string
  /** The token's outcome label. */
  readonly outcome: string
  /** One id per fill, in fill order. */
  readonly tradeIds: readonly string[]
  /** Unix seconds. */
  readonly createdAt: number
}

const decimalNumber = (micros: bigint): number => Number(formatMicros(micros))

const STATUS: Readonly<Record<MatchResult['status'], VenueOrderStatus>> = {
  matched: 'matched',
  killed: 'canceled',
  rejected: 'invalid',
}

/**
 * SPEC §2.6 `orderRequest` of a market order: its amount rounded to the venue's 2 places, its limit as `price`, and
 * as `size` the shares it is for (a SELL's amount; a BUY's amount at the limit, 4 places, rounded down).
 *
 * @throws RangeError when the limit price is 0.
 * @example
 * orderRequestOf({ side: 'BUY', orderType: 'FOK', amount: 10_000_000n, limitPriceMicros: 600_000n,
 *   tickSize: '0.01', tokenId, negRisk: false, slippageBps: 50 }) // { amount: 10, price: 0.6, size: 16.6666, … }
 */
export function orderRequestOf(input: OrderRequestInput): VenueOrderRequest {
  const { amount, takerAmount } = signedAmounts(input)
  return {
    side: input.side,
    tokenID: input.tokenId,
    orderType: input.orderType,
    feeRateBps: 0,
    slippage: input.slippageBps,
    tickSize: input.tickSize,
    negRisk: input.negRisk,
    amount: decimalNumber(amount),
    price: decimalNumber(input.limitPriceMicros),
    size: decimalNumber(input.side === 'BUY' ? takerAmount : amount),
  }
}

/**
 * SPEC §2.6 `orderResponse` of a match: its status (`matched` / `canceled` / `invalid`), the shares matched and
 * asked for, the limit price, and the placement's ids.
 *
 * @example orderResponseOf(result, { orderId, owner: userId, makerAddress: proxyWallet, market, tokenId,
 *   outcome: 'Yes', tradeIds, createdAt: 1_764_000_000 })
 */
export function orderResponseOf(result: MatchResult, placement: OrderPlacement): VenueOrderResponse {
  return {
    id: placement.orderId,
    status: STATUS[result.status],
    owner: placement.owner,
    maker_address: placement.makerAddress,
    market: placement.market,
    asset_id: placement.tokenId,
    side: result.side,
    original_size: formatMicros(result.originalSize),
    size_matched: formatMicros(result.sizeMatched),
    price: formatMicros(result.limitPriceMicros),
    outcome: placement.outcome,
    expiration: '0',
    order_type: result.orderType,
    associate_trades: [...placement.tradeIds],
    created_at: placement.createdAt,
  }
}
