/**
 * The order objects of the venue workflow (SPEC §2.6): `orderRequest`, recorded when `getAction` answers for
 * `actionType=venue`, and `orderResponse`, recorded when the order is placed. Declared once; built from a match by
 * `venue/matching/orderRecords.ts`; the OpenAPI components are generated from them.
 */
import { type Static, Type } from '@sinclair/typebox'

/** Decimal text of a venue figure (shares or a price), at most 6 places. */
const VenueDecimal = (description: string) =>
  Type.String({ pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$', description, examples: ['16.83'] })

/** SPEC §2.6 `orderRequest`: the market order the workflow places once the collateral is in the wallet. */
export const VenueOrderRequest = Type.Object(
  {
    side: Type.Union([Type.Literal('BUY'), Type.Literal('SELL')]),
    tokenID: Type.String({ pattern: '^[0-9]{1,78}$', description: 'The outcome token (decimal uint256).' }),
    orderType: Type.Union([Type.Literal('FOK'), Type.Literal('FAK')], {
      description: '`FOK` fills whole or is killed; `FAK` fills what the book holds and cancels the rest.',
    }),
    feeRateBps: Type.Number({
      minimum: 0,
      description: 'Informational (the venue sets fees at match time since its CLOB V2); always 0 here.',
    }),
    slippage: Type.Number({ minimum: 0, maximum: 10_000, description: 'The tolerance in bps that set `price`.' }),
    tickSize: Type.Union([Type.Literal('0.01'), Type.Literal('0.001'), Type.Literal('0.0001')]),
    negRisk: Type.Boolean(),
    amount: Type.Number({
      exclusiveMinimum: 0,
      description: "BUY: pUSD to spend; SELL: shares to sell. Rounded down to 2 places (the venue's precision).",
    }),
    price: Type.Number({
      exclusiveMinimum: 0,
      exclusiveMaximum: 1,
      description:
        "The worst acceptable price (pUSD per share) on the tick grid in [tick, 1 − tick]: the book's price for the " +
        'amount, widened by `slippage` (a BUY pays at most it, a SELL receives at least it).',
    }),
    size: Type.Number({
      minimum: 0,
      description: "Shares: a SELL's amount; for a BUY, what `amount` buys at `price` (4 places, rounded down).",
    }),
  },
  { additionalProperties: false, description: 'The order to place (SPEC §2.6).', 'x-component': 'VenueOrderRequest' },
)
/** SPEC §2.6 `orderRequest`. */
export type VenueOrderRequest = Static<typeof VenueOrderRequest>

/** What became of an order: `matched` (≥ 1 fill), `canceled` (killed, nothing filled), `invalid` (refused). */
export const VenueOrderStatus = Type.Union(
  [Type.Literal('matched'), Type.Literal('canceled'), Type.Literal('invalid')],
  {
    description:
      "The venue's order statuses, lower case: `matched` at least one fill (a FAK's unfilled rest is cancelled: " +
      '`size_matched` < `original_size`); `canceled` killed with nothing filled (a FOK the book could not fill whole, ' +
      'a FAK with nothing to match within the price); `invalid` refused before matching (under the minimum, a tick ' +
      'or price the market does not take).',
    'x-component': 'VenueOrderStatus',
  },
)
/** What became of an order. */
export type VenueOrderStatus = Static<typeof VenueOrderStatus>

/** SPEC §2.6 `orderResponse`: the placed order, in the venue's `OpenOrder` field names. */
export const VenueOrderResponse = Type.Object(
  {
    id: Type.String({ description: "The order's id: `0x` and 64 hex digits." }),
    status: VenueOrderStatus,
    owner: Type.String({ description: 'The venue user (`userId`) the order was placed for.' }),
    maker_address: Type.String({ description: "The user's venue wallet (`proxyWallet`): it pays and receives." }),
    market: Type.String({ description: "The market's condition id." }),
    asset_id: Type.String({ description: 'The outcome token (`tokenID`).' }),
    side: Type.Union([Type.Literal('BUY'), Type.Literal('SELL')]),
    original_size: VenueDecimal(
      "Shares the order was for: a SELL's amount; for a BUY, the shares matched plus what the unspent pUSD buys at " +
        '`price`. Equal to `size_matched` exactly when the order filled whole.',
    ),
    size_matched: VenueDecimal('Shares matched.'),
    price: VenueDecimal('The worst acceptable price (`orderRequest.price`).'),
    outcome: Type.String({ description: "The token's outcome label (`Yes`, `No`, `Up`, …)." }),
    expiration: Type.String({ description: '`0`: market orders do not rest, so never expire.' }),
    order_type: Type.Union([Type.Literal('FOK'), Type.Literal('FAK')]),
    associate_trades: Type.Array(Type.String(), { description: 'The ids of the trades (one per fill).' }),
    created_at: Type.Integer({ minimum: 0, description: 'Unix seconds of the placement.' }),
  },
  { additionalProperties: false, description: 'The placed order (SPEC §2.6).', 'x-component': 'VenueOrderResponse' },
)
/** SPEC §2.6 `orderResponse`. */
export type VenueOrderResponse = Static<typeof VenueOrderResponse>

/** SPEC §2.6 `relayTx`: the settlement of the order's fills. */
export const VenueRelayTx = Type.Object(
  {
    txHash: Type.String({ description: 'The settlement transaction.' }),
    status: Type.String({ description: 'Its status (`success`, `failed`, `pending`).' }),
  },
  {
    additionalProperties: false,
    description: 'The settlement of the fills (SPEC §2.6).',
    'x-component': 'VenueRelayTx',
  },
)
/** SPEC §2.6 `relayTx`. */
export type VenueRelayTx = Static<typeof VenueRelayTx>

/**
 * SPEC §2.6 workflow data of a venue order: `orderRequest` from the moment `getAction` records the workflow;
 * `orderResponse` and `relayTx` once the order was placed.
 */
export const VenueWorkflowData = Type.Object(
  {
    userId: Type.String({ description: 'The venue user the order is for (`getAction` `userId`).' }),
    orderRequest: VenueOrderRequest,
    orderResponse: Type.Optional(VenueOrderResponse),
    relayTx: Type.Optional(VenueRelayTx),
  },
  {
    additionalProperties: false,
    description:
      'The data of an order workflow (SPEC §2.6): the order to place, and once placed, its response and settlement.',
    'x-component': 'VenueWorkflowData',
  },
)
/** SPEC §2.6 workflow data. */
export type VenueWorkflowData = Static<typeof VenueWorkflowData>
