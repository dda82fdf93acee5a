/**
 * The typed client (service/client/): its generated types are those of the current OpenAPI document, its query
 * serialization is the one the document declares, and — against the real service (child process, piscina pool,
 * workers) — it quotes, registers, reads the status and the history, and receives typed error envelopes. The
 * type-level half (misspelt and mistyped parameters refused) is `clientTypes.ts`, checked by `tsc --noEmit`.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  GENERATE_COMMAND,
  SCHEMA_DIR,
  generateClientSchema,
  jsonQueryParameterNames,
} from '../../service/client/generate.js'
import { JSON_QUERY_PARAMETERS, createCrossrouteClient, serializeQuery } from '../../service/client/index.js'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import { BASE_USDC, OP_USDT, SENDER } from '../helpers/mainnet.js'
import { type RunningService, startService } from '../helpers/startService.js'

const START_TIMEOUT_MS = 90_000
const API_KEY = 'dev-key-alpha'
const FEE_RECEIVER = '0x5bd944e30b02A20eF6CDd65c7901aC080913953b'

/** Every file the generator writes, each checked for staleness on its own. */
const GENERATED_FILES = Object.keys(await generateClientSchema())

describe('the generated types', () => {
  const generated = generateClientSchema()

  it('schema/ holds exactly the files the generator writes', async () => {
    const committed = readdirSync(SCHEMA_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(SCHEMA_DIR.length))
    expect(committed.sort()).toEqual(Object.keys(await generated).sort())
    // Split along the document's seams: no generated file grows with the whole API.
    for (const [name, text] of Object.entries(await generated)) expect(text.split('\n').length, name).toBeLessThan(300)
  })

  it.each(GENERATED_FILES)('schema/%s is what the generator makes of the current document', async (name) => {
    const committed = readFileSync(join(SCHEMA_DIR, name), 'utf8')
    expect(
      committed === (await generated)[name],
      `service/client/schema/${name} is stale: run \`${GENERATE_COMMAND}\` and commit it`,
    ).toBe(true)
  })
})

describe('query serialization', () => {
  const document = buildOpenApiDocument()
  const queryParameters = Object.values(document.components.parameters).filter((parameter) => parameter.in === 'query')

  it('JSON-encodes exactly the parameters the document declares as application/json', () => {
    expect([...JSON_QUERY_PARAMETERS].sort()).toEqual(jsonQueryParameterNames(document).sort())
    expect(JSON_QUERY_PARAMETERS).toContain('appFees')
  })

  it('repeats array parameters, as their form/explode style says', () => {
    const arrays = queryParameters.filter((parameter) => parameter.schema?.type === 'array')
    expect(arrays.map((parameter) => parameter.name)).toEqual([
      'bridgeIds',
      'appIds',
      'chainIds',
      'tagId',
      'clobTokenIds',
    ])
    for (const parameter of arrays) expect([parameter.style, parameter.explode], parameter.name).toEqual(['form', true])
  })

  it('writes repeated bridgeIds, appFees as one JSON value, the rest as text; absent values not at all', () => {
    const fees = [{ bps: 25, receiverAddress: FEE_RECEIVER }]
    const query = serializeQuery({
      slippage: 12.5,
      bridgeIds: ['cctp', 'across'],
      appFees: fees,
      refundTo: undefined,
      gasless: false,
    })
    expect(query).toBe(
      `slippage=12.5&bridgeIds=cctp&bridgeIds=across&gasless=false&appFees=${encodeURIComponent(JSON.stringify(fees))}`,
    )
    const parsed = new URLSearchParams(query)
    expect(parsed.getAll('bridgeIds')).toEqual(['cctp', 'across'])
    expect(JSON.parse(parsed.get('appFees')!)).toEqual(fees)
    expect(parsed.has('refundTo')).toBe(false)
  })
})

describe('the client against the real service (2 workers)', () => {
  let service: RunningService
  const requested: URL[] = []
  const client = () =>
    createCrossrouteClient({
      baseUrl: service.url,
      apiKey: API_KEY,
      fetch: (request) => {
        requested.push(new URL(request.url))
        return fetch(request)
      },
    })

  beforeAll(async () => {
    service = await startService()
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await service?.stop()
  })

  const swap = {
    actionType: 'swap-action',
    sender: SENDER,
    srcChainId: 8453,
    srcToken: BASE_USDC,
    dstChainId: 10,
    dstToken: OP_USDT,
    amount: '1000000000',
    swapDirection: 'exact-amount-in',
    slippage: 50,
  } as const

  it('quotes, registers, reads the status and the history, with typed answers', async () => {
    const api = client()
    const appFees = [{ bps: 25, receiverAddress: FEE_RECEIVER }]
    const quote = await api.GET('/getAction', {
      params: { query: { ...swap, bridgeIds: ['cctp', 'optimism'], appFees } },
    })
    expect(quote.error, JSON.stringify(quote.error)).toBeUndefined()
    const action = quote.data!
    expect(quote.response.status).toBe(200)
    // What went over the wire: the key, repeated bridgeIds, appFees as JSON.
    const sent = requested.at(-1)!
    expect(sent.pathname).toBe('/api/getAction')
    expect(sent.searchParams.getAll('bridgeIds')).toEqual(['cctp', 'optimism'])
    expect(JSON.parse(sent.searchParams.get('appFees')!)).toEqual(appFees)
    expect(action.amountOut.amount).toMatch(/^[0-9]+$/)
    expect(BigInt(action.amountOut.amount)).toBeGreaterThan(0n)
    expect(action.amountIn.amount).toBe(swap.amount)
    expect(action.txId).toMatch(/^0x[0-9a-f]{64}$/)
    for (const bridge of action.bridgeIds) expect(['cctp', 'optimism']).toContain(bridge)

    const txHash = `0x${'7a'.repeat(32)}`
    const registered = await api.POST('/registerTxs', {
      body: { txId: action.txId, vmId: 'evm', txHash, chainId: swap.srcChainId },
    })
    expect(registered.error, JSON.stringify(registered.error)).toBeUndefined()
    expect(registered.data).toEqual([{ success: true, error: null, code: null }])

    const status = await api.GET('/getStatus', { params: { query: { txId: action.txId } } })
    expect(status.error, JSON.stringify(status.error)).toBeUndefined()
    const details = status.data!
    expect(details.txId).toBe(action.txId)
    expect(details.srcTxHash).toBe(txHash)
    expect(details.srcChainId).toBe(swap.srcChainId)
    expect(['pending', 'success']).toContain(details.status)
    // The service received both bridges and the fees, as the stored request shows.
    expect([...(details.actionRequest.bridgeIds ?? [])].sort()).toEqual(['cctp', 'optimism'])
    expect(details.actionRequest.appFees).toEqual(appFees)
    expect(details.actionResponse.txId).toBe(action.txId)

    const history = await api.GET('/getTransactions', {
      params: { query: { chainIds: [10], walletAddress: SENDER, period: 'day', limit: 10 } },
    })
    expect(history.error, JSON.stringify(history.error)).toBeUndefined()
    expect(history.data!.txs.map((tx) => tx.txId)).toEqual([action.txId])
    expect(history.data!.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 })
    const elsewhere = await api.GET('/getTransactions', { params: { query: { chainIds: [42161] } } })
    expect(elsewhere.data!.pagination.total).toBe(0)

    expect(new Set(requested.map((url) => url.pathname))).toEqual(
      new Set(['/api/getAction', '/api/registerTxs', '/api/getStatus', '/api/getTransactions']),
    )
  })

  it('receives errors as the typed envelopes of the document', async () => {
    const api = client()
    const { data, error, response } = await api.GET('/getAction', { params: { query: { ...swap, slippage: 20_000 } } })
    expect(data).toBeUndefined()
    expect(response.status).toBe(400)
    expect(error?.success).toBe(false)
    expect(error?.error.code).toBe('INVALID_PARAMETER')
    // `code` selects the schema of `details`: here InvalidParameterError's.
    if (error?.error.code !== 'INVALID_PARAMETER')
      throw new Error(`expected INVALID_PARAMETER, got ${JSON.stringify(error)}`)
    expect(error.error.name).toBe('InvalidParameterError')
    expect(error.error.statusCode).toBe(400)
    expect(error.error.details).toMatchObject({ parameter: 'slippage', value: '20000' })

    const unknown = await api.GET('/getStatus', { params: { query: { txId: `0x${'ab'.repeat(32)}` } } })
    expect(unknown.response.status).toBe(404)
    expect(unknown.error?.error.code).toBe('NOT_FOUND')

    const anonymous = createCrossrouteClient({ baseUrl: service.url, apiKey: 'not-a-key' })
    const refused = await anonymous.GET('/getTransactions', {})
    expect(refused.response.status).toBe(401)
    expect(refused.error?.error.code).toBe('INVALID_API_KEY')
  })
})
