/**
 * Helpers of the hot reload tests: a snapshot file of their own to edit, its expected ids, and waiting for the
 * service's log lines.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { snapshotIdOf } from '../../engine/graph/snapshotId.js'
import { DEFAULT_SNAPSHOT_PATH } from '../../engine/loader.js'
import type { SnapshotJson } from '../../engine/graph/types.js'
import type { RunningService } from '../helpers/startService.js'
import { ARB_USDC, ARB_WETH } from '../helpers/mainnet.js'

/** The getAction query the reload tests quote again and again: 1,000 USDC to WETH on Arbitrum (needs `sender`). */
export const ARB_SWAP = Object.freeze({
  srcChainId: '42161',
  srcToken: ARB_USDC,
  dstChainId: '42161',
  dstToken: ARB_WETH,
  amount: '1000000000',
})

/** A copy of the default snapshot in `dir`, to edit under a running service. */
export interface SnapshotFile {
  readonly path: string
  /** The id of the file as it is now. */
  id(): string
  /** Rewrites the file with `edit` applied to its JSON (pretty-printed, as people save it); returns the new id. */
  edit(edit: (json: SnapshotJson) => void): string
}

/**
 * Copies the default snapshot into `dir`.
 *
 * @example const file = snapshotFile(dir); const next = file.edit(scalePrices)
 */
export function snapshotFile(dir: string): SnapshotFile {
  const path = join(dir, 'snapshot.json')
  copyFileSync(DEFAULT_SNAPSHOT_PATH, path)
  const read = () => JSON.parse(readFileSync(path, 'utf8')) as SnapshotJson
  return {
    path,
    id: () => snapshotIdOf(read()),
    edit(edit) {
      const json = read()
      edit(json)
      writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`)
      return snapshotIdOf(json)
    },
  }
}

/** Raises every token's USD price a little: every quote's USD figures change. */
export function raisePrices(json: SnapshotJson): void {
  for (const token of json.tokens)
    token.usdPrice = token.usdPrice.includes('.') ? `${token.usdPrice}1` : `${token.usdPrice}.01`
}

/** Adds `delta` to the first reserve of the first constant-product pool. */
export function moveReserves(delta: bigint): (json: SnapshotJson) => void {
  return (json) => {
    const pool = json.pools.find((entry) => entry.kind === 'constantProduct') as unknown as {
      state: { reserve0: string }
    }
    pool.state.reserve0 = String(BigInt(pool.state.reserve0) + delta)
  }
}

/** The service's JSON log lines (stderr) with this `event`. */
export function logLines(service: RunningService, event: string): Record<string, unknown>[] {
  return service
    .stderr()
    .split('\n')
    .filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/**
 * Waits until the service logs `event` with these fields (the end state of a reload), at most `timeoutMs`.
 *
 * @example await waitForLog(service, 'snapshot.reloaded', { snapshotId })
 */
export async function waitForLog(
  service: RunningService,
  event: string,
  fields: Record<string, unknown> = {},
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const line = logLines(service, event).find((entry) =>
      Object.entries(fields).every(([key, value]) => entry[key] === value),
    )
    if (line !== undefined) return line
    if (Date.now() > deadline) throw new Error(`no ${event} ${JSON.stringify(fields)} logged in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
