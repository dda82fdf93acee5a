/**
 * The read side of the transaction lifecycle on PostgreSQL: `getStatus` by txId or source hash, and history pages.
 * A page runs the statements SQLite's `historyQuery` builds (`../history.ts`, the same strategy and indexes),
 * turned into PostgreSQL's dialect by `pgStatement`, in one `REPEATABLE READ` transaction so that the total and the
 * page come from one snapshot.
 */
import { type BoundSql, historyQuery } from '../history.js'
import { PG_ROW_COLUMNS, type TransactionRow, transactionFromRow } from '../rows.js'
import type { Store } from '../store.js'
import type { PgDatabase } from './connection.js'

type HistoryMethods = Pick<Store, 'getByTxId' | 'getByHash' | 'listTransactions'>

/**
 * A statement of `historyQuery` in PostgreSQL's dialect: `$1…$n` for the `?` placeholders (in order; the SQL it
 * builds has no other `?`), and no `INDEXED BY` (SQLite's; PostgreSQL plans from its statistics, which autovacuum
 * keeps).
 *
 * @example pgStatement({ sql: 'SELECT 1 FROM transactions INDEXED BY history_org WHERE org_id = ?', params: ['a'] })
 * // → { sql: 'SELECT 1 FROM transactions WHERE org_id = $1', params: ['a'] }
 */
export function pgStatement(bound: BoundSql): BoundSql {
  let position = 0
  const sql = bound.sql.replace(/ INDEXED BY \w+/g, '').replace(/\?/g, () => `$${++position}`)
  return { sql, params: bound.params }
}

/**
 * The history methods of the PostgreSQL store over a pool.
 *
 * @example
 * const history = pgHistoryMethods(db)
 * await history.listTransactions({ orgId: 'alpha', chainIds: [10] }, 1, 25) // { transactions: […], total: 1234 }
 */
export function pgHistoryMethods(db: PgDatabase): HistoryMethods {
  const one = async (sql: string, values: readonly unknown[]) => {
    const [row] = await db.query<TransactionRow>(sql, values)
    return row === undefined ? undefined : transactionFromRow(row)
  }
  return {
    getByTxId: (txId, orgId) =>
      one(`SELECT ${PG_ROW_COLUMNS} FROM transactions t WHERE t.tx_id = $1 AND t.org_id = $2`, [txId, orgId]),
    getByHash: (txHash, orgId, chainId) =>
      chainId === undefined
        ? one(
            `SELECT ${PG_ROW_COLUMNS} FROM transactions t WHERE t.src_tx_hash = $1 AND t.org_id = $2
             ORDER BY t.registered_at DESC, t.id DESC LIMIT 1`,
            [txHash, orgId],
          )
        : one(
            `SELECT ${PG_ROW_COLUMNS} FROM transactions t
             WHERE t.src_tx_hash = $1 AND t.src_tx_chain_id = $2 AND t.org_id = $3`,
            [txHash, chainId, orgId],
          ),
    async listTransactions(filter, page, limit) {
      if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(limit) || limit < 1) {
        throw new RangeError(`listTransactions: page and limit must be positive integers, got ${page} and ${limit}`)
      }
      const query = historyQuery(filter, PG_ROW_COLUMNS)
      const count = pgStatement(query.count)
      const rows = pgStatement({ sql: query.page.sql, params: [...query.page.params, limit, (page - 1) * limit] })
      return db.transaction(async (tx) => {
        const [counted] = await tx.query<Record<string, number>>(count.sql, count.params)
        const total = Number(Object.values(counted!)[0])
        const transactions =
          (page - 1) * limit >= total
            ? []
            : (await tx.query<TransactionRow>(rows.sql, rows.params)).map(transactionFromRow)
        return { transactions, total }
      }, 'REPEATABLE READ')
    },
  }
}
