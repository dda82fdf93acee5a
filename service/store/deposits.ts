/**
 * The deposit-address tables on SQLite (migration 6, `depositSchema.ts`): the watch written with a quote, the
 * quotes awaiting a deposit, the EVM watcher's scan cursors. `registerDeposit` is in `lifecycle.ts`, beside the
 * registration it shares. README "Deposit addresses".
 */
import { type Database, prepare } from './database.js'
import type { DepositStore, DepositWatch, DepositWatchEntry } from './depositStore.js'

/** A watch joined to its quote, as both backends select it. */
export type WatchRow = {
  tx_id: string
  chain_id: number
  address: string
  token: string
  amount_required: string
  watch_until: number
  vm_id: string
  created_at: number
}

/**
 * A selected row as a `DepositWatch` (both backends).
 *
 * @example depositWatchOf(row).amountRequired // '1000000'
 */
export function depositWatchOf(row: WatchRow): DepositWatch {
  return {
    txId: row.tx_id,
    chainId: row.chain_id,
    address: row.address,
    token: row.token,
    amountRequired: row.amount_required,
    watchUntil: row.watch_until,
    vmId: row.vm_id,
    createdAt: row.created_at,
  }
}

/** The insert of a quote's watch, run inside the quote's own write transaction (`sqlite.ts`). */
export type InsertDepositWatch = (txId: string, chainId: number, watch: DepositWatchEntry) => void

/**
 * The deposit methods over one connection, and the insert `recordQuote` runs for a quote with a deposit address.
 *
 * @example
 * const { methods, insertWatch } = depositMethods(db)
 * await methods.awaitingDeposits(42161, Date.now() / 1000, 500)
 */
export function depositMethods(db: Database): {
  methods: Omit<DepositStore, 'registerDeposit'>
  insertWatch: InsertDepositWatch
} {
  const insert = prepare<[string, number, string, string, string, number]>(
    db,
    `INSERT INTO deposit_watches (tx_id, chain_id, address, token, amount_required, watch_until)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  // The open windows of one chain through deposit_watches_open; the join drops quotes registered meanwhile.
  const selectAwaiting = prepare<[number, number, number], WatchRow>(
    db,
    `
    SELECT w.tx_id, w.chain_id, w.address, w.token, w.amount_required, w.watch_until, t.vm_id, t.created_at
    FROM deposit_watches w JOIN transactions t ON t.tx_id = w.tx_id
    WHERE w.chain_id = ? AND w.watch_until >= ? AND t.registered_at IS NULL
    ORDER BY w.watch_until
    LIMIT ?`,
  )
  const selectCursor = prepare<[number], { scanned_block: number }>(
    db,
    'SELECT scanned_block FROM deposit_scan_cursors WHERE chain_id = ?',
  )
  const upsertCursor = prepare<[number, number]>(
    db,
    `INSERT INTO deposit_scan_cursors (chain_id, scanned_block) VALUES (?, ?)
     ON CONFLICT (chain_id) DO UPDATE SET scanned_block = excluded.scanned_block`,
  )
  return {
    insertWatch: (txId, chainId, watch) =>
      insert.run(txId, chainId, watch.address, watch.token, watch.amountRequired, watch.watchUntil),
    methods: {
      async awaitingDeposits(chainId, now, limit) {
        return selectAwaiting.all(chainId, Math.ceil(now), limit).map(depositWatchOf)
      },
      async depositScanCursor(chainId) {
        return selectCursor.get(chainId)?.scanned_block
      },
      async saveDepositScanCursor(chainId, scannedBlock) {
        upsertCursor.run(chainId, scannedBlock)
      },
    },
  }
}
