/**
 * Source transactions scoped by organization (store migration 12 on SQLite, 4 on PostgreSQL; README "Source
 * transactions"). A registration's hash is unique **within its organization** only: another organization
 * registering the same hash first can neither block a registration (it used to get `TX_HASH_IN_USE`) nor learn
 * that it exists. Which quote a chain transaction really executes is the tracker's to decide, once it has seen the
 * transaction: `source_transactions` holds, per chain transaction, the one `txId` whose source leg it confirmed
 * (`claimSourceTransaction`), so that one transaction registered by two organizations is counted once.
 */
import { type Database, prepare } from './database.js'
import type { Store, Synchronous } from './store.js'

/**
 * The SQL of both backends' migration (the statements are portable): the unique index `transactions_src_tx`
 * gains `org_id`, and `source_transactions` is created and filled from the rows whose source leg was observed
 * already (until now a hash had one row, so each chain transaction gets its only `txId`). No row of
 * `transactions` changes.
 */
export const SOURCE_SCOPE_SQL = `
  DROP INDEX transactions_src_tx;
  CREATE UNIQUE INDEX transactions_src_tx ON transactions (src_tx_hash, src_tx_chain_id, org_id)
    WHERE src_tx_hash IS NOT NULL;
  CREATE TABLE source_transactions (
    src_tx_chain_id BIGINT NOT NULL,
    src_tx_hash     TEXT   NOT NULL,
    tx_id           TEXT   NOT NULL,
    PRIMARY KEY (src_tx_chain_id, src_tx_hash)
  );
  INSERT INTO source_transactions (src_tx_chain_id, src_tx_hash, tx_id)
    SELECT src_tx_chain_id, src_tx_hash, tx_id FROM transactions
    WHERE src_tx_hash IS NOT NULL AND tx_path <> '[]';
`

/**
 * `claimSourceTransaction` on SQLite: the insert and the read in one `IMMEDIATE` transaction.
 *
 * @example sourceTransactionMethods(db).claimSourceTransaction(txId, 8453, hash) // txId, or the holder's
 */
export function sourceTransactionMethods(db: Database): Pick<Synchronous<Store>, 'claimSourceTransaction'> {
  const claim = prepare<[number, string, string]>(
    db,
    'INSERT INTO source_transactions (src_tx_chain_id, src_tx_hash, tx_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  )
  const holder = prepare<[number, string], { tx_id: string }>(
    db,
    'SELECT tx_id FROM source_transactions WHERE src_tx_chain_id = ? AND src_tx_hash = ?',
  )
  const claimInTransaction = db.transaction((txId: string, chainId: number, txHash: string) => {
    claim.run(chainId, txHash, txId)
    return holder.get(chainId, txHash)!.tx_id
  })
  return { claimSourceTransaction: (txId, chainId, txHash) => claimInTransaction.immediate(txId, chainId, txHash) }
}
