import { describe, expect, it } from 'vitest'
import { Worker } from 'node:worker_threads'
import {
  createSnapshotSignal,
  publishSnapshot,
  publishedVersion,
  readPublishedSnapshot,
} from '../../../service/snapshots/snapshotSignal.js'
import { createSnapshotSwitch } from '../../../service/snapshots/snapshotSwitch.js'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)

describe('snapshot signal', () => {
  it('publishes ids with increasing versions; nothing before the first', () => {
    const signal = createSnapshotSignal()
    expect(readPublishedSnapshot(signal)).toBeUndefined()
    expect(publishedVersion(signal)).toBe(0)
    expect(publishSnapshot(signal, A)).toBe(1)
    expect(publishSnapshot(signal, B)).toBe(2)
    expect(readPublishedSnapshot(signal)).toEqual({ version: 2, snapshotId: B })
    expect(() => publishSnapshot(signal, 'not an id')).toThrow(TypeError)
  })

  it('is shared with a worker thread: it reads what the main thread published', async () => {
    const signal = createSnapshotSignal()
    publishSnapshot(signal, A)
    publishSnapshot(signal, B)
    // A plain script: reads the id bytes after the 4-byte sequence number, as `readPublishedSnapshot` does.
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads')
       const sequence = Atomics.load(new Int32Array(workerData, 0, 1), 0)
       parentPort.postMessage([sequence / 2, Buffer.from(new Uint8Array(workerData, 4, 32)).toString('latin1')])`,
      { eval: true, workerData: signal },
    )
    const [version, id] = (await new Promise((resolve) => worker.once('message', resolve))) as [number, string]
    await worker.terminate()
    expect([version, id]).toEqual([2, B])
  })
})

describe('snapshot switch', () => {
  it('keeps its value until a newer version is published, then loads it once', () => {
    const signal = createSnapshotSignal()
    publishSnapshot(signal, A)
    const loads: string[] = []
    const apps = createSnapshotSwitch({
      signal,
      initial: { version: 1, value: `app ${A}` },
      load: ({ snapshotId }) => {
        loads.push(snapshotId)
        return `app ${snapshotId}`
      },
    })
    expect(apps.current()).toBe(`app ${A}`)
    publishSnapshot(signal, B)
    expect([apps.current(), apps.current()]).toEqual([`app ${B}`, `app ${B}`])
    expect(loads).toEqual([B])
    apps.close()
  })

  it('a snapshot that fails to load is reported once and the current value kept', () => {
    const signal = createSnapshotSignal()
    const errors: string[] = []
    let loads = 0
    const apps = createSnapshotSwitch({
      signal,
      initial: { version: 0, value: 'first' },
      load: () => {
        loads += 1
        throw new Error('unreadable')
      },
      onError: (error, { snapshotId }) => errors.push(`${snapshotId}: ${(error as Error).message}`),
    })
    publishSnapshot(signal, A)
    expect([apps.current(), apps.current()]).toEqual(['first', 'first'])
    expect([loads, errors]).toEqual([1, [`${A}: unreadable`]])
    apps.close()
  })

  it('without a signal, keeps the initial value', () => {
    const apps = createSnapshotSwitch({ signal: undefined, initial: { version: 0, value: 1 }, load: () => 2 })
    expect(apps.current()).toBe(1)
  })
})
