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
import { type RunningService, startService } from '../helpers/startService.js'

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
    // The stuck thread was terminated: readiness drops until its replacement has loaded the engine.
    expect(await untilReady(service)).toMatchObject({ workers: { ready: 1, total: 1 } })
    const thread = await fetch(`${service.url}/__test/thread`, { headers: KEY })
    expect(thread.status).toBe(200)
    expect(service.stderr()).toContain('request.deadline-exceeded')
    // LOG_LEVEL=warn: no access lines (info), though requests were answered.
    expect(service.stderr()).not.toContain('"event":"request"')
  }, 60_000)
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
    const lines = service
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.find((line) => line.event === 'pool.fatal')).toMatchObject({
      level: 'error',
      reason: expect.stringMatching(/^a replacement worker failed to start: .*snapshot/),
    })
  }, 90_000)
})
