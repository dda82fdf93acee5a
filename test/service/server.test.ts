/**
 * The HTTP contract of the request path, through the real service (child process, piscina pool, workers):
 * 404, 405, 413, 400, request ids (saturation, worker death, shutdown: saturation.test.ts; refusals to start:
 * startupRefusals.test.ts).
 * Slow, crashing and throwing requests use the test-only routes (service/routes/testRoutes.ts).
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UUID, expectEnvelope, send } from '../helpers/rawHttp.js'
import { type RunningService, startService } from '../helpers/startService.js'

const KEY = { 'x-api-key': 'dev-key-alpha' }
/** Starting a service takes seconds (each worker loads the engine); vitest's default hook timeout is 10 s. */
const START_TIMEOUT_MS = 90_000

describe('service: routing and request errors (2 workers)', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ BODY_LIMIT_BYTES: '256' })
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    const exit = await service?.stop()
    expect(exit?.code).toBe(0)
  })

  it('prints the URL and the development keys; GET /api/health and /api/openapi.json need no key', async () => {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    expect(service.stdout()).toContain('dev-key-alpha, dev-key-alpha-2, dev-key-beta')
    const reply = await send(`${service.url}/health`)
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ status: 'ok' })
    expect(reply.headers['x-request-id']).toMatch(UUID)
    const openapi = await send(`${service.url}/openapi.json`)
    expect(openapi.status).toBe(200)
    expect(openapi.headers['content-type']).toMatch(/^application\/json/)
    expect((JSON.parse(openapi.body) as { openapi: string }).openapi).toMatch(/^3\.1/)
  })

  it('404 NOT_FOUND with details.path for an unknown path, with or without a key', async () => {
    expectEnvelope(await send(`${service.url}/nope?x=1`, { headers: KEY }), {
      status: 404,
      code: 'NOT_FOUND',
      name: 'NotFoundError',
      details: { path: '/api/nope' },
    })
    const outside = new URL('/elsewhere', service.url).href
    expectEnvelope(await send(outside), {
      status: 404,
      code: 'NOT_FOUND',
      name: 'NotFoundError',
      details: { path: '/elsewhere' },
    })
  })

  it('404 for another spelling of a real path: each endpoint has exactly one URL', async () => {
    for (const path of ['/health/', '/Health', '/HEALTH']) {
      expectEnvelope(await send(`${service.url}${path}`, { headers: KEY }), {
        status: 404,
        code: 'NOT_FOUND',
        name: 'NotFoundError',
        details: { path: `/api${path}` },
      })
    }
    expect((await send(`${service.url}/health`, { headers: KEY })).status).toBe(200)
  })

  it('405 METHOD_NOT_ALLOWED with details.method and an Allow header for a known path', async () => {
    const reply = await send(`${service.url}/health`, { method: 'DELETE', headers: KEY })
    expectEnvelope(reply, {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      name: 'MethodNotAllowedError',
      details: { method: 'DELETE' },
    })
    expect(reply.headers.allow).toBe('GET, HEAD, OPTIONS')
    const post = await send(`${service.url}/getAction`, { method: 'POST', headers: KEY, body: '{}' })
    expectEnvelope(post, {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      name: 'MethodNotAllowedError',
      details: { method: 'POST' },
    })
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS')
  })

  it('serves GET /api/getAction through the whole chain (auth, compliance, route, store)', async () => {
    const query = new URLSearchParams({
      actionType: 'swap-action',
      srcChainId: '42161',
      dstChainId: '42161',
      amount: '1000000000',
      srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
      swapDirection: 'exact-amount-in',
      slippage: '50',
      sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    })
    const reply = await send(`${service.url}/getAction?${query}`, { headers: KEY })
    expect(reply.status).toBe(200)
    expect(reply.headers['x-request-id']).toMatch(UUID)
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(reply.body)))
    const action = JSON.parse(reply.body) as { txId: string; amountIn: { amount: string } }
    expect(action.txId).toMatch(/^0x[0-9a-f]{64}$/)
    expect(action.amountIn.amount).toBe('1000000000')
  })

  it('OPTIONS lists the methods (204); HEAD answers a GET route without a body', async () => {
    const options = await send(`${service.url}/health`, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS')
    expect(options.body).toBe('')
    const head = await send(`${service.url}/health`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(String('{"status":"ok"}'.length))
  })

  it('401 from authentication on a keyed route (the chain runs in the worker)', async () => {
    expectEnvelope(await send(`${service.url}/__test/thread`), {
      status: 401,
      code: 'MISSING_API_KEY',
      name: 'MissingApiKeyError',
    })
  })

  it('413 PAYLOAD_TOO_LARGE as soon as the body passes BODY_LIMIT_BYTES, declared or chunked', async () => {
    const headers = { ...KEY, 'content-type': 'application/json' }
    const declared = await send(`${service.url}/__test/echo`, { method: 'POST', headers, body: `"${'a'.repeat(300)}"` })
    expectEnvelope(declared, {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      name: 'PayloadTooLargeError',
      details: { limitBytes: 256 },
    })
    expect(declared.headers.connection).toBe('close')
    const chunked = await send(`${service.url}/__test/echo`, {
      method: 'POST',
      headers,
      body: ['"', 'a'.repeat(200), 'a'.repeat(200), '"'],
    })
    expectEnvelope(chunked, {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      name: 'PayloadTooLargeError',
      details: { limitBytes: 256 },
    })
    // At the limit exactly: accepted and parsed by the route.
    const atLimit = `"${'a'.repeat(254)}"`
    const ok = await send(`${service.url}/__test/echo`, { method: 'POST', headers, body: atLimit })
    expect(ok.status).toBe(200)
    expect(JSON.parse(ok.body)).toEqual({ body: 'a'.repeat(254) })
  })

  it('400 INVALID_PARAMETER from readJsonBody for malformed JSON or a wrong content type', async () => {
    const malformed = await send(`${service.url}/__test/echo`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: '{"a":',
    })
    expectEnvelope(malformed, {
      status: 400,
      code: 'INVALID_PARAMETER',
      name: 'InvalidParameterError',
      details: { parameter: 'body', value: '{"a":', reason: 'body is not valid JSON' },
    })
    const text = await send(`${service.url}/__test/echo`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'text/plain' },
      body: '{}',
    })
    expectEnvelope(text, {
      status: 400,
      code: 'INVALID_PARAMETER',
      name: 'InvalidParameterError',
      details: { parameter: 'body', value: 'text/plain', reason: 'content type must be application/json' },
    })
  })

  it('500 INTERNAL_SERVER_ERROR without internals for an unexpected exception, logged with the request id', async () => {
    const reply = await send(`${service.url}/__test/throw`, { headers: KEY })
    const error = expectEnvelope(reply, { status: 500, code: 'INTERNAL_SERVER_ERROR', name: 'InternalServerError' })
    expect(reply.body).not.toContain('secret')
    expect(error.message).toBe('An internal error occurred')
    const line = service
      .stderr()
      .split('\n')
      .find((text) => text.includes(String(reply.headers['x-request-id'])))
    expect(JSON.parse(line!)).toMatchObject({
      level: 'error',
      event: 'request.failed',
      stack: expect.stringContaining('/secret/path'),
    })
  })

  it('400 INVALID_PARAMETER in the envelope for HTTP that Node cannot parse', async () => {
    const { port } = new URL(service.url)
    const raw = await new Promise<string>((resolve, reject) => {
      let text = ''
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      )
      socket
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve(text))
        .on('error', reject)
    })
    const [head = '', body = ''] = raw.split('\r\n\r\n')
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(': ') as [string, string]),
    )
    expectEnvelope(
      { status: Number(head.split(' ')[1]), headers, body },
      {
        status: 400,
        code: 'INVALID_PARAMETER',
        name: 'InvalidParameterError',
        details: { parameter: 'request', value: '', reason: 'malformed HTTP request' },
      },
    )
  })

  it('keeps a well-formed client x-request-id and replaces a malformed one', async () => {
    const kept = await send(`${service.url}/health`, { headers: { 'x-request-id': 'client-id.42' } })
    expect(kept.headers['x-request-id']).toBe('client-id.42')
    const replaced = await send(`${service.url}/health`, { headers: { 'x-request-id': 'bad id with spaces' } })
    expect(replaced.headers['x-request-id']).toMatch(UUID)
  })
})
