/**
 * The SQLite driver of the store, in one place: libsql (a better-sqlite3-compatible API whose native binary ships
 * as a prebuilt npm package per platform, `@libsql/linux-x64-gnu` and the like, so installing it compiles nothing).
 *
 * Where libsql differs from better-sqlite3, and how the store stays independent of it:
 * - a row from `Statement.get()` carries an extra enumerable `_metadata` property (rows from `.all()` do not):
 *   rows are never spread, serialized or compared whole; `rows.ts` maps each column by name;
 * - `.pluck()` is ignored by `.get()`, and `db.pragma(x, { simple: true })` returns the row, not the value: read
 *   a single value with `valueOf` / `pragmaValue` below (raw mode, first column of the first row);
 * - a BLOB is a `Buffer` from `.get()` and an `ArrayBuffer` from `.all()`: `rows.ts` accepts both;
 * - `readonly` / `fileMustExist` are not honoured, and `db.name` is empty: callers keep the path themselves.
 */
import Libsql from 'libsql'

/** A connection. */
export type Database = Libsql.Database
/** A prepared statement. */
export type Statement<BindParameters extends unknown[] | object = unknown[]> = Libsql.Statement<BindParameters>

/**
 * Opens (creating it when missing) the SQLite file at `path`.
 *
 * @param busyTimeoutMs - how long a statement waits for another connection's lock before failing (ms).
 * @example const db = openDatabase('./data/crossroute.sqlite', 5_000)
 */
export function openDatabase(path: string, busyTimeoutMs = 0): Database {
  return new Libsql(path, { timeout: busyTimeoutMs })
}

/**
 * The first column of the first row of a statement's result, or `undefined` without a row (what
 * better-sqlite3's `.pluck().get()` gives).
 *
 * @example valueOf(db.prepare('SELECT count(*) FROM transactions')) // 42
 */
export function valueOf(statement: Statement, ...params: unknown[]): unknown {
  const row = statement.raw(true).get(...params) as unknown[] | undefined
  return row?.[0]
}

/**
 * The value of a pragma (`PRAGMA <source>`), e.g. `pragmaValue(db, 'journal_mode = WAL')` → `'wal'`: the first
 * column of its first row, `undefined` when it returns none.
 *
 * @example pragmaValue(db, 'user_version') // 2
 */
export function pragmaValue(db: Database, source: string): unknown {
  return valueOf(db.prepare(`PRAGMA ${source}`))
}

/** A prepared statement with its parameters and row type (libsql's own types leave rows `unknown`). */
export interface TypedStatement<BindParameters extends unknown[], Row> {
  run(...params: BindParameters): { changes: number; lastInsertRowid: number | bigint }
  /** The first row, or `undefined`. Map its columns by name: it may carry properties beyond the columns. */
  get(...params: BindParameters): Row | undefined
  all(...params: BindParameters): Row[]
}

/**
 * Prepares a statement once, typed: `BindParameters` are its parameters (one object for `@named` ones), `Row` the
 * shape of its rows.
 *
 * @example const byId = prepare<[string], { tx_id: string }>(db, 'SELECT tx_id FROM transactions WHERE tx_id = ?')
 */
export function prepare<BindParameters extends unknown[] = unknown[], Row = unknown>(
  db: Database,
  sql: string,
): TypedStatement<BindParameters, Row> {
  return db.prepare(sql) as unknown as TypedStatement<BindParameters, Row>
}
