/**
 * Full-text search of the venue catalog (SPEC §4.5) on the FTS5 index of migration 4 — never a scan over JSON.
 *
 * Matching: the query's words (letters and digits; everything else separates them, at most `MAX_TERMS`), each a
 * prefix (`bitc` finds Bitcoin), all of them required, after porter stemming and case and diacritic folding (so
 * `elections` finds "Election"). `*` alone matches every event.
 *
 * Ranking, best first:
 * 1. events whose **title or market questions** hold every word, before those matching only through tags or
 *    descriptions (so a title match always outranks a description-only match, whatever the term frequencies);
 * 2. `bm25` with column weights title 10, market wording 4, tag labels 2, descriptions 1;
 * 3. volume, higher first; then catalog order. `*` orders by volume, then catalog order.
 */
import { type Database, prepare } from './database.js'
import type { VenueTag } from '../schema/venueMarket.js'
import { assembleEvents, marketRowsOf } from './venueCatalog.js'
import type { VenueSearchQuery, VenueStore } from './venueStore.js'
import type { Synchronous } from './store.js'

/** Words of a query beyond this many are ignored. */
export const MAX_TERMS = 16

/**
 * The FTS5 match expression of a query: each word quoted (FTS5 syntax in the input is never interpreted) with a
 * prefix star, all required; `undefined` when it has no word.
 *
 * @example ftsMatch('Fed decision, october!') // '"fed"* "decision"* "october"*'
 */
export function ftsMatch(query: string): string | undefined {
  const words = queryWords(query)
  return words === undefined ? undefined : words.map((word) => `"${word}"*`).join(' ')
}

/**
 * The words a query searches for: runs of letters and digits in lower case (everything else separates them), at
 * most `MAX_TERMS`; `undefined` when it has none. Both backends match these, each as a prefix.
 *
 * @example queryWords('Fed decision, october!') // ['fed', 'decision', 'october']
 */
export function queryWords(query: string): string[] | undefined {
  return query
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_TERMS)
}

const FILTERS = `
  (@tagIds IS NULL OR EXISTS (SELECT 1 FROM venue_event_tags t
    WHERE t.event_id = e.id AND t.tag_id IN (SELECT value FROM json_each(@tagIds))))
  AND (@accepting = 0 OR EXISTS (SELECT 1 FROM venue_markets m WHERE m.event_id = e.id AND m.accepting_orders = 1))`

/** The matching events with their rank keys: from the index, or every event for `*`. */
const matching = (isAll: boolean) =>
  isAll
    ? `matching AS (SELECT e.seq, e.id, e.event_json, e.volume, 0 AS in_title, 0 AS score FROM venue_events e
        WHERE ${FILTERS})`
    : `hits AS (SELECT rowid AS seq, bm25(venue_event_search, 10.0, 4.0, 2.0, 1.0) AS score FROM venue_event_search
         WHERE venue_event_search MATCH @match),
       title_hits AS (SELECT rowid AS seq FROM venue_event_search WHERE venue_event_search MATCH @titleMatch),
       matching AS (SELECT e.seq, e.id, e.event_json, e.volume, h.seq IN (SELECT seq FROM title_hits) AS in_title,
         h.score FROM hits h JOIN venue_events e ON e.seq = h.seq WHERE ${FILTERS})`

type Parameters = Record<string, string | number | null>

/** The search method of `VenueStore` over one connection. */
export function venueSearchMethods(db: Database): Pick<Synchronous<VenueStore>, 'searchVenue'> {
  const statements = (isAll: boolean) => ({
    page: prepare<[Parameters], { id: string; event_json: string }>(
      db,
      `WITH ${matching(isAll)} SELECT id, event_json FROM matching
       ORDER BY in_title DESC, score, volume DESC, seq LIMIT @limit OFFSET @offset`,
    ),
    count: prepare<[Parameters], { total: number }>(
      db,
      `WITH ${matching(isAll)} SELECT count(*) AS total FROM matching`,
    ),
    tags: prepare<[Parameters], { tag_json: string }>(
      db,
      isAll
        ? 'SELECT tag_json FROM venue_tags ORDER BY seq LIMIT @limit OFFSET @offset'
        : `SELECT t.tag_json FROM venue_tag_search s JOIN venue_tags t ON t.seq = s.rowid
           WHERE venue_tag_search MATCH @match ORDER BY bm25(venue_tag_search), t.seq LIMIT @limit OFFSET @offset`,
    ),
  })
  const all = statements(true)
  const text = statements(false)
  const marketRows = marketRowsOf(db)

  const search = db.transaction((query: VenueSearchQuery) => {
    const isAll = query.query.trim() === '*'
    const match = isAll ? undefined : ftsMatch(query.query)
    if (!isAll && match === undefined) return { events: [], totalResults: 0, tags: [] }
    const limit = query.limitPerType
    const filters: Parameters = {
      tagIds: query.tagIds === undefined ? null : JSON.stringify(query.tagIds),
      accepting: query.acceptingOrdersOnly ? 1 : 0,
      ...(match === undefined ? {} : { match, titleMatch: `{title markets} : (${match})` }),
    }
    const paging = { limit, offset: (query.page - 1) * limit }
    const statement = isAll ? all : text
    const eventRows = statement.page.all({ ...filters, ...paging })
    const rows = marketRows(
      eventRows.map((row) => row.id),
      query.acceptingOrdersOnly,
    )
    const tagParameters = match === undefined ? paging : { match, ...paging }
    return {
      events: assembleEvents(eventRows, rows),
      totalResults: statement.count.get(filters)?.total ?? 0,
      tags: statement.tags.all(tagParameters).map((row) => JSON.parse(row.tag_json) as VenueTag),
    }
  })
  return { searchVenue: (query) => search(query) }
}
