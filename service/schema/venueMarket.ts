/**
 * The prediction-market records (SPEC §2.7) answered by `GET /workflows/venue/search` and `getMarkets`: tag,
 * series, market and event, and the two responses. Built from the field lists of `venueFields.ts`; closed objects
 * listing every field as required, like every response object of the service, so that the contract test fails on
 * any drift.
 */
import { type Static, Type } from '@sinclair/typebox'
import { EVENT_FIELDS, MARKET_FIELDS, OpaqueObject, SERIES_FIELDS, TAG_FIELDS, fieldProperties } from './venueFields.js'

/** SPEC §2.7 tag object. */
export const VenueTag = Type.Object(fieldProperties(TAG_FIELDS), {
  additionalProperties: false,
  description: 'A tag (SPEC §2.7): `id` is the value the `tagId` filters take.',
  'x-component': 'VenueTag',
})
/** SPEC §2.7 tag object. */
export type VenueTag = Static<typeof VenueTag>

/** SPEC §2.7 series object. */
export const VenueSeries = Type.Object(fieldProperties(SERIES_FIELDS), {
  additionalProperties: false,
  description: 'A series of recurring events (SPEC §2.7), e.g. one per game day of a league.',
  'x-component': 'VenueSeries',
})
/** SPEC §2.7 series object. */
export type VenueSeries = Static<typeof VenueSeries>

/** SPEC §2.7 market object. */
export const VenueMarket = Type.Object(fieldProperties(MARKET_FIELDS), {
  additionalProperties: false,
  description:
    'A binary market (SPEC §2.7). `outcomes`, `outcomePrices`, `clobTokenIds` and `umaResolutionStatuses` are ' +
    'JSON arrays encoded in a string, as the venue sends them (`"[\\"Yes\\", \\"No\\"]"`); index *i* of each ' +
    'belongs together. A resolved market is `closed` with `outcomePrices` `["1", "0"]` or `["0", "1"]`. Prices are ' +
    'collateral (pUSD) per share, between 0 and 1; `orderPriceMinTickSize` is 0.01, 0.001 or 0.0001.',
  'x-component': 'VenueMarket',
})
/** SPEC §2.7 market object. */
export type VenueMarket = Static<typeof VenueMarket>

/** SPEC §2.7 event object, with its markets, series and tags. */
export const VenueEvent = Type.Object(
  {
    ...fieldProperties(EVENT_FIELDS),
    markets: Type.Array(VenueMarket),
    series: Type.Array(VenueSeries),
    tags: Type.Array(VenueTag),
  },
  {
    additionalProperties: false,
    description:
      'An event (SPEC §2.7): one market (a binary question) or a `negRisk` group of markets of which exactly one ' +
      'resolves Yes.',
    'x-component': 'VenueEvent',
  },
)
/** SPEC §2.7 event object. */
export type VenueEvent = Static<typeof VenueEvent>

/** SPEC §4.5 response. */
export const VenueSearchResponse = Type.Object(
  {
    events: Type.Array(VenueEvent, { description: 'This page of matching events, best match first.' }),
    pagination: Type.Object(
      {
        hasMore: Type.Boolean({ description: 'Whether a later page has more events.' }),
        totalResults: Type.Integer({ minimum: 0, description: 'Matching events over all pages.' }),
      },
      { additionalProperties: false },
    ),
    tags: Type.Array(VenueTag, { description: 'Tags whose label matches the query (at most the limit per type).' }),
    profiles: Type.Array(OpaqueObject, {
      description: 'User profiles matching the query. The fixture venue has none: always `[]` there.',
    }),
  },
  { additionalProperties: false, 'x-component': 'VenueSearchResponse' },
)
/** SPEC §4.5 response. */
export type VenueSearchResponse = Static<typeof VenueSearchResponse>

/** SPEC §4.6 response. */
export const VenueMarketsResponse = Type.Object(
  {
    events: Type.Array(VenueEvent, {
      description: 'The events holding the selected markets, each with only those markets, in id order.',
    }),
  },
  { additionalProperties: false, 'x-component': 'VenueMarketsResponse' },
)
/** SPEC §4.6 response. */
export type VenueMarketsResponse = Static<typeof VenueMarketsResponse>
