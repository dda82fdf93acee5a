/**
 * Acceptance, "hot reload under load": a real service answers getAction from 16 concurrent clients without a
 * pause while its snapshot file is changed twice (a pool's reserves edited, so a new id each time). No request
 * fails, every request sent after a reload was published quotes on the new snapshot (or a newer one), and the ids
 * seen are exactly the three expected.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SENDER } from '../helpers/mainnet.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { ARB_SWAP, type SnapshotFile, moveReserves, snapshotFile, waitForLog } from './snapshotReload.js'

const CLIENTS = 16
const QUERY = new URLSearchParams({
  actionType: 'swap-action',
  sender: SENDER,
  ...ARB_SWAP,
  swapDirection: 'exact-amount-in',
  slippage: '50',
})

let dir: string
let file: SnapshotFile
let service: RunningService
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-reload-load-'))
  file = snapshotFile(dir)
  service = await startService({
    DATA_DIR: join(dir, 'data'),
    SNAPSHOT_PATH: file.path,
    SNAPSHOT_WATCH_DEBOUNCE_MS: '100',
    // Answered but not recorded: the load is on the quote path, not on the SQLite file.
    CROSSROUTE_BENCH_NO_STORE: '1',
    // Unlimited: on a quiet machine the clients pass the default 6,000 quotes a minute, and 429s are not the point.
    RATE_LIMIT_REQUESTS: '0',
  })
}, 90_000)
afterAll(async () => {
  await service?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** One answer, and how many reloads the test had seen published when the request was sent. */
interface Outcome {
  readonly status: number
  readonly snapshotId: string | undefined
  readonly reloadsSeen: number
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('hot reload under load (real service, file watch)', () => {
  it('two snapshot changes under continuous getAction load: no failed request, each switch seen by every later request', async () => {
    const ids = [file.id()]
    let reloadsSeen = 0
    let isLoading = true
    const outcomes: Outcome[] = []
    const client = async () => {
      while (isLoading) {
        const seen = reloadsSeen
        const response = await fetch(`${service.url}/getAction?${QUERY}`, { headers: { 'x-api-key': 'dev-key-alpha' } })
        const body = (await response.json()) as { snapshotId?: string }
        outcomes.push({ status: response.status, snapshotId: body.snapshotId, reloadsSeen: seen })
      }
    }
    const clients = Array.from({ length: CLIENTS }, client)
    await pause(1000)
    for (const delta of [10n ** 9n, 2n * 10n ** 9n]) {
      const next = file.edit(moveReserves(delta))
      ids.push(next)
      await waitForLog(service, 'snapshot.reloaded', { snapshotId: next, trigger: 'file' })
      reloadsSeen += 1
      await pause(1500)
    }
    isLoading = false
    await Promise.all(clients)

    expect(new Set(ids).size).toBe(3)
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([])
    expect(new Set(outcomes.map((outcome) => outcome.snapshotId))).toEqual(new Set(ids))
    // A request sent after the test saw reload n published quotes on snapshot n or later, never an earlier one.
    const stale = outcomes.filter((outcome) => ids.indexOf(outcome.snapshotId!) < outcome.reloadsSeen)
    expect(stale).toEqual([])
    for (const stage of [0, 1, 2])
      expect(outcomes.filter((outcome) => outcome.reloadsSeen === stage).length).toBeGreaterThan(10)
  }, 60_000)
})
