/**
 * The write side of the transaction lifecycle on PostgreSQL: registration, the tracker's claims and progress,
 * expiry and retention. The same rules and outcomes as SQLite's `../lifecycle.ts` (README "Lifecycle"), written
 * for concurrent writers: SQLite has one writer at a time, PostgreSQL many, so each check-then-write locks the rows
 * it reads (`FOR UPDATE`) or skips those another transaction holds (`SKIP LOCKED`).
 */
import { randomBytes } from 'node:crypto'
import type { DepositRegistration } from '../depositStore.js'
import { checkProgress } from '../lifecycle.js'
import { type TrackedRow, type TransactionRow, trackedFromRow } from '../rows.js'
import type { RegistrationInput, RegistrationOutcome, Store, TxPathEntry } from '../store.js'
import type { PgDatabase, Sql } from './connection.js'

type LifecycleMethods = Pick<
  Store,
  | 'registerTransaction'
  | 'registerTransactions'
  | 'registerDeposit'
  | 'dueForTracking'
  | 'recordProgress'
  | 'expireQuotes'
  | 'deleteUnregisteredQuotes'
  | 'claimSourceTransaction'
>

/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505'
/**
 * How often a registration is retried after losing a race on `transactions_src_tx` (another transaction registered
 * the same hash between the check and the write): the retry's check then sees it and answers `hash-in-use`.
 */
const REGISTRATION_ATTEMPTS = 3

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: unknown; constraint?: unknown }).code === UNIQUE_VIOLATION &&
  (error as { constraint?: unknown }).constraint === constraint

// A deposit registration may start in `requires refund` (tracking stopped) with its first txPath entries and detail;
// a plain one passes `pending` and NULLs. The claim of an earlier life of the row, if any, is dropped.
const REGISTER_SQL = `
  UPDATE transactions SET status = $2, registered_at = $3, updated_at = $3, registered_vm_id = $4,
    src_tx_chain_id = $5, src_tx_hash = $6,
    next_check_at = CASE WHEN $2 = 'pending' THEN $3::bigint ELSE NULL END,
    claim_token = NULL,
    tx_path = coalesce($7, tx_path),
    detail = CASE WHEN $8::text IS NULL THEN detail ELSE crossroute_merge_patch(detail::jsonb, $8::jsonb)::text END
  WHERE tx_id = $1 AND registered_at IS NULL`

type DueRow = TrackedRow & { id: number; due_at: number }

// Claims the due rows in one statement: rows another tracker is claiming right now are skipped, not waited for.
const CLAIM_DUE_SQL = `
  WITH due AS (
    SELECT id, next_check_at FROM transactions
    WHERE status IN ('pending', 'requires refund') AND next_check_at <= $1::float8
    ORDER BY next_check_at, id
    LIMIT $2
    FOR UPDATE SKIP LOCKED)
  UPDATE transactions t SET next_check_at = $1::float8 + $3::float8, claim_token = $4
  FROM due WHERE t.id = due.id
  RETURNING due.next_check_at AS due_at, t.id, t.tx_id, t.status, t.src_chain_id, t.dst_chain_id, t.src_tx_hash,
    t.registered_at, t.updated_at, t.tx_path, t.quote_record, NULL AS action_request, NULL AS action_response`

const UPDATE_PROGRESS_SQL = `
  UPDATE transactions SET
    status = coalesce($2, status),
    tx_path = coalesce($3, tx_path),
    dst_tx_hash = coalesce($4, dst_tx_hash),
    next_check_at = CASE WHEN $5 THEN $6::float8 ELSE next_check_at END,
    detail = CASE WHEN $7::text IS NULL THEN detail ELSE crossroute_merge_patch(detail::jsonb, $7::jsonb)::text END,
    updated_at = $8
  WHERE tx_id = $1`

/**
 * The lifecycle methods of the PostgreSQL store over a pool.
 *
 * @example
 * const lifecycle = pgLifecycleMethods(db)
 * await lifecycle.registerTransaction({ txId, txHash, chainId: 8453, vmId: 'evm', registeredAt: 1_700_000_000 })
 */
export function pgLifecycleMethods(db: PgDatabase): LifecycleMethods {
  /** One item, inside the registration's transaction; its row is locked already. */
  const registerOne = async (
    tx: Sql,
    input: RegistrationInput | DepositRegistration,
    state: { src_tx_hash: string | null; org_id: string } | undefined,
  ): Promise<RegistrationOutcome> => {
    if (state === undefined) throw new Error(`registerTransaction: no quote with txId ${input.txId}`)
    if (state.src_tx_hash !== null) {
      return state.src_tx_hash === input.txHash
        ? { outcome: 'duplicate' }
        : { outcome: 'conflict', existingHash: state.src_tx_hash }
    }
    // Within the quote's organization only (README "Source transactions").
    const holder = await tx.query(
      'SELECT 1 FROM transactions WHERE src_tx_hash = $1 AND src_tx_chain_id = $2 AND org_id = $3',
      [input.txHash, input.chainId, state.org_id],
    )
    if (holder.length > 0) return { outcome: 'hash-in-use' }
    const deposit = 'status' in input ? input : undefined
    await tx.query(REGISTER_SQL, [
      input.txId,
      deposit?.status ?? 'pending',
      input.registeredAt,
      input.vmId,
      input.chainId,
      input.txHash,
      deposit?.txPath === undefined ? null : JSON.stringify(deposit.txPath),
      deposit === undefined ? null : JSON.stringify(deposit.detail),
    ])
    state.src_tx_hash = input.txHash // a later item of the batch sees this one
    return { outcome: 'registered' }
  }

  const registerTransactions = async (
    inputs: readonly (RegistrationInput | DepositRegistration)[],
  ): Promise<RegistrationOutcome[]> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // One transaction for the batch; its COMMIT (synchronous_commit on) is durable before the Promise resolves.
        return await db.transaction(async (tx) => {
          // The rows are locked in txId order, whatever the input order: two batches never wait on each other in
          // a cycle.
          const txIds = [...new Set(inputs.map((input) => input.txId))].sort()
          const rows = await tx.query<{ tx_id: string; src_tx_hash: string | null; org_id: string }>(
            'SELECT tx_id, src_tx_hash, org_id FROM transactions WHERE tx_id = ANY($1) ORDER BY tx_id FOR UPDATE',
            [txIds],
          )
          const states = new Map(rows.map((row) => [row.tx_id, { src_tx_hash: row.src_tx_hash, org_id: row.org_id }]))
          const outcomes: RegistrationOutcome[] = []
          for (const input of inputs) outcomes.push(await registerOne(tx, input, states.get(input.txId)))
          return outcomes
        })
      } catch (error) {
        if (attempt >= REGISTRATION_ATTEMPTS || !isUniqueViolation(error, 'transactions_src_tx')) throw error
      }
    }
  }

  return {
    registerTransaction: async (input) => (await registerTransactions([input]))[0]!,
    registerTransactions,
    async registerDeposit(input) {
      if (input.txPath !== undefined) checkProgress({ appendTxPath: [...input.txPath], updatedAt: input.registeredAt })
      return (await registerTransactions([input]))[0]!
    },

    async dueForTracking(now, limit, leaseSeconds) {
      const claim = randomBytes(16).toString('hex')
      const rows = await db.query<DueRow>(CLAIM_DUE_SQL, [now, limit, leaseSeconds, claim])
      // RETURNING has no order: most overdue first, as the claim chose them.
      rows.sort((a, b) => a.due_at - b.due_at || a.id - b.id)
      return rows.map((row) => trackedFromRow(row, claim))
    },

    async recordProgress(txId, update, claim) {
      checkProgress(update)
      return db.transaction(async (tx) => {
        const [current] = await tx.query<Pick<TransactionRow, 'tx_path' | 'registered_at'> & { claim_token: string }>(
          'SELECT tx_path, registered_at, claim_token FROM transactions WHERE tx_id = $1 FOR UPDATE',
          [txId],
        )
        if (current === undefined || current.registered_at === null) {
          throw new Error(`recordProgress: no registered transaction with txId ${txId}`)
        }
        if (claim !== undefined && current.claim_token !== claim) return false
        const appended = update.appendTxPath ?? []
        await tx.query(UPDATE_PROGRESS_SQL, [
          txId,
          update.status ?? null,
          appended.length === 0
            ? null
            : JSON.stringify([...(JSON.parse(current.tx_path) as TxPathEntry[]), ...appended]),
          update.dstTxHash ?? null,
          update.nextCheckAt !== undefined,
          update.nextCheckAt ?? null,
          update.detail === undefined ? null : JSON.stringify(update.detail),
          update.updatedAt,
        ])
        return true
      })
    },

    // Two statements, each with its own snapshot (READ COMMITTED): an insert that waited on a concurrent claim of
    // the same transaction does nothing once that one commits, and the read then sees its holder.
    async claimSourceTransaction(txId, chainId, txHash) {
      await db.query(
        `INSERT INTO source_transactions (src_tx_chain_id, src_tx_hash, tx_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [chainId, txHash, txId],
      )
      const [holder] = await db.query<{ tx_id: string }>(
        'SELECT tx_id FROM source_transactions WHERE src_tx_chain_id = $1 AND src_tx_hash = $2',
        [chainId, txHash],
      )
      return holder!.tx_id
    },

    async expireQuotes(createdBefore) {
      return countOf(
        db,
        `UPDATE transactions SET status = 'expired', updated_at = greatest(updated_at, extract(epoch FROM now())::bigint)
         WHERE status = 'quoted' AND registered_at IS NULL AND created_at < $1
         RETURNING 1`,
        // created_at is whole seconds: `< x` is `< ceil(x)`, and the bound stays a bigint (the index applies).
        [Math.ceil(createdBefore)],
      )
    },

    // Oldest first, at most `limit` rows a statement; rows another replica is deleting are skipped, not waited for.
    async deleteUnregisteredQuotes(createdBefore, limit) {
      return countOf(
        db,
        `DELETE FROM transactions WHERE id IN (
           SELECT id FROM transactions
           WHERE status IN ('quoted', 'expired') AND registered_at IS NULL AND created_at < $1
           ORDER BY created_at
           LIMIT $2
           FOR UPDATE SKIP LOCKED)
         RETURNING 1`,
        [Math.ceil(createdBefore), limit],
      )
    },
  }
}

/** How many rows a data-changing statement with `RETURNING` touched, counted by the server. */
async function countOf(db: Sql, statement: string, values: readonly unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH changed AS (${statement}) SELECT count(*) AS n FROM changed`,
    values,
  )
  return row!.n
}
