/**
 * The read side of the transaction lifecycle on SQLite: one transaction by txId or by source hash (`getStatus`),
 * and pages of history (`getTransactions`). Every read is scoped to an organization. README "History queries".
 */
import { type Database, type Statement, prepare, valueOf } from './database.js'
import { ROW_COLUMNS, type TransactionRow, transactionFromRow } from './rows.js'
import type { HistoryFilter, HistoryPage, Store, Synchronous } from './store.js'

type HistoryMethods = Pick<Synchronous<Store>, 'getByTxId' | 'getByHash' | 'listTransactions'>

/** Statements of distinct filter shapes (which filters, how many appIds and chainIds) kept prepared. */
const MAX_CACHED_STATEMENTS = 256

/** SQL with its parameters in order. */
export interface BoundSql {
  sql: string
  params: (string | number)[]
}

/** The two statements of a history page. The page's own `LIMIT ? OFFSET ?` come after `page.params`. */
export interface HistoryQuery {
  count: BoundSql
  page: BoundSql
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ')

/**
 * A conjunction of the filter's conditions, except those in `omit`. `registered_at IS NOT NULL` is written out
 * so that the partial `history_*` indexes apply.
 */
function conditions(filter: HistoryFilter, omit: { chains?: boolean } = {}): BoundSql {
  const clauses = ['registered_at IS NOT NULL', 'org_id = ?']
  const params: (string | number)[] = [filter.orgId]
  if (filter.appIds !== undefined) {
    clauses.push(`app_id IN (${placeholders(filter.appIds.length)})`)
    params.push(...filter.appIds)
  }
  if (filter.sender !== undefined) {
    clauses.push('sender = ?')
    params.push(filter.sender)
  }
  if (filter.chainIds !== undefined && omit.chains !== true) {
    const list = placeholders(filter.chainIds.length)
    clauses.push(`(src_chain_id IN (${list}) OR dst_chain_id IN (${list}))`)
    params.push(...filter.chainIds, ...filter.chainIds)
  }
  if (filter.registeredFrom !== undefined) {
    clauses.push('registered_at >= ?')
    params.push(filter.registeredFrom)
  }
  if (filter.registeredTo !== undefined) {
    clauses.push('registered_at <= ?')
    params.push(filter.registeredTo)
  }
  return { sql: clauses.join(' AND '), params }
}

/**
 * The statements of a history page for a filter, each naming its index (`INDEXED BY`): the plan then does not
 * depend on table statistics the service never gathers, and a bench or test that runs a shape runs its plan.
 * Strategy (README "History queries"):
 *
 * | filter | count | page ids |
 * |---|---|---|
 * | none, or apps only | `history_counts` (sum of per-app counters) | `history_org` / `history_app` (one app) |
 * | a wallet (+ anything) | `history_sender` | `history_sender` |
 * | chains (+ apps, dates) | src ∪ dst = src + dst − (src ∩ dst) on `history_src_chain`, `history_dst_chain` | † |
 * | dates (+ apps) | `history_org` / `history_app` range | same |
 *
 * † a `history_org` scan, the filters read from the index.
 *
 * The PostgreSQL store runs the same statements (`postgres/history.ts`), with its own select list as `columns`.
 *
 * @example historyQuery({ orgId: 'alpha' }).count.sql
 * // → 'SELECT coalesce(sum(registered), 0) FROM history_counts WHERE org_id = ?'
 */
export function historyQuery(filter: HistoryFilter, columns: string = ROW_COLUMNS): HistoryQuery {
  const hasSender = filter.sender !== undefined
  const hasChains = filter.chainIds !== undefined
  const hasDates = filter.registeredFrom !== undefined || filter.registeredTo !== undefined
  const all = conditions(filter)
  const pageIndex = hasSender
    ? 'history_sender'
    : filter.appIds?.length === 1 && !hasChains
      ? 'history_app'
      : 'history_org'
  const page: BoundSql = {
    sql: `SELECT ${columns} FROM transactions t
      WHERE t.id IN (SELECT id FROM transactions INDEXED BY ${pageIndex} WHERE ${all.sql} ORDER BY registered_at DESC, id DESC LIMIT ? OFFSET ?)
      ORDER BY t.registered_at DESC, t.id DESC`,
    params: all.params,
  }

  let count: BoundSql
  if (!hasSender && !hasChains && !hasDates) {
    const apps = filter.appIds
    count = {
      sql: `SELECT coalesce(sum(registered), 0) FROM history_counts WHERE org_id = ?${apps === undefined ? '' : ` AND app_id IN (${placeholders(apps.length)})`}`,
      params: [filter.orgId, ...(apps ?? [])],
    }
  } else if (hasChains && !hasSender) {
    const base = conditions(filter, { chains: true })
    const chains = filter.chainIds!
    const list = placeholders(chains.length)
    count = {
      sql: `SELECT
        (SELECT count(*) FROM transactions INDEXED BY history_src_chain WHERE ${base.sql} AND src_chain_id IN (${list}))
        + (SELECT count(*) FROM transactions INDEXED BY history_dst_chain WHERE ${base.sql} AND dst_chain_id IN (${list}))
        - (SELECT count(*) FROM transactions INDEXED BY history_src_chain WHERE ${base.sql} AND src_chain_id IN (${list}) AND dst_chain_id IN (${list}))`,
      params: [...base.params, ...chains, ...base.params, ...chains, ...base.params, ...chains, ...chains],
    }
  } else {
    const countIndex = hasSender ? 'history_sender' : filter.appIds !== undefined ? 'history_app' : 'history_org'
    count = { sql: `SELECT count(*) FROM transactions INDEXED BY ${countIndex} WHERE ${all.sql}`, params: all.params }
  }
  return { count, page }
}

/**
 * The history methods of the SQLite store over one connection.
 *
 * @example
 * const history = historyMethods(db)
 * history.listTransactions({ orgId: 'alpha', chainIds: [10] }, 1, 25) // { transactions: […], total: 1234 }
 */
export function historyMethods(db: Database): HistoryMethods {
  const selectByTxId = prepare<[string, string], TransactionRow>(
    db,
    `SELECT ${ROW_COLUMNS} FROM transactions t WHERE t.tx_id = ? AND t.org_id = ?`,
  )
  const selectByHash = prepare<[string, string], TransactionRow>(
    db,
    `
    SELECT ${ROW_COLUMNS} FROM transactions t
    WHERE t.src_tx_hash = ? AND t.org_id = ?
    ORDER BY t.registered_at DESC, t.id DESC LIMIT 1`,
  )
  const selectByHashOnChain = prepare<[string, number, string], TransactionRow>(
    db,
    `SELECT ${ROW_COLUMNS} FROM transactions t WHERE t.src_tx_hash = ? AND t.src_tx_chain_id = ? AND t.org_id = ?`,
  )

  const statements = new Map<string, Statement>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (statement === undefined) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear()
      statement = db.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  // Count and page from one read snapshot (WAL), so that `total` and the page agree.
  const readPage = db.transaction((filter: HistoryFilter, page: number, limit: number): HistoryPage => {
    const query = historyQuery(filter)
    const total = valueOf(prepared(query.count.sql), ...query.count.params) as number
    const offset = (page - 1) * limit
    const rows =
      offset >= total
        ? []
        : (prepared(query.page.sql)
            .raw(false)
            .all(...query.page.params, limit, offset) as TransactionRow[])
    return { transactions: rows.map(transactionFromRow), total }
  })

  return {
    getByTxId(txId, orgId) {
      const row = selectByTxId.get(txId, orgId)
      return row === undefined ? undefined : transactionFromRow(row)
    },
    getByHash(txHash, orgId, chainId) {
      const row =
        chainId === undefined ? selectByHash.get(txHash, orgId) : selectByHashOnChain.get(txHash, chainId, orgId)
      return row === undefined ? undefined : transactionFromRow(row)
    },
    listTransactions(filter, page, limit) {
      if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(limit) || limit < 1) {
        throw new RangeError(`listTransactions: page and limit must be positive integers, got ${page} and ${limit}`)
      }
      return readPage(filter, page, limit)
    },
  }
}
