/**
 * The venue settlement hook across processes (issue 14 point 2): every replica's tracker may call
 * `settleVenueWorkflow` for the same funding transaction (a claim lost after the hook ran), and a workflow must be
 * settled once. Three processes settle the same 200 workflows at once on one store: `settle` runs 200 times in all.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../service/config.js'
import { openStore } from '../../service/store/open.js'
import type { VenueWorkflowRecord } from '../../service/store/venueWorkflows.js'
import { POSTGRES_REPLICAS, type ReplicaBackend, type ReplicaStore, SQLITE_REPLICAS } from '../helpers/startReplicas.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** The stores the processes share: one SQLite file, one PostgreSQL database. */
const BACKENDS: readonly ReplicaBackend[] = [SQLITE_REPLICAS, POSTGRES_REPLICAS]
const WORKFLOWS = 200
/** Resolves once `condition()` holds (polled every 20 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}
const txIdOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

describe.each(BACKENDS)('venue settlement on $name', (backend) => {
  let store: ReplicaStore
  beforeAll(async () => {
    store = await backend.create()
  })
  afterAll(async () => {
    await store?.dispose()
  })

  it('3 processes settling the same 200 workflows at once settle each exactly once', async () => {
    const config = loadConfig({ ...store.env })
    const writer = await openStore(config)
    for (let n = 0; n < WORKFLOWS; n += 1) {
      await writer.recordVenueWorkflow({
        txId: txIdOf(n),
        orgId: 'org',
        userId: '0x76a2D5cEa1a5a3bC2aBe1F1e7a5E5a1D2c3b2934',
        proxyWallet: '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC',
        name: 'venue',
        operation: 'placeOrder',
        status: 'pending',
        timestamp: 1_800_000_000,
        data: { n } as unknown as VenueWorkflowRecord['data'],
      })
    }
    await writer.close()
    const txIds = Array.from({ length: WORKFLOWS }, (_, n) => txIdOf(n))
    const processes = [txIds, [...txIds].reverse(), txIds].map((order) =>
      spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers/settleWorkflowsProcess.ts'), ...order], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: '', ...store.env },
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    )
    const outputs = processes.map((child) => {
      let output = ''
      child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text))
      return { ready: until(() => output.startsWith('ready\n')), output: () => output }
    })
    // Every process has its store open: let them all go at once.
    await Promise.all(outputs.map(({ ready }) => ready))
    for (const child of processes) child.stdin.end('go\n')
    await Promise.all(processes.map((child) => once(child, 'exit')))
    const settled = outputs.map(
      ({ output }) => (JSON.parse(output().slice('ready\n'.length)) as { settled: number }).settled,
    )
    expect(settled.reduce((sum, count) => sum + count, 0)).toBe(WORKFLOWS)
    console.info(`settled per process: ${settled.join(', ')}`)
    const reader = await openStore(config)
    try {
      const workflows = await reader.venueWorkflowsOf(txIds, 'org')
      expect([...workflows.values()].map((workflow) => [workflow.status, workflow.timestamp])).toEqual(
        txIds.map(() => ['success', 1_800_000_001]),
      )
    } finally {
      await reader.close()
    }
  }, 120_000)
})
