/**
 * The venue's order workflows on PostgreSQL (`venue_workflows`, the columns and values of SQLite's
 * `store/venueWorkflows.ts`). `settleVenueWorkflow` is one transaction on one connection: the workflow's row is
 * locked (`FOR UPDATE`), so a second settlement of the same txId waits, then finds it no longer `pending`; the
 * tools query on that same transaction (the order locks its book's row: `venueBook.ts`), and the fills and the
 * outcome are written before the commit — or nothing is, when `settle` throws.
 */
import {
  type VenueSettlementTools,
  type VenueWorkflowRecord,
  type VenueWorkflowStore,
  WORKFLOW_COLUMNS,
  type WorkflowRow,
  settledWorkflow,
  sharesHeldSql,
  workflowOf,
  workflowValues,
} from '../venueWorkflows.js'
import type { PgDatabase, Sql } from './connection.js'
import { matchOnBook } from './venueBook.js'
import { tokensOf } from './venueCatalog.js'
import { writeFills } from './venueFills.js'

/** The settlement's tools on its transaction. */
function toolsOn(tx: Sql): VenueSettlementTools {
  return {
    match: (order) => matchOnBook(tx, order),
    async sharesHeld(proxyWallet, tokenId) {
      // SUM of BIGINT is NUMERIC: a string of an integer, or NULL without fills.
      const [row] = await tx.query<{ held: string | null }>(sharesHeldSql('$1', '$2'), [
        proxyWallet.toLowerCase(),
        tokenId,
      ])
      return BigInt(row?.held ?? 0)
    },
    token: async (tokenId) => (await tokensOf(tx, [tokenId]))[0],
  }
}

/**
 * The workflow methods on a PostgreSQL pool.
 *
 * @example await pgVenueWorkflowMethods(db).getVenueWorkflow(txId, orgId)
 */
export function pgVenueWorkflowMethods(db: PgDatabase): VenueWorkflowStore {
  const select = `SELECT ${WORKFLOW_COLUMNS} FROM venue_workflows`
  return {
    async recordVenueWorkflow(workflow) {
      await db.query(
        `INSERT INTO venue_workflows (${WORKFLOW_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        workflowValues(workflow),
      )
    },
    async getVenueWorkflow(txId, orgId) {
      const [row] = await db.query<WorkflowRow>(`${select} WHERE tx_id = $1`, [txId.toLowerCase()])
      return row === undefined || row.org_id !== orgId ? undefined : workflowOf(row)
    },
    async venueWorkflowsOf(txIds, orgId) {
      const rows = await db.query<WorkflowRow>(`${select} WHERE tx_id = ANY ($1::text[]) AND org_id = $2`, [
        txIds,
        orgId,
      ])
      return new Map(rows.map((row) => [row.tx_id, workflowOf(row)]))
    },
    settleVenueWorkflow: (txId, settle) =>
      db.transaction(async (tx): Promise<VenueWorkflowRecord | undefined> => {
        const [row] = await tx.query<WorkflowRow>(`${select} WHERE tx_id = $1 FOR UPDATE`, [txId.toLowerCase()])
        if (row === undefined || row.status !== 'pending') return undefined
        const workflow = workflowOf(row)
        const outcome = await settle(workflow, toolsOn(tx))
        await writeFills(tx, outcome.fills)
        await tx.query(
          'UPDATE venue_workflows SET status = $1, timestamp = $2, data_json = $3, reason = $4 WHERE tx_id = $5',
          [outcome.status, outcome.timestamp, JSON.stringify(outcome.data), outcome.reason ?? null, row.tx_id],
        )
        return settledWorkflow(workflow, outcome)
      }),
  }
}
