/**
 * The `getTransactions` answer (SPEC §4.4): one page of transaction details and the pagination.
 */
import { type Static, Type } from '@sinclair/typebox'
import { MAX_LIMIT } from './getTransactionsParameters.js'
import { TransactionDetails } from './transactionDetails.js'

/** SPEC §4.4 `pagination`. */
export const Pagination = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT }),
    total: Type.Integer({ minimum: 0, description: 'Transactions matching the filters, over all pages.' }),
    totalPages: Type.Integer({ minimum: 0, description: 'ceil(total / limit); `0` when nothing matches.' }),
  },
  { additionalProperties: false },
)
/** SPEC §4.4 `pagination`. */
export type Pagination = Static<typeof Pagination>

/** The `getTransactions` answer (SPEC §4.4). */
export const TransactionHistory = Type.Object(
  {
    txs: Type.Array(TransactionDetails, { maxItems: MAX_LIMIT, description: 'Newest registration first.' }),
    pagination: Pagination,
  },
  { additionalProperties: false, 'x-component': 'TransactionHistory' },
)
/** The `getTransactions` answer (SPEC §4.4). */
export type TransactionHistory = Static<typeof TransactionHistory>
