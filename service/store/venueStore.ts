/**
 * The venue's part of the store (migration 4): the catalog of events and markets with its full-text search, and
 * the fills of the users' proxy wallets. `venueCatalog.ts`, `venueSearch.ts` and `venueFills.ts` implement it on
 * SQLite; `Store` extends it.
 */
import type { VenueEvent, VenueMarket, VenueTag } from '../schema/venueMarket.js'

/** A search of the catalog (SPEC §4.5), validated. */
export interface VenueSearchQuery {
  /** The words to match (any case, prefixes match); `'*'` matches every event. */
  readonly query: string
  /** Only events with at least one of these tags. */
  readonly tagIds?: readonly string[]
  /** 1-based. */
  readonly page: number
  /** Events (and tags) per page. */
  readonly limitPerType: number
  /** Only events with a market accepting orders, each with only those markets. */
  readonly acceptingOrdersOnly: boolean
}

/** A page of search results. */
export interface VenueSearchPage {
  readonly events: VenueEvent[]
  /** Matching events over all pages. */
  readonly totalResults: number
  /** Tags whose label matches the query (every tag for `'*'`), at most `limitPerType`. */
  readonly tags: VenueTag[]
}

/** SPEC §4.6 filters: every one given must hold. */
export interface VenueMarketsFilter {
  readonly clobTokenIds?: readonly string[]
  /** A market's slug. */
  readonly slug?: string
  readonly tagId?: string
}

/** An outcome token with its market and event: what positions and trades show of them. */
export interface VenueTokenInfo {
  readonly tokenId: string
  readonly outcomeIndex: 0 | 1
  readonly market: VenueMarket
  readonly eventId: string
  readonly eventSlug: string
}

/** What a fill is: a trade of the proxy wallet, or the redemption of its shares of a resolved market. */
export type VenueFillKind = 'TRADE' | 'REDEEM'

/**
 * One fill of a user's proxy wallet, as the service recorded it. Amounts are integers of 10⁻⁶ (the venue's 6
 * decimals): `priceMicros` pUSD per share (500000 = 0.50), `sizeMicros` shares (1000000 = 1 share).
 */
export interface VenueFill {
  /** The user's EOA (`userId`), lower case. */
  readonly userId: string
  /** The proxy wallet that holds the shares, lower case. */
  readonly proxyWallet: string
  readonly kind: VenueFillKind
  readonly tokenId: string
  /** `BUY` or `SELL` for a trade; absent for a redemption. */
  readonly side?: 'BUY' | 'SELL'
  /** Trade price, or the redemption's payout per share (1000000 for the winner, 0 for the loser). */
  readonly priceMicros: bigint
  readonly sizeMicros: bigint
  /** Unix seconds. */
  readonly timestamp: number
  readonly transactionHash: string
  /** The order that filled, for trades placed by the service. */
  readonly orderId?: string
}

/** The venue's methods of the store. */
export interface VenueStore {
  /**
   * Loads the catalog (events with their markets, tags and series) unless the stored one has this `version`:
   * replaced whole, with its search index, in one `BEGIN IMMEDIATE` transaction, so that workers starting together
   * load it once. Fills are kept.
   * @returns whether it was (re)loaded.
   */
  loadVenueCatalog(events: readonly VenueEvent[], version: string): Promise<boolean>
  /** A page of events matching a search, best first (`venueSearch.ts` documents the ranking). */
  searchVenue(query: VenueSearchQuery): Promise<VenueSearchPage>
  /** The events holding the markets that match `filter`, each with only those markets, in catalog order. */
  venueMarkets(filter: VenueMarketsFilter): Promise<VenueEvent[]>
  /** The outcome tokens of the catalog among `tokenIds`, with their markets; unknown ids are left out. */
  venueTokens(tokenIds: readonly string[]): Promise<VenueTokenInfo[]>
  /**
   * Appends fills (one write transaction): what the order matching calls once an order filled, and the
   * redemption of a resolved market.
   * @throws Error for a fill the table's checks refuse (a bug in the caller).
   */
  recordVenueFills(fills: readonly VenueFill[]): Promise<void>
  /** A user's fills in the order they were recorded, of one proxy wallet when given. */
  venueFills(userId: string, proxyWallet?: string): Promise<VenueFill[]>
}
