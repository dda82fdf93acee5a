/**
 * The pool's guards and the probes, through the real service (child process, one piscina worker): liveness and
 * readiness answer while every worker slot is busy, a request past its deadline gets 503 and its worker is
 * replaced, and a pool that cannot replace a worker makes the process exit 1 for its supervisor.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../service/config.js'
import { type RunningService, type ServiceProcess, startService } from '../helpers/startService.js'

const KEY = { 'x-api-key': 'dev-key-alpha-2' }
const ONE_SLOT = { THREADS: '1', CONCURRENT_TASKS_PER_WORKER: '1', MAX_QUEUE: '8' }

/** Polls `/api/ready` until it answers ready (a replacement worker takes seconds to load the engine). */
async function untilReady(service: RunningService): Promise<Record<string, unknown>> {
  for (;;) {
    const reply = await fetch(`${service.url}/ready`)
    const body = (await reply.json()) as Record<string, unknown>
    if (reply.status === 200) return body
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The service's JSON log lines so far. */
function logLines(service: ServiceProcess): Record<string, unknown>[] {
  return service
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('probes and the request deadline (1 worker, 1 slot)', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ ...ONE_SLOT, REQUEST_DEADLINE_MS: '2000', LOG_LEVEL: 'warn' })
  }, 90_000)
  afterAll(async () => {
    await service?.stop()
  })

  it('/api/ready: 200 with the workers and the store, no key needed', async () => {
    const reply = await fetch(`${service.url}/ready`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('cache-control')).toBe('no-store')
    expect(await reply.json()).toEqual({ status: 'ready', workers: { ready: 1, total: 1 }, store: 'ok' })
  })

  it('health and readiness answer while the only worker slot is busy, before the request holding it', async () => {
    const order: string[] = []
    const busy = fetch(`${service.url}/__test/spin?ms=1500`, { headers: KEY }).then(async (reply) => {
      order.push(`spin ${reply.status}`)
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const [health, ready] = await Promise.all([fetch(`${service.url}/health`), fetch(`${service.url}/ready`)])
    order.push(`probes ${health.status} ${ready.status}`)
    await busy
    expect(order).toEqual(['probes 200 200', 'spin 200'])
  })

  it('a worker stuck past REQUEST_DEADLINE_MS: 503 in the envelope, the worker is replaced, service goes on', async () => {
    const stuck = await fetch(`${service.url}/__test/spin?ms=20000`, { headers: KEY })
    expect(stuck.status).toBe(503)
    expect(stuck.headers.get('retry-after')).toBe('1')
    const { error } = (await stuck.json()) as { error: { code: string } }
    expect(error.code).toBe('SERVICE_UNAVAILABLE')
    // The stuck thread is terminated within one check of the deadline (its last beat was when it took the request)
    // and readiness drops until its replacement has loaded the engine.
    await expect.poll(() => service.stderr(), { timeout: 5_000 }).toContain('"event":"worker.stuck"')
    expect(await untilReady(service)).toMatchObject({ workers: { ready: 1, total: 1 } })
    const thread = await fetch(`${service.url}/__test/thread`, { headers: KEY })
    expect(thread.status).toBe(200)
    expect(service.stderr()).toContain('request.deadline-exceeded')
    // LOG_LEVEL=warn: no access lines (info), though requests were answered.
    expect(service.stderr()).not.toContain('"event":"request"')
  }, 60_000)

  it('a request past its deadline on a worker that is not stuck (awaiting): 503, and the worker is kept', async () => {
    await untilReady(service)
    const before = await fetch(`${service.url}/__test/thread`, { headers: KEY })
    expect(before.status).toBe(200)
    const { threadId } = (await before.json()) as { threadId: number }
    const stuckBefore = service.stderr().split('"event":"worker.stuck"').length
    const slow = await fetch(`${service.url}/__test/sleep?ms=3500`, { headers: KEY })
    expect(slow.status).toBe(503)
    expect(((await slow.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE')
    // Its slot is held until the worker is done with it; then the same thread answers.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const after = await fetch(`${service.url}/__test/thread`, { headers: KEY })
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual({ threadId })
    expect(service.stderr().split('"event":"worker.stuck"').length).toBe(stuckBefore)
  }, 30_000)

  it('a request that reaches the worker after its deadline is answered 503 without being run', async () => {
    await untilReady(service)
    // The slow request holds the only slot past both deadlines; the second waits in the queue meanwhile.
    const slow = fetch(`${service.url}/__test/sleep?ms=3500`, { headers: KEY })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const queued = await fetch(`${service.url}/__test/sleep?ms=1&queued=overdue`, { headers: KEY })
    expect(queued.status).toBe(503)
    expect(queued.headers.get('retry-after')).toBe('1')
    expect((await slow).status).toBe(503)
    // When the slot frees, the worker takes the queued request, finds it overdue and does not run it.
    const skipped = () =>
      logLines(service).some(
        (line) => line.event === 'request.skipped-overdue' && line.url === '/api/__test/sleep?ms=1&queued=overdue',
      )
    await expect.poll(skipped, { timeout: 5_000 }).toBe(true)
  }, 30_000)
})

describe('a stuck worker holding other requests (1 worker, 4 slots)', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({
      THREADS: '1',
      CONCURRENT_TASKS_PER_WORKER: '4',
      MAX_QUEUE: '8',
      REQUEST_DEADLINE_MS: '2000',
      LOG_LEVEL: 'warn',
    })
  }, 90_000)
  afterAll(async () => {
    await service?.stop()
  })

  it('the requests it held, not yet overdue when it is terminated, get 503 (retry), not 500', async () => {
    const stuck = fetch(`${service.url}/__test/spin?ms=20000`, { headers: KEY })
    // Posted to the same worker (a free slot), which never reads it: terminated before this one's deadline.
    await new Promise((resolve) => setTimeout(resolve, 600))
    const held = await fetch(`${service.url}/__test/thread`, { headers: KEY })
    expect((await stuck).status).toBe(503)
    expect(held.status).toBe(503)
    expect(held.headers.get('retry-after')).toBe('1')
    expect(((await held.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE')
    expect(service.stderr()).toContain('"event":"worker.stuck"')
    expect(service.stderr()).not.toContain('request.worker-failed')
    expect(await untilReady(service)).toMatchObject({ workers: { ready: 1, total: 1 } })
  }, 60_000)
})

describe('a worker runs its concurrent requests at once, in arrival order', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ THREADS: '1', CONCURRENT_TASKS_PER_WORKER: '4', MAX_QUEUE: '64', LOG_LEVEL: 'warn' })
  }, 90_000)
  afterAll(async () => {
    await service?.stop()
  })

  // With piscina abort signals on every task (before), a worker ran one task at a time: 4 × 600 ms took 2.4 s.
  it('4 requests sleeping 600 ms on one worker with 4 slots finish together, well under 4 × 600 ms', async () => {
    const started = performance.now()
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${service.url}/__test/sleep?ms=600`, { headers: KEY })),
    )
    const elapsedMs = performance.now() - started
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200])
    expect(elapsedMs).toBeLessThan(1_500)
  })

  it('queued requests are served first-in first-out: 12 requests for 4 slots finish in 3 waves', async () => {
    const finished: number[] = []
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        // Sent 20 ms apart, so that the arrival order is the index order.
        await new Promise((resolve) => setTimeout(resolve, index * 20))
        const reply = await fetch(`${service.url}/__test/sleep?ms=500`, { headers: KEY })
        expect(reply.status).toBe(200)
        finished.push(index)
      }),
    )
    // Each wave of 4 ends before the next starts: the first four to arrive are the first four to finish, etc.
    expect(new Set(finished.slice(0, 4))).toEqual(new Set([0, 1, 2, 3]))
    expect(new Set(finished.slice(4, 8))).toEqual(new Set([4, 5, 6, 7]))
    expect(performance.now() - started).toBeLessThan(3_000)
  })
})

describe('a pool that cannot replace a worker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crossroute-guards-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('exits 1 when a replacement worker fails to start, so that a supervisor restarts the service', async () => {
    const snapshot = join(dir, 'snapshot.json')
    copyFileSync(loadConfig({}).snapshotPath, snapshot)
    const service = await startService({ ...ONE_SLOT, SNAPSHOT_PATH: snapshot, DATA_DIR: join(dir, 'data') })
    // The replacement of the next worker to die will not find its snapshot: the one published, kept by id
    // (README "Hot reload").
    rmSync(join(dir, 'data', 'snapshots'), { recursive: true })
    await fetch(`${service.url}/__test/crash`, { headers: KEY }).catch(() => undefined)
    const exit = await service.exited
    expect(exit.code).toBe(1)
    expect(logLines(service).find((line) => line.event === 'pool.fatal')).toMatchObject({
      level: 'error',
      reason: expect.stringMatching(/^a replacement worker failed to start: .*snapshot/),
    })
  }, 90_000)
})
