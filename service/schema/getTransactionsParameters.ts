/**
 * The query parameters of `GET /getTransactions` (SPEC §4.4) and their bounds, each declared once: the decoder of
 * the route (`service/routes/getTransactions.ts`) and the OpenAPI parameters are both built from this list. What
 * needs the caller's organization (`appIds`), a VM's address rules (`walletAddress`) or two parameters
 * (`startDate` ≤ `endDate`) is checked by the route.
 */
import { Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { type QueryParameter, queryParameter } from './query.js'

/** SPEC §4.4 `limit`: default 25, at most 500 (DESIGN: the wider of the spec's two figures). */
export const DEFAULT_LIMIT = 25
/** SPEC §4.4 `limit`: at most 500 (DESIGN: the wider of the spec's two figures). */
export const MAX_LIMIT = 500
/** Most `chainIds` in one request. */
export const MAX_CHAIN_IDS = 32
/** Largest `page`: beyond, no organization has transactions (and offsets stay exact integers). */
export const MAX_PAGE = 1_000_000_000
/** Largest `startDate`/`endDate`: 9999-12-31T23:59:59Z. A larger value is almost surely in milliseconds. */
export const MAX_UNIX_SECONDS = 253_402_300_799

/** SPEC §4.4 `period`: a rolling window ending now, in seconds (`allTime`: none). */
export const PERIOD_SECONDS = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400, allTime: undefined } as const
export type Period = keyof typeof PERIOD_SECONDS

const INVALID = '400 `INVALID_PARAMETER`'

const unixSeconds = Type.Integer({
  minimum: 0,
  maximum: MAX_UNIX_SECONDS,
  'x-reason': 'must be a Unix timestamp in seconds (decimal digits)',
})

/** The `getTransactions` query parameters, in SPEC §4.4 order. */
export const GET_TRANSACTIONS_PARAMETERS: readonly QueryParameter[] = [
  queryParameter(
    'appIds',
    Type.Array(Type.String({ minLength: 1 })),
    'App ids, comma-separated (SPEC §4.4), repeated, or both. Default: every app of your organization, including ' +
      `apps whose keys were retired. An app outside your organization: ${INVALID} (whether it exists elsewhere is ` +
      'not told).',
    { encoding: 'list' },
  ),
  queryParameter(
    'walletAddress',
    // A filter, not an address the service acts on: a bad one is a bad parameter, not `INVALID_ADDRESS_FORMAT`.
    {
      ...schemas.Address,
      'x-error': 'INVALID_PARAMETER',
      'x-reason': 'not a wallet address of a supported chain (EVM, Solana, Bitcoin, Tron)',
    },
    'Only transactions whose `sender` is this wallet (EVM addresses compared case-insensitively; a mixed-case EVM ' +
      `address must have a valid checksum). Not a wallet address of a supported chain: ${INVALID}.`,
  ),
  queryParameter(
    'chainIds',
    Type.Array(schemas.ChainId, {
      maxItems: MAX_CHAIN_IDS,
      'x-reason': `at most ${MAX_CHAIN_IDS} chain ids`,
    }),
    `Chain ids, comma-separated (SPEC §4.4), repeated, or both; at most ${MAX_CHAIN_IDS}: transactions whose source ` +
      `**or** destination chain is one of them. Any well-formed id is accepted (history may outlive a chain). ` +
      `Malformed: ${INVALID}.`,
    { encoding: 'list' },
  ),
  queryParameter(
    'page',
    Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, 'x-reason': `must be an integer from 1 to ${MAX_PAGE}` }),
    `1-based page. Beyond the last page: \`txs: []\` with the real \`total\`. Otherwise ${INVALID}.`,
  ),
  queryParameter(
    'limit',
    Type.Integer({
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_LIMIT,
      'x-reason': `must be an integer from 1 to ${MAX_LIMIT}`,
    }),
    `Transactions per page, 1 to ${MAX_LIMIT} (SPEC §4.4: the wider of the spec's two maxima). Otherwise ${INVALID}.`,
  ),
  queryParameter(
    'period',
    Type.Union(
      Object.keys(PERIOD_SECONDS).map((period) => Type.Literal(period)),
      { default: 'allTime', 'x-reason': 'must be day, week, month or allTime' },
    ),
    'A rolling window ending now, on the registration time: `day` 24 h, `week` 7 × 24 h, `month` 30 × 24 h; `allTime` ' +
      `none. Combined with \`startDate\`/\`endDate\`: both must hold (the later start wins). Otherwise ${INVALID}.`,
  ),
  queryParameter(
    'startDate',
    unixSeconds,
    'Unix seconds: transactions registered at or after. Digits only; milliseconds (beyond year 9999 as seconds) and ' +
      `a \`startDate\` after \`endDate\` get ${INVALID}.`,
  ),
  queryParameter('endDate', unixSeconds, `Unix seconds: transactions registered at or before. Otherwise ${INVALID}.`),
]
