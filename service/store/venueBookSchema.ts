/**
 * The SQL of store migration 5 (`migrations.ts`): venue users and the live order books. Kept beside the code that
 * reads and writes these tables (`venueUsers.ts`, `venueBook.ts`); `store/README.md` "Venue" explains each choice.
 *
 * - `venue_users`: one row per (organization, EVM account). The account (lower case) is the key, so a concurrent
 *   create of the same account cannot make a second row: `INSERT … ON CONFLICT DO NOTHING` inside one write
 *   transaction decides who created it.
 * - `venue_books`: one row per outcome token (tick, minimum size, negRisk, last trade), seeded from `OrderBook`s.
 * - `venue_book_levels`: the resting liquidity, one row per (token, side, price). Prices and sizes are integers in
 *   10⁻⁶ (collateral per share, shares): exact, and compared and updated by SQL without parsing decimals. A level
 *   matched down to zero is deleted. `WITHOUT ROWID`: the primary key is how every read walks a side, best first.
 */
export const VENUE_TRADING_SQL = `
  CREATE TABLE venue_users (
    org_id       TEXT    NOT NULL,
    address      TEXT    NOT NULL CHECK (address GLOB '0x[0-9a-f]*' AND length(address) = 42),
    user_id      TEXT    NOT NULL,
    proxy_wallet TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (org_id, address)
  ) WITHOUT ROWID;

  CREATE TABLE venue_books (
    token_id         TEXT    PRIMARY KEY,
    market           TEXT    NOT NULL,
    tick_size        TEXT    NOT NULL CHECK (tick_size IN ('0.01', '0.001', '0.0001')),
    min_order_size   TEXT    NOT NULL,
    neg_risk         INTEGER NOT NULL CHECK (neg_risk IN (0, 1)),
    last_trade_price TEXT
  ) WITHOUT ROWID;

  CREATE TABLE venue_book_levels (
    token_id     TEXT    NOT NULL REFERENCES venue_books (token_id),
    side         TEXT    NOT NULL CHECK (side IN ('bid', 'ask')),
    price_micros INTEGER NOT NULL CHECK (price_micros > 0 AND price_micros < 1000000),
    size_micros  INTEGER NOT NULL CHECK (size_micros > 0),
    PRIMARY KEY (token_id, side, price_micros)
  ) WITHOUT ROWID;
`
