/**
 * The real venue's reads (selected by `VENUE_GAMMA_URL` and `VENUE_DATA_URL`): the spec's parameters mapped to the
 * venue's public Gamma and Data APIs (research file §1, §6), and their answers conformed to the spec's shapes
 * (`conform.ts`).
 *
 * | spec | upstream |
 * |---|---|
 * | search `q`, `tagId`, `page`, `limitPerType` | Gamma `GET /public-search` `q`, `events_tag`, `page`, |
 * |   | `limit_per_type` |
 * | search `acceptingOrdersOnly` | no upstream flag: markets filtered here (`acceptingOrders`, not `closed`) |
 * | getMarkets `clobTokenIds`, `slug`, `tagId` | Gamma `GET /markets` `clob_token_ids`, `slug`, `tag_id`, once with |
 * |   | `closed=false` and once `closed=true` (omitted, it answers open markets only); grouped by each market's event |
 * | getCurrentPositions | Data `GET /positions` `user`, `redeemable`, `mergeable`, `sizeThreshold=0`, `limit=500` |
 * | getClosedPositions | Data `GET /closed-positions` `user`, `limit=50` |
 * | getTrades | Data `GET /trades` `user`, `takerOnly=false` (upstream hides maker fills by default), `limit=500` |
 *
 * `user` is the `proxyWallet` when given, else the `userId` (the Data API keys positions by the wallet holding
 * them). With `acceptingOrdersOnly`, `totalResults` stays upstream's count. An upstream failure, a timeout or a
 * non-JSON answer: 503 `SERVICE_UNAVAILABLE`.
 */
import { ServiceUnavailableError } from '../errors.js'
import { VenueEvent, VenueMarket, VenueTag } from '../schema/venueMarket.js'
import { VenueClosedPosition, VenuePosition, VenueTrade } from '../schema/venuePositions.js'
import { conform } from './conform.js'
import { type VenueReads, type VenueUserQuery, filterPositions } from './venue.js'

/** Where the real venue is. */
export interface RealVenueOptions {
  readonly gammaUrl: string
  readonly dataUrl: string
  readonly timeoutMs: number
}

/** Seconds the client is told to wait when the venue fails. */
const RETRY_AFTER_SECONDS = 5

/** The real venue failed, timed out or answered something else than JSON: 503 `SERVICE_UNAVAILABLE`. */
export class VenueUnavailableError extends ServiceUnavailableError {
  constructor(path: string, cause: unknown) {
    super({ retryAfterSeconds: RETRY_AFTER_SECONDS })
    this.message = `The venue did not answer ${path}; retry shortly`
    this.cause = cause
  }
}

type Params = Record<string, string | number | boolean | readonly string[] | undefined>

function url(base: string, path: string, params: Params): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item))
  }
  return `${base}${path}?${search.toString()}`
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * The real venue's reads.
 *
 * @example const venue = realVenue({ gammaUrl: 'https://gamma-api.polymarket.com', dataUrl: 'https://data-api.polymarket.com', timeoutMs: 10_000 })
 */
export function realVenue(options: RealVenueOptions): VenueReads {
  const get = async (base: string, path: string, params: Params): Promise<unknown> => {
    try {
      const response = await fetch(url(base, path, params), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return (await response.json()) as unknown
    } catch (cause) {
      throw new VenueUnavailableError(path, cause)
    }
  }
  const user = (query: VenueUserQuery) => query.proxyWallet ?? query.userId

  /** The upstream event of a `/markets` market (its first event), as a spec event holding that market. */
  const eventOfMarket = (market: Record<string, unknown>): { id: string; event: VenueEvent } => {
    const upstream = asArray(market.events)[0] ?? { id: market.id, slug: market.slug, title: market.question }
    const event = conform<VenueEvent>(VenueEvent, { ...(upstream as object), markets: [] })
    return { id: event.id, event }
  }
  /** A market with its token ids where the spec wants them (`clobTokenIds`, a JSON string). */
  const market = (raw: Record<string, unknown>): VenueMarket =>
    conform<VenueMarket>(VenueMarket, { ...raw, clobTokenIds: raw.clobTokenIds ?? raw.positionIds })
  const event = (raw: unknown): VenueEvent => {
    const record = (raw ?? {}) as Record<string, unknown>
    return {
      ...conform<VenueEvent>(VenueEvent, record),
      markets: asArray(record.markets).map((m) => market(m as never)),
    }
  }

  return {
    kind: 'real',
    async search(query) {
      const answer = (await get(options.gammaUrl, '/public-search', {
        q: query.query,
        events_tag: query.tagIds,
        page: query.page,
        limit_per_type: query.limitPerType,
      })) as Record<string, unknown> | null
      const pagination = (answer?.pagination ?? {}) as Record<string, unknown>
      let events = asArray(answer?.events).map(event)
      if (query.acceptingOrdersOnly) {
        events = events
          .map((item) => ({ ...item, markets: item.markets.filter((m) => m.acceptingOrders && !m.closed) }))
          .filter((item) => item.markets.length > 0)
      }
      return {
        events,
        pagination: { hasMore: pagination.hasMore === true, totalResults: Number(pagination.totalResults) || 0 },
        tags: asArray(answer?.tags).map((tag) => conform<VenueTag>(VenueTag, tag)),
        profiles: asArray(answer?.profiles).filter((profile) => typeof profile === 'object' && profile !== null),
      } as Awaited<ReturnType<VenueReads['search']>>
    },
    async getMarkets(filter) {
      const params = { clob_token_ids: filter.clobTokenIds, slug: filter.slug, tag_id: filter.tagId }
      const answers = await Promise.all(
        [false, true].map((closed) => get(options.gammaUrl, '/markets', { ...params, closed })),
      )
      const events = new Map<string, VenueEvent>()
      for (const raw of answers.flatMap(asArray) as Record<string, unknown>[]) {
        const { id, event: shell } = eventOfMarket(raw)
        const holder = events.get(id) ?? shell
        holder.markets.push(market(raw))
        events.set(id, holder)
      }
      return { events: [...events.values()] }
    },
    async currentPositions(query) {
      const rows = await get(options.dataUrl, '/positions', {
        user: user(query),
        redeemable: query.redeemable,
        mergeable: query.mergeable,
        sizeThreshold: 0,
        limit: 500,
      })
      return filterPositions(
        asArray(rows).map((row) =>
          conform<Awaited<ReturnType<VenueReads['currentPositions']>>[number]>(VenuePosition, row),
        ),
        query,
      )
    },
    async closedPositions(query) {
      const rows = await get(options.dataUrl, '/closed-positions', { user: user(query), limit: 50 })
      return asArray(rows).map((row) => conform(VenueClosedPosition, row))
    },
    async trades(query) {
      const rows = await get(options.dataUrl, '/trades', { user: user(query), takerOnly: false, limit: 500 })
      return asArray(rows).map((row) => conform(VenueTrade, row))
    },
  }
}
