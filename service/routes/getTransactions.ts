/**
 * `GET /getTransactions` (SPEC §4.4): the caller's organization's registered transactions, newest registration
 * first, filtered and paginated; each one as transaction details (SPEC §2.5).
 */
import { type AuthenticatedRouter, createRouter } from './router.js'
import { InvalidParameterError, normalizeAddress, walletAddressProblem } from '../../engine/index.js'
import type { KeyRing } from '../keys/keyRing.js'
import type { HistoryFilter, Store } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import { type Query, chainIdParam, single } from './params.js'
import { type TransactionDetails, transactionDetailsJson } from './transactionDetails.js'

/** SPEC §4.4 `limit`: default 25, at most 500 (DESIGN: the wider of the spec's two figures). */
export const DEFAULT_LIMIT = 25
export const MAX_LIMIT = 500
/** Most `chainIds` in one request. */
export const MAX_CHAIN_IDS = 32
/** Largest `page`: beyond, no organization has transactions (and offsets stay exact integers). */
export const MAX_PAGE = 1_000_000_000
/** Largest `startDate`/`endDate`: 9999-12-31T23:59:59Z. A larger value is almost surely in milliseconds. */
export const MAX_UNIX_SECONDS = 253_402_300_799

/** SPEC §4.4 `period`: a rolling window ending now. */
export const PERIOD_SECONDS = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400, allTime: undefined } as const
export type Period = keyof typeof PERIOD_SECONDS

const DIGITS = /^(?:0|[1-9][0-9]*)$/
/** Address formats tried, in order, for `walletAddress`: the first that accepts it gives its lookup form. */
const WALLET_VMS = ['evm', 'solana', 'bitcoin', 'tron'] as const

/** A parsed `getTransactions` query. */
export interface HistoryQuery {
  filter: HistoryFilter
  page: number
  limit: number
}

/** The answer (SPEC §4.4). */
export interface HistoryResponse {
  txs: TransactionDetails[]
  pagination: { page: number; limit: number; total: number; totalPages: number }
}

const invalid = (parameter: string, value: string, reason: string) =>
  new InvalidParameterError({ parameter, value, reason })

/** A comma-separated list, repeated or not (`a,b` or `x=a&x=b`); duplicates dropped. `undefined` when absent. */
function listParam(query: Query, name: string): string[] | undefined {
  const raw = query[name]
  if (raw === undefined || raw === '') return undefined
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(','))
  if (values.some((value) => value === '')) throw invalid(name, String(raw), 'empty entry in the comma-separated list')
  return [...new Set(values)]
}

/** A non-negative integer of decimal digits, within `max`. */
function integerParam(name: string, raw: string, min: number, max: number, reason: string): number {
  const value = Number(raw)
  if (!DIGITS.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) throw invalid(name, raw, reason)
  return value
}

/**
 * Parses and validates the `getTransactions` query for the caller's organization.
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
  const filter: HistoryFilter = { orgId }
  const appIds = listParam(query, 'appIds')
  if (appIds !== undefined) {
    for (const appId of appIds) {
      if (!appsOfOrg.includes(appId)) throw invalid('appIds', appId, 'not an app of your organization')
    }
    filter.appIds = appIds
  }

  const wallet = single(query, 'walletAddress')
  if (wallet !== undefined) {
    const vm = WALLET_VMS.find((candidate) => walletAddressProblem(candidate, wallet) === undefined)
    if (vm === undefined)
      throw invalid('walletAddress', wallet, 'not a wallet address of a supported chain (EVM, Solana, Bitcoin, Tron)')
    filter.sender = normalizeAddress(vm, wallet)
  }

  const chainIds = listParam(query, 'chainIds')
  if (chainIds !== undefined) {
    if (chainIds.length > MAX_CHAIN_IDS)
      throw invalid('chainIds', chainIds.join(','), `at most ${MAX_CHAIN_IDS} chain ids`)
    filter.chainIds = [...new Set(chainIds.map((chainId) => chainIdParam('chainIds', chainId)))]
  }

  const period = single(query, 'period') ?? 'allTime'
  if (!Object.hasOwn(PERIOD_SECONDS, period)) throw invalid('period', period, 'must be day, week, month or allTime')
  const windowSeconds = PERIOD_SECONDS[period as Period]
  const bounds = ['startDate', 'endDate'].map((name) => {
    const raw = single(query, name)
    return raw === undefined
      ? undefined
      : integerParam(name, raw, 0, MAX_UNIX_SECONDS, 'must be a Unix timestamp in seconds (decimal digits)')
  })
  const [startDate, endDate] = bounds
  if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
    throw invalid('startDate', String(startDate), `after endDate (${endDate})`)
  }
  const from = Math.max(windowSeconds === undefined ? 0 : now - windowSeconds, startDate ?? 0)
  if (from > 0) filter.registeredFrom = from
  if (endDate !== undefined) filter.registeredTo = endDate

  const pageRaw = single(query, 'page')
  const limitRaw = single(query, 'limit')
  const page =
    pageRaw === undefined ? 1 : integerParam('page', pageRaw, 1, MAX_PAGE, `must be an integer from 1 to ${MAX_PAGE}`)
  const limit =
    limitRaw === undefined
      ? DEFAULT_LIMIT
      : integerParam('limit', limitRaw, 1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`)
  return { filter, page, limit }
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
  router.get('/getTransactions', (ctx) => {
    const { apiKey } = ctx.state
    const apps = keys.appsOfOrg(apiKey.orgId).map((app) => app.appId)
    const { filter, page, limit } = parseHistoryQuery(ctx.query, apiKey.orgId, apps, now())
    const { transactions, total } = store.listTransactions(filter, page, limit)
    const pagination: HistoryResponse['pagination'] = { page, limit, total, totalPages: Math.ceil(total / limit) }
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'application/json'
    // `HistoryResponse` as text: each transaction's stored action response is spliced in, not re-serialized.
    ctx.body = `{"txs":[${transactions.map(transactionDetailsJson).join(',')}],"pagination":${JSON.stringify(pagination)}}`
  })
  return router
}
