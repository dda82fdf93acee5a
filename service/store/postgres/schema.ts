/**
 * Version 1 of the PostgreSQL schema (`migrations.ts`): the tables of SQLite's versions 1–8 except the venue's
 * (`venueSchema.ts`, version 2), as one step — there are no PostgreSQL databases of earlier shapes to carry over.
 * `store/README.md` "PostgreSQL" explains each choice; the SQLite originals are `migrations.ts`, `depositSchema.ts`
 * and `apiKeys.ts` one folder up.
 *
 * - Unix seconds, chain ids and ids are `bigint` (read as numbers, `connection.ts`), except `next_check_at`: the
 *   tracker schedules checks at fractions of a second (`Date.now() / 1000` plus a block time), which SQLite keeps in
 *   its `INTEGER` column as a real, so here a `double precision`; JSON documents are `text`
 *   checked with `json_typeof` (stored as written, so `txPath` comes back byte for byte as on SQLite); the quote
 *   record is `bytea`, stored `EXTERNAL` (already deflated: TOAST would try to compress it again for nothing).
 * - `claim_token`: the tracker that claimed a due row (`dueForTracking`), so that a tracker whose lease ran out
 *   cannot overwrite the work of the one that took the row over.
 * - `history_counts` is kept by triggers, as on SQLite: the total of an unfiltered history page sums a few
 *   counters instead of counting rows.
 * - `crossroute_merge_patch`: RFC 7396 JSON merge patch (SQLite's `json_patch`) for `detail`.
 */
export const PG_CORE_SCHEMA_SQL = `
  CREATE TABLE transactions (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tx_id            text   NOT NULL UNIQUE,
    org_id           text   NOT NULL,
    app_id           text   NOT NULL,
    key_id           text   NOT NULL,
    app_name         text   NOT NULL,
    affiliate_id     text   NOT NULL,
    sender           text   NOT NULL,
    src_chain_id     bigint NOT NULL,
    dst_chain_id     bigint NOT NULL,
    vm_id            text   NOT NULL,
    created_at       bigint NOT NULL,
    status           text   NOT NULL DEFAULT 'quoted'
      CHECK (status IN ('quoted', 'expired', 'pending', 'success', 'requires refund', 'refunded', 'failed')),
    updated_at       bigint NOT NULL,
    registered_at    bigint,
    registered_vm_id text,
    src_tx_chain_id  bigint,
    src_tx_hash      text,
    dst_tx_hash      text,
    next_check_at    double precision,
    claim_token      text,
    tx_path          text   NOT NULL DEFAULT '[]' CHECK (json_typeof(tx_path::json) = 'array'),
    detail           text   NOT NULL DEFAULT '{}' CHECK (json_typeof(detail::json) = 'object'),
    quote_record     bytea  NOT NULL,
    CHECK ((registered_at IS NULL) = (src_tx_hash IS NULL)
      AND (registered_at IS NULL) = (src_tx_chain_id IS NULL)
      AND (registered_at IS NULL) = (registered_vm_id IS NULL)
      AND (registered_at IS NULL) = (status IN ('quoted', 'expired')))
  );
  ALTER TABLE transactions ALTER COLUMN quote_record SET STORAGE EXTERNAL;

  CREATE UNIQUE INDEX transactions_src_tx ON transactions (src_tx_hash, src_tx_chain_id) WHERE src_tx_hash IS NOT NULL;
  CREATE INDEX transactions_due ON transactions (next_check_at, id) WHERE status IN ('pending', 'requires refund');
  CREATE INDEX transactions_unregistered ON transactions (status, created_at) WHERE registered_at IS NULL;
  CREATE INDEX history_org ON transactions (org_id, registered_at, id) INCLUDE (app_id, src_chain_id, dst_chain_id)
    WHERE registered_at IS NOT NULL;
  CREATE INDEX history_app ON transactions (org_id, app_id, registered_at, id) WHERE registered_at IS NOT NULL;
  CREATE INDEX history_sender ON transactions (org_id, sender, registered_at, id)
    INCLUDE (app_id, src_chain_id, dst_chain_id) WHERE registered_at IS NOT NULL;
  CREATE INDEX history_src_chain ON transactions (org_id, src_chain_id, registered_at) INCLUDE (dst_chain_id, app_id)
    WHERE registered_at IS NOT NULL;
  CREATE INDEX history_dst_chain ON transactions (org_id, dst_chain_id, registered_at) INCLUDE (src_chain_id, app_id)
    WHERE registered_at IS NOT NULL;

  CREATE TABLE history_counts (
    org_id     text   NOT NULL,
    app_id     text   NOT NULL,
    registered bigint NOT NULL CHECK (registered >= 0),
    PRIMARY KEY (org_id, app_id)
  );
  CREATE FUNCTION history_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.registered_at IS NOT NULL THEN
      UPDATE history_counts SET registered = registered - 1 WHERE org_id = OLD.org_id AND app_id = OLD.app_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.registered_at IS NOT NULL THEN
      INSERT INTO history_counts (org_id, app_id, registered) VALUES (NEW.org_id, NEW.app_id, 1)
        ON CONFLICT (org_id, app_id) DO UPDATE SET registered = history_counts.registered + 1;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER history_counts_insert AFTER INSERT ON transactions
    FOR EACH ROW WHEN (NEW.registered_at IS NOT NULL) EXECUTE FUNCTION history_counts_track();
  CREATE TRIGGER history_counts_update AFTER UPDATE OF registered_at, org_id, app_id ON transactions
    FOR EACH ROW WHEN ((OLD.registered_at IS NULL) <> (NEW.registered_at IS NULL)
      OR OLD.org_id <> NEW.org_id OR OLD.app_id <> NEW.app_id)
    EXECUTE FUNCTION history_counts_track();
  CREATE TRIGGER history_counts_delete AFTER DELETE ON transactions
    FOR EACH ROW WHEN (OLD.registered_at IS NOT NULL) EXECUTE FUNCTION history_counts_track();

  CREATE FUNCTION crossroute_merge_patch(target jsonb, patch jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE
    merged jsonb;
    item record;
  BEGIN
    IF jsonb_typeof(patch) <> 'object' THEN RETURN patch; END IF;
    merged := CASE WHEN jsonb_typeof(target) = 'object' THEN target ELSE '{}'::jsonb END;
    FOR item IN SELECT key, value FROM jsonb_each(patch) LOOP
      IF jsonb_typeof(item.value) = 'null' THEN
        merged := merged - item.key;
      ELSE
        merged := jsonb_set(merged, ARRAY[item.key], crossroute_merge_patch(merged -> item.key, item.value));
      END IF;
    END LOOP;
    RETURN merged;
  END $$;

  CREATE TABLE deposit_watches (
    tx_id           text   PRIMARY KEY REFERENCES transactions (tx_id) ON DELETE CASCADE,
    chain_id        bigint NOT NULL,
    address         text   NOT NULL,
    token           text   NOT NULL,
    amount_required text   NOT NULL CHECK (amount_required ~ '^[0-9]+$'),
    watch_until     bigint NOT NULL
  );
  CREATE INDEX deposit_watches_open ON deposit_watches (chain_id, watch_until);
  CREATE TABLE deposit_scan_cursors (
    chain_id      bigint PRIMARY KEY,
    scanned_block bigint NOT NULL CHECK (scanned_block >= 0)
  );

  CREATE TABLE api_keys (
    key_id                    text     PRIMARY KEY,
    key_hash                  text     NOT NULL UNIQUE,
    app_id                    text     NOT NULL,
    org_id                    text     NOT NULL,
    app_name                  text     NOT NULL,
    affiliate_id              text     NOT NULL,
    gasless                   smallint NOT NULL CHECK (gasless IN (0, 1)),
    app_fees                  text     NOT NULL,
    is_development            smallint NOT NULL CHECK (is_development IN (0, 1)),
    rate_limit_requests       bigint   CHECK (rate_limit_requests >= 0),
    rate_limit_window_seconds bigint   CHECK (rate_limit_window_seconds > 0),
    created_at                bigint   NOT NULL,
    revoked_at                bigint,
    CHECK ((rate_limit_requests IS NULL) = (rate_limit_window_seconds IS NULL))
  );
  CREATE INDEX api_keys_org ON api_keys (org_id, app_id);
  CREATE INDEX api_keys_app ON api_keys (app_id);
  CREATE TABLE api_keys_version (
    id      integer PRIMARY KEY CHECK (id = 1),
    version bigint  NOT NULL
  );
  INSERT INTO api_keys_version (id, version) VALUES (1, 0);
`
