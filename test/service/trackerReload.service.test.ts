/**
 * The tracker thread follows hot reloads (README "Hot reload"): the service starts on a snapshot without OP Mainnet,
 * a reload adds it back, and a swap quoted on OP Mainnet after the reload is tracked to success through the real
 * service (main thread, workers, tracker thread, SQLite, simulated chains at SIMULATED_TIME_SCALE=0.001). Before,
 * the tracker planned every registration with the chains of the snapshot it started on and failed this one
 * ("chain 10 is not in the snapshot"), leaving it pending.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SnapshotJson } from '../../engine/graph/types.js'
import { DEFAULT_SNAPSHOT_PATH } from '../../engine/loader.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type SnapshotFile, logLines, snapshotFile, waitForLog } from './snapshotReload.js'
import { fakeTxHash, getAction, registerTxs, waitForStatus } from './trackerApi.js'

const OP_MAINNET = 10
/** OP Mainnet USDC → WETH (Uniswap V3). */
const OP_SWAP = {
  srcChainId: String(OP_MAINNET),
  srcToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  dstChainId: String(OP_MAINNET),
  dstToken: '0x4200000000000000000000000000000000000006',
  amount: '100000000',
}

/** The default snapshot without one chain: its tokens, pools and every lane to or from it removed. */
function withoutChain(chainId: number): (json: SnapshotJson) => void {
  return (json) => {
    json.chains = json.chains.filter((chain) => chain.chainId !== chainId)
    json.tokens = json.tokens.filter((token) => token.chainId !== chainId)
    json.pools = json.pools.filter((pool) => pool.chainId !== chainId)
    json.lanes = json.lanes.filter((lane) => lane.srcChainId !== chainId && lane.dstChainId !== chainId)
  }
}

let dir: string
let file: SnapshotFile
let service: RunningService
let fullId: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-tracker-reload-'))
  file = snapshotFile(dir)
  fullId = file.id()
  file.edit(withoutChain(OP_MAINNET))
  service = await startService({
    DATA_DIR: join(dir, 'data'),
    SNAPSHOT_PATH: file.path,
    SNAPSHOT_WATCH: '0',
    SIMULATED_TIME_SCALE: '0.001',
    TRACKER_INTERVAL_MS: '20',
  })
}, 60_000)
afterAll(async () => {
  await service?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('the tracker after a hot reload', () => {
  it('tracks a registration on a chain the reload added to success', async () => {
    // Back to the full default snapshot: OP Mainnet returns.
    expect(file.id()).not.toBe(fullId)
    copyFileSync(DEFAULT_SNAPSHOT_PATH, file.path)
    expect(file.id()).toBe(fullId)
    service.process.kill('SIGHUP')
    await waitForLog(service, 'snapshot.reloaded', { snapshotId: fullId, trigger: 'signal' })

    const action = await getAction(service, OP_SWAP)
    await registerTxs(service, [{ txId: action.txId, txHash: fakeTxHash(), chainId: OP_MAINNET }])
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'success', srcChainId: OP_MAINNET, dstChainId: OP_MAINNET })
    expect(logLines(service, 'tracker.snapshot-switched')).toEqual([expect.objectContaining({ snapshotId: fullId })])
    expect(logLines(service, 'tracker.advance-failed')).toEqual([])
  }, 60_000)
})
