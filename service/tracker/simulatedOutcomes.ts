/**
 * Injected outcomes of the simulated chain observer, for tests and demos: by default every simulated leg
 * succeeds; an outcome set for a `txId` makes its simulated journey fail or be refunded instead.
 *
 * Stored as one small file per transaction, `<DATA_DIR>/simulated-outcomes/<txId>`, holding the outcome's name:
 * written atomically (temp file + rename), read by the tracker thread, survives restarts like the store beside it.
 * Set with `npm run tracker:outcome -- <txId> <outcome>` (setSimulatedOutcomeCli.ts) or `setSimulatedOutcome`.
 *
 * Production ignores them: the tracker reads outcomes only when `NODE_ENV` is not `production`
 * (`createSimulatedObserver`'s `outcomeOf` is then a constant `success`), and the CLI refuses to write them. No
 * route exposes them: setting one needs write access to the data directory, which already holds the database.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What the simulated observer makes of a transaction. */
export const SIMULATED_OUTCOMES = ['success', 'failed', 'requires refund', 'refunded'] as const
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number]

/** The folder under `DATA_DIR` that holds the injected outcomes. */
export const SIMULATED_OUTCOMES_DIR = 'simulated-outcomes'

const TX_ID = /^0x[0-9a-f]{64}$/

/**
 * Injects the outcome of one transaction. Set it before registering the transaction (at least before the leg it
 * changes is due: with `SIMULATED_TIME_SCALE=0.001` that is milliseconds after registration).
 *
 * @throws Error for a `txId` that is not `0x` and 64 lower-case hex digits, or an unknown outcome.
 * @example setSimulatedOutcome(config.dataDir, response.txId, 'refunded')
 */
export function setSimulatedOutcome(dataDir: string, txId: string, outcome: SimulatedOutcome): void {
  if (!TX_ID.test(txId)) throw new Error(`txId must be 0x and 64 lower-case hex digits, got ${JSON.stringify(txId)}`)
  if (!(SIMULATED_OUTCOMES as readonly string[]).includes(outcome)) {
    throw new Error(`outcome must be one of ${SIMULATED_OUTCOMES.join(', ')}, got ${JSON.stringify(outcome)}`)
  }
  writeFileAtomically(join(dataDir, SIMULATED_OUTCOMES_DIR), txId, `${outcome}\n`)
}

/**
 * Writes `folder/name` atomically (a temp file renamed over it), creating the folder: a reader never sees half a
 * file. Shared by the injected outcomes and the simulated deposits (`simulatedDeposits.ts`).
 *
 * @example writeFileAtomically(join(dataDir, 'simulated-outcomes'), txId, 'failed\n')
 */
export function writeFileAtomically(folder: string, name: string, text: string): void {
  mkdirSync(folder, { recursive: true })
  const temporary = join(folder, `.${name}.${process.pid}.tmp`)
  writeFileSync(temporary, text)
  renameSync(temporary, join(folder, name))
}

/**
 * The injected outcome of a transaction; `success` when none was set (or the file holds no known outcome).
 *
 * @example readSimulatedOutcome(config.dataDir, tx.txId) // 'success'
 */
export function readSimulatedOutcome(dataDir: string, txId: string): SimulatedOutcome {
  if (!TX_ID.test(txId)) return 'success'
  let text: string
  try {
    text = readFileSync(join(dataDir, SIMULATED_OUTCOMES_DIR, txId), 'utf8').trim()
  } catch {
    return 'success'
  }
  return (SIMULATED_OUTCOMES as readonly string[]).includes(text) ? (text as SimulatedOutcome) : 'success'
}
