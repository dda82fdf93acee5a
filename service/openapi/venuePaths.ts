/**
 * The prediction-market venue's paths of the OpenAPI document (SPEC §4.5–§4.8), under `/workflows/venue/`.
 */
import { parameterRefs } from './parameters.js'
import { errorResponses, ok, options } from './paths.js'
import type { Operation, PathItem } from './types.js'

const noStore = {
  'Cache-Control': {
    description: 'Always `no-store`: the catalog follows the venue, positions change with every fill.',
    required: true,
    schema: { const: 'no-store' },
  },
}

const VENUE =
  'Answered by the configured venue: the fixture venue (default; its catalog is in the store) or the real ' +
  "venue's public APIs (`VENUE_GAMMA_URL`, `VENUE_DATA_URL`), whose answers are conformed to these shapes. The " +
  'real venue failing or timing out: 503 `SERVICE_UNAVAILABLE`.'

const positionsNote =
  'Computed from the fills the service recorded for the user (their proxy wallets’ trades and redemptions): ' +
  'README "Prediction-market venue" gives every formula. On the real venue: its Data API, for `proxyWallet` when ' +
  'given, else for `userId`.'

const operation = (
  operationId: string,
  summary: string,
  description: string,
  parameters: Parameters<typeof parameterRefs>[0],
  answer: [string, string],
): Operation => ({
  operationId,
  summary,
  description: `${description}\n\n${VENUE}`,
  tags: ['venue'],
  parameters: parameterRefs(parameters),
  responses: {
    '200': ok(answer[0], answer[1], noStore),
    ...errorResponses(400, 401, 403, 405, 413, 429, 500, 503),
  },
})

/** The venue's `paths` (merged into the document's). */
export function venuePaths(): Record<string, PathItem> {
  const path = (name: string, get: Operation): [string, PathItem] => [
    `/workflows/venue/${name}`,
    { get, options: options(`options${name[0]!.toUpperCase()}${name.slice(1)}`) },
  ]
  return Object.fromEntries([
    path(
      'search',
      operation(
        'venueSearch',
        'Search events and markets',
        'Ranked full-text search over event titles, market questions and outcome names, tag labels and ' +
          'descriptions (SPEC §4.5): events whose title or market questions hold every word of `q` first, then ' +
          'by relevance (bm25: title 10, markets 4, tags 2, descriptions 1), then volume. `q=*` returns every ' +
          'event by volume. `tags`: tags whose label matches `q`; `profiles`: always `[]` on the fixture venue.',
        'VenueSearch',
        ['A page of events, the pagination, matching tags and profiles.', 'VenueSearchResponse'],
      ),
    ),
    path(
      'getMarkets',
      operation(
        'venueGetMarkets',
        'Markets by token id, slug or tag',
        'The markets matching every filter given (SPEC §4.6), each inside its event (with its tags and series); an ' +
          'event lists only the matching markets. No filter: every market.',
        'VenueMarkets',
        ['The events holding the matching markets.', 'VenueMarketsResponse'],
      ),
    ),
    path(
      'getCurrentPositions',
      operation(
        'venueGetCurrentPositions',
        'Positions held now',
        `The user's open positions (SPEC §4.7), most shares first. ${positionsNote}`,
        'VenuePositions',
        ['The positions.', 'VenuePositions'],
      ),
    ),
    path(
      'getClosedPositions',
      operation(
        'venueGetClosedPositions',
        'Positions fully sold or redeemed',
        `The user's closed positions (SPEC §4.8), latest closed first. ${positionsNote}`,
        'VenueUser',
        ['The closed positions.', 'VenueClosedPositions'],
      ),
    ),
    path(
      'getTrades',
      operation(
        'venueGetTrades',
        "The user's trades",
        `The fills of the user's orders (SPEC §4.8), newest first. ${positionsNote}`,
        'VenueUser',
        ['The trades.', 'VenueTrades'],
      ),
    ),
    [
      '/workflows/getStatus',
      {
        get: {
          operationId: 'getWorkflowStatus',
          summary: 'The order workflow of a venue transaction',
          description:
            'The workflow of a `getAction` with `actionType=venue` (SPEC §4.9): `pending` from the answer until ' +
            'the transaction ends; then `success` (the order matched: `data.orderResponse`, `data.relayTx`) or ' +
            '`failed` (the funding transaction failed, or the order was killed or refused; `reason` says which). ' +
            "Only workflows of your organization: another's txId answers 404 `NOT_FOUND`, like an unknown one.",
          tags: ['venue'],
          parameters: parameterRefs('WorkflowStatus'),
          responses: {
            '200': ok('The workflow.', 'WorkflowStatus', noStore),
            ...errorResponses(400, 401, 403, 404, 405, 413, 500, 503),
          },
        },
        options: options('optionsGetWorkflowStatus'),
      },
    ],
  ])
}
