/**
 * Venue users in the SQLite store (migration 5, `venue_users`): one per (organization, EVM account), created on
 * first use and fetched afterwards by `POST /workflows/venue/createOrFetchVenueUser`.
 */
import { type Database, prepare } from './database.js'
import type { Synchronous } from './store.js'

/** A venue user as stored. */
export interface VenueUser {
  /** The user's id for `getAction` (`userId`): the account, checksummed (SPEC §4.7 takes the EOA as `userId`). */
  readonly userId: string
  /** The EVM account (EOA), checksummed. */
  readonly address: string
  /** The account's venue wallet (`proxyWallet`), checksummed. */
  readonly proxyWallet: string
  /** Unix seconds of the creation. */
  readonly createdAt: number
}

/** What `createOrFetchVenueUser` stores when the user is new. */
export interface NewVenueUser extends VenueUser {
  /** The caller's organization: users are per organization, like transactions. */
  readonly orgId: string
}

/** The user and whether this call created it. */
export interface VenueUserOutcome {
  readonly user: VenueUser
  /** `true` for the one call that inserted the row; `false` for every other, concurrent or later. */
  readonly created: boolean
}

/** The venue-user methods of the store. */
export interface VenueUserStore {
  /**
   * Creates the user of `input.orgId` and `input.address` unless it exists, in one write transaction; answers the
   * stored user either way (an existing user keeps its first `createdAt`). Safe under concurrency: however many
   * connections call it at once for one account, exactly one gets `created: true`.
   */
  createOrFetchVenueUser(input: NewVenueUser): Promise<VenueUserOutcome>
  /** The user of `orgId` whose `userId` (the account, any case) is given, or `undefined`. */
  getVenueUser(orgId: string, userId: string): Promise<VenueUser | undefined>
}

/** A `venue_users` row as both backends read it (`created_at`: a string from PostgreSQL's `BIGINT`). */
export interface VenueUserRow {
  user_id: string
  proxy_wallet: string
  created_at: number | string
}

/**
 * The user of a stored row. `address` is stored in lower case (the key); the answer's is the checksummed form,
 * which is the `userId`.
 */
export const userOf = (row: VenueUserRow): VenueUser => ({
  userId: row.user_id,
  address: row.user_id,
  proxyWallet: row.proxy_wallet,
  createdAt: Number(row.created_at),
})

/**
 * The venue-user methods over one connection; statements are prepared once.
 *
 * @example
 * const users = venueUserMethods(db)
 * users.createOrFetchVenueUser({ orgId, userId, address: userId, proxyWallet, createdAt: 1_700_000_000 })
 */
export function venueUserMethods(db: Database): Synchronous<VenueUserStore> {
  const insert = prepare<[Record<string, string | number>]>(
    db,
    `INSERT INTO venue_users (org_id, address, user_id, proxy_wallet, created_at)
     VALUES (@orgId, @key, @userId, @proxyWallet, @createdAt) ON CONFLICT (org_id, address) DO NOTHING`,
  )
  const select = prepare<[string, string], VenueUserRow>(
    db,
    'SELECT user_id, proxy_wallet, created_at FROM venue_users WHERE org_id = ? AND address = ?',
  )
  const createOrFetch = db.transaction((input: NewVenueUser): VenueUserOutcome => {
    const key = input.address.toLowerCase()
    const { changes } = insert.run({
      orgId: input.orgId,
      key,
      userId: input.userId,
      proxyWallet: input.proxyWallet,
      createdAt: input.createdAt,
    })
    return { user: userOf(select.get(input.orgId, key)!), created: changes === 1 }
  })
  return {
    createOrFetchVenueUser: (input) => createOrFetch.immediate(input),
    getVenueUser(orgId, userId) {
      const row = select.get(orgId, userId.toLowerCase())
      return row === undefined ? undefined : userOf(row)
    },
  }
}
