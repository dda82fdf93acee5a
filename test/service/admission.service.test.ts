/**
 * Issue 24 points 4 and 6 through the real service (main thread, piscina worker, SQLite file, the `keys` CLI): a
 * `getActions` batch counts each item against the key's rate limit; requests without a valid key are answered on the
 * main thread — before their body is read, without a worker — and limited per client address (`CLIENT_IP_HEADER`);
 * a key's daily quote quota holds, its own (`keys:quota`) over the default, and across a restart; refusals are
 * counted in the metrics; a request without `Host` gets the envelope.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARB_USDC, ARB_WETH, SENDER } from '../helpers/mainnet.js'
import { UUID, expectEnvelope, send } from '../helpers/rawHttp.js'
import { type RunningService, startService } from '../helpers/startService.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const START_TIMEOUT_MS = 90_000
const ALPHA = 'dev-key-alpha'
const BETA = 'dev-key-beta'
const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-admission-'))

/** One worker with one slot and no queue: a sleeping request holds the pool, so anything else a worker took is 503. */
const ENV = {
  DATA_DIR: dataDir,
  THREADS: '1',
  CONCURRENT_TASKS_PER_WORKER: '1',
  MAX_QUEUE: '0',
  KEYS_REFRESH_MS: '200',
  RATE_LIMIT_REQUESTS: '5',
  RATE_LIMIT_WINDOW_SECONDS: '600',
  UNAUTHENTICATED_RATE_LIMIT_REQUESTS: '4',
  UNAUTHENTICATED_RATE_LIMIT_WINDOW_SECONDS: '600',
  CLIENT_IP_HEADER: 'X-Forwarded-For',
  DAILY_QUOTE_QUOTA: '1000',
}

const keysCli = (...args: string[]) =>
  promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'service/cli/keys.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, DATABASE_PATH: '' },
  })

const QUOTE = {
  actionType: 'swap-action',
  srcChainId: '42161',
  dstChainId: '42161',
  amount: '1000000000',
  srcToken: ARB_USDC,
  dstToken: ARB_WETH,
  swapDirection: 'exact-amount-in',
  slippage: '50',
  sender: SENDER,
}

const batch = (key: string, items: number, headers: Record<string, string> = {}) =>
  send(`${service.url}/getActions`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ requests: Array.from({ length: items }, () => QUOTE) }),
  })
const getAction = (key: string) =>
  send(`${service.url}/getAction?${new URLSearchParams(QUOTE)}`, { headers: { 'x-api-key': key } })

/** Writes `text` on a new connection and collects what comes back until the server closes or `waitMs` passes. */
function rawExchange(text: string, waitMs: number): Promise<{ reply: string; ms: number }> {
  const { port } = new URL(service.url)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    let reply = ''
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text))
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ reply, ms: performance.now() - started })
    }
    const timer = setTimeout(done, waitMs)
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      reply += chunk
      // One whole answer (headers and a body of its length) is enough.
      const length = /content-length: (\d+)/i.exec(reply)?.[1]
      const headEnd = reply.indexOf('\r\n\r\n')
      if (length !== undefined && headEnd >= 0 && Buffer.byteLength(reply.slice(headEnd + 4)) >= Number(length)) done()
    })
    socket.on('end', done).on('error', reject)
  })
}

const refusals = async (reason: string) => {
  const text = (await send(`${service.url}/metrics`)).body
  return Number(new RegExp(`crossroute_refusals_total\\{reason="${reason}"\\} (\\d+)`).exec(text)?.[1] ?? 0)
}

let service: RunningService
beforeAll(async () => {
  service = await startService(ENV)
}, START_TIMEOUT_MS)
afterAll(async () => {
  await service?.stop('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a getActions batch counts each item against the rate limit', () => {
  it('a key limited to 5 per 600 s: a batch of 25 is 429 before any quote; 5 quotes in all, however they are asked', async () => {
    const refused = await batch(ALPHA, 25, { 'x-forwarded-for': '192.0.2.1' })
    const error = expectEnvelope(refused, {
      status: 429,
      code: 'RATE_LIMITED',
      name: 'RateLimitedError',
      details: { limit: 5, windowSeconds: 600, retryAfterSeconds: expect.any(Number) },
    })
    expect(refused.headers['retry-after']).toBe(
      String((error.details as { retryAfterSeconds: number }).retryAfterSeconds),
    )
    // The refused batch counted once, as any request: 4 left. A batch of 3, then 1 getAction: all quoted.
    const three = await batch(ALPHA, 3)
    expect(three.status).toBe(200)
    expect((JSON.parse(three.body) as { results: { status: number }[] }).results.map((r) => r.status)).toEqual([
      200, 200, 200,
    ])
    expect((await getAction(ALPHA)).status).toBe(200)
    // 5 counted: the next request of any kind is refused.
    expect((await batch(ALPHA, 1)).status).toBe(429)
    expect((await getAction(ALPHA)).status).toBe(429)
    expect(await refusals('batch_over_allowance')).toBe(1)
    expect(await refusals('rate_limit')).toBeGreaterThanOrEqual(2)
  }, 60_000)
})

describe('requests without a valid key are answered on the main thread, limited per client address', () => {
  it('401 at once, without a worker (the only worker slot is busy) and without reading the body', async () => {
    const sleeping = send(`${service.url}/__test/sleep?ms=3000`, { headers: { 'x-api-key': BETA } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    // The pool is full: a request a worker had to answer would be 503.
    expect((await send(`${service.url}/__test/thread`, { headers: { 'x-api-key': BETA } })).status).toBe(503)
    const address = { 'x-forwarded-for': '198.51.100.1' }
    expectEnvelope(await send(`${service.url}/getAction?${new URLSearchParams(QUOTE)}`, { headers: address }), {
      status: 401,
      code: 'MISSING_API_KEY',
      name: 'MissingApiKeyError',
    })
    // Headers announcing a 100 kB body, and no body: answered from the headers, the connection closed.
    const { reply, ms } = await rawExchange(
      'POST /api/getActions HTTP/1.1\r\nHost: x\r\nx-api-key: not-a-key\r\nX-Forwarded-For: 198.51.100.1\r\n' +
        'content-type: application/json\r\ncontent-length: 100000\r\n\r\n',
      5000,
    )
    expect(ms).toBeLessThan(2000)
    expect(reply).toMatch(/^HTTP\/1\.1 401 /)
    expect(reply).toMatch(/connection: close/i)
    expect(reply).toContain('"code":"INVALID_API_KEY"')
    expect((await sleeping).status).toBe(200)
  }, 30_000)

  it('beyond UNAUTHENTICATED_RATE_LIMIT_REQUESTS from one address (CLIENT_IP_HEADER): 429; other addresses are not', async () => {
    const from = (address: string) =>
      send(`${service.url}/getTransactions`, { headers: { 'x-api-key': 'guess', 'x-forwarded-for': address } })
    // The header's last entry is the address (the one the nearest proxy appended): the first is the client's word.
    const statuses = []
    for (let i = 0; i < 6; i += 1) statuses.push((await from(`10.0.0.${i}, 203.0.113.9`)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
    const limited = await from('203.0.113.9')
    const error = expectEnvelope(limited, {
      status: 429,
      code: 'RATE_LIMITED',
      name: 'RateLimitedError',
      details: { limit: 4, windowSeconds: 600, retryAfterSeconds: expect.any(Number) },
    })
    expect(error.message).toMatch(/without a valid API key/)
    expect(limited.headers['retry-after']).toEqual(expect.any(String))
    expect((await from('203.0.113.10')).status).toBe(401)
    // A valid key from the limited address is not concerned.
    const keyed = await send(`${service.url}/getTransactions`, {
      headers: { 'x-api-key': BETA, 'x-forwarded-for': '203.0.113.9' },
    })
    expect(keyed.status).toBe(200)
    expect(await refusals('unauthenticated_rate_limit')).toBeGreaterThanOrEqual(3)
    expect(await refusals('unauthenticated')).toBeGreaterThanOrEqual(5)
  })

  it('public routes and unknown paths still answer without a key (health, openapi.json, 404)', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' }
    expect((await send(`${service.url}/openapi.json`, { headers })).status).toBe(200)
    expect((await send(`${service.url}/nope`, { headers })).status).toBe(404)
    expect((await send(`${service.url}/health`, { method: 'OPTIONS', headers })).status).toBe(204)
  })
})

describe("Node's own refusals, in the envelope", () => {
  it('HTTP/1.1 without Host: 400 in the envelope with a request id (Node answered a bare 400)', async () => {
    const { reply } = await rawExchange('GET /api/health HTTP/1.1\r\n\r\n', 5000)
    expect(reply).toMatch(/^HTTP\/1\.1 400 /)
    expect(reply).toMatch(new RegExp(`x-request-id: ${UUID.source.slice(1, -1)}`, 'i'))
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { success: boolean; error: { code: string } }
    expect(body).toMatchObject({ success: false, error: { code: 'INVALID_PARAMETER', details: { parameter: 'host' } } })
    // HTTP/1.0 may omit it.
    expect((await rawExchange('GET /api/health HTTP/1.0\r\n\r\n', 5000)).reply).toMatch(/^HTTP\/1\.1 200 /)
  })

  it("CONNECT: 400 in the envelope (Node closed without a word); an unknown Expect is ignored (Node's bare 417)", async () => {
    const { reply } = await rawExchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 5000)
    expect(reply).toMatch(/^HTTP\/1\.1 400 /)
    expect(reply).toMatch(/x-request-id: [0-9a-f-]{36}/i)
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { success: boolean; error: unknown }
    expect(body).toMatchObject({ success: false, error: { code: 'INVALID_PARAMETER', details: { value: 'CONNECT' } } })
    const expect417 = await rawExchange('GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: something\r\n\r\n', 5000)
    expect(expect417.reply).toMatch(/^HTTP\/1\.1 200 /)
  })
})

describe('a daily quote quota per key', () => {
  it("a key's own quota (keys:quota) holds over the default, counts batch items, and survives a restart", async () => {
    const listed = JSON.parse((await keysCli('list', '--json')).stdout) as { keyId: string; appId: string }[]
    const betaId = listed.find((row) => row.appId === 'beta-app')?.keyId ?? listed.at(-1)!.keyId
    await keysCli('limit', betaId, '0/60')
    await keysCli('quota', betaId, '3')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    // 3 quotes a day: a batch of 2 is quoted; a batch of 2 more is over what is left (1): 429, nothing quoted.
    expect((await batch(BETA, 2)).status).toBe(200)
    const over = await batch(BETA, 2)
    const daily = { limit: 3, windowSeconds: 86_400, retryAfterSeconds: expect.any(Number) }
    expectEnvelope(over, { status: 429, code: 'RATE_LIMITED', name: 'RateLimitedError', details: daily })
    expect((await getAction(BETA)).status).toBe(200)
    const spent = await getAction(BETA)
    const error = expectEnvelope(spent, { status: 429, code: 'RATE_LIMITED', name: 'RateLimitedError', details: daily })
    expect(error.message).toMatch(/quota of 3 quotes per UTC day/)
    expect(await refusals('quote_quota')).toBe(1)
    // Other routes are not quotas' business.
    expect((await send(`${service.url}/getTransactions`, { headers: { 'x-api-key': BETA } })).status).toBe(200)

    // A restart on the same store: the day's quotes are read back, the quota is still used up.
    await service.stop('SIGTERM')
    service = await startService(ENV)
    expect((await getAction(BETA)).status).toBe(429)
    // Back to the default (1000): quotes again.
    await keysCli('quota', betaId, 'default')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect((await getAction(BETA)).status).toBe(200)
  }, 120_000)
})

describe('caps on connections and on bodies held before they reach a worker', () => {
  let capped: RunningService
  beforeAll(async () => {
    capped = await startService({
      THREADS: '1',
      MAX_CONNECTIONS: '3',
      MAX_BUFFERED_BYTES: '1000',
      BODY_LIMIT_BYTES: '800',
    })
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await capped?.stop('SIGKILL')
  })

  /** Opens a connection and writes `text`; the socket stays open until destroyed. */
  const open = (text: string) =>
    new Promise<{ socket: ReturnType<typeof connect>; received: () => string }>((resolve, reject) => {
      let received = ''
      const socket = connect(Number(new URL(capped.url).port), '127.0.0.1', () => {
        socket.write(text)
        resolve({ socket, received: () => received })
      })
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
      socket.on('error', reject)
    })
  const until = async (check: () => boolean) => {
    for (let waited = 0; !check() && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20))
  }

  it('MAX_BUFFERED_BYTES: a body that would take the held bytes over it is 503 in the envelope, with Retry-After', async () => {
    const head = (length: number) =>
      'POST /api/__test/echo HTTP/1.1\r\nHost: x\r\nx-api-key: dev-key-alpha\r\ncontent-type: application/json\r\n' +
      `content-length: ${length}\r\n\r\n`
    // 600 of 800 bytes sent: held, waiting for the rest.
    const first = await open(`${head(800)}"${'a'.repeat(599)}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const second = await open(`${head(800)}"${'b'.repeat(599)}`)
    await until(() => second.received().includes('\r\n\r\n{'))
    expect(second.received()).toMatch(/^HTTP\/1\.1 503 /)
    expect(second.received()).toMatch(/retry-after: 1/i)
    expect(second.received()).toMatch(/connection: close/i)
    expect(second.received()).toContain('"code":"SERVICE_UNAVAILABLE"')
    // The first one, once complete, is served: the cap refused the newcomer, not what was held.
    first.socket.write(`${'a'.repeat(199)}"`)
    await until(() => first.received().includes('\r\n\r\n{'))
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /)
    first.socket.destroy()
    second.socket.destroy()
  })

  it('MAX_BUFFERED_BYTES: a client that leaves mid-body gives back what it held', async () => {
    const head =
      'POST /api/__test/echo HTTP/1.1\r\nHost: x\r\nx-api-key: dev-key-alpha\r\ncontent-type: application/json\r\n' +
      'content-length: 800\r\n\r\n'
    for (let i = 0; i < 3; i += 1) {
      const left = await open(`${head}"${'c'.repeat(599)}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      left.socket.destroy()
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    // Three times 600 bytes were held and abandoned: counted still, this body would be over the 1000.
    const whole = await open(`${head}"${'d'.repeat(798)}"`)
    await until(() => whole.received().includes('\r\n\r\n{'))
    expect(whole.received()).toMatch(/^HTTP\/1\.1 200 /)
    whole.socket.destroy()
  })

  it('MAX_CONNECTIONS: a request on a connection beyond it is 503 in the envelope; below it again, served', async () => {
    const idle = await Promise.all([open(''), open(''), open('')])
    await new Promise((resolve) => setTimeout(resolve, 200))
    const over = await open('GET /api/health/x HTTP/1.1\r\nHost: x\r\n\r\n')
    await until(() => over.received().includes('\r\n\r\n{'))
    expect(over.received()).toMatch(/^HTTP\/1\.1 503 /)
    expect(over.received()).toContain('"code":"SERVICE_UNAVAILABLE"')
    expect(over.received()).toMatch(/x-request-id: [0-9a-f-]{36}/i)
    for (const { socket } of [...idle, over]) socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await send(`${capped.url}/health`)).status).toBe(200)
    const text = (await send(`${capped.url}/metrics`)).body
    expect(text).toMatch(/crossroute_refusals_total\{reason="connections"\} [1-9]/)
    expect(text).toMatch(/crossroute_refusals_total\{reason="buffered_bytes"\} 1/)
  })
})
