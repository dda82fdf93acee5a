/**
 * The write side of the transaction lifecycle on SQLite: registration (`POST /registerTxs`), and what the status
 * tracker reads and writes (`dueForTracking`, `recordProgress`, `expireQuotes`, `deleteUnregisteredQuotes`). README
 * "Lifecycle".
 */
import { randomBytes } from 'node:crypto'
import { type Database, prepare } from './database.js'
import { compressJson, type TrackedRow, type TransactionRow, trackedFromRow } from './rows.js'
import {
  REGISTERED_STATUSES,
  type ProgressUpdate,
  type RegistrationInput,
  type RegistrationOutcome,
  type Store,
  type Synchronous,
  type TransactionStatus,
  type TxPathEntry,
} from './store.js'
import type { DepositRegistration } from './depositStore.js'

/** The `synchronous` level of every connection outside registrations (README "Connection settings"). */
export const DEFAULT_SYNCHRONOUS = 'NORMAL'

const TIMESTAMP_DIGITS = /^[0-9]{1,12}$/

type LifecycleMethods = Pick<
  Synchronous<Store>,
  | 'registerTransaction'
  | 'registerTransactions'
  | 'registerDeposit'
  | 'dueForTracking'
  | 'recordProgress'
  | 'expireQuotes'
  | 'deleteUnregisteredQuotes'
>

type RegistrationState = Pick<TransactionRow, 'status' | 'src_tx_hash' | 'org_id'>

/**
 * The lifecycle methods of the SQLite store over one connection; statements are prepared once.
 *
 * @example
 * const lifecycle = lifecycleMethods(db)
 * lifecycle.registerTransaction({ txId, txHash, chainId: 8453, vmId: 'evm', registeredAt: 1_700_000_000 })
 */
export function lifecycleMethods(db: Database): LifecycleMethods {
  const selectResponse = prepare<[string], Pick<TransactionRow, 'action_response'>>(
    db,
    "SELECT action_response FROM transactions WHERE tx_id = ? AND registered_at IS NULL AND typeof(action_response) = 'text'",
  )
  const selectState = prepare<[string], RegistrationState>(
    db,
    'SELECT status, src_tx_hash, org_id FROM transactions WHERE tx_id = ?',
  )
  // Within the quote's organization only: another organization's registration of the hash neither blocks this one
  // nor shows (README "Source transactions").
  const selectHashHolder = prepare<[string, number, string], { tx_id: string }>(
    db,
    'SELECT tx_id FROM transactions WHERE src_tx_hash = ? AND src_tx_chain_id = ? AND org_id = ?',
  )
  // A deposit registration (`registerDeposit`) may start in `requires refund` (tracking stopped, `next_check_at`
  // NULL) with its first txPath entries and detail; a plain one passes `pending` and NULLs.
  const register = prepare<[Record<string, string | number | Buffer | null>]>(
    db,
    `
    UPDATE transactions SET status = @status, registered_at = @registeredAt, updated_at = @registeredAt,
      registered_vm_id = @vmId, src_tx_chain_id = @chainId, src_tx_hash = @txHash,
      next_check_at = CASE WHEN @status = 'pending' THEN @registeredAt ELSE NULL END,
      tx_path = coalesce(@txPath, tx_path),
      detail = CASE WHEN @detail IS NULL THEN detail ELSE json_patch(detail, @detail) END,
      action_response = coalesce(@compressed, action_response)
    WHERE tx_id = @txId AND registered_at IS NULL`,
  )
  const selectDue = prepare<[number, number], TrackedRow & Pick<TransactionRow, 'id'>>(
    db,
    `
    SELECT id, tx_id, status, src_chain_id, dst_chain_id, src_tx_hash, registered_at, updated_at, tx_path,
      action_request, action_response, quote_record
    FROM transactions
    WHERE status IN ('pending', 'requires refund') AND next_check_at <= ?
    ORDER BY next_check_at, id
    LIMIT ?`,
  )
  const claimRow = prepare<[number, string, number]>(
    db,
    'UPDATE transactions SET next_check_at = ?, claim_token = ? WHERE id = ?',
  )
  const selectProgress = prepare<
    [string],
    Pick<TransactionRow, 'tx_path' | 'registered_at'> & { claim_token: string | null }
  >(db, 'SELECT tx_path, registered_at, claim_token FROM transactions WHERE tx_id = ?')
  const updateProgress = prepare<[Record<string, string | number | null>]>(
    db,
    `
    UPDATE transactions SET
      status = coalesce(@status, status),
      tx_path = coalesce(@txPath, tx_path),
      dst_tx_hash = coalesce(@dstTxHash, dst_tx_hash),
      next_check_at = CASE WHEN @isNextCheckSet THEN @nextCheckAt ELSE next_check_at END,
      detail = CASE WHEN @detail IS NULL THEN detail ELSE json_patch(detail, @detail) END,
      updated_at = @updatedAt
    WHERE tx_id = @txId`,
  )
  const expire = prepare<[number]>(
    db,
    `
    UPDATE transactions SET status = 'expired', updated_at = max(updated_at, unixepoch())
    WHERE status = 'quoted' AND registered_at IS NULL AND created_at < ?`,
  )
  // Retention: the oldest first, at most `limit` rows a statement, so the write lock is held for milliseconds.
  const deleteUnregistered = prepare<[number, number]>(
    db,
    `
    DELETE FROM transactions WHERE id IN (
      SELECT id FROM transactions INDEXED BY transactions_unregistered
      WHERE status IN ('quoted', 'expired') AND registered_at IS NULL AND created_at < ?
      LIMIT ?)`,
  )

  const registerInTransaction = db.transaction(
    (inputs: readonly (RegistrationInput | DepositRegistration)[], compressed: Map<string, Buffer>) =>
      inputs.map((input): RegistrationOutcome => {
        const state = selectState.get(input.txId)
        if (state === undefined) throw new Error(`registerTransaction: no quote with txId ${input.txId}`)
        if (state.src_tx_hash !== null) {
          return state.src_tx_hash === input.txHash
            ? { outcome: 'duplicate' }
            : { outcome: 'conflict', existingHash: state.src_tx_hash }
        }
        if (selectHashHolder.get(input.txHash, input.chainId, state.org_id) !== undefined) {
          return { outcome: 'hash-in-use' }
        }
        const deposit = 'status' in input ? input : undefined
        register.run({
          txId: input.txId,
          txHash: input.txHash,
          chainId: input.chainId,
          vmId: input.vmId,
          registeredAt: input.registeredAt,
          status: deposit?.status ?? 'pending',
          txPath: deposit?.txPath === undefined ? null : JSON.stringify(deposit.txPath),
          detail: deposit === undefined ? null : JSON.stringify(deposit.detail),
          compressed: compressed.get(input.txId) ?? null,
        })
        return { outcome: 'registered' }
      }),
  )

  // The rows due and their claim in one IMMEDIATE transaction: another process's call waits for the write lock,
  // then sees them no longer due (next_check_at moved past `now`).
  const claimDue = db.transaction((now: number, limit: number, leaseSeconds: number) => {
    const claim = randomBytes(16).toString('hex')
    const rows = selectDue.all(now, limit)
    for (const row of rows) claimRow.run(now + leaseSeconds, claim, row.id)
    return { claim, rows }
  })

  const recordInTransaction = db.transaction((txId: string, update: ProgressUpdate, claim: string | undefined) => {
    const current = selectProgress.get(txId)
    if (current === undefined || current.registered_at === null) {
      throw new Error(`recordProgress: no registered transaction with txId ${txId}`)
    }
    // Claimed since by another call (this claim's lease ended): that tracker has it now.
    if (claim !== undefined && current.claim_token !== claim) return false
    const appended = update.appendTxPath ?? []
    updateProgress.run({
      txId,
      status: update.status ?? null,
      txPath:
        appended.length === 0 ? null : JSON.stringify([...(JSON.parse(current.tx_path) as TxPathEntry[]), ...appended]),
      dstTxHash: update.dstTxHash ?? null,
      isNextCheckSet: update.nextCheckAt === undefined ? 0 : 1,
      nextCheckAt: update.nextCheckAt ?? null,
      detail: update.detail === undefined ? null : JSON.stringify(update.detail),
      updatedAt: update.updatedAt,
    })
    return true
  })

  const registerTransactions = (
    inputs: readonly (RegistrationInput | DepositRegistration)[],
  ): RegistrationOutcome[] => {
    // Compressing takes ~0.1–0.5 ms a response: done before taking the write lock, never inside it. The text
    // cannot change meanwhile (a response is written once); a row registered meanwhile just ignores its blob.
    const compressed = new Map<string, Buffer>()
    for (const { txId } of inputs) {
      if (compressed.has(txId)) continue
      const row = selectResponse.get(txId)
      if (row !== undefined) compressed.set(txId, compressJson(row.action_response as string))
    }
    // An acknowledged registration must survive an OS crash or power loss, not only the process being killed:
    // this commit fsyncs the WAL (README "Connection settings"). Synchronous code: nothing else runs on this
    // connection between the two pragmas.
    db.exec('PRAGMA synchronous = FULL')
    try {
      return registerInTransaction.immediate(inputs, compressed)
    } finally {
      db.exec(`PRAGMA synchronous = ${DEFAULT_SYNCHRONOUS}`)
    }
  }

  return {
    registerTransaction: (input) => registerTransactions([input])[0]!,
    registerTransactions,
    // The same write as a registration, so the same checks and outcomes (a txId the user registered meanwhile is a
    // `conflict`; a hash already registered is `hash-in-use`) and the same durable commit.
    registerDeposit(input) {
      if (input.txPath !== undefined) checkProgress({ appendTxPath: [...input.txPath], updatedAt: input.registeredAt })
      return registerTransactions([input])[0]!
    },

    dueForTracking(now, limit, leaseSeconds) {
      const { claim, rows } = claimDue.immediate(now, limit, leaseSeconds)
      return rows.map((row) => trackedFromRow(row, claim))
    },

    recordProgress(txId, update, claim) {
      checkProgress(update)
      return recordInTransaction.immediate(txId, update, claim)
    },

    expireQuotes(createdBefore) {
      return expire.run(createdBefore).changes
    },

    deleteUnregisteredQuotes(createdBefore, limit) {
      return deleteUnregistered.run(createdBefore, limit).changes
    },
  }
}

/**
 * Refuses an update that would store something the routes cannot answer (both backends run it before writing).
 *
 * @throws Error for a status that is not a SPEC §3 one, a malformed `txPath` hop, or a `detail` that is no object.
 * @example checkProgress({ status: 'success', updatedAt: 1_700_000_000 })
 */
export function checkProgress(update: ProgressUpdate): void {
  if (update.status !== undefined && !(REGISTERED_STATUSES as readonly TransactionStatus[]).includes(update.status)) {
    throw new Error(`recordProgress: status must be one of ${REGISTERED_STATUSES.join(', ')}, got ${update.status}`)
  }
  for (const entry of update.appendTxPath ?? []) {
    const isValid =
      Number.isSafeInteger(entry.chainId) &&
      typeof entry.txHash === 'string' &&
      entry.txHash !== '' &&
      TIMESTAMP_DIGITS.test(entry.timestamp) &&
      typeof entry.nextBridge === 'string'
    if (!isValid) throw new Error(`recordProgress: malformed txPath entry ${JSON.stringify(entry)}`)
  }
  if (
    update.detail !== undefined &&
    (update.detail === null || typeof update.detail !== 'object' || Array.isArray(update.detail))
  ) {
    throw new Error('recordProgress: detail must be an object')
  }
}
