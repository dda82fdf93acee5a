/**
 * The deposit-address tables on PostgreSQL (`schema.ts`): the watch written with a quote (`store.ts` inserts it in
 * the quote's transaction), the quotes awaiting a deposit, the EVM watcher's scan cursors. The same statements as
 * SQLite's `../deposits.ts`; `registerDeposit` is in `lifecycle.ts`.
 */
import type { DepositStore } from '../depositStore.js'
import { type WatchRow, depositWatchOf } from '../deposits.js'
import type { PgDatabase } from './connection.js'

/**
 * The deposit methods of the PostgreSQL store over a pool (all but `registerDeposit`).
 *
 * @example await pgDepositMethods(db).awaitingDeposits(42161, Date.now() / 1000, 500)
 */
export function pgDepositMethods(db: PgDatabase): Omit<DepositStore, 'registerDeposit'> {
  return {
    async awaitingDeposits(chainId, now, limit) {
      // The open windows of one chain through deposit_watches_open; the join drops quotes registered meanwhile.
      const rows = await db.query<WatchRow>(
        `SELECT w.tx_id, w.chain_id, w.address, w.token, w.amount_required, w.watch_until, t.vm_id, t.created_at
         FROM deposit_watches w JOIN transactions t ON t.tx_id = w.tx_id
         WHERE w.chain_id = $1 AND w.watch_until >= $2 AND t.registered_at IS NULL
         ORDER BY w.watch_until
         LIMIT $3`,
        [chainId, Math.ceil(now), limit],
      )
      return rows.map(depositWatchOf)
    },
    async depositScanCursor(chainId) {
      const [row] = await db.query<{ scanned_block: number }>(
        'SELECT scanned_block FROM deposit_scan_cursors WHERE chain_id = $1',
        [chainId],
      )
      return row?.scanned_block
    },
    async saveDepositScanCursor(chainId, scannedBlock) {
      await db.query(
        `INSERT INTO deposit_scan_cursors (chain_id, scanned_block) VALUES ($1, $2)
         ON CONFLICT (chain_id) DO UPDATE SET scanned_block = excluded.scanned_block`,
        [chainId, scannedBlock],
      )
    },
  }
}
