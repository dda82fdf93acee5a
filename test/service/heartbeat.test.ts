/**
 * A worker's heartbeat (`service/heartbeat.ts`) as the pool reads it: a worker is stuck only while it holds a
 * request and has not beaten since; an idle worker never is, however old its last beat.
 */
import { describe, expect, it } from 'vitest'
import { startWorkerHeartbeat, stuckForMs } from '../../service/heartbeat.js'

describe('worker heartbeat', () => {
  it('is stuck for the time since the last beat while it holds requests, 0 when it holds none', async () => {
    // A long interval: only begin/end beat in this test.
    const heartbeat = startWorkerHeartbeat(60_000)
    const start = Date.now()
    expect(stuckForMs(heartbeat.buffer, start + 10_000)).toBe(0)
    heartbeat.begin()
    heartbeat.begin()
    expect(stuckForMs(heartbeat.buffer, start + 10_000)).toBeGreaterThanOrEqual(9_000)
    expect(heartbeat.end()).toBe(1)
    // One still held; the end beat is the last.
    const afterEnd = Date.now()
    expect(stuckForMs(heartbeat.buffer, afterEnd + 500)).toBeGreaterThanOrEqual(500)
    expect(stuckForMs(heartbeat.buffer, afterEnd + 500)).toBeLessThan(1_000)
    expect(heartbeat.end()).toBe(0)
    expect(stuckForMs(heartbeat.buffer, afterEnd + 60_000)).toBe(0)
  })

  it('beats on its timer while the event loop turns', async () => {
    const heartbeat = startWorkerHeartbeat(10)
    heartbeat.begin()
    const begun = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Beaten since begin() by the timer: at most ~one interval old, not 200 ms.
    expect(stuckForMs(heartbeat.buffer, Date.now())).toBeLessThan(150)
    expect(Date.now() - begun).toBeGreaterThanOrEqual(190)
    heartbeat.end()
  })
})
