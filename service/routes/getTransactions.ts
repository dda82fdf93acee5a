/**
 * `GET /getTransactions` (SPEC §4.4): the caller's organization's registered transactions, newest registration
 * first, filtered and paginated; each one as transaction details (SPEC §2.5).
 */
import { type AuthenticatedRouter, createRouter } from './router.js'
import { InvalidParameterError, normalizeAddress, walletAddressProblem } from '../../engine/index.js'
import type { KeyRing } from '../keys/keyRing.js'
import type { HistoryFilter, Store } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import {
  DEFAULT_LIMIT,
  GET_TRANSACTIONS_PARAMETERS,
  PERIOD_SECONDS,
  type Period,
} from '../schema/getTransactionsParameters.js'
import { type Query, queryDecoder } from '../schema/query.js'
import type { Pagination } from '../schema/transactionHistory.js'
import { transactionDetailsJson } from './transactionDetails.js'

/** Address formats tried, in order, for `walletAddress`: the first that accepts it gives its lookup form. */
const WALLET_VMS = ['evm', 'solana', 'bitcoin', 'tron'] as const

/** A parsed `getTransactions` query. */
export interface HistoryQuery {
  filter: HistoryFilter
  page: number
  limit: number
}

/** The query after the schemas: typed values, absent parameters left out. */
interface DecodedQuery {
  appIds?: string[]
  walletAddress?: string
  chainIds?: number[]
  page?: number
  limit?: number
  period?: Period
  startDate?: number
  endDate?: number
}

const decoder = queryDecoder(GET_TRANSACTIONS_PARAMETERS)

const invalid = (parameter: string, value: string, reason: string) =>
  new InvalidParameterError({ parameter, value, reason })

/**
 * Parses and validates the `getTransactions` query for the caller's organization: the parameters' schemas
 * (`service/schema/getTransactionsParameters.ts`), then what they cannot state — the organization's apps, the
 * wallet's VM, `startDate` ≤ `endDate`.
 *
 * @param appsOfOrg - the app ids of the caller's organization (`appIds` must be among them)
 * @param now - Unix seconds, the end of `period`
 * @throws InvalidParameterError (`parameter`, `value`, `reason`) for any invalid value, an app outside the
 *   organization, or `startDate` after `endDate`
 * @example parseHistoryQuery({ period: 'week', limit: '50' }, 'alpha', ['alpha-web'], 1_700_000_000)
 */
export function parseHistoryQuery(
  query: Query,
  orgId: string,
  appsOfOrg: readonly string[],
  now: number,
): HistoryQuery {
  const decoded = decoder.decode(query, 'getTransactions') as DecodedQuery
  const filter: HistoryFilter = { orgId }
  if (decoded.appIds !== undefined) {
    for (const appId of decoded.appIds) {
      if (!appsOfOrg.includes(appId)) throw invalid('appIds', appId, 'not an app of your organization')
    }
    filter.appIds = decoded.appIds
  }

  const wallet = decoded.walletAddress
  if (wallet !== undefined) {
    const vm = WALLET_VMS.find((candidate) => walletAddressProblem(candidate, wallet) === undefined)
    if (vm === undefined)
      throw invalid('walletAddress', wallet, 'not a wallet address of a supported chain (EVM, Solana, Bitcoin, Tron)')
    filter.sender = normalizeAddress(vm, wallet)
  }

  if (decoded.chainIds !== undefined) filter.chainIds = [...new Set(decoded.chainIds)]

  const windowSeconds = PERIOD_SECONDS[decoded.period ?? 'allTime']
  const { startDate, endDate } = decoded
  if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
    throw invalid('startDate', String(startDate), `after endDate (${endDate})`)
  }
  const from = Math.max(windowSeconds === undefined ? 0 : now - windowSeconds, startDate ?? 0)
  if (from > 0) filter.registeredFrom = from
  if (endDate !== undefined) filter.registeredTo = endDate
  return { filter, page: decoded.page ?? 1, limit: decoded.limit ?? DEFAULT_LIMIT }
}

/** What the route needs. */
export interface GetTransactionsDependencies {
  readonly store: Store
  readonly keys: Pick<KeyRing, 'appsOfOrg'>
  /** Unix seconds; default the wall clock. */
  readonly now?: () => number
}

/**
 * The `getTransactions` router: `GET /getTransactions` (mounted under `/api`, after authentication).
 *
 * @example
 * api.use(getTransactionsRoutes({ store, keys }).routes())
 */
export function getTransactionsRoutes(deps: GetTransactionsDependencies): AuthenticatedRouter {
  const { store, keys } = deps
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const router = createRouter<AuthenticatedState>()
  router.get('/getTransactions', async (ctx) => {
    const { apiKey } = ctx.state
    const apps = keys.appsOfOrg(apiKey.orgId).map((app) => app.appId)
    const { filter, page, limit } = parseHistoryQuery(ctx.query, apiKey.orgId, apps, now())
    const { transactions, total } = await store.listTransactions(filter, page, limit)
    const workflows = await store.venueWorkflowsOf(
      transactions.map((tx) => tx.txId),
      apiKey.orgId,
    )
    const pagination: Pagination = { page, limit, total, totalPages: Math.ceil(total / limit) }
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'application/json'
    // `TransactionHistory` as text: each transaction's stored action response is spliced in, not re-serialized.
    ctx.body = `{"txs":[${transactions.map((tx) => transactionDetailsJson(tx, workflows.get(tx.txId))).join(',')}],"pagination":${JSON.stringify(pagination)}}`
  })
  return router
}
