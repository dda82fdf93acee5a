/**
 * Hostile request bodies through the real service (child process, piscina pool, 2 workers), issue 24: a body nested
 * 20,000 deep on every POST endpoint answered 500 (a stack overflow in the error display) after 50–85 ms of worker
 * time and logged a stack each; a 1 MB invalid address was echoed whole. Each answer must now be the 400 envelope,
 * conform to the OpenAPI document, stay small, and log no stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISPLAY_MAX_CHARS } from '../../engine/errors/index.js'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import { MAX_JSON_DEPTH } from '../../service/schema/jsonDepth.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, type ErrorBody, type Reply, createContract, send } from './contract.js'
import { SENDER } from '../helpers/mainnet.js'

const KEY = 'dev-key-alpha'
/** 20,000 nested arrays: 40 KB, as in the reproduction. */
const NESTED = '['.repeat(20_000) + ']'.repeat(20_000)
const TX_ID = `0x${'1'.repeat(64)}`
const HUGE = 'a'.repeat(1_000_000)
/** A valid same-chain getAction query (Arbitrum USDC → WETH). */
const QUERY = {
  actionType: 'swap-action',
  sender: SENDER,
  srcChainId: '42161',
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dstChainId: '42161',
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  amount: '1000000000',
  slippage: '50',
}
/** An error envelope whose echoed values are cut stays far below this. */
const SMALL_BODY_BYTES = 2048

/** Each POST endpoint, with a body valid in shape whose one field (the issue's) is replaced by `value`. */
const ENDPOINTS: { path: string; field: string; body: (value: string) => string }[] = [
  {
    path: '/registerTxs',
    field: 'txId',
    body: (value) => `{"txId":${value},"vmId":"evm","txHash":"0x${'2'.repeat(64)}","chainId":8453}`,
  },
  { path: '/workflows/venue/createOrFetchVenueUser', field: 'address', body: (value) => `{"address":${value}}` },
  { path: '/getActions', field: 'requests', body: (value) => `{"requests":${value}}` },
  { path: '/relayGasless', field: 'signatures', body: (value) => `{"txId":"${TX_ID}","signatures":${value}}` },
]

describe('hostile bodies through the real service (2 workers)', () => {
  let service: RunningService
  let contract: Contract
  let sequence = 0

  beforeAll(async () => {
    service = await startService({ CROSSROUTE_TEST_ROUTES: '0', LOG_LEVEL: 'info' })
    contract = createContract(
      JSON.parse(JSON.stringify(buildOpenApiDocument())) as ReturnType<typeof buildOpenApiDocument>,
    )
  }, 90_000)
  afterAll(async () => {
    await service?.stop()
  })

  /** Sends a request with a request id of its own, returned with the reply. */
  async function post(path: string, body: string): Promise<{ reply: Reply; requestId: string }> {
    const requestId = `hostile-body-${++sequence}`
    const reply = await send(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json', 'x-request-id': requestId },
      body,
    })
    return { reply, requestId }
  }

  /** The stderr lines naming `requestId`, once its access line is there (a worker writes it after the reply). */
  async function linesOf(requestId: string): Promise<Record<string, unknown>[]> {
    for (;;) {
      const lines = service
        .stderr()
        .split('\n')
        .filter((text) => text.includes(requestId))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
      if (lines.some((line) => line.event === 'request')) return lines
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** The reply is a 400 envelope of `code`, as the document describes it, and small. */
  function expectSmallEnvelope(reply: Reply, path: string, code: string): ErrorBody {
    expect(reply.status, reply.body.slice(0, 300)).toBe(400)
    expect(Buffer.byteLength(reply.body)).toBeLessThan(SMALL_BODY_BYTES)
    expect(contract.check(path, 'POST', reply)).toEqual([])
    const envelope = JSON.parse(reply.body) as ErrorBody
    expect(envelope.error.code).toBe(code)
    return envelope
  }

  for (const endpoint of ENDPOINTS) {
    it(`POST ${endpoint.path}: ${endpoint.field} nested 20,000 deep → 400 INVALID_PARAMETER naming the limit, logged without a stack`, async () => {
      const { reply, requestId } = await post(endpoint.path, endpoint.body(NESTED))
      const envelope = expectSmallEnvelope(reply, endpoint.path, 'INVALID_PARAMETER')
      expect(envelope.error.details).toEqual({
        parameter: 'body',
        value: expect.stringMatching(/^\{/) as string,
        reason: `arrays and objects nested deeper than ${MAX_JSON_DEPTH} levels`,
      })
      expect((envelope.error.details as { value: string }).value).toHaveLength(DISPLAY_MAX_CHARS)
      const lines = await linesOf(requestId)
      expect(lines.map((line) => [line.event, line.level, line.status])).toEqual([['request', 'info', 400]])
      expect(JSON.stringify(lines)).not.toMatch(/stack|RangeError/)
    })
  }

  it(`a whole body nested 20,000 deep → 400; nested exactly ${MAX_JSON_DEPTH} deep → parsed (the route's own answer)`, async () => {
    const { reply } = await post('/getActions', NESTED)
    expect(JSON.parse(reply.body)).toMatchObject({ error: { details: { parameter: 'body' } } })
    expectSmallEnvelope(reply, '/getActions', 'INVALID_PARAMETER')
    const atLimit = `{"requests":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`
    const parsed = expectSmallEnvelope((await post('/getActions', atLimit)).reply, '/getActions', 'INVALID_PARAMETER')
    expect(parsed.error.details).toMatchObject({ parameter: 'requests' })
  })

  it('GET /getAction with appFees nested 5,000 deep → 400 INVALID_PARAMETER on appFees', async () => {
    // Brackets unescaped, as a client may send them: escaped, 5,000 levels would pass Node's 16 KB request head.
    const appFees = '['.repeat(5_000) + ']'.repeat(5_000)
    const query = new URLSearchParams(QUERY)
    const reply = await send(`${service.url}/getAction?${query}&appFees=${appFees}`, { headers: { 'x-api-key': KEY } })
    expect(reply.status, reply.body.slice(0, 300)).toBe(400)
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    expect(JSON.parse(reply.body)).toMatchObject({
      error: { code: 'INVALID_PARAMETER', details: { parameter: 'appFees', reason: expect.stringMatching(/32/) } },
    })
  })

  it('a 1 MB invalid address → 400 INVALID_ADDRESS_FORMAT with the address cut, not echoed whole', async () => {
    const { reply, requestId } = await post('/workflows/venue/createOrFetchVenueUser', `{"address":"${HUGE}"}`)
    const envelope = expectSmallEnvelope(reply, '/workflows/venue/createOrFetchVenueUser', 'INVALID_ADDRESS_FORMAT')
    expect(envelope.error.details).toMatchObject({
      field: 'address',
      address: `${'a'.repeat(DISPLAY_MAX_CHARS - 1)}…`,
    })
    expect(JSON.stringify(await linesOf(requestId))).not.toMatch(/stack/)
  })

  it('a 1 MB unknown key (relayGasless) and a 1 MB non-JSON body are echoed cut', async () => {
    const key = await post('/relayGasless', `{"txId":"${TX_ID}","signatures":[],"${HUGE}":1}`)
    const keyEnvelope = expectSmallEnvelope(key.reply, '/relayGasless', 'INVALID_PARAMETER')
    expect((keyEnvelope.error.details as { parameter: string }).parameter).toHaveLength(DISPLAY_MAX_CHARS)
    const notJson = await post('/registerTxs', `{${HUGE}`)
    const notJsonEnvelope = expectSmallEnvelope(notJson.reply, '/registerTxs', 'INVALID_PARAMETER')
    expect(notJsonEnvelope.error.details).toMatchObject({ parameter: 'body', reason: 'body is not valid JSON' })
  })

  it('a 1 MB sender in a getActions item → that item answers a small INVALID_ADDRESS_FORMAT envelope, address cut', async () => {
    const item = { ...QUERY, sender: HUGE }
    const { reply } = await post('/getActions', JSON.stringify({ requests: [item] }))
    expect(reply.status, reply.body.slice(0, 300)).toBe(200)
    expect(Buffer.byteLength(reply.body)).toBeLessThan(SMALL_BODY_BYTES)
    const [result] = (JSON.parse(reply.body) as { results: { status: number; body: ErrorBody }[] }).results
    expect(result!.status).toBe(400)
    expect(result!.body.error).toMatchObject({
      code: 'INVALID_ADDRESS_FORMAT',
      details: { field: 'sender', address: `${'a'.repeat(DISPLAY_MAX_CHARS - 1)}…` },
    })
  })

  it('an unknown 10,000-character path → 404 with the path cut', async () => {
    const reply = await send(`${service.url}/${'p'.repeat(10_000)}`, { headers: { 'x-api-key': KEY } })
    expect(reply.status).toBe(404)
    expect(Buffer.byteLength(reply.body)).toBeLessThan(SMALL_BODY_BYTES)
    expect(contract.check(undefined, 'GET', reply)).toEqual([])
    expect(JSON.parse(reply.body)).toMatchObject({
      error: { code: 'NOT_FOUND', details: { path: `/api/${'p'.repeat(DISPLAY_MAX_CHARS - 6)}…` } },
    })
  })

  it('no request above logged an error or a stack, and a valid venue user is still created', async () => {
    const { reply } = await post('/workflows/venue/createOrFetchVenueUser', JSON.stringify({ address: SENDER }))
    expect(reply.status, reply.body.slice(0, 300)).toBe(200)
    expect(service.stderr()).not.toMatch(/"level":"error"|"stack"/)
  })
})
