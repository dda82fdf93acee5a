/**
 * Full-text search of the venue catalog (SPEC §4.5) on PostgreSQL: the weighted `tsvector` of each event (GIN
 * index, `venueSchema.ts`) in place of FTS5, with the SQLite backend's rule (`store/venueSearch.ts`):
 *
 * - the same words (`queryWords`), each a prefix (`word:*`), all required, stemmed by the English Snowball stemmer
 *   of the `venue_search` configuration (FTS5: Porter), over text folded for case and diacritics here, in the code;
 * - ranked by: events whose **title or market wording** hold every word first (`word:*AB`: the word with weight A or
 *   B), then FTS5's `bm25` with the same column weights (10, 4, 2, 1), computed in SQL (`venueBm25.ts`), then
 *   volume, then catalog order. `*`: volume, catalog order. Tags: `bm25` of their labels, then catalog order.
 */
import type { VenueTag } from '../../schema/venueMarket.js'
import { assembleEvents } from '../venueCatalog.js'
import { queryWords } from '../venueSearch.js'
import type { VenueSearchPage, VenueSearchQuery, VenueStore } from '../venueStore.js'
import type { PgDatabase, Sql } from './connection.js'
import { bm25Sql } from './venueBm25.js'

const EVENT_RANK = bm25Sql({ name: 'events', table: 'venue_events', vector: 'search', length: 'search_tokens' }, '$5')
const TAG_RANK = bm25Sql({ name: 'tags', table: 'venue_tags', vector: 'label_search', length: 'label_tokens' }, '$4')

/**
 * Text as the index holds it: diacritics removed (NFD, marks dropped), lower case, cut into runs of letters and
 * digits joined by single spaces — the tokens FTS5's `unicode61 remove_diacritics 2` makes, so that the
 * configuration's parser sees plain words only.
 *
 * @example searchText('Pokémon: 2026-12-05!') // 'pokemon 2026 12 05'
 */
export function searchText(text: string): string {
  return (
    foldDiacritics(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(' ')
}

const foldDiacritics = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '')

/**
 * The `tsquery` text of a search: each word a prefix, all required (`weights`: only in those columns); `undefined`
 * when the query has no word. Words are letters and digits only: nothing in the input is tsquery syntax.
 *
 * @example tsQueryText('Fed décision') // 'fed:* & decision:*'
 */
export function tsQueryText(query: string, weights = ''): string | undefined {
  return queryWords(foldDiacritics(query))
    ?.map((word) => `${word}:*${weights}`)
    .join(' & ')
}

/**
 * The events matching, with their rank keys. Parameters: $1 tag ids (or NULL), $2 accepting only, $3 the query, $4
 * the title query, $5 the words.
 */
const matching = (isAll: boolean) => {
  const filters = `($1::text[] IS NULL OR EXISTS (SELECT 1 FROM venue_event_tags t
      WHERE t.event_id = e.id AND t.tag_id = ANY ($1::text[])))
    AND (NOT $2::boolean OR EXISTS (SELECT 1 FROM venue_markets m WHERE m.event_id = e.id AND m.accepting_orders))`
  return isAll
    ? `matching AS (SELECT e.seq, e.id, e.event_json, e.volume, false AS in_title, 0::real AS score
         FROM venue_events e WHERE ${filters})`
    : `queries AS (SELECT to_tsquery('venue_search', $3) AS q, to_tsquery('venue_search', $4) AS title_q),
       ${EVENT_RANK.ctes},
       matching AS (SELECT e.seq, e.id, e.event_json, e.volume, e.search @@ queries.title_q AS in_title,
           ${EVENT_RANK.score('e')} AS score
         FROM venue_events e, queries WHERE e.search @@ queries.q AND ${filters})`
}

/** One search in one snapshot (REPEATABLE READ): the page, the total and the tags agree, as in SQLite's transaction. */
async function search(sql: Sql, query: VenueSearchQuery): Promise<VenueSearchPage> {
  const isAll = query.query.trim() === '*'
  const match = isAll ? undefined : tsQueryText(query.query)
  if (!isAll && match === undefined) return { events: [], totalResults: 0, tags: [] }
  const filters: unknown[] = [query.tagIds ?? null, query.acceptingOrdersOnly]
  const words = queryWords(foldDiacritics(query.query))
  const queries = match === undefined ? [] : [match, tsQueryText(query.query, 'AB'), words]
  const limit = query.limitPerType
  const offset = (query.page - 1) * limit
  const next = filters.length + queries.length + 1 // the first placeholder after the matching's
  const eventRows = await sql.query<{ id: string; event_json: string }>(
    `WITH ${matching(isAll)} SELECT id, event_json FROM matching
     ORDER BY in_title DESC, score DESC, volume DESC, seq LIMIT $${next} OFFSET $${next + 1}`,
    [...filters, ...queries, limit, offset],
  )
  const [count] = await sql.query<{ total: string }>(`WITH ${matching(isAll)} SELECT count(*) AS total FROM matching`, [
    ...filters,
    ...queries,
  ])
  const marketRows = await sql.query<{ event_id: string; market_json: string; accepting_orders: number }>(
    `SELECT event_id, market_json, accepting_orders::int AS accepting_orders FROM venue_markets
     WHERE event_id = ANY ($1::text[]) AND (NOT $2::boolean OR accepting_orders) ORDER BY event_id, position`,
    [eventRows.map((row) => row.id), query.acceptingOrdersOnly],
  )
  const tagRows = await sql.query<{ tag_json: string }>(
    match === undefined
      ? 'SELECT tag_json FROM venue_tags ORDER BY seq LIMIT $1 OFFSET $2'
      : `WITH ${TAG_RANK.ctes} SELECT tag.tag_json FROM venue_tags tag WHERE tag.label_search @@ to_tsquery('venue_search', $3)
         ORDER BY ${TAG_RANK.score('tag')} DESC, tag.seq LIMIT $1 OFFSET $2`,
    match === undefined ? [limit, offset] : [limit, offset, match, words],
  )
  return {
    events: assembleEvents(eventRows, marketRows),
    totalResults: Number(count?.total ?? 0),
    tags: tagRows.map((row) => JSON.parse(row.tag_json) as VenueTag),
  }
}

/**
 * The search method of `VenueStore` on a PostgreSQL pool.
 *
 * @example
 * await pgVenueSearchMethods(db).searchVenue({ query: 'fed', page: 1, limitPerType: 10, acceptingOrdersOnly: false })
 */
export function pgVenueSearchMethods(db: PgDatabase): Pick<VenueStore, 'searchVenue'> {
  return { searchVenue: (query) => db.transaction((tx) => search(tx, query), 'REPEATABLE READ') }
}
