/**
 * The query parameters of the venue reads (SPEC §4.5–§4.8), each declared once: the routes' decoders
 * (`service/routes/venue*.ts`) and the OpenAPI parameters are both built from these lists. The spec does not name
 * the search parameters; the names here, and their defaults, are this service's (README "Prediction-market venue").
 */
import { Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { type QueryParameter, queryParameter } from './query.js'
import { TxId } from './transactionDetails.js'

/** SPEC §4.5 limit per type: 1 to 100. */
export const MAX_LIMIT_PER_TYPE = 100
/** `limitPerType` when absent (the venue's SDK default). */
export const DEFAULT_LIMIT_PER_TYPE = 10
/** Largest `page`. */
export const MAX_SEARCH_PAGE = 10_000
/** Most ids in one `clobTokenIds` or `tagId` list. */
export const MAX_IDS = 100
/** Longest search query, in characters. */
export const MAX_QUERY_LENGTH = 200

const INVALID = '400 `INVALID_PARAMETER`'

const TagId = Type.Integer({ minimum: 0, 'x-reason': 'must be a tag id (an integer)' })

const wallet = (description: string) => ({ ...schemas.EvmAddress, description })

/** `GET /workflows/venue/search` (SPEC §4.5). */
export const VENUE_SEARCH_PARAMETERS: readonly QueryParameter[] = [
  queryParameter(
    'q',
    Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH, 'x-reason': `1 to ${MAX_QUERY_LENGTH} characters` }),
    'The search: words matched as prefixes, all required, in event titles, market questions and outcome names, ' +
      'tag labels and descriptions (case, diacritics and English endings ignored; punctuation separates words). ' +
      '`*` returns every event. Ranking: README "Prediction-market venue". Absent: 400 `MISSING_REQUIRED_FIELD`.',
    { isRequired: true },
  ),
  queryParameter(
    'tagId',
    Type.Array(TagId, { maxItems: MAX_IDS, 'x-reason': `at most ${MAX_IDS} tag ids` }),
    `Tag ids, repeated (\`tagId=21&tagId=2\`), comma-separated, or both: only events with **any** of them. At most ${MAX_IDS}; malformed: ${INVALID}.`,
    { encoding: 'list' },
  ),
  queryParameter(
    'page',
    Type.Integer({ minimum: 1, maximum: MAX_SEARCH_PAGE, default: 1, 'x-reason': `must be 1 to ${MAX_SEARCH_PAGE}` }),
    `1-based page (SPEC §8: minimum 1), default 1. Beyond the last page: \`events: []\` with the real \`totalResults\`. Otherwise ${INVALID}.`,
  ),
  queryParameter(
    'limitPerType',
    Type.Integer({
      minimum: 1,
      maximum: MAX_LIMIT_PER_TYPE,
      default: DEFAULT_LIMIT_PER_TYPE,
      'x-reason': `must be 1 to ${MAX_LIMIT_PER_TYPE}`,
    }),
    `Results per type (events, tags) on a page, 1 to ${MAX_LIMIT_PER_TYPE} (SPEC §8), default ${DEFAULT_LIMIT_PER_TYPE}. Otherwise ${INVALID}.`,
  ),
  queryParameter(
    'acceptingOrdersOnly',
    Type.Boolean({ default: false }),
    '`true`: only events with a market accepting orders now, each listing only such markets. Default `false`: ' +
      `every event, open, closed or resolved. \`true\` or \`false\`; otherwise ${INVALID}.`,
  ),
]

/** `GET /workflows/venue/getMarkets` (SPEC §4.6). */
export const VENUE_MARKETS_PARAMETERS: readonly QueryParameter[] = [
  queryParameter(
    'clobTokenIds',
    Type.Array(Type.String({ pattern: '^[0-9]{1,78}$', 'x-reason': 'must be an outcome token id (decimal digits)' }), {
      maxItems: MAX_IDS,
      'x-reason': `at most ${MAX_IDS} token ids`,
    }),
    `Outcome token ids, repeated or comma-separated: the markets of these tokens. At most ${MAX_IDS}; malformed: ${INVALID}.`,
    { encoding: 'list' },
  ),
  queryParameter(
    'slug',
    Type.String({ minLength: 1, maxLength: 200, 'x-reason': '1 to 200 characters' }),
    'A market slug: that market.',
  ),
  queryParameter('tagId', TagId, `A tag id: the markets of events with this tag. Malformed: ${INVALID}.`),
]

const USER_ID = queryParameter(
  'userId',
  wallet("The user's EOA (SPEC §4.7): `0x` + 40 hex."),
  "The user's EVM EOA address, `0x` + 40 hex (any case). Absent: 400 `MISSING_REQUIRED_FIELD`; malformed: 400 " +
    '`INVALID_ADDRESS_FORMAT`.',
  { isRequired: true },
)
const PROXY_WALLET = queryParameter(
  'proxyWallet',
  wallet('The proxy wallet, `0x` + 40 hex.'),
  'Only this proxy wallet of the user. Default: every proxy wallet the service recorded fills of for the user. ' +
    'Malformed: 400 `INVALID_ADDRESS_FORMAT`.',
)

/** `GET /workflows/venue/getCurrentPositions` (SPEC §4.7). */
export const VENUE_POSITIONS_PARAMETERS: readonly QueryParameter[] = [
  USER_ID,
  PROXY_WALLET,
  queryParameter(
    'redeemable',
    Type.Boolean({ default: false }),
    '`true`: only redeemable positions (their market resolved). Default `false`.',
  ),
  queryParameter(
    'mergeable',
    Type.Boolean({ default: false }),
    '`true`: only mergeable positions (both outcomes of the market held). Default `false`.',
  ),
]

/** `GET /workflows/venue/getClosedPositions` and `getTrades` (SPEC §4.8). */
export const VENUE_USER_PARAMETERS: readonly QueryParameter[] = [USER_ID, PROXY_WALLET]

/** `GET /workflows/getStatus` (SPEC §4.9). */
export const WORKFLOW_STATUS_PARAMETERS: readonly QueryParameter[] = [
  queryParameter(
    'txId',
    TxId,
    'The `txId` of a `getAction` response with `actionType=venue` (any case). Absent: 400 `MISSING_REQUIRED_FIELD`; ' +
      `malformed: ${INVALID}; no workflow with this txId in your organization: 404 \`NOT_FOUND\`.`,
    { isRequired: true },
  ),
]
