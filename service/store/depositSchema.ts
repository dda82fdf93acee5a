/**
 * The SQL of store migration 6 (`migrations.ts`): the deposit addresses the tracker watches (`returnDepositAddress`).
 * Kept beside the code that reads and writes these tables (`deposits.ts`); `store/README.md` "Deposit addresses"
 * explains each choice.
 *
 * - `deposit_watches`: one row per quote answered with a `depositAddress`, written in the quote's own insert
 *   transaction. Quotes without one add no row and no index entry. `watch_until` ends the deposit window (the
 *   quote's expiry plus a grace period, `depositWatchUntil`). A row is never updated: the watch ends when its
 *   quote is registered (read through the join on `transactions`) or its window passes.
 * - `deposit_scan_cursors`: per chain, the last block the EVM deposit watcher has scanned, so a restarted tracker
 *   resumes the scan instead of missing or rescanning blocks.
 * - A trigger deletes a quote's watch with the quote (retention deletes quotes never registered); PostgreSQL: a
 *   foreign key `ON DELETE CASCADE` does the same.
 */
export const DEPOSIT_WATCH_SQL = `
  CREATE TABLE deposit_watches (
    tx_id           TEXT    PRIMARY KEY,
    chain_id        INTEGER NOT NULL,
    address         TEXT    NOT NULL,
    token           TEXT    NOT NULL,
    amount_required TEXT    NOT NULL CHECK (amount_required GLOB '[0-9]*' AND amount_required NOT GLOB '*[^0-9]*'),
    watch_until     INTEGER NOT NULL
  );
  CREATE INDEX deposit_watches_open ON deposit_watches (chain_id, watch_until);
  CREATE TABLE deposit_scan_cursors (
    chain_id      INTEGER PRIMARY KEY,
    scanned_block INTEGER NOT NULL CHECK (scanned_block >= 0)
  );
  CREATE TRIGGER deposit_watches_delete AFTER DELETE ON transactions
  BEGIN
    DELETE FROM deposit_watches WHERE tx_id = old.tx_id;
  END;
`
