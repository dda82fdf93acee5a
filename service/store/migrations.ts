/**
 * Versioned schema migrations of the SQLite store. The schema version is `PRAGMA user_version`; migration `n`
 * (1-based) takes the database from version `n − 1` to `n`. Append new migrations; never edit a released one.
 */
import { type Database, pragmaValue } from './database.js'
import { API_KEYS_MIGRATION_SQL } from './apiKeys.js'
import { VENUE_MIGRATION_SQL } from './venueMigration.js'
import { VENUE_TRADING_SQL } from './venueBookSchema.js'
import { VENUE_WORKFLOWS_SQL } from './venueWorkflows.js'
import { DEPOSIT_WATCH_SQL } from './depositSchema.js'
import { SOURCE_SCOPE_SQL } from './sourceTransactions.js'

/** One schema step. */
export interface Migration {
  /** 1, 2, 3…: its position in `MIGRATIONS`. */
  readonly version: number
  readonly name: string
  /** SQL run inside the migration transaction. */
  readonly sql: string
}

/**
 * Every migration, in order.
 *
 * 1. `transactions`: one row per quote (`getAction`), keyed by `tx_id`, carried through its lifecycle by later
 *    migrations (registration, status tracking). A rowid table rather than `WITHOUT ROWID`: rows carry kilobytes of
 *    JSON, which SQLite advises against in a clustered primary key; `tx_id` gets its own unique index. Indexes
 *    serve history by organization or app in time order and by wallet (SPEC §4.4).
 * 2. The transaction lifecycle (registration, tracking, history). SQLite cannot change a column's `CHECK` in place,
 *    so the table is rebuilt (the documented "make a new table, copy, drop, rename" procedure): the lifecycle
 *    columns are added, `action_response` may hold gzip-compressed JSON (a BLOB; README "Size"), the small
 *    columns come before the JSON ones (a row's first page then holds everything the indexes do not), and the
 *    indexes of version 1 are replaced by partial indexes over registered rows (history) and working sets
 *    (tracking, expiry). See `store/README.md` for each index and the query it serves.
 * 3. The small quote record (README "Size"): a new row keeps its request and response in `quote_record`, one
 *    compressed blob, and leaves `action_request` / `action_response` `NULL` (rows of earlier versions keep theirs,
 *    and stay readable). The `json_valid` checks of those columns go: they parsed 15 KB of JSON again on every
 *    quote. `transactions_quoted` becomes `transactions_unregistered` on `(status, created_at)`, which serves both
 *    expiry and retention (deleting quotes never registered). Rebuilt like migration 2 (a `CHECK` changes).
 * 4. The prediction-market venue's catalog (events, markets, outcome tokens, tags, series, FTS5 search indexes) and
 *    the fills of the users' proxy wallets: `venueMigration.ts`.
 * 5. Venue users and the live order books (`venueBookSchema.ts`).
 * 6. The deposit addresses the tracker watches, and its per-chain scan cursors (`depositSchema.ts`).
 * 7. The venue's order workflows (`venueWorkflows.ts`): one row per `getAction` with `actionType=venue`.
 * 8. API keys (hashed) with their rate limits, and a version counter bumped by every change (`apiKeys.ts`).
 * 9. Tracker claims: `claim_token`, the token of the last `dueForTracking` call that claimed the row, so that N
 *    service processes on one store advance each due transaction once (`lifecycle.ts`, tracker README "Replicas").
 * 10. The index PostgreSQL's venue schema has and SQLite's lacked: a wallet's fills of one token, which every sell
 *    order sums (`sharesHeldSql` of `venueWorkflows.ts`) — a scan of every fill without it.
 * 11. Source transactions scoped by organization (`sourceTransactions.ts`): `transactions_src_tx` becomes unique on
 *    `(src_tx_hash, src_tx_chain_id, org_id)`, and `source_transactions` records which `txId` each observed chain
 *    transaction executes. An index swap and a new table: no row is rewritten.
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: 'create transactions',
    sql: `
      CREATE TABLE transactions (
        id              INTEGER PRIMARY KEY,
        tx_id           TEXT    NOT NULL UNIQUE,
        org_id          TEXT    NOT NULL,
        app_id          TEXT    NOT NULL,
        key_id          TEXT    NOT NULL,
        app_name        TEXT    NOT NULL,
        affiliate_id    TEXT    NOT NULL,
        sender          TEXT    NOT NULL,
        src_chain_id    INTEGER NOT NULL,
        dst_chain_id    INTEGER NOT NULL,
        vm_id           TEXT    NOT NULL,
        created_at      INTEGER NOT NULL,
        status          TEXT    NOT NULL DEFAULT 'quoted',
        action_request  TEXT    NOT NULL CHECK (json_valid(action_request)),
        action_response TEXT    NOT NULL CHECK (json_valid(action_response))
      );
      CREATE INDEX transactions_org_created ON transactions (org_id, created_at);
      CREATE INDEX transactions_app_created ON transactions (app_id, created_at);
      CREATE INDEX transactions_sender ON transactions (sender, created_at);
    `,
  },
  {
    version: 2,
    name: 'transaction lifecycle',
    sql: `
      CREATE TABLE transactions_v2 (
        id               INTEGER PRIMARY KEY,
        tx_id            TEXT    NOT NULL UNIQUE,
        org_id           TEXT    NOT NULL,
        app_id           TEXT    NOT NULL,
        key_id           TEXT    NOT NULL,
        app_name         TEXT    NOT NULL,
        affiliate_id     TEXT    NOT NULL,
        sender           TEXT    NOT NULL,
        src_chain_id     INTEGER NOT NULL,
        dst_chain_id     INTEGER NOT NULL,
        vm_id            TEXT    NOT NULL,
        created_at       INTEGER NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'quoted'
          CHECK (status IN ('quoted', 'expired', 'pending', 'success', 'requires refund', 'refunded', 'failed')),
        updated_at       INTEGER NOT NULL,
        registered_at    INTEGER,
        registered_vm_id TEXT,
        src_tx_chain_id  INTEGER,
        src_tx_hash      TEXT,
        dst_tx_hash      TEXT,
        next_check_at    INTEGER,
        tx_path          TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tx_path) AND json_type(tx_path) = 'array'),
        detail           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail) AND json_type(detail) = 'object'),
        action_request   TEXT    NOT NULL CHECK (json_valid(action_request)),
        action_response  BLOB    NOT NULL CHECK (typeof(action_response) = 'blob' OR json_valid(action_response)),
        -- The registration fields come and go together, and only registered rows have a SPEC §3 status.
        CHECK ((registered_at IS NULL) = (src_tx_hash IS NULL)
          AND (registered_at IS NULL) = (src_tx_chain_id IS NULL)
          AND (registered_at IS NULL) = (registered_vm_id IS NULL)
          AND (registered_at IS NULL) = (status IN ('quoted', 'expired')))
      );
      INSERT INTO transactions_v2 (id, tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id,
        dst_chain_id, vm_id, created_at, status, updated_at, action_request, action_response)
      SELECT id, tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id,
        dst_chain_id, vm_id, created_at, status, created_at, action_request, action_response
      FROM transactions;
      DROP TABLE transactions;
      ALTER TABLE transactions_v2 RENAME TO transactions;

      -- One source transaction belongs to one txId; also the getStatus lookup by hash (with or without chain).
      CREATE UNIQUE INDEX transactions_src_tx ON transactions (src_tx_hash, src_tx_chain_id) WHERE src_tx_hash IS NOT NULL;
      -- The tracker's working set: dueForTracking.
      CREATE INDEX transactions_due ON transactions (next_check_at) WHERE status IN ('pending', 'requires refund');
      -- Quotes waiting for registration: expireQuotes.
      CREATE INDEX transactions_quoted ON transactions (created_at) WHERE status = 'quoted';
      -- History (getTransactions lists registered rows only), newest first: a backward scan of (…, registered_at, id).
      -- Which index serves which filters, and why each covers the columns it does: README "History queries".
      CREATE INDEX history_org ON transactions (org_id, registered_at, id, app_id, src_chain_id, dst_chain_id)
        WHERE registered_at IS NOT NULL;
      CREATE INDEX history_app ON transactions (org_id, app_id, registered_at, id) WHERE registered_at IS NOT NULL;
      CREATE INDEX history_sender ON transactions (org_id, sender, registered_at, id, app_id, src_chain_id, dst_chain_id)
        WHERE registered_at IS NOT NULL;
      CREATE INDEX history_src_chain ON transactions (org_id, src_chain_id, registered_at, dst_chain_id, app_id)
        WHERE registered_at IS NOT NULL;
      CREATE INDEX history_dst_chain ON transactions (org_id, dst_chain_id, registered_at, app_id) WHERE registered_at IS NOT NULL;

      -- Registered transactions per app: the total of an unfiltered history page without counting rows.
      -- Kept by triggers, so that no write path can forget it.
      CREATE TABLE history_counts (
        org_id     TEXT    NOT NULL,
        app_id     TEXT    NOT NULL,
        registered INTEGER NOT NULL CHECK (registered >= 0),
        PRIMARY KEY (org_id, app_id)
      ) WITHOUT ROWID;
      INSERT INTO history_counts (org_id, app_id, registered)
        SELECT org_id, app_id, count(*) FROM transactions WHERE registered_at IS NOT NULL GROUP BY org_id, app_id;
      CREATE TRIGGER history_counts_insert AFTER INSERT ON transactions WHEN new.registered_at IS NOT NULL
      BEGIN
        INSERT INTO history_counts (org_id, app_id, registered) VALUES (new.org_id, new.app_id, 1)
          ON CONFLICT (org_id, app_id) DO UPDATE SET registered = registered + 1;
      END;
      CREATE TRIGGER history_counts_update AFTER UPDATE OF registered_at, org_id, app_id ON transactions
      WHEN (old.registered_at IS NULL) <> (new.registered_at IS NULL) OR old.org_id <> new.org_id OR old.app_id <> new.app_id
      BEGIN
        UPDATE history_counts SET registered = registered - 1
          WHERE old.registered_at IS NOT NULL AND org_id = old.org_id AND app_id = old.app_id;
        INSERT INTO history_counts (org_id, app_id, registered) SELECT new.org_id, new.app_id, 1 WHERE new.registered_at IS NOT NULL
          ON CONFLICT (org_id, app_id) DO UPDATE SET registered = registered + 1;
      END;
      CREATE TRIGGER history_counts_delete AFTER DELETE ON transactions WHEN old.registered_at IS NOT NULL
      BEGIN
        UPDATE history_counts SET registered = registered - 1 WHERE org_id = old.org_id AND app_id = old.app_id;
      END;
    `,
  },
  {
    version: 3,
    name: 'small quote record',
    sql: `
      CREATE TABLE transactions_v3 (
        id               INTEGER PRIMARY KEY,
        tx_id            TEXT    NOT NULL UNIQUE,
        org_id           TEXT    NOT NULL,
        app_id           TEXT    NOT NULL,
        key_id           TEXT    NOT NULL,
        app_name         TEXT    NOT NULL,
        affiliate_id     TEXT    NOT NULL,
        sender           TEXT    NOT NULL,
        src_chain_id     INTEGER NOT NULL,
        dst_chain_id     INTEGER NOT NULL,
        vm_id            TEXT    NOT NULL,
        created_at       INTEGER NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'quoted'
          CHECK (status IN ('quoted', 'expired', 'pending', 'success', 'requires refund', 'refunded', 'failed')),
        updated_at       INTEGER NOT NULL,
        registered_at    INTEGER,
        registered_vm_id TEXT,
        src_tx_chain_id  INTEGER,
        src_tx_hash      TEXT,
        dst_tx_hash      TEXT,
        next_check_at    INTEGER,
        tx_path          TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tx_path) AND json_type(tx_path) = 'array'),
        detail           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail) AND json_type(detail) = 'object'),
        -- Rows of versions 1–2: the request's JSON, and the response's JSON text or gzip. NULL in newer rows.
        action_request   TEXT,
        action_response  BLOB,
        -- Newer rows: request and response in one compressed blob (rows.ts, encodeQuoteRecord).
        quote_record     BLOB,
        CHECK ((registered_at IS NULL) = (src_tx_hash IS NULL)
          AND (registered_at IS NULL) = (src_tx_chain_id IS NULL)
          AND (registered_at IS NULL) = (registered_vm_id IS NULL)
          AND (registered_at IS NULL) = (status IN ('quoted', 'expired'))),
        -- Exactly one of the two forms; no JSON is parsed here (it would be, on every quote).
        CHECK ((quote_record IS NULL) = (action_response IS NOT NULL)
          AND (action_request IS NULL) = (action_response IS NULL))
      );
      INSERT INTO transactions_v3 (id, tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id,
        dst_chain_id, vm_id, created_at, status, updated_at, registered_at, registered_vm_id, src_tx_chain_id,
        src_tx_hash, dst_tx_hash, next_check_at, tx_path, detail, action_request, action_response)
      SELECT id, tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id,
        dst_chain_id, vm_id, created_at, status, updated_at, registered_at, registered_vm_id, src_tx_chain_id,
        src_tx_hash, dst_tx_hash, next_check_at, tx_path, detail, action_request, action_response
      FROM transactions;
      -- Drops the table's indexes and triggers too; history_counts is kept (its counts do not change).
      DROP TABLE transactions;
      ALTER TABLE transactions_v3 RENAME TO transactions;

      CREATE UNIQUE INDEX transactions_src_tx ON transactions (src_tx_hash, src_tx_chain_id) WHERE src_tx_hash IS NOT NULL;
      CREATE INDEX transactions_due ON transactions (next_check_at) WHERE status IN ('pending', 'requires refund');
      -- Quotes never registered, by status and age: expiry (status 'quoted') and retention (both statuses).
      CREATE INDEX transactions_unregistered ON transactions (status, created_at) WHERE registered_at IS NULL;
      CREATE INDEX history_org ON transactions (org_id, registered_at, id, app_id, src_chain_id, dst_chain_id)
        WHERE registered_at IS NOT NULL;
      CREATE INDEX history_app ON transactions (org_id, app_id, registered_at, id) WHERE registered_at IS NOT NULL;
      CREATE INDEX history_sender ON transactions (org_id, sender, registered_at, id, app_id, src_chain_id, dst_chain_id)
        WHERE registered_at IS NOT NULL;
      CREATE INDEX history_src_chain ON transactions (org_id, src_chain_id, registered_at, dst_chain_id, app_id)
        WHERE registered_at IS NOT NULL;
      CREATE INDEX history_dst_chain ON transactions (org_id, dst_chain_id, registered_at, app_id) WHERE registered_at IS NOT NULL;

      CREATE TRIGGER history_counts_insert AFTER INSERT ON transactions WHEN new.registered_at IS NOT NULL
      BEGIN
        INSERT INTO history_counts (org_id, app_id, registered) VALUES (new.org_id, new.app_id, 1)
          ON CONFLICT (org_id, app_id) DO UPDATE SET registered = registered + 1;
      END;
      CREATE TRIGGER history_counts_update AFTER UPDATE OF registered_at, org_id, app_id ON transactions
      WHEN (old.registered_at IS NULL) <> (new.registered_at IS NULL) OR old.org_id <> new.org_id OR old.app_id <> new.app_id
      BEGIN
        UPDATE history_counts SET registered = registered - 1
          WHERE old.registered_at IS NOT NULL AND org_id = old.org_id AND app_id = old.app_id;
        INSERT INTO history_counts (org_id, app_id, registered) SELECT new.org_id, new.app_id, 1 WHERE new.registered_at IS NOT NULL
          ON CONFLICT (org_id, app_id) DO UPDATE SET registered = registered + 1;
      END;
      CREATE TRIGGER history_counts_delete AFTER DELETE ON transactions WHEN old.registered_at IS NOT NULL
      BEGIN
        UPDATE history_counts SET registered = registered - 1 WHERE org_id = old.org_id AND app_id = old.app_id;
      END;
    `,
  },
  { version: 4, name: 'venue catalog and fills', sql: VENUE_MIGRATION_SQL },
  { version: 5, name: 'venue users and live order books', sql: VENUE_TRADING_SQL },
  { version: 6, name: 'deposit address watches', sql: DEPOSIT_WATCH_SQL },
  { version: 7, name: 'venue order workflows', sql: VENUE_WORKFLOWS_SQL },
  { version: 8, name: 'api keys and their rate limits', sql: API_KEYS_MIGRATION_SQL },
  // A plain column add: no rebuild, existing rows start unclaimed (NULL).
  { version: 9, name: 'tracker claims', sql: 'ALTER TABLE transactions ADD COLUMN claim_token TEXT;' },
  {
    version: 10,
    name: 'venue fills by wallet and token',
    sql: 'CREATE INDEX venue_fills_wallet_token ON venue_fills (proxy_wallet, token_id);',
  },
  // A plain column add: existing keys keep the default quota (NULL).
  {
    version: 11,
    name: 'api key daily quote quotas',
    sql: 'ALTER TABLE api_keys ADD COLUMN daily_quote_quota INTEGER CHECK (daily_quote_quota >= 0);',
  },
  { version: 12, name: 'source transactions scoped by organization', sql: SOURCE_SCOPE_SQL },
])

/** The schema version this code expects. */
export const SCHEMA_VERSION = MIGRATIONS.length

/**
 * Brings a database to `SCHEMA_VERSION`. The pending migrations and the new `user_version` are applied in one
 * `BEGIN IMMEDIATE` transaction, which takes the write lock first and then re-reads the version: several workers
 * opening the same file at once run each migration exactly once (the others wait on `busy_timeout`, then find
 * nothing to do). A failed migration rolls back entirely.
 *
 * @returns the versions applied by this call (empty when the schema was current).
 * @throws Error when the database is newer than this code (a downgrade), or a migration fails.
 *
 * @example migrate(db) // [1] on a new file, [] afterwards
 */
export function migrate(db: Database): number[] {
  checkOrder()
  const version = () => pragmaValue(db, 'user_version') as number
  if (version() === SCHEMA_VERSION) return []
  return db
    .transaction(() => {
      const current = version()
      if (current > SCHEMA_VERSION) {
        throw new Error(
          `database schema version ${current} is newer than this code's ${SCHEMA_VERSION}; refusing to run`,
        )
      }
      const pending = MIGRATIONS.slice(current)
      for (const migration of pending) db.exec(migration.sql)
      // PRAGMA takes no bound parameters; SCHEMA_VERSION is a constant integer.
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`)
      return pending.map((migration) => migration.version)
    })
    .immediate()
}

function checkOrder(): void {
  MIGRATIONS.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(`migration ${migration.name} has version ${migration.version}, expected ${index + 1}`)
  })
}
