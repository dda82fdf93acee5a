import { type Hex, decodeFunctionData, getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BaseError, createEngine, loadSnapshot } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import {
  actionResponseOf,
  buildActionParts,
  getActionRoutes,
  newTxId,
  serializeAction,
} from '../../service/routes/getAction.js'
import {
  checkActionChains,
  parseActionRequest,
  parseGetAction,
  toQuoteRequest,
} from '../../service/routes/getActionRequest.js'
import { ROUTER_ABI } from '../../engine/transactions.js'
import type { ApiKeyRecord } from '../../service/types.js'
import {
  ETH,
  ETH_USDC,
  OP,
  OP_USDC,
  OP_WETH,
  SENDER,
  SOLANA,
  SOL_RECIPIENT,
  SOL_USDC,
  ZERO,
  miniSnapshot,
} from '../helpers/miniSnapshot.js'
import { type ServedRoutes, serveRoutes } from '../helpers/serveRoutes.js'
import { openDatabase, valueOf } from '../helpers/sqlite.js'
import { thrown } from '../helpers/thrown.js'
import { ARB_USDC, ARB_WETH } from '../helpers/mainnet.js'
import { ERROR_CASES, type ErrorCase } from './getActionCases.js'

/** A snapshot id for quotes built outside the service (`snapshotIdOf` gives real ones). */
const SNAPSHOT_ID = '0123456789abcdef0123456789abcdef'

const FEE_RECEIVER = '0x2222222222222222222222222222222222222222'
const API_KEY: ApiKeyRecord = {
  keyId: 'key_1',
  appId: 'app_1',
  orgId: 'org_1',
  appName: 'Demo',
  affiliateId: 'aff_1',
  gasless: false,
  appFees: [{ bps: 10, receiverAddress: FEE_RECEIVER }],
}
const TARGET = '0x5555555555555555555555555555555555555555'
const engine = createEngine(loadSnapshot(miniSnapshot()), { protocolFeeBps: 5 })

/** A valid swap-action query, with fields replaced (`null` removes one). */
function swapQuery(overrides: Record<string, string | string[] | null> = {}): Record<string, string | string[]> {
  const base = {
    actionType: 'swap-action',
    sender: SENDER,
    srcChainId: String(ETH),
    srcToken: ETH_USDC,
    dstChainId: String(OP),
    dstToken: OP_WETH,
    slippage: '50',
    amount: '1000000000',
    swapDirection: 'exact-amount-in',
  }
  return withOverrides(base, overrides)
}

/** A valid evm-calldata-tx query: 250 USDC on OP for a call to TARGET. */
function callQuery(overrides: Record<string, string | string[] | null> = {}): Record<string, string | string[]> {
  const base = {
    actionType: 'evm-calldata-tx',
    sender: SENDER,
    srcChainId: String(ETH),
    srcToken: ETH_USDC,
    dstChainId: String(OP),
    dstToken: OP_USDC,
    slippage: '50',
    to: TARGET,
    data: '0xa9059cbb',
    erc20Amount: '250000000',
  }
  return withOverrides(base, overrides)
}

function withOverrides(base: Record<string, string>, overrides: Record<string, string | string[] | null>) {
  const query: Record<string, string | string[]> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) delete query[key]
    else query[key] = value
  }
  return query
}

function parseAndCheck(query: Record<string, string | string[]>) {
  const request = parseActionRequest(query, API_KEY)
  checkActionChains(request, engine.snapshot)
  return request
}

const queries = { swap: swapQuery, call: callQuery }

describe('parseActionRequest: each rule throws the spec error', () => {
  it.each(ERROR_CASES.filter((row) => !row.engine))('$name', (row: ErrorCase) => {
    const error = thrown(() => parseAndCheck(queries[row.base](row.query)), row.error) as BaseError
    expect(error.code).toBe(row.code)
    expect(error.details).toEqual(row.details)
  })
})

describe('checkActionChains on the default snapshot', () => {
  const snapshot = loadSnapshotFile()
  it.each([
    ['HyperEVM (an EVM chain)', 999, ZERO, SENDER],
    ['HyperCore', 1337, '0x2000000000000000000000000000000000000000', SENDER],
    ['Bitcoin', 20000000000001, 'bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['Tron', 728126428, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TD63PfocedEstoByUVyEJ1SZJe9sD1bQHs'],
  ])('accepts a %s source: its VM has a transaction builder', (_name, chainId, token, sender) => {
    const query = swapQuery({ srcChainId: String(chainId), srcToken: token, sender, recipient: SENDER })
    const request = parseActionRequest(query, API_KEY)
    expect(() => checkActionChains(request, snapshot)).not.toThrow()
  })
})

describe('parseActionRequest: accepted forms', () => {
  it('parses a swap-action with the key default appFees', () => {
    expect(parseAndCheck(swapQuery())).toEqual({
      actionType: 'swap-action',
      sender: SENDER,
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      slippage: 50,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
      appFees: [{ bps: 10, receiverAddress: FEE_RECEIVER }],
    })
  })

  it.each([
    ['0', 0],
    ['12.5', 12.5],
    ['10000', 10_000],
    ['0.001', 0.001],
  ])('slippage %s', (raw, value) => {
    expect(parseAndCheck(swapQuery({ slippage: raw })).slippage).toBe(value)
  })

  it('takes bridgeIds repeated, comma-separated or both, without duplicates', () => {
    expect(parseAndCheck(swapQuery({ bridgeIds: ['cctp', 'across,relay', 'cctp'] })).bridgeIds).toEqual([
      'cctp',
      'across',
      'relay',
    ])
    expect(parseAndCheck(swapQuery({ bridgeIds: 'cctp,optimism' })).bridgeIds).toEqual(['cctp', 'optimism'])
  })

  it('takes appFees from the request over the key default; [] means none', () => {
    const fees = [{ bps: 25, receiverAddress: FEE_RECEIVER }]
    expect(parseAndCheck(swapQuery({ appFees: JSON.stringify(fees) })).appFees).toEqual(fees)
    expect(parseAndCheck(swapQuery({ appFees: '[]' })).appFees).toEqual([])
  })

  it('hands gasless and returnDepositAddress on to the route (gasless implies the deposit address)', () => {
    expect(parseGetAction(swapQuery({ gasless: 'true' }), API_KEY)).toMatchObject({
      gasless: true,
      returnDepositAddress: true,
    })
    expect(parseGetAction(swapQuery({ returnDepositAddress: 'true' }), API_KEY)).toMatchObject({
      gasless: false,
      returnDepositAddress: true,
    })
    expect(parseGetAction(swapQuery(), API_KEY)).toMatchObject({ gasless: false, returnDepositAddress: false })
  })

  it('accepts gasless=false and returnDepositAddress=false, and drops leading zeros of amounts', () => {
    expect(
      parseAndCheck(swapQuery({ gasless: 'false', returnDepositAddress: 'false', amount: '001000' })),
    ).toMatchObject({ amount: '1000' })
  })

  it('evm-calldata-tx: erc20Spender defaults to `to`; the quote is exact-out of erc20Amount, else of value', () => {
    const request = parseAndCheck(callQuery())
    expect(request).toMatchObject({
      actionType: 'evm-calldata-tx',
      to: TARGET,
      data: '0xa9059cbb',
      erc20Amount: '250000000',
      erc20Spender: TARGET,
    })
    expect(toQuoteRequest(request)).toMatchObject({
      amount: '250000000',
      swapDirection: 'exact-amount-out',
      dstToken: OP_USDC,
    })
    const native = parseAndCheck(
      callQuery({ erc20Amount: null, value: '100000000000000000', dstToken: ZERO, swapDirection: 'exact-amount-out' }),
    )
    expect(toQuoteRequest(native)).toMatchObject({
      amount: '100000000000000000',
      swapDirection: 'exact-amount-out',
      dstToken: ZERO,
    })
    expect(parseAndCheck(callQuery({ value: '0' })).actionType).toBe('evm-calldata-tx')
  })
})

describe('GET /api/getAction in a Koa app', () => {
  let api: ServedRoutes

  beforeAll(async () => {
    api = await serveRoutes({
      apiKey: API_KEY,
      routers: (store) => [
        getActionRoutes({
          engine,
          snapshotId: SNAPSHOT_ID,
          store,
          config: { quoteTtlSeconds: 1800 },
          // Swap actions only: their addresses are the compliance middleware's (not mounted here), none the store's.
          screenAddresses: () => undefined,
        }),
      ],
    })
  })
  afterAll(() => api.close())

  const get = (query: Record<string, string | string[]>) => api.get('/getAction', query)

  it('swap-action exact-in: every §2.4 field, the tx, a stored txId', async () => {
    const { status, headers, body } = await get(swapQuery())
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    for (const field of [
      'tx',
      'txId',
      'vmId',
      'amountIn',
      'amountInMax',
      'amountOut',
      'amountOutMin',
      'protocolFee',
      'applicationFee',
      'exchangeRate',
      'estimatedTxTime',
      'estimatedPriceImpact',
      'requiresTokenApproval',
      'requiresRegisterTransaction',
      'allRoutes',
      'bridgeFee',
      'bridgeIds',
      'bridgeRoute',
    ]) {
      expect(body, field).toHaveProperty(field)
    }
    expect(body.tx).toEqual({
      to: engine.snapshot.chains.get(ETH)!.routerAddress,
      data: expect.stringMatching(/^0x[0-9a-f]+$/),
      value: '0',
      chainId: ETH,
    })
    expect(body.txId).toMatch(/^0x[0-9a-f]{64}$/)
    expect(body.amountIn.amount).toBe('1000000000')
    expect(BigInt(body.amountOutMin.amount) <= BigInt(body.amountOut.amount)).toBe(true)
    expect(body.applicationFee.amount).toBe('1000000') // the key's default: 10 bps of 1,000 USDC
    // The engine's figures are passed through unchanged, allRoutes included.
    const { tx, txId, snapshotId, expiresAt, ...quote } = body
    expect([snapshotId, typeof expiresAt]).toEqual([SNAPSHOT_ID, 'number'])
    expect(quote).toEqual(
      JSON.parse(JSON.stringify(engine.quote(toQuoteRequest(parseActionRequest(swapQuery(), API_KEY))))),
    )
    const decoded = decodeFunctionData({ abi: ROUTER_ABI, data: tx.data as Hex })
    expect(decoded.functionName).toBe('swap')
    expect(decoded.args[0]).toBe(txId)
    expect(decoded.args[1].amountOutMin).toBe(BigInt(body.amountOutMin.amount))

    const stored = (await api.store.getQuote(txId))!
    expect(stored).toMatchObject({
      orgId: 'org_1',
      appId: 'app_1',
      sender: SENDER.toLowerCase(),
      srcChainId: ETH,
      dstChainId: OP,
      vmId: 'evm',
      status: 'quoted',
    })
    expect(stored.actionResponse).toEqual(body)
    expect(stored.actionRequest).toMatchObject({
      actionType: 'swap-action',
      amount: '1000000000',
      appFees: API_KEY.appFees,
    })

    const again = await get(swapQuery())
    expect(again.body.txId).not.toBe(txId)
  })

  it('swap-action exact-out: amountOut is the requested amount, amountInMax ≥ amountIn', async () => {
    const { status, body } = await get(swapQuery({ amount: '100000000000000000', swapDirection: 'exact-amount-out' }))
    expect(status).toBe(200)
    expect(body.amountOut.amount).toBe('100000000000000000')
    expect(body.amountOutMin.amount).toBe(body.amountOut.amount)
    expect(BigInt(body.amountInMax.amount) >= BigInt(body.amountIn.amount)).toBe(true)
    expect(await api.store.getQuote(body.txId)).toBeDefined()
  })

  it('native input: tx.value carries the input', async () => {
    const { body } = await get(swapQuery({ srcToken: ZERO, dstToken: OP_USDC, amount: '1000000000000000000' }))
    expect(body.tx.value).toBe('1000000000000000000')
    expect(body.requiresTokenApproval).toBe(false)
  })

  it('cross-VM: a Solana recipient', async () => {
    const { status, body } = await get(
      swapQuery({ dstChainId: String(SOLANA), dstToken: SOL_USDC, recipient: SOL_RECIPIENT, amount: '100000000' }),
    )
    expect(status).toBe(200)
    expect(body.amountOut.chainId).toBe(SOLANA)
  })

  it('evm-calldata-tx: exact-out of erc20Amount, swapAndCall carrying the call', async () => {
    const spender = '0x6666666666666666666666666666666666666666'
    const { status, body } = await get(callQuery({ erc20Spender: spender }))
    expect(status).toBe(200)
    expect(body.amountOut.amount).toBe('250000000')
    const decoded = decodeFunctionData({ abi: ROUTER_ABI, data: body.tx.data as Hex })
    expect(decoded.functionName).toBe('swapAndCall')
    expect(decoded.args[4]).toEqual({
      target: getAddress(TARGET),
      data: '0xa9059cbb',
      value: 0n,
      erc20Spender: getAddress(spender),
      erc20Amount: 250_000_000n,
    })
    expect((await api.store.getQuote(body.txId))!.actionRequest).toMatchObject({
      actionType: 'evm-calldata-tx',
      to: TARGET,
      erc20Spender: spender,
    })
  })

  it('evm-calldata-tx with value: exact-out of the native token on the destination', async () => {
    const { status, body } = await get(callQuery({ erc20Amount: null, value: '100000000000000000', dstToken: ZERO }))
    expect(status).toBe(200)
    expect(body.amountOut).toMatchObject({ amount: '100000000000000000', isNative: true, chainId: OP })
    const decoded = decodeFunctionData({ abi: ROUTER_ABI, data: body.tx.data as Hex })
    expect(decoded.args[4]).toMatchObject({ value: 100_000_000_000_000_000n, erc20Amount: 0n })
  })

  it.each(ERROR_CASES)('400 $code: $name', async (row: ErrorCase) => {
    const { status, body } = await get(queries[row.base](row.query))
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: row.code, statusCode: 400 })
    expect(body.error.details).toEqual(row.details)
  })

  it('records nothing when the request fails', async () => {
    const db = openDatabase(api.databasePath)
    const count = () => valueOf(db.prepare('SELECT count(*) FROM transactions'))
    const before = count()
    const { body } = await get(swapQuery({ amount: '100000000000000000000' })) // above the lane's maximum
    expect(body.error.code).toBe('AMOUNT_TOO_HIGH')
    expect(count()).toBe(before)
    db.close()
  })
})

describe('GET /api/getAction with maxSplits (the default fixture)', () => {
  let api: ServedRoutes
  const fixture = createEngine(loadSnapshotFile(), { protocolFeeBps: 5 })

  beforeAll(async () => {
    api = await serveRoutes({
      apiKey: API_KEY,
      routers: (store) => [
        getActionRoutes({
          engine: fixture,
          snapshotId: SNAPSHOT_ID,
          store,
          config: { quoteTtlSeconds: 1800 },
          screenAddresses: () => undefined, // swap actions only, as above
        }),
      ],
    })
  })
  afterAll(() => api.close())

  // 5M USDC → WETH on Arbitrum: deep enough that dividing it across the USDC/WETH pools pays.
  const arbitrumSwap = (maxSplits?: string) =>
    swapQuery({
      srcChainId: '42161',
      srcToken: ARB_USDC,
      dstChainId: '42161',
      dstToken: ARB_WETH,
      amount: '5000000000000',
      ...(maxSplits === undefined ? {} : { maxSplits }),
    })

  it('a split quote: `splits`, and a tx whose router call carries one part per split, in order', async () => {
    const { status, body } = await api.get('/getAction', arbitrumSwap('4'))
    expect(status).toBe(200)
    const splits = body.splits as { amountIn: { amount: string }; amountOut: { amount: string }; steps: unknown[] }[]
    expect(splits.length).toBeGreaterThanOrEqual(2)
    const { functionName, args } = decodeFunctionData({ abi: ROUTER_ABI, data: body.tx.data as Hex })
    expect(functionName).toBe('swap')
    const parts = args[2] as readonly { amountIn: bigint; amountOut: bigint; steps: readonly unknown[] }[]
    expect(parts.map((part) => [part.amountIn, part.amountOut, part.steps.length])).toEqual(
      splits.map((split) => [BigInt(split.amountIn.amount), BigInt(split.amountOut.amount), split.steps.length]),
    )
  })

  it('without maxSplits (default 1): one route, one part', async () => {
    const { status, body } = await api.get('/getAction', arbitrumSwap())
    expect(status).toBe(200)
    expect(body.splits).toBeUndefined()
    const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: body.tx.data as Hex })
    expect(args[2]).toHaveLength(1)
  })
})

describe('serializeAction', () => {
  it('gives the same text as JSON.stringify of the merged response object, without building it', () => {
    const request = parseActionRequest(swapQuery(), API_KEY)
    const parts = buildActionParts(engine, request, {
      txId: `0x${'ab'.repeat(32)}`,
      deadline: 1_800_000_000,
      snapshotId: SNAPSHOT_ID,
    })
    expect(serializeAction(parts)).toBe(JSON.stringify(actionResponseOf(parts)))
  })

  it('is the same with a deposit address, placed after txId', () => {
    const request = parseActionRequest(swapQuery(), API_KEY)
    const txId = `0x${'cd'.repeat(32)}` as const
    const parts = buildActionParts(engine, request, {
      txId,
      deadline: 1_800_000_000,
      snapshotId: SNAPSHOT_ID,
      withDepositAddress: true,
    })
    expect(parts.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(serializeAction(parts)).toBe(JSON.stringify(actionResponseOf(parts)))
    expect(Object.keys(JSON.parse(serializeAction(parts)) as object).slice(0, 3)).toEqual([
      'tx',
      'txId',
      'depositAddress',
    ])
  })

  it('is the same with simulatedGas (simulate=true), placed last', () => {
    const request = parseActionRequest(swapQuery(), API_KEY)
    const built = buildActionParts(engine, request, {
      txId: `0x${'ef'.repeat(32)}`,
      deadline: 1_800_000_000,
      snapshotId: SNAPSHOT_ID,
    })
    const parts = { ...built, simulatedGas: '211210' }
    expect(serializeAction(parts)).toBe(JSON.stringify(actionResponseOf(parts)))
    expect(Object.keys(JSON.parse(serializeAction(parts)) as object).at(-1)).toBe('simulatedGas')
  })
})

describe('newTxId', () => {
  it('gives 32 random bytes as 0x + 64 hex digits, never the same twice across refills of its buffer', () => {
    // 1,000 ids: several refills of the 128-id buffer.
    const ids = Array.from({ length: 1_000 }, () => newTxId())
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // Random bytes, not a counter: about half of the 256 bits differ between consecutive ids.
    const differingBits = (a: string, b: string) =>
      [...(BigInt(a) ^ BigInt(b)).toString(2)].filter((bit) => bit === '1').length
    const average = ids.slice(1).reduce((sum, id, i) => sum + differingBits(id, ids[i]!), 0) / (ids.length - 1)
    expect(average).toBeGreaterThan(110)
    expect(average).toBeLessThan(146)
  })
})
