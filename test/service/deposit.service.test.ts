/**
 * Deposit addresses through the real service (real main thread, workers and tracker thread), simulated chains:
 * getAction with `returnDepositAddress=true`, then a deposit simulated with the documented CLI
 * (`npm run tracker:deposit`), and the transaction reaches its end through getStatus with no registerTxs call.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedTxHash } from '../../service/tracker/simulatedTxHash.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Action, ROUTES, getAction, waitForStatus } from './trackerApi.js'

type DepositAction = Action & { depositAddress: string; amountInMax: { amount: string } }

let service: RunningService
let dataDir: string
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-deposit-service-'))
  service = await startService({ DATA_DIR: dataDir, SIMULATED_TIME_SCALE: '0.001', TRACKER_INTERVAL_MS: '20' })
}, 60_000)
afterAll(async () => {
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** `npm run tracker:deposit -- <key> <amount>` as a user runs it, on the service's data directory. */
async function simulateDeposit(key: string, amount: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'service/tracker/setSimulatedDepositCli.ts', key, amount],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: '' } },
  )
  return stdout
}

const depositAction = async (route: Record<string, string>) =>
  (await getAction(service, { ...route, returnDepositAddress: 'true' })) as DepositAction

describe('deposit addresses through the service', () => {
  it('a bridge paid into its deposit address is registered by the tracker and reaches success, with no registerTxs', async () => {
    const action = await depositAction(ROUTES.toOptimism)
    expect(action.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await simulateDeposit(action.depositAddress, action.amountInMax.amount)).toContain('simulated deposit')

    const { details, seen } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'])
    expect(details.status).toBe('success')
    expect(seen.filter((status) => status !== 'pending' && status !== 'quoted')).toEqual(['success'])
    const depositHash = simulatedTxHash('evm', action.txId, 'deposit')
    expect(details.srcTxHash).toBe(depositHash)
    expect(details.bridgeDetails.txPath.map((entry) => [entry.chainId, entry.txHash])).toEqual([
      [42161, depositHash],
      [10, simulatedTxHash('evm', action.txId, 'delivery-1')],
    ])
  })

  it('a short deposit, injected by txId, ends requires refund', async () => {
    const action = await depositAction(ROUTES.sameChain)
    await simulateDeposit(action.txId, String(BigInt(action.amountInMax.amount) - 1n))
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'])
    expect(details.status).toBe('requires refund')
    expect(details.bridgeDetails.txPath).toHaveLength(1)
  })

  it('the CLI refuses a malformed amount', async () => {
    await expect(simulateDeposit(`0x${'1'.repeat(64)}`, '1.5')).rejects.toThrow(/positive integer/)
  })
})
