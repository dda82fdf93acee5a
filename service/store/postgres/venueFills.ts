/**
 * The fills of the users' proxy wallets on PostgreSQL: appended in one statement per batch (atomic, in order:
 * `id` is an identity), read back in that order. Rows and values are SQLite's (`store/venueFills.ts`).
 */
import { FILL_COLUMNS, type FillRow, fillOf, fillValues } from '../venueFills.js'
import type { VenueFill, VenueStore } from '../venueStore.js'
import type { PgDatabase, Sql } from './connection.js'

/**
 * Appends fills on `sql` (the pool, or the settlement's transaction) in one statement, in the order given.
 * @throws Error for a fill the table's checks refuse, or an amount beyond 2⁵³ − 1 (`fillValues`); nothing is written.
 *
 * @example await writeFills(tx, outcome.fills)
 */
export async function writeFills(sql: Sql, fills: readonly VenueFill[]): Promise<void> {
  if (fills.length === 0) return
  const rows = fills.map(fillValues)
  const columns = rows[0]!.map((_, index) => rows.map((row) => row[index]))
  await sql.query(
    `INSERT INTO venue_fills (${FILL_COLUMNS}) SELECT ${FILL_COLUMNS}
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[],
       $9::text[], $10::text[]) WITH ORDINALITY AS f (${FILL_COLUMNS}, n)
     ORDER BY n`,
    columns,
  )
}

/**
 * The fill methods of `VenueStore` on a PostgreSQL pool.
 *
 * @example await pgVenueFillMethods(db).venueFills(userId)
 */
export function pgVenueFillMethods(db: PgDatabase): Pick<VenueStore, 'recordVenueFills' | 'venueFills'> {
  return {
    recordVenueFills: (fills) => writeFills(db, fills),
    async venueFills(userId, proxyWallet) {
      const rows = await db.query<FillRow>(
        `SELECT ${FILL_COLUMNS} FROM venue_fills WHERE user_id = $1 AND ($2::text IS NULL OR proxy_wallet = $2)
         ORDER BY id`,
        [userId.toLowerCase(), proxyWallet?.toLowerCase() ?? null],
      )
      return rows.map(fillOf)
    },
  }
}
