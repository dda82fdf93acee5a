/**
 * Saturation, worker death and graceful shutdown, through the real service (child process, one piscina worker, one
 * task, no queue). Slow and crashing requests use the test-only routes (service/routes/testRoutes.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Reply, expectEnvelope, send } from '../helpers/rawHttp.js'
import { type RunningService, startService } from '../helpers/startService.js'

const KEY = { 'x-api-key': 'dev-key-alpha' }
/** Starting a service takes seconds (each worker loads the engine); vitest's default hook timeout is 10 s. */
const START_TIMEOUT_MS = 90_000

describe('service: saturation, worker death, shutdown (1 worker, 1 task, no queue)', () => {
  let service: RunningService
  beforeAll(async () => {
    // A replacement worker takes seconds to load the engine (more on a loaded machine): the request waiting for it
    // must not meet the request deadline, which workerGuards.test.ts tests.
    service = await startService({
      THREADS: '1',
      CONCURRENT_TASKS_PER_WORKER: '1',
      MAX_QUEUE: '0',
      REQUEST_DEADLINE_MS: '120000',
    })
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await service?.stop('SIGKILL')
  })

  it('503 SERVICE_UNAVAILABLE with Retry-After while the only slot is busy, then serves again', async () => {
    const slow = send(`${service.url}/__test/sleep?ms=1500`, { headers: KEY })
    let rejected: Reply | undefined
    // The slow request holds the only slot for 1.5 s: within that time a second request must be refused.
    for (let attempt = 0; attempt < 50 && rejected === undefined; attempt += 1) {
      const reply = await send(`${service.url}/__test/thread`, { headers: KEY })
      if (reply.status === 503) rejected = reply
      else await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expectEnvelope(rejected!, {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      name: 'ServiceUnavailableError',
      details: { retryAfterSeconds: 1 },
    })
    expect(rejected!.headers['retry-after']).toBe('1')
    expect((await slow).status).toBe(200)
    expect((await send(`${service.url}/__test/thread`, { headers: KEY })).status).toBe(200)
  })

  it('500 when the worker dies mid-request; piscina replaces it and the next requests succeed', async () => {
    const before = JSON.parse((await send(`${service.url}/__test/thread`, { headers: KEY })).body) as {
      threadId: number
    }
    const crashed = await send(`${service.url}/__test/crash`, { headers: KEY })
    expectEnvelope(crashed, { status: 500, code: 'INTERNAL_SERVER_ERROR', name: 'InternalServerError' })
    expect(crashed.body).not.toContain('exited')
    // With one thread, the next request can only be served by the replacement worker.
    const after = await send(`${service.url}/__test/thread`, { headers: KEY })
    expect(after.status).toBe(200)
    expect((JSON.parse(after.body) as { threadId: number }).threadId).not.toBe(before.threadId)
    expect((await send(`${service.url}/health`)).status).toBe(200)
  })

  it('SIGTERM: the request in flight completes with 200, new connections are refused, exit code 0', async () => {
    const slow = send(`${service.url}/__test/sleep?ms=1500`, { headers: KEY })
    await new Promise((resolve) => setTimeout(resolve, 300))
    service.process.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(send(`${service.url}/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    const reply = await slow
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toMatchObject({ ms: 1500 })
    expect(reply.headers.connection).toBe('close')
    expect(await service.exited).toEqual({ code: 0, signal: null })
  })
})
