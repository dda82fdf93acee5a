/**
 * The fills of the users' proxy wallets in SQLite (migration 4): appended by the order matching (and
 * redemptions), read back in order by the positions, closed positions and trades (`service/venue/positions.ts`).
 */
import { type Database, prepare } from './database.js'
import type { VenueFill, VenueStore } from './venueStore.js'
import type { Synchronous } from './store.js'

/** A `venue_fills` row as both backends read it (PostgreSQL's `BIGINT`s arrive as strings). */
export interface FillRow {
  user_id: string
  proxy_wallet: string
  kind: 'TRADE' | 'REDEEM'
  token_id: string
  side: 'BUY' | 'SELL' | null
  price_micros: number | string
  size_micros: number | string
  timestamp: number | string
  transaction_hash: string
  order_id: string | null
}

/**
 * Integers of 10⁻⁶ are stored as SQLite integers: exact up to 2⁵³ − 1 (9 billion shares or pUSD). PostgreSQL's
 * `BIGINT` would hold more; the same bound keeps the backends alike.
 */
function storedInteger(value: bigint, name: string): number {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`venue fill: ${name} out of range`)
  return Number(value)
}

/** The fill of a stored row. */
export function fillOf(row: FillRow): VenueFill {
  return {
    userId: row.user_id,
    proxyWallet: row.proxy_wallet,
    kind: row.kind,
    tokenId: row.token_id,
    ...(row.side === null ? {} : { side: row.side }),
    priceMicros: BigInt(row.price_micros),
    sizeMicros: BigInt(row.size_micros),
    timestamp: Number(row.timestamp),
    transactionHash: row.transaction_hash,
    ...(row.order_id === null ? {} : { orderId: row.order_id }),
  }
}

/** The fill methods of `VenueStore` over one connection. */
export function venueFillMethods(db: Database): Pick<Synchronous<VenueStore>, 'recordVenueFills' | 'venueFills'> {
  const selectColumns = `SELECT ${FILL_COLUMNS} FROM venue_fills`
  const byUser = prepare<[string], FillRow>(db, `${selectColumns} WHERE user_id = ? ORDER BY id`)
  const byWallet = prepare<[string, string], FillRow>(
    db,
    `${selectColumns} WHERE user_id = ? AND proxy_wallet = ? ORDER BY id`,
  )
  const insertAll = db.transaction(venueFillWriter(db))
  return {
    recordVenueFills(fills) {
      insertAll.immediate(fills)
    },
    venueFills(userId, proxyWallet) {
      const rows =
        proxyWallet === undefined
          ? byUser.all(userId.toLowerCase())
          : byWallet.all(userId.toLowerCase(), proxyWallet.toLowerCase())
      return rows.map(fillOf)
    },
  }
}

/**
 * Appends fills without a transaction of its own: `recordVenueFills` wraps it in one; the order workflow
 * (`venueWorkflows.ts`) calls it inside the transaction that matched the order.
 */
export function venueFillWriter(db: Database): (fills: readonly VenueFill[]) => void {
  const insert = prepare<(string | number | null)[]>(
    db,
    `INSERT INTO venue_fills (${FILL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  return (fills: readonly VenueFill[]) => {
    for (const fill of fills) insert.run(...fillValues(fill))
  }
}

/** The columns a fill is written to, in `fillValues` order. */
export const FILL_COLUMNS =
  'user_id, proxy_wallet, kind, token_id, side, price_micros, size_micros, timestamp, transaction_hash, order_id'

/**
 * The values of a fill's row in `FILL_COLUMNS` order: accounts in lower case, amounts checked against the bound.
 * @throws Error for an amount outside [0, 2⁵³ − 1].
 */
export function fillValues(fill: VenueFill): (string | number | null)[] {
  return [
    fill.userId.toLowerCase(),
    fill.proxyWallet.toLowerCase(),
    fill.kind,
    fill.tokenId,
    fill.side ?? null,
    storedInteger(fill.priceMicros, 'priceMicros'),
    storedInteger(fill.sizeMicros, 'sizeMicros'),
    fill.timestamp,
    fill.transactionHash,
    fill.orderId ?? null,
  ]
}
