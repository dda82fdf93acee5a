/**
 * Venue users on PostgreSQL (`venue_users`, the key `(org_id, address)` as on SQLite): `INSERT … ON CONFLICT DO
 * NOTHING RETURNING` decides who created a user. Concurrent inserts of one key wait for the first to commit, then
 * insert nothing and return no row, so exactly one caller gets `created: true`; the others read the row back.
 */
import { type VenueUserRow, type VenueUserStore, userOf } from '../venueUsers.js'
import type { PgDatabase } from './connection.js'

const SELECT = 'SELECT user_id, proxy_wallet, created_at FROM venue_users WHERE org_id = $1 AND address = $2'

/**
 * The venue-user methods on a PostgreSQL pool.
 *
 * @example
 * await pgVenueUserMethods(db).createOrFetchVenueUser({ orgId, userId, address: userId, proxyWallet, createdAt })
 */
export function pgVenueUserMethods(db: PgDatabase): VenueUserStore {
  return {
    async createOrFetchVenueUser(input) {
      const key = input.address.toLowerCase()
      const [inserted] = await db.query<VenueUserRow>(
        `INSERT INTO venue_users (org_id, address, user_id, proxy_wallet, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, address) DO NOTHING RETURNING user_id, proxy_wallet, created_at`,
        [input.orgId, key, input.userId, input.proxyWallet, input.createdAt],
      )
      if (inserted !== undefined) return { user: userOf(inserted), created: true }
      // READ COMMITTED: this statement sees the row the conflicting insert committed.
      const [row] = await db.query<VenueUserRow>(SELECT, [input.orgId, key])
      return { user: userOf(row!), created: false }
    },
    async getVenueUser(orgId, userId) {
      const [row] = await db.query<VenueUserRow>(SELECT, [orgId, userId.toLowerCase()])
      return row === undefined ? undefined : userOf(row)
    },
  }
}
