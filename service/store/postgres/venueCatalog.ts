/**
 * The venue catalog on PostgreSQL: loading it (versioned, once however many workers start together), the markets
 * of `getMarkets` (SPEC §4.6) and the outcome tokens positions need. The same rows as SQLite's
 * (`store/venueCatalog.ts`), written in a few set-based statements (`unnest` of arrays) instead of one per row.
 */
import type { VenueEvent, VenueMarket, VenueTag } from '../../schema/venueMarket.js'
import { assembleEvents, searchColumns } from '../venueCatalog.js'
import type { VenueMarketsFilter, VenueStore, VenueTokenInfo } from '../venueStore.js'
import type { PgDatabase, Sql } from './connection.js'
import { searchText } from './venueSearch.js'

const CLEAR_CATALOG = `DELETE FROM venue_event_tags; DELETE FROM venue_tokens; DELETE FROM venue_markets;
  DELETE FROM venue_events; DELETE FROM venue_tags; DELETE FROM venue_series;`

/** The values of `keys` in `rows`, one array per key: the parameters of an `INSERT … SELECT FROM unnest(…)`. */
function columnsOf<R extends Record<string, unknown>>(rows: readonly R[], keys: readonly (keyof R)[]): unknown[][] {
  return keys.map((key) => rows.map((row) => row[key]))
}

/** The first of each id, in order of appearance (SQLite's `ON CONFLICT DO NOTHING`). */
function firstOfEach<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, T>()
  for (const item of items) if (!seen.has(item.id)) seen.set(item.id, item)
  return [...seen.values()]
}

/** The tokens of `searchText`'s output: the document length of `bm25`. */
const tokenCount = (text: string) => (text === '' ? 0 : text.split(' ').length)

/** Inserts every row of the catalog; the tables are empty. */
async function insertCatalog(sql: Sql, events: readonly VenueEvent[]): Promise<void> {
  const eventRows = events.map((event, index) => {
    const columns = searchColumns(event).map(searchText)
    const [title, markets, tags, description] = columns
    const json = JSON.stringify({ ...event, markets: [] })
    return {
      seq: index + 1,
      id: event.id,
      slug: event.slug,
      volume: event.volume,
      json,
      tokens: columns.reduce((sum, text) => sum + tokenCount(text), 0),
      title,
      markets,
      tags,
      description,
    }
  })
  await sql.query(
    `INSERT INTO venue_events (seq, id, slug, volume, event_json, search_tokens, search)
     SELECT seq, id, slug, volume, json, tokens,
       setweight(to_tsvector('venue_search', title), 'A') || setweight(to_tsvector('venue_search', markets), 'B')
       || setweight(to_tsvector('venue_search', tags), 'C') || setweight(to_tsvector('venue_search', description), 'D')
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::int[], $7::text[], $8::text[],
       $9::text[], $10::text[]) AS t (seq, id, slug, volume, json, tokens, title, markets, tags, description)`,
    columnsOf(eventRows, ['seq', 'id', 'slug', 'volume', 'json', 'tokens', 'title', 'markets', 'tags', 'description']),
  )
  const markets = events.flatMap((event) =>
    event.markets.map((market, position) => ({
      id: market.id,
      eventId: event.id,
      position,
      slug: market.slug,
      conditionId: market.conditionId,
      accepting: market.acceptingOrders,
      json: JSON.stringify(market),
      tokenIds: JSON.parse(market.clobTokenIds) as string[],
    })),
  )
  await sql.query(
    `INSERT INTO venue_markets (id, event_id, position, slug, condition_id, accepting_orders, market_json)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::boolean[], $7::text[])`,
    columnsOf(markets, ['id', 'eventId', 'position', 'slug', 'conditionId', 'accepting', 'json']),
  )
  const tokens = markets.flatMap((market) =>
    market.tokenIds.map((tokenId, index) => ({ tokenId, marketId: market.id, index })),
  )
  await sql.query(
    `INSERT INTO venue_tokens (token_id, market_id, outcome_index) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])`,
    columnsOf(tokens, ['tokenId', 'marketId', 'index']),
  )
  const tags = firstOfEach(events.flatMap((event) => event.tags)).map((tag, index) => ({
    seq: index + 1,
    id: tag.id,
    json: JSON.stringify(tag satisfies VenueTag),
    label: searchText(tag.label),
  }))
  const tagTokens = tags.map((tag) => tokenCount(tag.label))
  await sql.query(
    `INSERT INTO venue_tags (seq, id, tag_json, label_search, label_tokens)
     SELECT seq, id, json, to_tsvector('venue_search', label), tokens
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::int[]) AS t (seq, id, json, label, tokens)`,
    [...columnsOf(tags, ['seq', 'id', 'json', 'label']), tagTokens],
  )
  const eventTags = events.flatMap((event) => event.tags.map((tag) => ({ tagId: tag.id, eventId: event.id })))
  await sql.query(
    `INSERT INTO venue_event_tags (tag_id, event_id) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT DO NOTHING`,
    columnsOf(eventTags, ['tagId', 'eventId']),
  )
  const series = firstOfEach(events.flatMap((event) => event.series))
  await sql.query('INSERT INTO venue_series (id, series_json) SELECT * FROM unnest($1::text[], $2::text[])', [
    series.map((item) => item.id),
    series.map((item) => JSON.stringify(item)),
  ])
}

/**
 * The outcome tokens among `tokenIds` with their markets and events, on `sql` (the pool, or a settlement's
 * transaction).
 *
 * @example const [token] = await tokensOf(tx, [tokenId])
 */
export async function tokensOf(sql: Sql, tokenIds: readonly string[]): Promise<VenueTokenInfo[]> {
  const rows = await sql.query<{
    token_id: string
    outcome_index: number
    market_json: string
    event_id: string
    slug: string
  }>(
    `SELECT t.token_id, t.outcome_index, m.market_json, m.event_id, e.slug FROM venue_tokens t
     JOIN venue_markets m ON m.id = t.market_id JOIN venue_events e ON e.id = m.event_id
     WHERE t.token_id = ANY ($1::text[])`,
    [tokenIds],
  )
  return rows.map((row) => ({
    tokenId: row.token_id,
    outcomeIndex: row.outcome_index === 0 ? 0 : 1,
    market: JSON.parse(row.market_json) as VenueMarket,
    eventId: row.event_id,
    eventSlug: row.slug,
  }))
}

/**
 * The catalog methods of `VenueStore` on a PostgreSQL pool.
 *
 * @example await pgVenueCatalogMethods(db).loadVenueCatalog(fixture.events, version)
 */
export function pgVenueCatalogMethods(
  db: PgDatabase,
): Pick<VenueStore, 'loadVenueCatalog' | 'venueMarkets' | 'venueTokens'> {
  return {
    loadVenueCatalog: (events, version) =>
      db.transaction(async (tx) => {
        // The row exists from the migration on: locking it makes concurrent loaders wait, then see the new version.
        const [row] = await tx.query<{ version: string }>('SELECT version FROM venue_catalog WHERE id = 1 FOR UPDATE')
        if (row?.version === version) return false
        await tx.query(CLEAR_CATALOG)
        await insertCatalog(tx, events)
        await tx.query(
          `INSERT INTO venue_catalog (id, version) VALUES (1, $1)
           ON CONFLICT (id) DO UPDATE SET version = excluded.version`,
          [version],
        )
        return true
      }),
    async venueMarkets(filter: VenueMarketsFilter) {
      const rows = await db.query<{ event_id: string; market_json: string; accepting_orders: number }>(
        `SELECT m.event_id, m.market_json, m.accepting_orders::int AS accepting_orders
         FROM venue_markets m JOIN venue_events e ON e.id = m.event_id
         WHERE ($1::text[] IS NULL OR m.id IN (SELECT market_id FROM venue_tokens WHERE token_id = ANY ($1::text[])))
           AND ($2::text IS NULL OR m.slug = $2)
           AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM venue_event_tags t
             WHERE t.event_id = m.event_id AND t.tag_id = $3))
         ORDER BY e.seq, m.position`,
        [filter.clobTokenIds ?? null, filter.slug ?? null, filter.tagId ?? null],
      )
      const eventIds = [...new Set(rows.map((row) => row.event_id))]
      const events = await db.query<{ id: string; event_json: string }>(
        'SELECT id, event_json FROM venue_events WHERE id = ANY ($1::text[]) ORDER BY seq',
        [eventIds],
      )
      return assembleEvents(events, rows)
    },
    venueTokens: (tokenIds) => tokensOf(db, tokenIds),
  }
}
