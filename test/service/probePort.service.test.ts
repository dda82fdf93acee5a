/**
 * `PROBE_PORT` through the real service: a second listener, in a thread of its own, answers `/api/health` and
 * `/api/ready` as the main listener does (readiness from the workers the main thread reports and a store probe of
 * its own) and nothing else. Its latency under overload is measured by `npm run bench:probes`, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UUID, expectEnvelope, send } from '../helpers/rawHttp.js'
import { type RunningService, startService } from '../helpers/startService.js'

let service: RunningService
let probes: string
beforeAll(async () => {
  service = await startService({ THREADS: '2', PROBE_PORT: '0' })
  const started = Date.now()
  const line = /crossroute probes listening on (http:\/\/\S+)/
  while (!line.test(service.stdout()) && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 50))
  probes = line.exec(service.stdout())![1]!
}, 90_000)
afterAll(async () => {
  expect((await service?.stop())?.code).toBe(0)
})

describe('the probe listener (PROBE_PORT)', () => {
  it('prints its URL on its own port, and answers health and readiness as the main listener does', async () => {
    expect(probes).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    expect(new URL(probes).port).not.toBe(new URL(service.url).port)
    const health = await send(`${probes}/health`)
    expect(health.status).toBe(200)
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' })
    expect(health.headers['x-request-id']).toMatch(UUID)
    expect(health.headers['cache-control']).toBe('no-store')
    const ready = await send(`${probes}/ready`)
    expect(ready.status).toBe(200)
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready', workers: { ready: 2, total: 2 }, store: 'ok' })
    expect(JSON.parse(ready.body)).toEqual(JSON.parse((await send(`${service.url}/ready`)).body))
    const head = await send(`${probes}/health`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('serves nothing else: 404 in the envelope', async () => {
    for (const path of ['/getAction', '/metrics', '/openapi.json']) {
      expectEnvelope(await send(`${probes}${path}`, { headers: { 'x-api-key': 'dev-key-alpha' } }), {
        status: 404,
        code: 'NOT_FOUND',
        name: 'NotFoundError',
        details: { path: `/api${path}` },
      })
    }
  })
})
