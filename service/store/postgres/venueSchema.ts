/**
 * The venue's tables on PostgreSQL: what SQLite migrations 4 (catalog, search, fills), 5 (users, live books) and 7
 * (order workflows) hold, applied as one PostgreSQL migration. `store/README.md` "Venue" → "PostgreSQL" explains
 * the differences.
 *
 * - Amounts in 10⁻⁶ are `BIGINT` (read back as strings and converted with `BigInt`), Unix seconds `BIGINT`, flags
 *   `BOOLEAN`; JSON records stay `TEXT` (answered as stored, key order kept).
 * - Search: FTS5 becomes a weighted `tsvector` per event (A title, B markets' questions and named outcomes, C tag
 *   labels, D descriptions) and one per tag, each under a GIN index, with its count of tokens (`bm25`'s document
 *   length: `venueBm25.ts`), in the text search configuration
 *   `venue_search`: the English Snowball stemmer **without stop words** (FTS5 drops none), over text the code has
 *   already folded (case, diacritics) and cut into words exactly as the query is (`venueSearch.ts`).
 * - `venue_catalog` holds its one row from the start (version `''`: no catalog): a loader locks it
 *   (`SELECT … FOR UPDATE`), so workers starting together load the catalog once.
 * - `seq` of events and tags is given by the loader (the catalog's order), not a sequence.
 */
export const PG_VENUE_SCHEMA_SQL = `
  CREATE TEXT SEARCH DICTIONARY venue_english_stem (TEMPLATE = snowball, Language = english);
  CREATE TEXT SEARCH CONFIGURATION venue_search (COPY = simple);
  ALTER TEXT SEARCH CONFIGURATION venue_search
    ALTER MAPPING FOR asciiword, word, asciihword, hword, hword_asciipart, hword_part WITH venue_english_stem;

  CREATE TABLE venue_catalog (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT    NOT NULL
  );
  INSERT INTO venue_catalog (id, version) VALUES (1, '');

  CREATE TABLE venue_events (
    seq        BIGINT           PRIMARY KEY,
    id         TEXT             NOT NULL UNIQUE,
    slug       TEXT             NOT NULL UNIQUE,
    volume     DOUBLE PRECISION NOT NULL,
    event_json    TEXT             NOT NULL,
    search        TSVECTOR         NOT NULL,
    search_tokens INTEGER          NOT NULL
  );
  CREATE INDEX venue_events_search ON venue_events USING GIN (search);
  CREATE TABLE venue_markets (
    id               TEXT    PRIMARY KEY,
    event_id         TEXT    NOT NULL REFERENCES venue_events (id),
    position         INTEGER NOT NULL,
    slug             TEXT    NOT NULL UNIQUE,
    condition_id     TEXT    NOT NULL UNIQUE,
    accepting_orders BOOLEAN NOT NULL,
    market_json      TEXT    NOT NULL,
    UNIQUE (event_id, position)
  );
  CREATE TABLE venue_tokens (
    token_id      TEXT    PRIMARY KEY,
    market_id     TEXT    NOT NULL REFERENCES venue_markets (id),
    outcome_index INTEGER NOT NULL CHECK (outcome_index IN (0, 1))
  );
  CREATE INDEX venue_tokens_market ON venue_tokens (market_id);
  CREATE TABLE venue_tags (
    seq          BIGINT   PRIMARY KEY,
    id           TEXT     NOT NULL UNIQUE,
    tag_json     TEXT     NOT NULL,
    label_search TSVECTOR NOT NULL,
    label_tokens INTEGER  NOT NULL
  );
  CREATE INDEX venue_tags_search ON venue_tags USING GIN (label_search);
  CREATE TABLE venue_event_tags (
    tag_id   TEXT NOT NULL,
    event_id TEXT NOT NULL REFERENCES venue_events (id),
    PRIMARY KEY (tag_id, event_id)
  );
  CREATE INDEX venue_event_tags_event ON venue_event_tags (event_id);
  CREATE TABLE venue_series (
    id          TEXT PRIMARY KEY,
    series_json TEXT NOT NULL
  );

  CREATE TABLE venue_fills (
    id               BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id          TEXT    NOT NULL,
    proxy_wallet     TEXT    NOT NULL,
    kind             TEXT    NOT NULL CHECK (kind IN ('TRADE', 'REDEEM')),
    token_id         TEXT    NOT NULL,
    side             TEXT    CHECK (side IN ('BUY', 'SELL')),
    price_micros     BIGINT  NOT NULL CHECK (price_micros BETWEEN 0 AND 1000000),
    size_micros      BIGINT  NOT NULL CHECK (size_micros > 0),
    timestamp        BIGINT  NOT NULL,
    transaction_hash TEXT    NOT NULL,
    order_id         TEXT,
    CHECK ((kind = 'TRADE') = (side IS NOT NULL))
  );
  -- A user's fills in the order they were recorded (positions replay them), optionally of one proxy wallet.
  CREATE INDEX venue_fills_user ON venue_fills (user_id, proxy_wallet, id);
  -- The shares a wallet holds of a token (the settlement of a SELL).
  CREATE INDEX venue_fills_wallet_token ON venue_fills (proxy_wallet, token_id);

  CREATE TABLE venue_users (
    org_id       TEXT   NOT NULL,
    address      TEXT   NOT NULL CHECK (address ~ '^0x[0-9a-f]' AND length(address) = 42),
    user_id      TEXT   NOT NULL,
    proxy_wallet TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (org_id, address)
  );

  CREATE TABLE venue_books (
    token_id         TEXT    PRIMARY KEY,
    market           TEXT    NOT NULL,
    tick_size        TEXT    NOT NULL CHECK (tick_size IN ('0.01', '0.001', '0.0001')),
    min_order_size   TEXT    NOT NULL,
    neg_risk         BOOLEAN NOT NULL,
    last_trade_price TEXT
  );
  CREATE TABLE venue_book_levels (
    token_id     TEXT   NOT NULL REFERENCES venue_books (token_id),
    side         TEXT   NOT NULL CHECK (side IN ('bid', 'ask')),
    price_micros BIGINT NOT NULL CHECK (price_micros > 0 AND price_micros < 1000000),
    size_micros  BIGINT NOT NULL CHECK (size_micros > 0),
    PRIMARY KEY (token_id, side, price_micros)
  );

  CREATE TABLE venue_workflows (
    tx_id        TEXT   PRIMARY KEY,
    org_id       TEXT   NOT NULL,
    user_id      TEXT   NOT NULL,
    proxy_wallet TEXT   NOT NULL,
    name         TEXT   NOT NULL,
    operation    TEXT   NOT NULL,
    status       TEXT   NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
    timestamp    BIGINT NOT NULL,
    data_json    TEXT   NOT NULL,
    reason       TEXT
  );
`
