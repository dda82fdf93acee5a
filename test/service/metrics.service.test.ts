/**
 * `GET /api/metrics` through the real service with 2 workers: requests of known routes and statuses are sent, and
 * the counters equal what was sent — the main thread's own answers and what each worker handed over with its answers.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MissingApiKeyError, NotFoundError } from '../../service/errors.js'
import { createMainMetrics } from '../../service/metrics/mainMetrics.js'
import { metricsReply } from '../../service/metrics/metricsEndpoint.js'
import { type RunningService, startService } from '../helpers/startService.js'

const TOKEN = 'metrics-test-token'
const QUOTE =
  '/getAction?actionType=swap-action&sender=0x8ba1f109551bD432803012645Ac136ddd64DBA72&srcChainId=42161' +
  '&srcToken=0xaf88d065e77c8cC2239327C5EDb3A432268e5831&dstChainId=42161' +
  '&dstToken=0x82aF49447D8a07e3bd95BD0d56f35241523fBab1&swapDirection=exact-amount-in&slippage=50&amount='
let service: RunningService

beforeAll(async () => {
  service = await startService({ THREADS: '2', METRICS_TOKEN: TOKEN })
}, 90_000)
afterAll(async () => {
  await service?.stop('SIGKILL')
})

const send = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${service.url}${path}`, { headers })
  await response.arrayBuffer()
  return response.status
}

/** The sum of the sample lines of `name` (`name{labels} value`) whose labels include `labels`; 0 when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`)
  const lines = text.split('\n').filter((candidate) => {
    if (!candidate.startsWith(name)) return false
    const rest = candidate.slice(name.length)
    if (!rest.startsWith('{') && !rest.startsWith(' ')) return false
    return wanted.every((pair) => rest.includes(pair))
  })
  return lines.reduce((sum, candidate) => sum + Number(candidate.slice(candidate.lastIndexOf(' ') + 1)), 0)
}

describe('GET /api/metrics', () => {
  it('counts what was sent, over both workers and the main thread', async () => {
    const key = { 'x-api-key': 'dev-key-alpha' }
    const statuses = await Promise.all([
      ...Array.from({ length: 6 }, () => send(`${QUOTE}1000000000`, key)),
      // 100M USDC: refused by the engine (PRICE_IMPACT_TOO_HIGH), after a quote was computed.
      ...Array.from({ length: 3 }, () => send(`${QUOTE}100000000000000`, key)),
      ...Array.from({ length: 4 }, () => send('/nope', key)),
      ...Array.from({ length: 2 }, () => send('/getTransactions')),
      ...Array.from({ length: 2 }, () => send('/health')),
    ])
    expect(statuses).toEqual([...Array(6).fill(200), ...Array(3).fill(400), ...Array(4).fill(404), 401, 401, 200, 200])

    expect(await send('/metrics')).toBe(401)
    expect(await send('/metrics', { authorization: 'Bearer wrong' })).toBe(401)
    const response = await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()

    const requests = 'crossroute_http_requests_total'
    expect(sample(text, requests, { route: '/api/getAction', method: 'GET', status: '200' })).toBe(6)
    expect(sample(text, requests, { route: '/api/getAction', method: 'GET', status: '400' })).toBe(3)
    expect(sample(text, requests, { route: 'none', status: '404' })).toBe(4)
    expect(sample(text, requests, { status: '401' }) - sample(text, requests, { route: '/api/metrics' })).toBe(2)
    expect(sample(text, requests, { route: '/api/metrics', status: '401' })).toBe(2)
    expect(sample(text, requests, { route: '/api/health', status: '200' })).toBe(2)
    expect(sample(text, 'crossroute_http_request_duration_seconds_count', { route: '/api/getAction' })).toBe(9)
    // Measured on the workers, handed over with their answers.
    expect(sample(text, 'crossroute_quote_duration_seconds_count')).toBe(9)
    expect(sample(text, 'crossroute_transactions_total', { status: 'quoted' })).toBe(6)
    expect(sample(text, 'crossroute_store_operation_duration_seconds_count', { operation: 'recordQuoteSoon' })).toBe(6)
    expect(sample(text, 'crossroute_worker_busy_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'crossroute_workers', { state: 'ready' })).toBe(2)
    expect(sample(text, 'crossroute_workers', { state: 'configured' })).toBe(2)
    expect(sample(text, 'crossroute_queue_depth')).toBe(0)
    expect(text).toMatch(/^crossroute_tracker_lag_seconds -?\d/m)
    expect(text).toMatch(/^crossroute_tracker_due_transactions \d/m)
    expect(sample(text, 'crossroute_tracker_claims_lost_total')).toBe(0) // one replica: no claim is ever lost
  }, 60_000)
})

describe('metricsReply', () => {
  const metrics = createMainMetrics({
    queued: () => 0,
    inFlight: () => 0,
    readyWorkers: () => 1,
    threads: 1,
    trackerTickAtMs: () => undefined,
  })
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage

  it("adds the tracker's lost claims of each tick, and shows its last tick's due transactions", async () => {
    metrics.observeTrackerTick(7, 2)
    metrics.observeTrackerTick(3, 0)
    metrics.observeTrackerTick(4, 1)
    const text = await metrics.registry.metrics()
    expect(text).toMatch(/^crossroute_tracker_claims_lost_total 3$/m)
    expect(text).toMatch(/^crossroute_tracker_due_transactions 4$/m)
  })

  it('is not served in production without METRICS_TOKEN, and is open outside production', async () => {
    expect(await metricsReply(request({}), { metrics, token: undefined, production: true })).toBeInstanceOf(
      NotFoundError,
    )
    const open = await metricsReply(request({}), { metrics, token: undefined, production: false })
    expect(open).toMatchObject({ body: expect.stringContaining('crossroute_workers{state="ready"} 1') })
    expect(await metricsReply(request({}), { metrics, token: 't', production: true })).toBeInstanceOf(
      MissingApiKeyError,
    )
  })
})
