/**
 * The probe thread on its own (`service/probeThread.ts`), in this process: it answers while this thread — the one
 * that starts it, the main thread in the service — is blocked, and says 503 once this thread has been silent for
 * longer than `mainStallMs` (a hung main thread must still fail liveness). The probes are sent from another
 * worker thread, since this one is blocked on purpose.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { type ProbeThread, startProbeThread } from '../../service/probeThread.js'

const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-probe-thread-'))
let probes: ProbeThread | undefined
afterAll(async () => {
  await probes?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Probes `url` at each of `atMs` (from now) on another thread; resolves with the statuses. */
function probeFromAnotherThread(url: string, atMs: readonly number[]): { done: Promise<number[]> } {
  const source = `
    const { workerData, parentPort } = require('node:worker_threads')
    const http = require('node:http')
    const get = () => new Promise((resolve) => {
      const req = http.get(workerData.url, { agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)) })
      req.on('error', () => resolve(0))
    })
    Promise.all(workerData.atMs.map((ms) => new Promise((r) => setTimeout(r, ms)).then(get))).then((s) => parentPort.postMessage(s))
  `
  const worker = new Worker(source, { eval: true, workerData: { url, atMs } })
  return {
    done: new Promise((resolve, reject) => {
      worker.once('message', (statuses: number[]) => {
        void worker.terminate()
        resolve(statuses)
      })
      worker.once('error', reject)
    }),
  }
}

describe('probe thread', () => {
  it('answers while the starting thread is blocked, and 503 once it has been silent longer than mainStallMs', async () => {
    const config = { host: '127.0.0.1', probePort: 0, threads: 2, databasePath: join(dataDir, 'none.sqlite') }
    probes = startProbeThread(config, () => 2, 1500)
    const port = await probes.port
    const url = `http://127.0.0.1:${port}/api/health`
    // Probes at 0.5 s (blocked 0.5 s: within mainStallMs) and 2.5 s (blocked 2.5 s: beyond it).
    const { done } = probeFromAnotherThread(url, [500, 2500])
    // Blocks this thread's event loop (no beat) for 3 s, as a hung main thread would.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000)
    expect(await done).toEqual([200, 503])
    // This thread beats again: healthy again.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const again = probeFromAnotherThread(url, [0])
    expect(await again.done).toEqual([200])
  }, 30_000)
})
