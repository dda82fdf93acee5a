/**
 * The venue catalog in SQLite (migration 4): loading it, the markets of `getMarkets` (SPEC §4.6), the outcome
 * tokens positions need, and the assembly of an event from its row and its market rows.
 */
import { type Database, prepare, valueOf } from './database.js'
import type { VenueEvent, VenueMarket, VenueTag } from '../schema/venueMarket.js'
import type { VenueMarketsFilter, VenueStore } from './venueStore.js'
import type { Synchronous } from './store.js'

/** A market row as the reads select it. */
interface MarketRow {
  event_id: string
  market_json: string
  accepting_orders: number
}

/**
 * Events from their JSON rows and their markets' rows (in position order): each event's markets are the rows of
 * its id, in the order given, so a caller that selected only some markets gets only those.
 *
 * @example
 * assembleEvents([{ id: '1', event_json: '{…}' }], [{ event_id: '1', market_json: '{…}', accepting_orders: 1 }])
 */
export function assembleEvents(
  eventRows: readonly { id: string; event_json: string }[],
  marketRows: readonly MarketRow[],
): VenueEvent[] {
  const markets = new Map<string, VenueMarket[]>()
  for (const row of marketRows) {
    const list = markets.get(row.event_id) ?? []
    list.push(JSON.parse(row.market_json) as VenueMarket)
    markets.set(row.event_id, list)
  }
  return eventRows.map((row) => {
    const event = JSON.parse(row.event_json) as VenueEvent
    event.markets = markets.get(row.id) ?? []
    return event
  })
}

/** The market rows of some events, in event then position order (`accepting`: only markets accepting orders). */
export function marketRowsOf(db: Database): (eventIds: readonly string[], accepting: boolean) => MarketRow[] {
  const select = prepare<[string, number], MarketRow>(
    db,
    `SELECT event_id, market_json, accepting_orders FROM venue_markets
     WHERE event_id IN (SELECT value FROM json_each(?)) AND accepting_orders >= ?
     ORDER BY event_id, position`,
  )
  return (eventIds, accepting) => select.all(JSON.stringify(eventIds), accepting ? 1 : 0)
}

const GENERIC_OUTCOMES: ReadonlySet<string> = new Set(['Yes', 'No'])

/**
 * The text the search index holds for an event: its title, its markets' wording, its tags, the descriptions (both
 * backends index these four, weighted in that order).
 *
 * @example const [title, markets, tags, description] = searchColumns(event)
 */
export function searchColumns(event: VenueEvent): [string, string, string, string] {
  const markets = event.markets.map((market) => {
    // Named outcomes (teams, Up/Down, Over/Under) are searchable; Yes/No, in nearly every market, would only add noise.
    const outcomes = (JSON.parse(market.outcomes) as string[]).filter((outcome) => !GENERIC_OUTCOMES.has(outcome))
    return [market.question, market.groupItemTitle, ...outcomes].join(' ')
  })
  const descriptions = [event.description, ...event.markets.map((market) => market.description)]
  return [
    event.title,
    markets.join(' \n'),
    event.tags.map((tag) => tag.label).join(' \n'),
    [...new Set(descriptions)].join(' \n'),
  ]
}

const CLEAR_CATALOG = `
  DELETE FROM venue_event_search; DELETE FROM venue_tag_search; DELETE FROM venue_event_tags; DELETE FROM venue_tokens;
  DELETE FROM venue_markets; DELETE FROM venue_events; DELETE FROM venue_tags; DELETE FROM venue_series;`

/** The catalog methods of `VenueStore` over one connection. */
export function venueCatalogMethods(
  db: Database,
): Pick<Synchronous<VenueStore>, 'loadVenueCatalog' | 'venueMarkets' | 'venueTokens'> {
  const catalogVersion = db.prepare('SELECT version FROM venue_catalog WHERE id = 1')
  const setVersion = prepare<[string]>(
    db,
    'INSERT INTO venue_catalog (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version',
  )
  const insertEvent = prepare<[string, string, number, string]>(
    db,
    'INSERT INTO venue_events (id, slug, volume, event_json) VALUES (?, ?, ?, ?)',
  )
  const insertSearch = prepare<[number | bigint, string, string, string, string]>(
    db,
    'INSERT INTO venue_event_search (rowid, title, markets, tags, description) VALUES (?, ?, ?, ?, ?)',
  )
  const insertMarket = prepare<[string, string, number, string, string, number, string]>(
    db,
    `INSERT INTO venue_markets (id, event_id, position, slug, condition_id, accepting_orders, market_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertToken = prepare<[string, string, number]>(
    db,
    'INSERT INTO venue_tokens (token_id, market_id, outcome_index) VALUES (?, ?, ?)',
  )
  const insertTag = prepare<[string, string]>(
    db,
    'INSERT INTO venue_tags (id, tag_json) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
  )
  const insertTagSearch = prepare<[string, string]>(
    db,
    `INSERT INTO venue_tag_search (rowid, label)
     SELECT seq, ? FROM venue_tags WHERE id = ? AND seq NOT IN (SELECT rowid FROM venue_tag_search)`,
  )
  const insertEventTag = prepare<[string, string]>(
    db,
    'INSERT INTO venue_event_tags (tag_id, event_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  )
  const insertSeries = prepare<[string, string]>(
    db,
    'INSERT INTO venue_series (id, series_json) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
  )

  const insertEventRows = (event: VenueEvent) => {
    const { lastInsertRowid } = insertEvent.run(
      event.id,
      event.slug,
      event.volume,
      JSON.stringify({ ...event, markets: [] }),
    )
    insertSearch.run(lastInsertRowid, ...searchColumns(event))
    event.markets.forEach((market, position) => {
      insertMarket.run(
        market.id,
        event.id,
        position,
        market.slug,
        market.conditionId,
        market.acceptingOrders ? 1 : 0,
        JSON.stringify(market),
      )
      const tokenIds = JSON.parse(market.clobTokenIds) as string[]
      tokenIds.forEach((tokenId, index) => insertToken.run(tokenId, market.id, index))
    })
    for (const tag of event.tags) {
      insertTag.run(tag.id, JSON.stringify(tag satisfies VenueTag))
      insertTagSearch.run(tag.label, tag.id)
      insertEventTag.run(tag.id, event.id)
    }
    for (const series of event.series) insertSeries.run(series.id, JSON.stringify(series))
  }

  const selectMarkets = prepare<[Record<string, string | null>], MarketRow>(
    db,
    `SELECT m.event_id, m.market_json, m.accepting_orders FROM venue_markets m JOIN venue_events e ON e.id = m.event_id
     WHERE (@tokens IS NULL OR m.id IN (SELECT market_id FROM venue_tokens WHERE token_id IN (SELECT value FROM json_each(@tokens))))
       AND (@slug IS NULL OR m.slug = @slug)
       AND (@tagId IS NULL OR EXISTS (SELECT 1 FROM venue_event_tags t WHERE t.event_id = m.event_id AND t.tag_id = @tagId))
     ORDER BY e.seq, m.position`,
  )
  const selectEvents = prepare<[string], { id: string; event_json: string }>(
    db,
    'SELECT id, event_json FROM venue_events WHERE id IN (SELECT value FROM json_each(?)) ORDER BY seq',
  )
  const selectTokens = prepare<
    [string],
    { token_id: string; outcome_index: number; market_json: string; event_id: string; slug: string }
  >(
    db,
    `SELECT t.token_id, t.outcome_index, m.market_json, m.event_id, e.slug FROM venue_tokens t
     JOIN venue_markets m ON m.id = t.market_id JOIN venue_events e ON e.id = m.event_id
     WHERE t.token_id IN (SELECT value FROM json_each(?))`,
  )

  return {
    loadVenueCatalog(events, version) {
      return db
        .transaction(() => {
          if (valueOf(catalogVersion) === version) return false
          db.exec(CLEAR_CATALOG)
          for (const event of events) insertEventRows(event)
          setVersion.run(version)
          return true
        })
        .immediate()
    },
    venueMarkets(filter: VenueMarketsFilter) {
      const rows = selectMarkets.all({
        tokens: filter.clobTokenIds === undefined ? null : JSON.stringify(filter.clobTokenIds),
        slug: filter.slug ?? null,
        tagId: filter.tagId ?? null,
      })
      const eventIds = [...new Set(rows.map((row) => row.event_id))]
      return assembleEvents(selectEvents.all(JSON.stringify(eventIds)), rows)
    },
    venueTokens(tokenIds) {
      return selectTokens.all(JSON.stringify(tokenIds)).map((row) => ({
        tokenId: row.token_id,
        outcomeIndex: row.outcome_index === 0 ? 0 : 1,
        market: JSON.parse(row.market_json) as VenueMarket,
        eventId: row.event_id,
        eventSlug: row.slug,
      }))
    },
  }
}
