/**
 * The venue's part of the PostgreSQL store: catalog and search, fills, users, live books and order workflows, over
 * the tables of `PG_VENUE_SCHEMA_SQL` (`venueSchema.ts`). Same interfaces and semantics as the SQLite modules
 * (`store/venue*.ts`); `store/README.md` "Venue" → "PostgreSQL" lists where the two differ.
 */
import type { VenueBookStore } from '../venueBook.js'
import type { VenueStore } from '../venueStore.js'
import type { VenueUserStore } from '../venueUsers.js'
import type { VenueWorkflowStore } from '../venueWorkflows.js'
import type { PgDatabase } from './connection.js'
import { pgVenueBookMethods } from './venueBook.js'
import { pgVenueCatalogMethods } from './venueCatalog.js'
import { pgVenueFillMethods } from './venueFills.js'
import { pgVenueSearchMethods } from './venueSearch.js'
import { pgVenueUserMethods } from './venueUsers.js'
import { pgVenueWorkflowMethods } from './venueWorkflows.js'

/** Every venue method of the store. */
export type PgVenueMethods = VenueStore & VenueUserStore & VenueBookStore & VenueWorkflowStore

/**
 * The venue methods of the store on a PostgreSQL pool whose database has `PG_VENUE_SCHEMA_SQL` applied.
 *
 * @example
 * const db = openPgDatabase(process.env.DATABASE_URL!)
 * const venue = pgVenueMethods(db)
 * await venue.searchVenue({ query: 'bitcoin', page: 1, limitPerType: 10, acceptingOrdersOnly: false })
 */
export function pgVenueMethods(db: PgDatabase): PgVenueMethods {
  return {
    ...pgVenueCatalogMethods(db),
    ...pgVenueSearchMethods(db),
    ...pgVenueFillMethods(db),
    ...pgVenueUserMethods(db),
    ...pgVenueBookMethods(db),
    ...pgVenueWorkflowMethods(db),
  }
}
