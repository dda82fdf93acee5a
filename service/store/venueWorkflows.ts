/**
 * The order workflows of the venue in the SQLite store (migration 7, `venue_workflows`): one row per `getAction`
 * with `actionType=venue`, recorded `pending` with its `orderRequest` (SPEC §2.6) and settled once by the tracker
 * when the funding transaction ends (`service/venue/placeOrder.ts`). Settling reads the workflow, matches the order
 * against the live book, appends the fills and writes the outcome in **one** `BEGIN IMMEDIATE` transaction: a
 * workflow is settled at most once, and an order is never half recorded.
 */
import type { VenueWorkflowData } from '../schema/venueOrder.js'
import type { MatchResult } from '../venue/matching/types.js'
import { gateOf } from './connectionGate.js'
import { type Database, prepare } from './database.js'
import { type VenueOrder, venueBookMatcher } from './venueBook.js'
import { venueFillWriter } from './venueFills.js'
import { venueCatalogMethods } from './venueCatalog.js'
import type { VenueFill, VenueTokenInfo } from './venueStore.js'

/** SPEC §3 workflow statuses. */
export type VenueWorkflowStatus = 'pending' | 'success' | 'failed'

/** An order workflow as stored. */
export interface VenueWorkflowRecord {
  /** The `getAction` `txId` the workflow belongs to. */
  readonly txId: string
  /** The caller's organization: a workflow is read only by its organization, like its transaction. */
  readonly orgId: string
  /** The venue user (`userId`), checksummed. */
  readonly userId: string
  /** The user's venue wallet that pays and receives. */
  readonly proxyWallet: string
  /** The workflow's name (SPEC §4.9 `name`): `venue`. */
  readonly name: string
  /** What it does (SPEC §4.9 `operation`): `placeOrder`. */
  readonly operation: string
  readonly status: VenueWorkflowStatus
  /** Unix seconds of the last change: the recording, then the settlement. */
  readonly timestamp: number
  /** SPEC §2.6: `userId`, `orderRequest`, and once placed `orderResponse` and `relayTx`. */
  readonly data: VenueWorkflowData
  /** Why a workflow failed (absent otherwise). */
  readonly reason?: string
}

/** What a settlement writes: the final status, the data, why it failed, and the fills of the order. */
export interface VenueWorkflowSettlement {
  readonly status: 'success' | 'failed'
  readonly data: VenueWorkflowData
  readonly reason?: string
  readonly fills: readonly VenueFill[]
  /** Unix seconds. */
  readonly timestamp: number
}

/**
 * What a settlement may do inside the transaction: match an order, count the shares a wallet holds, read a token.
 * Each returns a Promise: on PostgreSQL it is a query on the settlement's own connection. A settlement awaits
 * nothing but these (on SQLite they resolve at once, so the transaction never waits on I/O with the write lock).
 */
export interface VenueSettlementTools {
  /** `matchVenueOrder` within the settlement's transaction (`undefined`: the token has no book). */
  match(order: VenueOrder): Promise<MatchResult | undefined>
  /** Shares (10⁻⁶) of `tokenId` the wallet holds now: bought, less sold and redeemed. */
  sharesHeld(proxyWallet: string, tokenId: string): Promise<bigint>
  /** The catalog entry of an outcome token (`venueTokens`), or `undefined`. */
  token(tokenId: string): Promise<VenueTokenInfo | undefined>
}

/** What `settleVenueWorkflow` calls inside its transaction: decides the outcome of a `pending` workflow. */
export type VenueSettle = (
  workflow: VenueWorkflowRecord,
  tools: VenueSettlementTools,
) => Promise<VenueWorkflowSettlement>

/** The workflow methods of the store. Every method returns a Promise (the PostgreSQL backend is asynchronous). */
export interface VenueWorkflowStore {
  /**
   * Records a new workflow.
   * @throws Error when the `txId` already has one (txIds are random 256-bit values: a bug, not a race).
   */
  recordVenueWorkflow(workflow: VenueWorkflowRecord): Promise<void>
  /** The workflow of a `txId` if it belongs to `orgId`, else `undefined`. */
  getVenueWorkflow(txId: string, orgId: string): Promise<VenueWorkflowRecord | undefined>
  /** The workflows of these txIds that belong to `orgId`, by txId (txIds without one are absent). */
  venueWorkflowsOf(txIds: readonly string[], orgId: string): Promise<Map<string, VenueWorkflowRecord>>
  /**
   * Settles a `pending` workflow: in one write transaction, calls `settle` with the workflow and the tools (match
   * an order, count shares), then appends its fills and writes its status, data and reason. A workflow that is not
   * `pending` (or unknown) is left alone and `settle` is not called. Resolves to the settled workflow, or
   * `undefined` when nothing was settled. If `settle` throws, nothing is written (the book is unchanged).
   */
  settleVenueWorkflow(txId: string, settle: VenueSettle): Promise<VenueWorkflowRecord | undefined>
}

/**
 * The SQL of store migration 7. `data_json` holds SPEC §2.6 as answered; `(status, timestamp)` is what changes.
 * Plain SQL that PostgreSQL also accepts (`TEXT`, `INTEGER`, `CHECK`).
 */
export const VENUE_WORKFLOWS_SQL = `
  CREATE TABLE venue_workflows (
    tx_id        TEXT    PRIMARY KEY,
    org_id       TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    proxy_wallet TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    operation    TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
    timestamp    INTEGER NOT NULL,
    data_json    TEXT    NOT NULL,
    reason       TEXT
  );
`

/** A `venue_workflows` row as both backends read it (`timestamp` is a string from PostgreSQL's `BIGINT`). */
export interface WorkflowRow {
  tx_id: string
  org_id: string
  user_id: string
  proxy_wallet: string
  name: string
  operation: string
  status: VenueWorkflowStatus
  timestamp: number | string
  data_json: string
  reason: string | null
}

/** The columns of `venue_workflows`, in `WorkflowRow`'s order. */
export const WORKFLOW_COLUMNS =
  'tx_id, org_id, user_id, proxy_wallet, name, operation, status, timestamp, data_json, reason'

/** The record of a stored row. */
export function workflowOf(row: WorkflowRow): VenueWorkflowRecord {
  return {
    txId: row.tx_id,
    orgId: row.org_id,
    userId: row.user_id,
    proxyWallet: row.proxy_wallet,
    name: row.name,
    operation: row.operation,
    status: row.status,
    timestamp: Number(row.timestamp),
    data: JSON.parse(row.data_json) as VenueWorkflowData,
    ...(row.reason === null ? {} : { reason: row.reason }),
  }
}

/** The values of a workflow's row, in `WORKFLOW_COLUMNS` order (`data` as JSON text). */
export function workflowValues(workflow: VenueWorkflowRecord): (string | number | null)[] {
  return [
    workflow.txId,
    workflow.orgId,
    workflow.userId,
    workflow.proxyWallet,
    workflow.name,
    workflow.operation,
    workflow.status,
    workflow.timestamp,
    JSON.stringify(workflow.data),
    workflow.reason ?? null,
  ]
}

/** The workflow once `outcome` is written. */
export function settledWorkflow(workflow: VenueWorkflowRecord, outcome: VenueWorkflowSettlement): VenueWorkflowRecord {
  return {
    ...workflow,
    status: outcome.status,
    timestamp: outcome.timestamp,
    data: outcome.data,
    ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
  }
}

/**
 * The shares (10⁻⁶) a wallet holds of a token: its fills summed, bought less sold and redeemed. Integers of 10⁻⁶;
 * SUM over one wallet's fills of one token. `wallet` and `token` are the placeholders of the backend.
 */
export const sharesHeldSql = (wallet: string, token: string): string =>
  `SELECT SUM(CASE WHEN kind = 'TRADE' AND side = 'BUY' THEN size_micros ELSE -size_micros END) AS held
   FROM venue_fills WHERE proxy_wallet = ${wallet} AND token_id = ${token}`

/**
 * The workflow methods over one connection; statements are prepared once.
 *
 * @example
 * const workflows = venueWorkflowMethods(db)
 * await workflows.getVenueWorkflow(txId, orgId)
 */
export function venueWorkflowMethods(db: Database): VenueWorkflowStore {
  const insert = prepare<(string | number | null)[]>(
    db,
    `INSERT INTO venue_workflows (${WORKFLOW_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const byTxId = prepare<[string], WorkflowRow>(db, `SELECT ${WORKFLOW_COLUMNS} FROM venue_workflows WHERE tx_id = ?`)
  const update = prepare<[string, number, string, string | null, string]>(
    db,
    "UPDATE venue_workflows SET status = ?, timestamp = ?, data_json = ?, reason = ? WHERE tx_id = ? AND status = 'pending'",
  )
  const held = prepare<[string, string], { held: number | null }>(db, sharesHeldSql('?', '?'))
  const { venueTokens } = venueCatalogMethods(db)
  const match = venueBookMatcher(db)
  const writeFills = venueFillWriter(db)
  // Synchronous statements behind Promises (the interface is PostgreSQL's): each resolves at once.
  const tools: VenueSettlementTools = {
    match: async (order) => match(order),
    sharesHeld: async (proxyWallet, tokenId) => BigInt(held.get(proxyWallet.toLowerCase(), tokenId)?.held ?? 0),
    token: async (tokenId) => venueTokens([tokenId])[0],
  }
  const gate = gateOf(db)

  /**
   * `BEGIN IMMEDIATE` … `COMMIT` around an awaited `settle`: libsql's `db.transaction` cannot span an await, so the
   * transaction is explicit, and the gate keeps every other call of this connection out until it ends.
   */
  const settleInTransaction = (txId: string, settle: VenueSettle) =>
    gate.exclusive(async () => {
      db.exec('BEGIN IMMEDIATE')
      try {
        const row = byTxId.get(txId)
        let settled: VenueWorkflowRecord | undefined
        if (row !== undefined && row.status === 'pending') {
          const workflow = workflowOf(row)
          const outcome = await settle(workflow, tools)
          writeFills(outcome.fills)
          update.run(outcome.status, outcome.timestamp, JSON.stringify(outcome.data), outcome.reason ?? null, txId)
          settled = settledWorkflow(workflow, outcome)
        }
        db.exec('COMMIT')
        return settled
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK')
        throw error
      }
    })

  return {
    async recordVenueWorkflow(workflow) {
      insert.run(...workflowValues(workflow))
    },
    async getVenueWorkflow(txId, orgId) {
      const row = byTxId.get(txId.toLowerCase())
      return row === undefined || row.org_id !== orgId ? undefined : workflowOf(row)
    },
    async venueWorkflowsOf(txIds, orgId) {
      const found = new Map<string, VenueWorkflowRecord>()
      for (const txId of txIds) {
        const row = byTxId.get(txId)
        if (row !== undefined && row.org_id === orgId) found.set(txId, workflowOf(row))
      }
      return found
    },
    async settleVenueWorkflow(txId, settle) {
      return settleInTransaction(txId.toLowerCase(), settle)
    },
  }
}
