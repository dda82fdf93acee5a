/**
 * `GET /getStatus` (SPEC §4.3): one transaction of the caller's organization, by `txId` or by the source
 * transaction's `txHash` (with an optional `chainId`), as transaction details (SPEC §2.5).
 */
import { type AuthenticatedRouter, createRouter } from './router.js'
import { InvalidParameterError, MissingRequiredFieldError } from '../../engine/index.js'
import { NotFoundError } from '../errors.js'
import { GET_STATUS_PARAMETERS } from '../schema/getStatusParameters.js'
import { type Query, queryDecoder } from '../schema/query.js'
import { TxHash } from '../schema/transactionDetails.js'
import type { Store, StoredTransaction } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import { transactionDetailsJson } from './transactionDetails.js'
import { isAnyTxHash, normalizeTxHash } from './txHash.js'

/** The one answer for a transaction that is unknown or another organization's: they must look the same. */
const NOT_FOUND_MESSAGE = 'No transaction with this txId or txHash in your organization'

/** What the route needs. */
export interface GetStatusDependencies {
  readonly store: Store
}

/** The parsed query: which transaction is asked for. */
export interface StatusQuery {
  txId?: string
  txHash?: string
  chainId?: number
}

const decoder = queryDecoder(GET_STATUS_PARAMETERS)

/**
 * Parses the `getStatus` query with its parameters' schemas (`service/schema/getStatusParameters.ts`), then the
 * rules they cannot state: one of `txId` and `txHash`, and a hash of some VM's format.
 *
 * @throws MissingRequiredFieldError (`txId`, context `getStatus: txId or txHash`) when neither is given;
 *   InvalidParameterError for a malformed `txId`, `txHash` or `chainId`, or a repeated parameter
 * @example parseStatusQuery({ txHash: '0xab…', chainId: '8453' }) // { txHash: '0xab…', chainId: 8453 }
 */
export function parseStatusQuery(query: Query): StatusQuery {
  const isGiven = (name: string) => (decoder.raw(query, name) ?? '') !== ''
  if (!isGiven('txId') && !isGiven('txHash')) {
    throw new MissingRequiredFieldError({ field: 'txId', context: 'getStatus: txId or txHash' })
  }
  const { txId, txHash, chainId } = decoder.decode(query, 'getStatus') as StatusQuery
  if (txHash !== undefined && !isAnyTxHash(txHash)) {
    const reason = (TxHash as { 'x-reason'?: string })['x-reason'] ?? 'not a transaction hash of a supported VM'
    throw new InvalidParameterError({ parameter: 'txHash', value: txHash, reason })
  }
  return {
    ...(txId === undefined ? {} : { txId: txId.toLowerCase() }),
    ...(txHash === undefined ? {} : { txHash: normalizeTxHash(txHash) }),
    ...(chainId === undefined ? {} : { chainId }),
  }
}

/**
 * The transaction a status query names in `orgId`, or `undefined`. By `txId` when given (then a `txHash` and a
 * `chainId` given with it must be its source hash and source chain); else by source hash, on `chainId` when given.
 */
export async function findTransaction(
  store: Store,
  orgId: string,
  query: StatusQuery,
): Promise<StoredTransaction | undefined> {
  if (query.txId === undefined) return store.getByHash(query.txHash!, orgId, query.chainId)
  const stored = await store.getByTxId(query.txId, orgId)
  if (stored === undefined) return undefined
  if (query.txHash !== undefined && stored.srcTxHash !== query.txHash) return undefined
  if (query.chainId !== undefined && stored.srcChainId !== query.chainId) return undefined
  return stored
}

/**
 * The `getStatus` router: `GET /getStatus` (mounted under `/api`, after authentication).
 *
 * @throws (for the error middleware) the errors of `parseStatusQuery`; NotFoundError (404 `NOT_FOUND`, no details)
 *   when no transaction of the caller's organization matches — the same answer for another organization's
 * @example
 * api.use(getStatusRoutes({ store }).routes())
 */
export function getStatusRoutes(deps: GetStatusDependencies): AuthenticatedRouter {
  const { store } = deps
  const router = createRouter<AuthenticatedState>()
  router.get('/getStatus', async (ctx) => {
    const { apiKey } = ctx.state
    const stored = await findTransaction(store, apiKey.orgId, parseStatusQuery(ctx.query))
    if (stored === undefined) throw new NotFoundError(NOT_FOUND_MESSAGE)
    const workflow = await store.getVenueWorkflow(stored.txId, apiKey.orgId)
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'application/json'
    ctx.body = transactionDetailsJson(stored, workflow)
  })
  return router
}
