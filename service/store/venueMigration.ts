/**
 * Migration 4 of the store: the venue's catalog (events, markets, outcome tokens, tags, series, with FTS5 indexes
 * for search) and the fills of the users' proxy wallets (trades and redemptions), from which positions, closed
 * positions and trades are computed. See `store/README.md` "Venue".
 */

/**
 * The SQL of migration 4.
 *
 * - Records are kept as the JSON the venue answers (`*_json`), with the columns the reads filter, join or order
 *   on beside them; an event's JSON has `"markets": []`, its markets being rows of `venue_markets`.
 * - `venue_event_search` (FTS5, porter stemming over unicode61 without diacritics): one row per event, `rowid` =
 *   `venue_events.seq`, columns weighted by `bm25` in `venueSearch.ts`: the event's title, its markets' questions
 *   and outcome names, its tags' labels, then the descriptions.
 * - `venue_fills`: amounts in integers of 10⁻⁶ (prices in pUSD per share, sizes in shares), as the venue's 6
 *   decimals; a `REDEEM` has no side and is priced at the payout (1 or 0).
 */
export const VENUE_MIGRATION_SQL = `
  CREATE TABLE venue_catalog (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT    NOT NULL
  );
  CREATE TABLE venue_events (
    seq        INTEGER PRIMARY KEY,
    id         TEXT    NOT NULL UNIQUE,
    slug       TEXT    NOT NULL UNIQUE,
    volume     REAL    NOT NULL,
    event_json TEXT    NOT NULL
  );
  CREATE TABLE venue_markets (
    id               TEXT    PRIMARY KEY,
    event_id         TEXT    NOT NULL REFERENCES venue_events (id),
    position         INTEGER NOT NULL,
    slug             TEXT    NOT NULL UNIQUE,
    condition_id     TEXT    NOT NULL UNIQUE,
    accepting_orders INTEGER NOT NULL CHECK (accepting_orders IN (0, 1)),
    market_json      TEXT    NOT NULL,
    UNIQUE (event_id, position)
  );
  CREATE TABLE venue_tokens (
    token_id      TEXT    PRIMARY KEY,
    market_id     TEXT    NOT NULL REFERENCES venue_markets (id),
    outcome_index INTEGER NOT NULL CHECK (outcome_index IN (0, 1))
  ) WITHOUT ROWID;
  CREATE TABLE venue_tags (
    seq      INTEGER PRIMARY KEY,
    id       TEXT    NOT NULL UNIQUE,
    tag_json TEXT    NOT NULL
  );
  CREATE TABLE venue_event_tags (
    tag_id   TEXT NOT NULL,
    event_id TEXT NOT NULL REFERENCES venue_events (id),
    PRIMARY KEY (tag_id, event_id)
  ) WITHOUT ROWID;
  CREATE TABLE venue_series (
    id          TEXT PRIMARY KEY,
    series_json TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE VIRTUAL TABLE venue_event_search USING fts5 (
    title, markets, tags, description, tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE venue_tag_search USING fts5 (label, tokenize = 'porter unicode61 remove_diacritics 2');

  CREATE TABLE venue_fills (
    id               INTEGER PRIMARY KEY,
    user_id          TEXT    NOT NULL,
    proxy_wallet     TEXT    NOT NULL,
    kind             TEXT    NOT NULL CHECK (kind IN ('TRADE', 'REDEEM')),
    token_id         TEXT    NOT NULL,
    side             TEXT    CHECK (side IN ('BUY', 'SELL')),
    price_micros     INTEGER NOT NULL CHECK (price_micros BETWEEN 0 AND 1000000),
    size_micros      INTEGER NOT NULL CHECK (size_micros > 0),
    timestamp        INTEGER NOT NULL,
    transaction_hash TEXT    NOT NULL,
    order_id         TEXT,
    CHECK ((kind = 'TRADE') = (side IS NOT NULL))
  );
  -- A user's fills in the order they happened (positions replay them), optionally of one proxy wallet.
  CREATE INDEX venue_fills_user ON venue_fills (user_id, proxy_wallet, id);
`
