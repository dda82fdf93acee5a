/**
 * Durability of the lifecycle: `kill -9` of the service right after acknowledged registrations, a restart on the
 * same DATA_DIR, and every acknowledged registration is there with its history, and the pending work resumes to
 * success. Also a graceful stop (SIGTERM) in the middle of tracking, which the next start resumes the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningService, startService } from '../helpers/startService.js'
import { ROUTES, type TxPathEntry, fakeTxHash, getAction, getStatus, registerTxs, waitForStatus } from './trackerApi.js'

// CCTP's 960 s become 9.6 s: the transactions are still between chains when the service is killed.
const ENV = { SIMULATED_TIME_SCALE: '0.01', TRACKER_INTERVAL_MS: '20' }

let dataDir: string
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-durability-'))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

interface Registered {
  txId: string
  txHash: string
  srcChainId: number
  bridgeRoute: { dstChainId: number; bridgeId: string }[]
}

async function quoteAndRegister(service: RunningService, count: number): Promise<Registered[]> {
  const routes = [ROUTES.toOptimism, ROUTES.toSolana, ROUTES.sameChain]
  const actions = await Promise.all(
    Array.from({ length: count }, (_, i) => getAction(service, routes[i % routes.length]!)),
  )
  const registered = actions.map((action) => ({
    txId: action.txId,
    txHash: fakeTxHash(),
    srcChainId: action.tx.chainId,
    bridgeRoute: action.bridgeRoute,
  }))
  // One array registration and single ones, all acknowledged before the kill.
  const [batch, singles] = [registered.slice(0, count / 2), registered.slice(count / 2)]
  await registerTxs(
    service,
    batch.map(({ txId, txHash, srcChainId }) => ({ txId, txHash, chainId: srcChainId })),
  )
  await Promise.all(
    singles.map(({ txId, txHash, srcChainId }) => registerTxs(service, [{ txId, txHash, chainId: srcChainId }])),
  )
  return registered
}

/** Checks the complete journey of a registration: its hash first, then one entry per hop of its quote. */
function expectComplete(path: TxPathEntry[], tx: Registered): void {
  expect(path.map((entry) => entry.chainId)).toEqual([tx.srcChainId, ...tx.bridgeRoute.map((hop) => hop.dstChainId)])
  expect(path.map((entry) => entry.nextBridge)).toEqual([...tx.bridgeRoute.map((hop) => hop.bridgeId), ''])
  expect(path[0]!.txHash).toBe(tx.txHash)
}

describe('durability', () => {
  it('kill -9 after acknowledged registrations: all there after a restart, history intact, pending work resumes to success', async () => {
    const first = await startService({ ...ENV, DATA_DIR: dataDir })
    const registered = await quoteAndRegister(first, 12)
    // Let the tracker record some legs (the source legs: 2.5 ms each), then kill the whole process at once.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const before = await Promise.all(registered.map((tx) => getStatus(first, tx.txId)))
    expect((await first.stop('SIGKILL')).signal).toBe('SIGKILL')
    expect(before.filter((details) => details.status === 'pending').length).toBeGreaterThan(0)

    const second = await startService({ ...ENV, DATA_DIR: dataDir })
    try {
      for (const [i, tx] of registered.entries()) {
        const details = await getStatus(second, tx.txId)
        expect(details.srcTxHash).toBe(tx.txHash)
        // Nothing recorded before the kill was lost or rewritten.
        expect(details.bridgeDetails.txPath.slice(0, before[i]!.bridgeDetails.txPath.length)).toEqual(
          before[i]!.bridgeDetails.txPath,
        )
      }
      for (const tx of registered) {
        const { details } = await waitForStatus(second, tx.txId, ['success', 'failed', 'requires refund'], 30_000)
        expect(details.status).toBe('success')
        expectComplete(details.bridgeDetails.txPath, tx)
      }
    } finally {
      await second.stop()
    }
  }, 90_000)

  it('SIGTERM while transactions are between chains: the tracker stops cleanly and the next start finishes them', async () => {
    const first = await startService({ ...ENV, DATA_DIR: dataDir })
    const registered = await quoteAndRegister(first, 4)
    await waitForStatus(first, registered[0]!.txId, ['pending'])
    const exit = await first.stop('SIGTERM')
    expect(exit.code).toBe(0)
    expect(first.stderr()).toMatch(/"event":"tracker.stopped"/)

    const second = await startService({ ...ENV, DATA_DIR: dataDir })
    try {
      for (const tx of registered) {
        const { details } = await waitForStatus(second, tx.txId, ['success', 'failed', 'requires refund'], 30_000)
        expect(details.status).toBe('success')
        expectComplete(details.bridgeDetails.txPath, tx)
      }
    } finally {
      await second.stop()
    }
  }, 90_000)

  it('kill -9 right after a quote was answered: the quote is there after a restart and can be registered', async () => {
    const first = await startService({ ...ENV, DATA_DIR: dataDir })
    const action = await getAction(first, ROUTES.sameChain)
    // The reply was sent, so the quote was committed (WAL, synchronous=NORMAL): only an OS crash could lose it.
    expect((await first.stop('SIGKILL')).signal).toBe('SIGKILL')
    const second = await startService({ ...ENV, DATA_DIR: dataDir })
    try {
      const txHash = fakeTxHash()
      // Answers 200 with success for the item (checked inside registerTxs).
      await registerTxs(second, [{ txId: action.txId, txHash, chainId: action.tx.chainId }])
      const details = await getStatus(second, action.txId)
      expect(details.srcTxHash).toBe(txHash)
      expect((details as unknown as { actionResponse: unknown }).actionResponse).toEqual(action)
    } finally {
      await second.stop()
    }
  }, 120_000)
})
