/**
 * Placeholder: the venue's store methods on PostgreSQL come from the pgc branch, which replaces this file at merge.
 * Until then every venue method rejects, naming where the implementation comes from — except the three workflow
 * calls made for every transaction (getStatus and getTransactions read its workflow, the tracker settles it when
 * the transaction ends): they find "no workflow", which is true, since none can be recorded here
 * (`recordVenueWorkflow` rejects).
 */
import type { VenueBookStore } from '../venueBook.js'
import type { VenueStore } from '../venueStore.js'
import type { VenueUserStore } from '../venueUsers.js'
import type { VenueWorkflowStore } from '../venueWorkflows.js'
import type { PgDatabase } from './connection.js'

type PgVenueMethods = VenueStore & VenueUserStore & VenueBookStore & VenueWorkflowStore

/**
 * The venue's methods over `db` (placeholder: each rejects).
 *
 * @example const venue = pgVenueMethods(db)
 */
export function pgVenueMethods(db: PgDatabase): PgVenueMethods {
  void db
  const unavailable = async (): Promise<never> => {
    throw new Error('venue store on PostgreSQL: merged from the pgc branch')
  }
  const methods: PgVenueMethods = {
    loadVenueCatalog: unavailable,
    searchVenue: unavailable,
    venueMarkets: unavailable,
    venueTokens: unavailable,
    recordVenueFills: unavailable,
    venueFills: unavailable,
    createOrFetchVenueUser: unavailable,
    getVenueUser: unavailable,
    seedVenueBooks: unavailable,
    getVenueBook: unavailable,
    matchVenueOrder: unavailable,
    recordVenueWorkflow: unavailable,
    getVenueWorkflow: async () => undefined,
    venueWorkflowsOf: async () => new Map(),
    settleVenueWorkflow: async () => undefined,
  }
  return methods
}
