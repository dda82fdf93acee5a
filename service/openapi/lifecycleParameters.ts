/**
 * Query parameters of `GET /getStatus` (SPEC §4.3) and `GET /getTransactions` (SPEC §4.4), with the rules of
 * `service/routes/getStatus.ts` and `getTransactions.ts`. Components are named `GetStatus.<name>` and
 * `GetTransactions.<name>`.
 */
import { DEFAULT_LIMIT, MAX_CHAIN_IDS, MAX_LIMIT, MAX_PAGE, MAX_UNIX_SECONDS } from '../routes/getTransactions.js'
import { componentRef, schemaRef } from './schemas.js'
import type { Parameter, Reference, Schema } from './types.js'

const query = (name: string, schema: Schema, description: string): Parameter => ({
  name,
  in: 'query',
  description,
  schema,
})
const INVALID = '400 `INVALID_PARAMETER`'

const getStatusParameters: Record<string, Parameter> = {
  txId: query(
    'txId',
    { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
    'The `txId` of a `getAction` response. Required unless `txHash` is given (neither: 400 `MISSING_REQUIRED_FIELD`, ' +
      `field \`txId\`). Takes precedence over \`txHash\`: with both, the transaction must have that source hash. Malformed: ${INVALID}.`,
  ),
  txHash: query(
    'txHash',
    { type: 'string', maxLength: 88 },
    "The registered source transaction's hash, in any VM's format (see `Registration.txHash`; hex case-insensitive). " +
      'Required unless `txId` is given. Without `chainId` and registered on several chains: the latest registration. ' +
      `Not a hash of any supported VM: ${INVALID}.`,
  ),
  chainId: query(
    'chainId',
    schemaRef('ChainId'),
    'The source chain (SPEC §4.3: optional, recommended): narrows the `txHash` lookup; with `txId`, it must be the ' +
      `transaction's source chain. Malformed: ${INVALID}.`,
  ),
}

const getTransactionsParameters: Record<string, Parameter> = {
  appIds: query(
    'appIds',
    { type: 'string', pattern: '^[^,]+(?:,[^,]+)*$' },
    'Comma-separated app ids (repeating the parameter works too). Default: every app of your organization, including ' +
      `apps whose keys were retired. An app outside your organization: ${INVALID} (whether it exists elsewhere is not told).`,
  ),
  walletAddress: query(
    'walletAddress',
    schemaRef('Address'),
    'Only transactions whose `sender` is this wallet (EVM addresses compared case-insensitively; a mixed-case EVM address ' +
      `must have a valid checksum). Not a wallet address of a supported chain: ${INVALID}.`,
  ),
  chainIds: query(
    'chainIds',
    { type: 'string', pattern: '^[1-9][0-9]*(?:,[1-9][0-9]*)*$' },
    `Comma-separated chain ids, at most ${MAX_CHAIN_IDS}: transactions whose source **or** destination chain is one of ` +
      `them. Any well-formed id is accepted (history may outlive a chain). Malformed: ${INVALID}.`,
  ),
  page: query(
    'page',
    { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    `1-based page. Beyond the last page: \`txs: []\` with the real \`total\`. Otherwise ${INVALID}.`,
  ),
  limit: query(
    'limit',
    { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    `Transactions per page, 1 to ${MAX_LIMIT} (SPEC §4.4: the wider of the spec's two maxima). Otherwise ${INVALID}.`,
  ),
  period: query(
    'period',
    { type: 'string', enum: ['day', 'week', 'month', 'allTime'], default: 'allTime' },
    'A rolling window ending now, on the registration time: `day` 24 h, `week` 7 × 24 h, `month` 30 × 24 h; `allTime` ' +
      `none. Combined with \`startDate\`/\`endDate\`: both must hold (the later start wins). Otherwise ${INVALID}.`,
  ),
  startDate: query(
    'startDate',
    { type: 'integer', minimum: 0, maximum: MAX_UNIX_SECONDS },
    'Unix seconds: transactions registered at or after. Digits only; milliseconds (beyond year 9999 as seconds) and ' +
      `a \`startDate\` after \`endDate\` get ${INVALID}.`,
  ),
  endDate: query(
    'endDate',
    { type: 'integer', minimum: 0, maximum: MAX_UNIX_SECONDS },
    `Unix seconds: transactions registered at or before. Otherwise ${INVALID}.`,
  ),
}

/** The `components.parameters` of the lifecycle endpoints. */
export function lifecycleParameterComponents(): Record<string, Parameter> {
  return {
    ...Object.fromEntries(
      Object.entries(getStatusParameters).map(([name, parameter]) => [`GetStatus.${name}`, parameter]),
    ),
    ...Object.fromEntries(
      Object.entries(getTransactionsParameters).map(([name, parameter]) => [`GetTransactions.${name}`, parameter]),
    ),
  }
}

/** The references of `GET /getStatus`'s parameters, then the request-id header. */
export function getStatusParameterRefs(): Reference[] {
  return [
    ...Object.keys(getStatusParameters).map((name) => componentRef('parameters', `GetStatus.${name}`)),
    componentRef('parameters', 'XRequestId'),
  ]
}

/** The references of `GET /getTransactions`'s parameters, in SPEC §4.4 order, then the request-id header. */
export function getTransactionsParameterRefs(): Reference[] {
  return [
    ...Object.keys(getTransactionsParameters).map((name) => componentRef('parameters', `GetTransactions.${name}`)),
    componentRef('parameters', 'XRequestId'),
  ]
}
