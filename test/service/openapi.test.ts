/**
 * The OpenAPI document (service/openapi/): a valid OpenAPI 3.1 document, complete against SPEC §4.1 and the
 * engine's error classes, and — through the real service (child process, piscina pool, workers) — a true
 * description of real answers: each one is validated against the schema the document declares for its path,
 * method and status.
 */
import { ARB_USDC, ARB_WETH, BASE_USDC, OP_USDT, SENDER, SOL_WALLET } from '../helpers/mainnet.js'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_ERROR_CLASSES as ERROR_CLASSES, type ApiErrorCode as ErrorCode } from '../../service/errors.js'
import { buildOpenApiDocument, OPENAPI_DOCUMENT_VERSION } from '../../service/openapi/document.js'
import { CODES_NEVER_ANSWERED, ERROR_STATUSES, codesOfStatus, type ErrorStatus } from '../../service/openapi/errors.js'
import type { OpenApiDocument, Parameter, Schema } from '../../service/openapi/types.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Contract, type Reply, createContract, send } from './contract.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const KEY = { 'x-api-key': 'dev-key-alpha' }
const START_TIMEOUT_MS = 90_000
const document = buildOpenApiDocument()
/** The document as a client sees it (JSON), for the validators. */
const json = () => JSON.parse(JSON.stringify(document)) as OpenApiDocument

/** The codes listed in a response's envelope schema (`ErrorResponse<status>.error.code.enum`). */
function listedCodes(doc: OpenApiDocument, status: ErrorStatus): string[] {
  const error = doc.components.schemas[`ErrorResponse${status}`]?.properties?.error
  return [...((error?.properties?.code?.enum ?? []) as string[])]
}

/** Every `$ref` in a value. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found)
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner)
      else refsOf(inner, found)
    }
  }
  return found
}

/** The `.ts` files under a directory. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator()
    const result = await validator.validate(json() as unknown as Record<string, unknown>)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('and the validator does catch a broken one (negative control)', async () => {
    const broken = json() as unknown as { paths: Record<string, { get: { responses: unknown } }> }
    broken.paths['/getAction']!.get.responses = 'none'
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false)
  })

  it('resolves every $ref and compiles every schema with ajv (draft 2020-12, strict mode)', () => {
    const doc = json()
    for (const ref of refsOf(doc)) {
      const [, kind, name] = /^#\/components\/(\w+)\/([\w.-]+)$/.exec(ref) ?? []
      expect((doc.components as unknown as Record<string, Record<string, unknown>>)[kind!]?.[name!], ref).toBeDefined()
    }
    const contract = createContract(doc)
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => contract.validate(`#/components/schemas/${name}`, null), name).not.toThrow()
    }
  })

  it('carries the package version, the /api base path and the x-api-key scheme; public routes need no key', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(OPENAPI_DOCUMENT_VERSION).toBe(pkg.version)
    expect(document.servers[0]!.url).toBe('/api')
    expect(document.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    })
    expect(document.security).toEqual([{ ApiKey: [] }])
    expect(document.paths['/getAction']!.get!.security).toBeUndefined()
    expect(document.paths['/health']!.get!.security).toEqual([])
    expect(document.paths['/openapi.json']!.get!.security).toEqual([])
  })

  it('documents every getAction query parameter of SPEC §4.1, the venue ones as required for venue', () => {
    const parameters = document.paths['/getAction']!.get!.parameters!.map((ref) => {
      const name = ('$ref' in ref ? ref.$ref : '').split('/').pop()!
      return document.components.parameters[name]!
    })
    const query = new Map(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]))
    const spec = {
      required: ['actionType', 'sender', 'srcChainId', 'srcToken', 'dstChainId', 'dstToken', 'slippage'],
      optional: [
        'amount',
        'swapDirection',
        'recipient',
        'to',
        'data',
        'value',
        'erc20Amount',
        'erc20Spender',
        'solanaSponsor',
        'bridgeIds',
        'refundTo',
        'returnDepositAddress',
        'appFees',
        'userId',
        'side',
        'tokenID',
        'orderType',
        'tickSize',
        'negRisk',
        'gasless',
        'maxPriceImpact', // an extension (issue 10): the price-impact guard
        'maxSplits', // an extension (issue 25): splits executed by the router in one call
        'simulate', // an extension (issue 25): the transaction run on the source chain's node before answering
      ],
    }
    expect([...query.keys()].sort()).toEqual([...spec.required, ...spec.optional].sort())
    for (const name of spec.required) expect(query.get(name)!.required, name).toBe(true)
    for (const name of spec.optional) expect(query.get(name)!.required, name).toBeUndefined()
    const schemaOf = (p: Parameter): Schema => p.schema ?? p.content!['application/json']!.schema
    expect(schemaOf(query.get('slippage')!)).toMatchObject({ type: 'number', minimum: 0, maximum: 10_000 })
    expect(schemaOf(query.get('actionType')!).enum).toEqual(['swap-action', 'evm-calldata-tx', 'venue'])
    expect(schemaOf(query.get('appFees')!)).toMatchObject({ type: 'array', maxItems: 10 })
    expect(schemaOf(query.get('maxSplits')!)).toMatchObject({ type: 'integer', minimum: 1, maximum: 4, default: 1 })
    expect(schemaOf(query.get('bridgeIds')!)).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/BridgeId' },
    })
    for (const name of ['userId', 'side', 'tokenID', 'orderType', 'tickSize', 'negRisk']) {
      expect(query.get(name)!.description, name).toMatch(/Required for `venue`/)
      expect(query.get(name)!.description, name).not.toMatch(/Not supported yet/)
    }
    expect(query.get('recipient')!.description).toMatch(/CROSS_VM_RECEIVER_REQUIRED/)
    expect(query.get('amount')!.description).toMatch(/Required for `swap-action`/)
    expect(query.get('to')!.description).toMatch(/Required for `evm-calldata-tx`/)
  })

  it('documents registerTxs (body, results), getStatus and getTransactions (every SPEC §4.3 / §4.4 parameter)', () => {
    const namesOf = (path: string) =>
      document.paths[path]!.get!.parameters!.map(
        (ref) => document.components.parameters[('$ref' in ref ? ref.$ref : '').split('/').pop()!]!,
      )
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
    expect(namesOf('/getStatus')).toEqual(['txId', 'txHash', 'chainId'])
    expect(namesOf('/getTransactions')).toEqual([
      'appIds',
      'walletAddress',
      'chainIds',
      'page',
      'limit',
      'period',
      'startDate',
      'endDate',
    ])
    const registerTxs = document.paths['/registerTxs']!.post!
    expect(registerTxs.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RegistrationRequest',
    })
    expect(registerTxs.description).toMatch(/in the order of the request/)
    expect(document.components.schemas.RegistrationRequest!.anyOf![1]).toMatchObject({ maxItems: 100, minItems: 1 })
    expect(document.components.schemas.TransactionDetails!.required).toEqual([
      'status',
      'sender',
      'srcChainId',
      'dstChainId',
      'srcTxHash',
      'dstTxHash',
      'bridgeDetails',
      'txId',
      'actionRequest',
      'actionResponse',
      'org',
      'usdValue',
      'srcTx',
      'dstTx',
    ])
    expect(document.paths['/getStatus']!.get!.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' })
  })

  it('lists under each status exactly the codes of that status (engine and service); every code is listed or never answered', () => {
    const listed = new Set<string>()
    for (const status of Object.keys(ERROR_STATUSES).map(Number) as ErrorStatus[]) {
      const codes = listedCodes(document, status)
      expect(codes.length, `status ${status}`).toBeGreaterThan(0)
      for (const code of codes) {
        expect(ERROR_CLASSES[code as ErrorCode]?.status, code).toBe(status)
        listed.add(code)
      }
      expect(codes).toEqual(codesOfStatus(status))
    }
    for (const code of Object.keys(ERROR_CLASSES)) {
      expect(listed.has(code) !== (CODES_NEVER_ANSWERED[code as ErrorCode] !== undefined), code).toBe(true)
    }
    // SPEC §7.2's 400 codes, all sixteen, and the extensions PRICE_IMPACT_TOO_HIGH, INSUFFICIENT_FUNDS and
    // ROUTE_NOT_EXECUTABLE.
    expect(listedCodes(document, 400).sort()).toEqual(
      (Object.keys(ERROR_CLASSES) as ErrorCode[]).filter((code) => ERROR_CLASSES[code].status === 400).sort(),
    )
    expect(listedCodes(document, 400)).toHaveLength(19)
  })

  it('getAction: every error class thrown in engine/ and service/ is documented, and every documented 400 code is thrown somewhere', () => {
    const byClassName = new Map(
      Object.entries(ERROR_CLASSES).map(([code, ErrorClass]) => [ErrorClass.name, code as ErrorCode]),
    )
    // A class is raised where code (not a comment, an import or a re-export) names it outside engine/errors/:
    // `new X(…)`, or a choice such as `field === 'srcToken' ? InvalidSrcTokenError : InvalidDstTokenError`.
    const thrown = new Set<ErrorCode>()
    const files = [...sourceFiles(join(ROOT, 'engine')), ...sourceFiles(join(ROOT, 'service'))].filter(
      (file) => !file.includes(join('engine', 'errors')) && !file.endsWith(join('service', 'errors.ts')),
    )
    for (const file of files) {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        .replace(/(?:import|export)\s[^;]*?from\s*'[^']*'/g, '')
      for (const [name] of code.matchAll(/\b\w+Error\b/g)) {
        const errorCode = byClassName.get(name)
        if (errorCode !== undefined) thrown.add(errorCode)
      }
    }
    const getAction = document.paths['/getAction']!.get!
    const documented = new Set<string>(['NOT_FOUND']) // components.responses.NotFound: the answer for paths not listed
    for (const [status, response] of Object.entries(getAction.responses)) {
      if (status === '200') continue
      expect(response, status).toEqual({
        $ref: `#/components/responses/${ERROR_STATUSES[Number(status) as ErrorStatus]}`,
      })
      for (const code of listedCodes(document, Number(status) as ErrorStatus)) documented.add(code)
    }
    for (const code of thrown) {
      if (CODES_NEVER_ANSWERED[code] === undefined)
        expect(documented.has(code), `${code} is thrown but not documented on getAction`).toBe(true)
    }
    for (const code of listedCodes(document, 400))
      expect(thrown.has(code as ErrorCode), `${code} is documented but never thrown`).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Real answers
// ---------------------------------------------------------------------------------------------------------------

const SOLANA = '1151111081099710'
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const SANCTIONED = readFileSync(join(ROOT, 'fixtures/ofac/sanctioned_addresses_ETH.txt'), 'utf8').split('\n')[0]!.trim()

/** The same-chain swap of the brief: 1,000 USDC → WETH on Arbitrum, exact in. */
const arbitrumSwap: Record<string, string> = {
  actionType: 'swap-action',
  srcChainId: '42161',
  srcToken: ARB_USDC,
  dstChainId: '42161',
  dstToken: ARB_WETH,
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
  slippage: '50',
  sender: SENDER,
}
/** USDC on Base → USDT on OP. */
const crossChain: Record<string, string> = {
  ...arbitrumSwap,
  srcChainId: '8453',
  srcToken: BASE_USDC,
  dstChainId: '10',
  dstToken: OP_USDT,
}
const withQuery = (base: Record<string, string>, changes: Record<string, string | null> = {}) => {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...base, ...changes })) if (value !== null) query.append(name, value)
  return `/getAction?${query}`
}

interface Case {
  name: string
  /** Path under `/api`, with the query. */
  path: string
  method?: string
  headers?: Record<string, string>
  body?: string
  status: number
  code?: string
  /** The documented path the answer is checked against; `null`: a path the document does not have. */
  documentedPath?: string | null
}

const CASES: Case[] = [
  // 200
  {
    name: 'same-chain swap, exact in (USDC → WETH on Arbitrum)',
    path: withQuery(arbitrumSwap),
    headers: KEY,
    status: 200,
  },
  { name: 'cross-chain swap (USDC on Base → USDT on OP)', path: withQuery(crossChain), headers: KEY, status: 200 },
  {
    name: 'from Solana: a SolanaTransaction (SOL → USDC on Solana, fees to a Solana receiver)',
    path: withQuery(arbitrumSwap, {
      srcChainId: SOLANA,
      srcToken: '11111111111111111111111111111111',
      dstChainId: SOLANA,
      dstToken: SOL_USDC,
      sender: SOL_WALLET,
      appFees: JSON.stringify([{ bps: 10, receiverAddress: SOL_WALLET }]),
    }),
    headers: KEY,
    status: 200,
  },
  {
    name: 'exact out (0.1 WETH on Arbitrum)',
    path: withQuery(arbitrumSwap, { swapDirection: 'exact-amount-out', amount: '100000000000000000' }),
    headers: KEY,
    status: 200,
  },
  {
    name: 'evm-calldata-tx (5 USDT to a contract call on OP, paid in USDC on Base)',
    path: withQuery(crossChain, {
      actionType: 'evm-calldata-tx',
      amount: null,
      swapDirection: null,
      to: SENDER,
      data: '0xa9059cbb',
      erc20Amount: '5000000',
    }),
    headers: KEY,
    status: 200,
  },
  {
    name: 'native ETH on Ethereum → ETH on Arbitrum',
    path: withQuery(arbitrumSwap, {
      srcChainId: '1',
      srcToken: '0x0000000000000000000000000000000000000000',
      dstToken: '0x0000000000000000000000000000000000000000',
      amount: '1000000000000000000',
    }),
    headers: KEY,
    status: 200,
  },
  {
    name: 'to Solana, with a recipient',
    path: withQuery(crossChain, { dstChainId: SOLANA, dstToken: SOL_USDC, recipient: SOL_WALLET }),
    headers: KEY,
    status: 200,
  },
  {
    name: 'with appFees and bridgeIds',
    path: withQuery(crossChain, {
      appFees: JSON.stringify([{ bps: 30, receiverAddress: SENDER }]),
      bridgeIds: 'cctp,optimism',
    }),
    headers: KEY,
    status: 200,
  },
  // 400
  {
    name: 'amount absent',
    path: withQuery(arbitrumSwap, { amount: null }),
    headers: KEY,
    status: 400,
    code: 'MISSING_REQUIRED_FIELD',
  },
  {
    name: 'slippage above 10000',
    path: withQuery(arbitrumSwap, { slippage: '10001' }),
    headers: KEY,
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'actionType venue without its parameters',
    path: withQuery(arbitrumSwap, { actionType: 'venue' }),
    headers: KEY,
    status: 400,
    code: 'MISSING_REQUIRED_FIELD',
  },
  {
    name: 'gasless=true off Tron (no gasless provider)',
    path: withQuery(arbitrumSwap, { gasless: 'true' }),
    headers: KEY,
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'solanaSponsor off a Solana same-chain swap',
    path: withQuery(arbitrumSwap, { solanaSponsor: SOL_WALLET }),
    headers: KEY,
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'gasless=true with a key without gasless',
    path: withQuery(arbitrumSwap, { gasless: 'true' }),
    headers: { 'x-api-key': 'dev-key-alpha-2' },
    status: 403,
    code: 'GASLESS_NOT_ENABLED',
  },
  {
    name: 'sender with a bad checksum',
    path: withQuery(arbitrumSwap, { sender: '0x8Ba1f109551bD432803012645Ac136ddd64DBA72' }),
    headers: KEY,
    status: 400,
    code: 'INVALID_ADDRESS_FORMAT',
  },
  {
    name: 'amount 0',
    path: withQuery(arbitrumSwap, { amount: '0' }),
    headers: KEY,
    status: 400,
    code: 'INVALID_AMOUNT_ZERO',
  },
  {
    name: 'swapDirection unknown',
    path: withQuery(arbitrumSwap, { swapDirection: 'sideways' }),
    headers: KEY,
    status: 400,
    code: 'UNSUPPORTED_SWAP_DIRECTION',
  },
  {
    name: 'unknown chain',
    path: withQuery(arbitrumSwap, { srcChainId: '999999' }),
    headers: KEY,
    status: 400,
    code: 'UNSUPPORTED_NETWORK',
  },
  {
    name: 'unknown source token',
    path: withQuery(arbitrumSwap, { srcToken: '0x1111111111111111111111111111111111111111' }),
    headers: KEY,
    status: 400,
    code: 'INVALID_SOURCE_TOKEN',
  },
  {
    name: 'unknown destination token',
    path: withQuery(arbitrumSwap, { dstToken: '0x1111111111111111111111111111111111111111' }),
    headers: KEY,
    status: 400,
    code: 'INVALID_DESTINATION_TOKEN',
  },
  {
    name: 'to Solana without a recipient',
    path: withQuery(crossChain, { dstChainId: SOLANA, dstToken: SOL_USDC }),
    headers: KEY,
    status: 400,
    code: 'CROSS_VM_RECEIVER_REQUIRED',
  },
  {
    name: "above the lanes' maximum",
    path: withQuery(crossChain, { amount: '100000000000000000000' }),
    headers: KEY,
    status: 400,
    code: 'AMOUNT_TOO_HIGH',
  },
  {
    name: "below the lanes' minimum",
    path: withQuery(crossChain, { amount: '100' }),
    headers: KEY,
    status: 400,
    code: 'AMOUNT_TOO_LOW',
  },
  {
    name: 'more out than the pools hold',
    path: withQuery(arbitrumSwap, { swapDirection: 'exact-amount-out', amount: '100000000000000000000000' }),
    headers: KEY,
    status: 400,
    code: 'INSUFFICIENT_LIQUIDITY',
  },
  {
    name: 'bridges that do not connect the chains',
    path: withQuery(crossChain, { bridgeIds: 'thorchain' }),
    headers: KEY,
    status: 400,
    code: 'UNSUPPORTED_NETWORK_PAIR',
  },
  // 401, 403
  { name: 'no API key', path: withQuery(arbitrumSwap), status: 401, code: 'MISSING_API_KEY' },
  {
    name: 'an unknown API key',
    path: withQuery(arbitrumSwap),
    headers: { 'x-api-key': 'not-a-key' },
    status: 401,
    code: 'INVALID_API_KEY',
  },
  {
    name: 'from a blocked country',
    path: withQuery(arbitrumSwap),
    headers: { ...KEY, 'cf-ipcountry': 'KP' },
    status: 403,
    code: 'GEO_BLOCKED',
  },
  {
    name: 'a sanctioned sender',
    path: withQuery(arbitrumSwap, { sender: SANCTIONED }),
    headers: KEY,
    status: 403,
    code: 'WALLET_SCREENED',
  },
  // 404, 405, 413, 500, OPTIONS
  { name: 'an unknown path', path: '/nope?x=1', headers: KEY, status: 404, code: 'NOT_FOUND', documentedPath: null },
  {
    name: 'POST getAction',
    path: '/getAction',
    method: 'POST',
    headers: KEY,
    body: '{}',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    documentedPath: '/getAction',
  },
  {
    name: 'DELETE health',
    path: '/health',
    method: 'DELETE',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    documentedPath: '/health',
  },
  {
    name: 'PUT openapi.json',
    path: '/openapi.json',
    method: 'PUT',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    documentedPath: '/openapi.json',
  },
  {
    name: 'a body over the limit',
    path: withQuery(arbitrumSwap),
    headers: KEY,
    body: 'x'.repeat(5000),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'an unexpected exception (test route)',
    path: '/__test/throw',
    headers: KEY,
    status: 500,
    code: 'INTERNAL_SERVER_ERROR',
    documentedPath: null,
  },
  // registerTxs, getStatus, getTransactions
  {
    name: 'registerTxs: malformed JSON',
    path: '/registerTxs',
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: '{"txId":',
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'registerTxs: wrong content type',
    path: '/registerTxs',
    method: 'POST',
    headers: { ...KEY, 'content-type': 'text/plain' },
    body: '{}',
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'registerTxs: 101 items',
    path: '/registerTxs',
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify(Array(101).fill({})),
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'registerTxs: item errors answered in the results',
    path: '/registerTxs',
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: '[{}, 1, {"txId":"0xabababababababababababababababababababababababababababababababab","vmId":"evm","txHash":"0xcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd","chainId":1}]',
    status: 200,
  },
  {
    name: 'registerTxs: a body over the limit',
    path: '/registerTxs',
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: `[${'{},'.repeat(2000)}{}]`,
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'registerTxs: no API key',
    path: '/registerTxs',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    status: 401,
    code: 'MISSING_API_KEY',
  },
  { name: 'GET registerTxs', path: '/registerTxs', headers: KEY, status: 405, code: 'METHOD_NOT_ALLOWED' },
  { name: 'OPTIONS registerTxs', path: '/registerTxs', method: 'OPTIONS', status: 204 },
  {
    name: 'getStatus: neither txId nor txHash',
    path: '/getStatus?chainId=1',
    headers: KEY,
    status: 400,
    code: 'MISSING_REQUIRED_FIELD',
  },
  {
    name: 'getStatus: malformed txHash',
    path: '/getStatus?txHash=0x12',
    headers: KEY,
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'getStatus: unknown txId',
    path: `/getStatus?txId=0x${'ab'.repeat(32)}`,
    headers: KEY,
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'getStatus: from a blocked country',
    path: `/getStatus?txId=0x${'ab'.repeat(32)}`,
    headers: { ...KEY, 'cf-ipcountry': 'IR' },
    status: 403,
    code: 'GEO_BLOCKED',
  },
  {
    name: 'POST getStatus',
    path: '/getStatus',
    method: 'POST',
    headers: KEY,
    body: '{}',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
  },
  { name: 'getTransactions: defaults', path: '/getTransactions', headers: KEY, status: 200 },
  {
    name: 'getTransactions: limit 501',
    path: '/getTransactions?limit=501',
    headers: KEY,
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: "getTransactions: another organization's app",
    path: '/getTransactions?appIds=beta-app',
    headers: KEY,
    status: 400,
    code: 'INVALID_PARAMETER',
  },
  {
    name: 'getTransactions: an unknown API key',
    path: '/getTransactions',
    headers: { 'x-api-key': 'nope' },
    status: 401,
    code: 'INVALID_API_KEY',
  },
  { name: 'OPTIONS getTransactions', path: '/getTransactions', method: 'OPTIONS', status: 204 },
  { name: 'OPTIONS getAction', path: '/getAction', method: 'OPTIONS', status: 204, documentedPath: '/getAction' },
  { name: 'health', path: '/health', status: 200, documentedPath: '/health' },
]

/** The documented path a case is checked against: its own path without the query, unless it says otherwise. */
const documentedPathOf = (c: Case) =>
  c.documentedPath === undefined ? c.path.split('?')[0]! : (c.documentedPath ?? undefined)

describe('real answers of the service match the document (2 workers)', () => {
  let service: RunningService
  let served: OpenApiDocument
  let contract: Contract
  beforeAll(async () => {
    // A small body limit makes the 413 cheap; one task per worker and no queue make a 503 easy to provoke.
    service = await startService({ BODY_LIMIT_BYTES: '4096', CONCURRENT_TASKS_PER_WORKER: '1', MAX_QUEUE: '0' })
    const reply = await send(`${service.url}/openapi.json`)
    expect(reply.status, reply.body).toBe(200)
    served = JSON.parse(reply.body) as OpenApiDocument
    contract = createContract(served)
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await service?.stop()
  })

  it('serves the document at GET /api/openapi.json without a key, as built, valid against itself', async () => {
    expect(served).toEqual(json())
    const reply = await send(`${service.url}/openapi.json`, { headers: { 'x-request-id': 'contract-test-1' } })
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(reply.headers['x-request-id']).toBe('contract-test-1')
    expect(contract.check('/openapi.json', 'GET', reply)).toEqual([])
  })

  it.each(CASES)('$status $code: $name', async (c) => {
    const reply = await send(`${service.url}${c.path}`, {
      method: c.method ?? 'GET',
      headers: c.headers ?? {},
      body: c.body,
    })
    expect(reply.status, reply.body.slice(0, 500)).toBe(c.status)
    expect(contract.check(documentedPathOf(c), c.method ?? 'GET', reply)).toEqual([])
    if (c.code !== undefined) expect((JSON.parse(reply.body) as { error: { code: string } }).error.code).toBe(c.code)
    if (c.status === 200 && c.path.startsWith('/getAction')) {
      const action = JSON.parse(reply.body) as {
        amountIn: { amount: string }
        amountOut: { amount: string }
        bridgeRoute: unknown[]
      }
      const query = new URLSearchParams(c.path.split('?')[1])
      if (query.get('swapDirection') === 'exact-amount-in') expect(action.amountIn.amount).toBe(query.get('amount'))
      if (query.get('swapDirection') === 'exact-amount-out') expect(action.amountOut.amount).toBe(query.get('amount'))
      expect(action.bridgeRoute.length > 0).toBe(query.get('srcChainId') !== query.get('dstChainId'))
    }
  })

  it("a transaction's lifecycle: registerTxs, getStatus (quote and registered) and getTransactions answers match the document", async () => {
    const action = await send(`${service.url}${withQuery(crossChain)}`, { headers: KEY })
    const { txId } = JSON.parse(action.body) as { txId: string }
    const quoted = await send(`${service.url}/getStatus?txId=${txId}`, { headers: KEY })
    expect(quoted.status, quoted.body.slice(0, 300)).toBe(200)
    expect(contract.check('/getStatus', 'GET', quoted)).toEqual([])
    const txHash = `0x${'5e'.repeat(32)}`
    const body = JSON.stringify([
      { txId, vmId: 'evm', txHash, chainId: 8453 },
      { txId, vmId: 'evm', txHash: `0x${'6f'.repeat(32)}`, chainId: 8453 },
    ])
    const registered = await send(`${service.url}/registerTxs`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body,
    })
    expect(registered.status, registered.body).toBe(200)
    expect(contract.check('/registerTxs', 'POST', registered)).toEqual([])
    expect((JSON.parse(registered.body) as { success: boolean }[]).map((result) => result.success)).toEqual([
      true,
      false,
    ])
    for (const path of [`/getStatus?txId=${txId}`, `/getStatus?txHash=${txHash}&chainId=8453`]) {
      const reply = await send(`${service.url}${path}`, { headers: KEY })
      expect(reply.status, reply.body.slice(0, 300)).toBe(200)
      expect(contract.check('/getStatus', 'GET', reply)).toEqual([])
    }
    const history = await send(`${service.url}/getTransactions?chainIds=10&period=day&limit=500`, { headers: KEY })
    expect(history.status).toBe(200)
    expect(contract.check('/getTransactions', 'GET', history)).toEqual([])
    const page = JSON.parse(history.body) as { txs: Record<string, unknown>[] }
    expect(page.txs.map((tx) => tx.txId)).toContain(txId)

    // Negative control: the schemas reject altered details.
    const details = JSON.parse((await send(`${service.url}/getStatus?txId=${txId}`, { headers: KEY })).body) as Record<
      string,
      unknown
    >
    const schema = contract.responsePointer('/getStatus', 'GET', 200)! + '/content/application~1json/schema'
    const altered = (change: (copy: Record<string, unknown>) => void) => {
      const copy = structuredClone(details)
      change(copy)
      return contract.validate(schema, copy)
    }
    expect(contract.validate(schema, details)).toEqual([])
    expect(altered((copy) => (copy.status = 'done'))).not.toEqual([])
    expect(altered((copy) => delete copy.srcTx)).not.toEqual([])
    expect(altered((copy) => (copy.workflow = {}))).not.toEqual([])
    expect(
      altered(
        (copy) =>
          ((copy.bridgeDetails as { txPath: unknown[] }).txPath = [
            { chainId: 1, txHash: '0x', timestamp: 5, nextBridge: '' },
          ]),
      ),
    ).not.toEqual([])
    expect(altered((copy) => ((copy.actionResponse as Record<string, unknown>).txId = 7))).not.toEqual([])
    expect(altered((copy) => ((copy.actionRequest as Record<string, unknown>).amount = undefined))).not.toEqual([])
  })

  it('503 SERVICE_UNAVAILABLE with Retry-After while both workers are busy', async () => {
    const slow = [1, 2].map(() => send(`${service.url}/__test/sleep?ms=1500`, { headers: KEY }))
    let rejected: Reply | undefined
    for (let attempt = 0; attempt < 100 && rejected === undefined; attempt += 1) {
      const reply = await send(`${service.url}${withQuery(arbitrumSwap)}`, { headers: KEY })
      if (reply.status === 503) rejected = reply
      else await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(rejected?.status).toBe(503)
    expect(contract.check('/getAction', 'GET', rejected!)).toEqual([])
    expect((await Promise.all(slow)).map((reply) => reply.status)).toEqual([200, 200])
  })

  it('the schemas reject real answers that are altered (negative control)', async () => {
    const reply = await send(`${service.url}${withQuery(crossChain)}`, { headers: KEY })
    expect(contract.check('/getAction', 'GET', reply)).toEqual([])
    const body = JSON.parse(reply.body) as Record<string, unknown> & {
      amountOut: Record<string, unknown>
      allRoutes: Record<string, unknown>[]
    }
    const schema = contract.responsePointer('/getAction', 'GET', 200)! + '/content/application~1json/schema'
    const altered = (change: (copy: typeof body) => void) => {
      const copy = structuredClone(body)
      change(copy)
      return contract.validate(schema, copy)
    }
    expect(altered((copy) => delete copy.txId)).not.toEqual([])
    expect(altered((copy) => (copy.executions = [{ step: 1 }]))).not.toEqual([])
    expect(altered((copy) => (copy.depositAddress = 42))).not.toEqual([])
    expect(altered((copy) => (copy.amountOut.amount = 997.4))).not.toEqual([])
    expect(altered((copy) => (copy.bridgeIds = ['wormhole']))).not.toEqual([])
    expect(altered((copy) => (copy.allRoutes[0]!.tx = copy.tx))).not.toEqual([])
    expect(altered((copy) => (copy.estimatedPriceImpact = -1))).not.toEqual([])

    const error = await send(`${service.url}${withQuery(arbitrumSwap, { amount: '0' })}`, { headers: KEY })
    const envelope = JSON.parse(error.body) as { error: Record<string, unknown> }
    const errorSchema = contract.responsePointer('/getAction', 'GET', 400)!
    expect(contract.check('/getAction', 'GET', error)).toEqual([])
    const alteredError = (change: (copy: typeof envelope) => void) => {
      const copy = structuredClone(envelope)
      change(copy)
      return contract.check('/getAction', 'GET', { ...error, body: JSON.stringify(copy) })
    }
    expect(errorSchema).toBe('#/components/responses/BadRequest')
    expect(alteredError((copy) => (copy.error.statusCode = 401))).not.toEqual([])
    expect(alteredError((copy) => (copy.error.code = 'MISSING_API_KEY'))).not.toEqual([])
    expect(alteredError((copy) => (copy.error.details = { field: 'amount' }))).not.toEqual([])
    expect(alteredError((copy) => (copy.error.timestamp = 'yesterday'))).not.toEqual([])
    expect(
      contract.check('/getAction', 'GET', { ...error, headers: { ...error.headers, 'x-request-id': undefined } }),
    ).toEqual(['header x-request-id is missing'])
  })
})
