/**
 * The user records of the venue (SPEC §2.7): current position, closed position and trade, answered by
 * `getCurrentPositions`, `getClosedPositions` and `getTrades` (SPEC §4.7, §4.8). How each figure is computed from
 * the fills the service recorded: `service/venue/positions.ts` and the README section "Prediction-market venue".
 */
import { type Static, type TNumber, type TString, Type } from '@sinclair/typebox'

const ConditionId = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'The market’s condition id.' })
const Wallet = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'The proxy wallet holding the shares.' })
const UnixSeconds = Type.Integer({ minimum: 0, description: 'Unix seconds.' })
const OutcomeIndex = Type.Integer({ minimum: 0, description: 'Index of `outcome` in the market’s `outcomes`.' })

const strings = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, Type.String()])) as { [P in K]: TString }
const numbers = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, Type.Number()])) as { [P in K]: TNumber }

/** The fields that name a position's market and outcome, shared by positions and closed positions. */
const positionIdentity = {
  proxyWallet: Wallet,
  asset: Type.String({ description: 'The outcome token id held.' }),
  conditionId: ConditionId,
  ...strings('title', 'slug', 'icon', 'eventSlug', 'outcome', 'oppositeOutcome', 'oppositeAsset', 'endDate'),
  outcomeIndex: OutcomeIndex,
}

/** SPEC §2.7 position object. */
export const VenuePosition = Type.Object(
  {
    ...positionIdentity,
    ...numbers('size', 'avgPrice', 'initialValue', 'currentValue', 'cashPnl', 'percentPnl', 'totalBought'),
    ...numbers('realizedPnl', 'percentRealizedPnl', 'curPrice'),
    redeemable: Type.Boolean(),
    mergeable: Type.Boolean(),
    negativeRisk: Type.Boolean(),
    eventId: Type.Optional(Type.String()),
  },
  {
    additionalProperties: false,
    description:
      'A position held now (SPEC §2.7). `size` and `totalBought` are shares; prices are collateral (pUSD) per ' +
      'share; values and PnL are pUSD; `percentPnl` and `percentRealizedPnl` are percents. Formulas: README ' +
      '"Prediction-market venue".',
    'x-component': 'VenuePosition',
  },
)
/** SPEC §2.7 position object. */
export type VenuePosition = Static<typeof VenuePosition>

/** SPEC §2.7 closed position object. */
export const VenueClosedPosition = Type.Object(
  {
    ...positionIdentity,
    ...numbers('avgPrice', 'totalBought', 'realizedPnl', 'curPrice'),
    timestamp: Type.Integer({ minimum: 0, description: 'Unix seconds of the sale or redemption that closed it.' }),
  },
  {
    additionalProperties: false,
    description: 'A position fully sold or redeemed (SPEC §2.7).',
    'x-component': 'VenueClosedPosition',
  },
)
/** SPEC §2.7 closed position object. */
export type VenueClosedPosition = Static<typeof VenueClosedPosition>

/** SPEC §2.7 trade object. */
export const VenueTrade = Type.Object(
  {
    proxyWallet: Wallet,
    side: Type.Union([Type.Literal('BUY'), Type.Literal('SELL')]),
    asset: Type.String({ description: 'The outcome token id traded.' }),
    conditionId: ConditionId,
    ...strings('title', 'slug', 'icon', 'eventSlug', 'outcome'),
    ...strings('name', 'pseudonym', 'bio', 'profileImage', 'profileImageOptimized'),
    transactionHash: Type.String({ description: 'The settlement transaction’s hash.' }),
    size: Type.Number({ description: 'Shares.' }),
    price: Type.Number({ description: 'Collateral (pUSD) per share.' }),
    timestamp: UnixSeconds,
    outcomeIndex: OutcomeIndex,
  },
  {
    additionalProperties: false,
    description:
      'One fill of an order of the user’s proxy wallet (SPEC §2.7), newest first. The profile fields (`name`, ' +
      '`pseudonym`, `bio`, `profileImage`, `profileImageOptimized`) are `""` on the fixture venue: it has no profiles.',
    'x-component': 'VenueTrade',
  },
)
/** SPEC §2.7 trade object. */
export type VenueTrade = Static<typeof VenueTrade>

/** SPEC §4.7 response. */
export const VenuePositions = Type.Array(VenuePosition, { 'x-component': 'VenuePositions' })
/** SPEC §4.8 `getClosedPositions` response. */
export const VenueClosedPositions = Type.Array(VenueClosedPosition, { 'x-component': 'VenueClosedPositions' })
/** SPEC §4.8 `getTrades` response. */
export const VenueTrades = Type.Array(VenueTrade, { 'x-component': 'VenueTrades' })
