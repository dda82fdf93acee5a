/**
 * The `getAction` request as validated and stored with the quote (SPEC §2.3), echoed as `actionRequest` in
 * `getStatus` and `getTransactions`. One object per action type: the TypeScript types of the validated request
 * (`service/routes/getActionRequest.ts`) and the OpenAPI schema are both these.
 */
import { type Static, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { described } from '../../engine/schema/describe.js'

const {
  Address,
  AmountString,
  AppFee,
  BridgeId,
  ChainId,
  EvmAddress,
  Hex,
  MaxPriceImpact,
  MaxSplits,
  Slippage,
  SolanaAddress,
  SwapDirection,
  TokenAddress,
} = schemas

/** The fields every action type shares (SPEC §2.3). */
const baseProperties = {
  sender: Address,
  srcChainId: ChainId,
  srcToken: TokenAddress,
  dstChainId: ChainId,
  dstToken: TokenAddress,
  slippage: Slippage,
  recipient: Type.Optional(Address),
  refundTo: Type.Optional(Address),
  bridgeIds: Type.Optional(Type.Array(BridgeId, { description: 'Absent: all bridges.' })),
  appFees: Type.Array(AppFee, {
    description:
      "The fees in force: the request's `appFees`, or when it had none the API key's default fees whose receiver " +
      "is an address of the source chain's VM (none when the key has no receiver of that address family).",
  }),
  maxPriceImpact: Type.Optional(
    described(MaxPriceImpact, "Percent, when the request gave one (absent: the engine's default)."),
  ),
  maxSplits: Type.Optional(described(MaxSplits, 'When the request gave one (absent: 1, no split).')),
  solanaSponsor: Type.Optional(
    described(SolanaAddress, 'Pays the fees and rent of a Solana same-chain swap and co-signs, when given.'),
  ),
}

/** A `swap-action` request. */
export const SwapActionRequest = Type.Object(
  {
    actionType: Type.Literal('swap-action'),
    ...baseProperties,
    amount: described(AmountString, 'Canonical: leading zeros dropped.'),
    swapDirection: SwapDirection,
  },
  { additionalProperties: false, description: 'A `swap-action` request.' },
)
/** A `swap-action` request. */
export type SwapActionRequest = Static<typeof SwapActionRequest>

/** An `evm-calldata-tx` request: route into what the call needs, then call `to` with `data`. */
export const CalldataActionRequest = Type.Object(
  {
    actionType: Type.Literal('evm-calldata-tx'),
    ...baseProperties,
    to: EvmAddress,
    // Typed as viem's `Hex`: the builder takes it as such, and the schema has checked the `0x` prefix.
    data: Type.Unsafe<`0x${string}`>(Hex),
    value: Type.Optional(described(AmountString, 'Native wei the call needs (quoted exact-out in the native token).')),
    erc20Amount: Type.Optional(
      described(AmountString, '`dstToken` units the call needs (quoted exact-out); takes precedence over `value`.'),
    ),
    erc20Spender: described(EvmAddress, 'Approved for `erc20Amount` before the call; defaulted to `to`.'),
  },
  { additionalProperties: false, description: 'An `evm-calldata-tx` request.' },
)
/** An `evm-calldata-tx` request. */
export type CalldataActionRequest = Static<typeof CalldataActionRequest>

/** A `venue` request (SPEC §4.1): fund the user's venue wallet in pUSD (BUY), then place a market order. */
export const VenueActionRequest = Type.Object(
  {
    actionType: Type.Literal('venue'),
    ...baseProperties,
    recipient: described(Address, "The venue user's proxy wallet."),
    amount: described(AmountString, 'BUY: as for `swap-action`; SELL: shares (10⁻⁶ units). Canonical.'),
    swapDirection: SwapDirection,
    userId: described(EvmAddress, 'The venue user (checksummed, as `createOrFetchVenueUser` answers it).'),
    side: Type.Union([Type.Literal('BUY'), Type.Literal('SELL')]),
    tokenID: Type.String({ pattern: '^[0-9]{1,78}$' }),
    orderType: Type.Union([Type.Literal('FOK'), Type.Literal('FAK')]),
    tickSize: Type.Union([Type.Literal('0.01'), Type.Literal('0.001'), Type.Literal('0.0001')]),
    negRisk: Type.Boolean(),
  },
  {
    additionalProperties: false,
    description: 'A `venue` request (a prediction-market market order).',
    'x-component': 'VenueActionRequest',
  },
)
/** A `venue` request. */
export type VenueActionRequest = Static<typeof VenueActionRequest>

/** The validated `getAction` request (SPEC §2.3). */
export const ActionRequest = Type.Union([SwapActionRequest, CalldataActionRequest, VenueActionRequest], {
  description:
    'The `getAction` request as validated and stored with the quote (SPEC §2.3): numbers as numbers, `appFees` the ' +
    "fees in force (the request's, or the API key's defaults), `erc20Spender` defaulted to `to`. Parameters that " +
    'were absent are absent.',
  'x-component': 'ActionRequest',
})
/** A validated `getAction` request, echoed as `actionRequest` in status and history. */
export type ActionRequest = Static<typeof ActionRequest>
