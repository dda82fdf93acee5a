/**
 * SQLite FTS5's `bm25` ranking function written in SQL over the `tsvector`s of the venue search (`venueSearch.ts`),
 * so that both backends order results the same way. FTS5's definition (`fts5_aux.c`), k1 = 1.2, b = 0.75:
 *
 *   score = Σ over the query's words i of IDF(i) × f(i) × (k1 + 1) / (f(i) + k1 × (1 − b + b × |D| / avgdl))
 *
 * - f(i): the occurrences in the row of tokens starting with word i's stem, each counted with its column's weight
 *   (the tsvector weight of its position: A title 10, B markets 4, C tags 2, D descriptions 1; a tag label is D, 1);
 * - |D|: the row's tokens over all columns (stored at load, `search_tokens` / `label_tokens`), avgdl their mean;
 * - IDF(i) = ln((N − n(i) + 0.5) / (n(i) + 0.5)), at least 10⁻⁶: N rows, n(i) of them holding such a token.
 *
 * FTS5 sorts by `bm25()` ascending, the score negated; here the score is positive and sorted descending.
 */

const K1 = 1.2
const B = 0.75

/** The FTS5 column weight of a position's tsvector weight (`uw.w`). */
const COLUMN_WEIGHT = "CASE uw.w WHEN 'A' THEN 10 WHEN 'B' THEN 4 WHEN 'C' THEN 2 ELSE 1 END"

/** Where a ranked table keeps its search data. */
export interface Bm25Source {
  /** The CTE name prefix: one per use in a statement. */
  readonly name: string
  readonly table: string
  /** The `tsvector` column. */
  readonly vector: string
  /** The column of the row's token count. */
  readonly length: string
}

/**
 * The CTEs `bm25` needs (table statistics and each word's stem and IDF) and the score of a row of the table.
 *
 * @param words - the placeholder of the query's words (`text[]`, folded: `queryWords`).
 * @example
 * const rank = bm25Sql({ name: 'events', table: 'venue_events', vector: 'search', length: 'search_tokens' }, '$5')
 * `WITH ${rank.ctes} SELECT ${rank.score('e')} AS score FROM venue_events e`
 */
export function bm25Sql(source: Bm25Source, words: string): { ctes: string; score: (row: string) => string } {
  const { name, table, vector, length } = source
  return {
    ctes: `${name}_stats AS (SELECT count(*)::float8 AS n,
          coalesce(sum(${length}), 0)::float8 / greatest(count(*), 1) AS avgdl FROM ${table}),
        ${name}_terms AS (SELECT st.stem, greatest(ln((s.n - hits.n + 0.5) / (hits.n + 0.5)), 1e-6) AS idf
          FROM unnest(${words}::text[]) AS t (word),
            LATERAL (SELECT coalesce((SELECT lexeme FROM unnest(to_tsvector('venue_search', t.word)) LIMIT 1), t.word)
              AS stem) st,
            ${name}_stats s,
            LATERAL (SELECT count(*)::float8 AS n FROM ${table} WHERE ${vector} @@ (st.stem || ':*')::tsquery) hits)`,
    score: (
      row,
    ) => `(SELECT sum(t.idf * f.freq * ${K1 + 1} / (f.freq + ${K1} * (${1 - B} + ${B} * ${row}.${length} / s.avgdl)))
        FROM ${name}_terms t, ${name}_stats s,
          LATERAL (SELECT coalesce(sum(${COLUMN_WEIGHT}), 0)::float8 AS freq
            FROM unnest(${row}.${vector}) AS u, unnest(u.weights) AS uw (w) WHERE starts_with(u.lexeme, t.stem)) f)`,
  }
}
