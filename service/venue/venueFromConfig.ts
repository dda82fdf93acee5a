/**
 * Chooses the venue from the configuration: the real venue's APIs when `VENUE_GAMMA_URL` and `VENUE_DATA_URL` are
 * set, else the fixture venue over the store.
 */
import type { Store } from '../store/store.js'
import { fixtureVenue } from './fixtureVenue.js'
import { realVenue } from './realVenue.js'
import type { VenueReads } from './venue.js'
import type { VenueConfig } from './venueConfig.js'
import { readVenueFixture } from './venueFixture.js'

/**
 * The configured venue. The fixture venue loads its catalog into the store (once per fixture version).
 *
 * @throws Error when the fixture file cannot be read (fixture venue only).
 * @example const venue = await venueFromConfig(config.venue, store)
 */
export async function venueFromConfig(config: VenueConfig, store: Store): Promise<VenueReads> {
  if (config.real !== undefined) return realVenue({ ...config.real, timeoutMs: config.timeoutMs })
  return fixtureVenue(store, readVenueFixture(config.fixturePath))
}
