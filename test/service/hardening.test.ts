/**
 * Hardening of the request path found by trying the service as a new user would (issue 14), through the real
 * service (child process, piscina workers, a SQLite file of its own): what a request must not do to the store.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectDatabase, valueOf } from '../helpers/sqlite.js'
import { type RunningService, startService } from '../helpers/startService.js'

const KEY = { 'x-api-key': 'dev-key-alpha-2' }
const LISTED_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96' // Lazarus Group, on the shipped OFAC list
const QUERY = {
  actionType: 'swap-action',
  srcChainId: '42161',
  dstChainId: '42161',
  amount: '1000000000',
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  swapDirection: 'exact-amount-in',
  slippage: '50',
  sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
}

describe('service hardening (2 workers, a store file of its own)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-hardening-'))
  let service: RunningService
  const storedQuotes = (): number =>
    Number(
      inspectDatabase(join(dataDir, 'crossroute.sqlite'), (db) =>
        valueOf(db.prepare('SELECT count(*) FROM transactions')),
      ),
    )
  const getAction = (query: Record<string, string>, method = 'GET') =>
    fetch(`${service.url}/getAction?${new URLSearchParams(query)}`, { method, headers: KEY })

  beforeAll(async () => {
    service = await startService({ DATA_DIR: dataDir, HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' })
  }, 90_000)
  afterAll(async () => {
    await service?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("HEAD /api/getAction answers GET's status and headers without a body and records nothing", async () => {
    const before = storedQuotes()
    const head = await getAction(QUERY, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000)
    expect(await head.text()).toBe('')
    expect(storedQuotes()).toBe(before)
    // The same request as GET is recorded: the count above would have seen it.
    const get = await getAction(QUERY)
    expect(get.status).toBe(200)
    expect(storedQuotes()).toBe(before + 1)
  })

  it('a sanctioned app-fee receiver gets 403 WALLET_SCREENED, like a sanctioned recipient, and nothing is stored', async () => {
    const before = storedQuotes()
    const appFees = JSON.stringify([{ bps: 10, receiverAddress: LISTED_ETH }])
    const reply = await getAction({ ...QUERY, appFees })
    expect(reply.status).toBe(403)
    const { error } = (await reply.json()) as { error: { code: string; details: Record<string, unknown> } }
    expect(error.code).toBe('WALLET_SCREENED')
    expect(error.details).toMatchObject({ walletAddress: LISTED_ETH, chainId: 42161 })
    const asRecipient = await getAction({ ...QUERY, recipient: LISTED_ETH })
    expect(asRecipient.status).toBe(403)
    expect(storedQuotes()).toBe(before)
  })

  it('logs one structured access line per request: route, status, duration, app id — never the key or the query', async () => {
    const requestId = 'access-log-check-1'
    const reply = await fetch(`${service.url}/getAction?${new URLSearchParams(QUERY)}`, {
      headers: { ...KEY, 'x-request-id': requestId },
    })
    expect(reply.status).toBe(200)
    let line: Record<string, unknown> | undefined
    while (line === undefined) {
      // The reply may reach us before the worker's line reaches the test's pipe.
      await new Promise((resolve) => setTimeout(resolve, 50))
      line = service
        .stderr()
        .split('\n')
        .filter((text) => text.includes(requestId))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.event === 'request')
    }
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/getAction',
      status: 200,
      appId: 'alpha-mobile',
      durationMs: expect.any(Number),
      thread: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(service.stderr()).not.toContain('dev-key-alpha-2')
    expect(service.stderr()).not.toContain(QUERY.sender)
  })

  /** Writes `text` on a raw connection and resolves with everything the server sent until it closed, and when. */
  function sendAndWaitForClose(text: string): Promise<{ reply: string; afterMs: number }> {
    const { hostname, port } = new URL(service.url)
    const started = Date.now()
    return new Promise((resolve, reject) => {
      let reply = ''
      const socket = connect(Number(port), hostname, () => socket.write(text))
      socket.setEncoding('utf8').on('data', (chunk: string) => (reply += chunk))
      socket.on('close', () => resolve({ reply, afterMs: Date.now() - started }))
      socket.on('error', reject)
    })
  }

  it('a client that sends half a body is answered 400 in the envelope and closed at REQUEST_TIMEOUT_MS', async () => {
    const { reply, afterMs } = await sendAndWaitForClose(
      'POST /api/registerTxs HTTP/1.1\r\nHost: test\r\nx-api-key: dev-key-alpha-2\r\n' +
        'content-type: application/json\r\ncontent-length: 100\r\n\r\n{"txs":',
    )
    expect(reply).toMatch(/^HTTP\/1\.1 400 /)
    expect(reply).toContain('connection: close')
    const envelope = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { error: Record<string, any> }
    expect(envelope.error).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter: 'request' } })
    expect(envelope.error.details.reason).toMatch(/not received in time/)
    // Closed after the 2 s configured, long before Node's default of 300 s (1 s: Node's check interval).
    expect(afterMs).toBeGreaterThanOrEqual(1900)
    expect(afterMs).toBeLessThan(30_000)
  })

  it('a client that never finishes its headers is closed at HEADERS_TIMEOUT_MS', async () => {
    const { reply, afterMs } = await sendAndWaitForClose('GET /api/health HTTP/1.1\r\nHost: test\r\n')
    expect(reply).toMatch(/^HTTP\/1\.1 400 /)
    expect(afterMs).toBeGreaterThanOrEqual(900)
    expect(afterMs).toBeLessThan(30_000)
  })
})
