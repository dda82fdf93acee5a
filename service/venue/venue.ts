/**
 * The venue behind `/workflows/venue/*` (DESIGN "one venue module behind an interface"): the reads of SPEC
 * §4.5–§4.8. Two implementations: the fixture venue (`fixtureVenue.ts`, the default: the catalog in the store,
 * positions from the fills the service recorded) and the real venue's public APIs (`realVenue.ts`, chosen by
 * `VENUE_GAMMA_URL` / `VENUE_DATA_URL`). Queries arrive validated (`service/routes/venue*.ts`).
 */
import type { VenueMarketsResponse, VenueSearchResponse } from '../schema/venueMarket.js'
import type { VenueClosedPosition, VenuePosition, VenueTrade } from '../schema/venuePositions.js'
import type { VenueMarketsFilter, VenueSearchQuery } from '../store/venueStore.js'

/** Whose positions or trades (SPEC §4.7, §4.8). */
export interface VenueUserQuery {
  /** The user's EOA, `0x` + 40 hex. */
  readonly userId: string
  /** The proxy wallet, `0x` + 40 hex; default every wallet of the user (fixture) or the derived one (real). */
  readonly proxyWallet?: string
}

/** SPEC §4.7 query. */
export interface VenuePositionsQuery extends VenueUserQuery {
  /** Only redeemable positions. */
  readonly redeemable: boolean
  /** Only mergeable positions. */
  readonly mergeable: boolean
}

/** The reads of a venue. */
export interface VenueReads {
  /** `fixture` or `real`: which implementation answers. */
  readonly kind: 'fixture' | 'real'
  search(query: VenueSearchQuery): Promise<VenueSearchResponse>
  getMarkets(filter: VenueMarketsFilter): Promise<VenueMarketsResponse>
  currentPositions(query: VenuePositionsQuery): Promise<VenuePosition[]>
  closedPositions(query: VenueUserQuery): Promise<VenueClosedPosition[]>
  trades(query: VenueUserQuery): Promise<VenueTrade[]>
}

/**
 * Applies SPEC §4.7's flags to positions: `redeemable` keeps only redeemable ones, `mergeable` only mergeable ones
 * (both: both must hold).
 *
 * @example filterPositions(positions, { redeemable: true, mergeable: false })
 */
export function filterPositions<P extends { redeemable: boolean; mergeable: boolean }>(
  positions: readonly P[],
  flags: { readonly redeemable: boolean; readonly mergeable: boolean },
): P[] {
  return positions.filter(
    (position) => (!flags.redeemable || position.redeemable) && (!flags.mergeable || position.mergeable),
  )
}
