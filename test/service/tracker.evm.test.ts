/**
 * The EVM JSON-RPC observer against a real local node (Hardhat Network, test/helpers/evmNode.ts, chain id 42161):
 * real signed transactions sent with viem from the node's funded account, their receipts deciding the leg — first
 * the observer alone, then through the real service started with `RPC_URLS` pointing at the node.
 */
import { type Hex, createWalletClient, encodeAbiParameters, http, keccak256, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLogDestination } from '../../service/log.js'
import { DELIVERED_TOPIC, ROUTED_TOPIC, createEvmRpcObserver } from '../../service/tracker/evmRpcObserver.js'
import { evmDepositAddress } from '../../engine/vm/depositAddress/evm.js'
import type { Leg } from '../../service/tracker/trackingPlan.js'
import { type EvmNode, FUNDED_ACCOUNT, startEvmNode } from '../helpers/evmNode.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { ROUTES, call, fakeTxHash, getAction, getStatus, registerTxs, waitForStatus } from './trackerApi.js'

const CHAIN_ID = 42161
const ROUTER = '0xc7055c7055c7055C7055C7055C7055c7055C7055'
const TX_ID = keccak256(stringToHex('tracker.evm.test'))

/** Init code that deploys runtime `0x60006000fd` (PUSH1 0 PUSH1 0 REVERT): every call reverts, without a reason. */
const ALWAYS_REVERTS_INIT_CODE: Hex = '0x6460006000fd6000526005601bf3'
/** Runtime that reverts with `Error("nope")`. */
const REVERTS_WITH_REASON: Hex =
  `0x 7f08c379a0${'00'.repeat(28)} 6000 52 6020 6004 52 6004 6024 52 7f6e6f7065${'00'.repeat(28)} 6044 52 6064 6000 fd`.replaceAll(
    ' ',
    '',
  ) as Hex
/**
 * Runtime of a stand-in router, for calldata `selector ‖ txId ‖ rest` as the real router's `swap(bytes32 txId, …)`
 * takes: `LOG2(rest, Delivered, txId)` then `LOG3('', Routed, txId, caller)` — the source chain's event and the
 * destination chain's, so one address serves both kinds of test (calldata under 36 bytes reverts).
 */
const STAND_IN_ROUTER: Hex = `0x
  600435 6024 36 03 80 6024 6000 37
  81 7f${DELIVERED_TOPIC.slice(2)} 82 6000 a2 50
  33 90 7f${ROUTED_TOPIC.slice(2)} 6000 6000 a3 00`.replaceAll(/\s/g, '') as Hex
/** Any 4 bytes: the stand-in does not read its selector. */
const SELECTOR = '0x12345678'
/** Calldata of a call to the stand-in for `txId`. */
const routerCall = (txId: string, rest: Hex = '0x'): Hex => `${SELECTOR}${txId.slice(2)}${rest.slice(2)}` as Hex

const source: Leg = {
  index: 0,
  kind: 'source',
  chainId: CHAIN_ID,
  vm: 'evm',
  blockTimeMs: 250,
  nextBridge: '',
  viaBridge: '',
  isLast: true,
  expectedSeconds: 0.25,
}
const delivery: Leg = {
  index: 1,
  kind: 'delivery',
  chainId: CHAIN_ID,
  vm: 'evm',
  blockTimeMs: 250,
  nextBridge: '',
  viaBridge: 'cctp',
  isLast: true,
  expectedSeconds: 20.25,
}

let node: EvmNode
let wallet: ReturnType<typeof createWalletClient>
beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID })
  wallet = createWalletClient({ account: privateKeyToAccount(FUNDED_ACCOUNT.privateKey), transport: http(node.url) })
  await node.rpc('hardhat_setCode', [ROUTER, STAND_IN_ROUTER])
}, 60_000)
afterAll(() => node?.stop())

const chain = {
  id: CHAIN_ID,
  name: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
} as const
const send = (request: { to?: Hex; data?: Hex; value?: bigint; gas?: bigint }) =>
  wallet.sendTransaction({ account: wallet.account!, chain, ...request } as Parameters<
    typeof wallet.sendTransaction
  >[0])
const now = () => Date.now() / 1000
const observer = (options: Partial<Parameters<typeof createEvmRpcObserver>[0]> = {}) =>
  createEvmRpcObserver({ chainId: CHAIN_ID, url: node.url, routerAddress: ROUTER, ...options })

describe('EVM JSON-RPC observer on a real node', () => {
  // Unreachable nodes are logged (tracker.rpc-failed) on stderr: keep the test output readable.
  // The observers log RPC failures on purpose here: their lines are not the subject.
  beforeEach(() => setLogDestination({ write: () => undefined }))
  afterEach(() => {
    vi.restoreAllMocks()
    setLogDestination(undefined)
  })

  it('a mined call of the router for the quote (Routed(txId)) is confirmed at its block time, with its value', async () => {
    const hash = await send({ to: ROUTER, data: routerCall(TX_ID), value: 12_345n, gas: 100_000n })
    const seen = await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: now() - 1, now: now() })
    const block = await node.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])
    expect(seen).toEqual({
      status: 'confirmed',
      txHash: hash,
      timestamp: Number(block.timestamp),
      detail: { srcBlockNumber: expect.any(Number), srcValue: '12345' },
    })
  })

  it("a transaction that executes another quote, or none, is failed with nothing appended: it is not this quote's", async () => {
    const other = keccak256(stringToHex('another quote'))
    const another = await send({ to: ROUTER, data: routerCall(other), gas: 100_000n })
    const plain = await send({ to: '0x000000000000000000000000000000000000dEaD', value: 1n })
    for (const hash of [another, plain]) {
      const seen = await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: now() - 1, now: now() })
      expect(seen).toEqual({
        status: 'failed',
        timestamp: expect.any(Number),
        reason: expect.stringMatching(new RegExp(`^transaction ${hash} does not execute quote ${TX_ID}`)),
      })
    }
    // The same transaction is the other quote's.
    expect(
      await observer().observe({ txId: other, leg: source, srcTxHash: another, since: now() - 1, now: now() }),
    ).toMatchObject({ status: 'confirmed', txHash: another })
    // Without a router address nothing can be checked: the hash is followed as given.
    expect(
      await observer({ routerAddress: undefined }).observe({
        txId: TX_ID,
        leg: source,
        srcTxHash: plain,
        since: now() - 1,
        now: now(),
      }),
    ).toMatchObject({ status: 'confirmed' })
  })

  it("a payment to the quote's deposit address executes the quote", async () => {
    const hash = await send({ to: evmDepositAddress(ROUTER, TX_ID) as Hex, value: 777n })
    expect(
      await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: now() - 1, now: now() }),
    ).toMatchObject({ status: 'confirmed', txHash: hash, detail: { srcValue: '777' } })
  })

  it('a call to a contract that always reverts is failed (deployed by init code, called with a fixed gas)', async () => {
    const deployHash = await send({ data: ALWAYS_REVERTS_INIT_CODE })
    const { contractAddress } = await node.rpc<{ contractAddress: Hex }>('eth_getTransactionReceipt', [deployHash])
    expect(await node.rpc('eth_getCode', [contractAddress, 'latest'])).toBe('0x60006000fd')
    const hash = await send({ to: contractAddress, data: '0x', gas: 100_000n })
    const seen = await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: now() - 1, now: now() })
    expect(seen).toMatchObject({
      status: 'failed',
      txHash: hash,
      revertReason: 'execution reverted',
      reason: expect.stringMatching(/reverted in block/),
    })
  })

  it('decodes an Error(string) revert reason', async () => {
    const target = '0x00000000000000000000000000000000000b0b00'
    await node.rpc('hardhat_setCode', [target, REVERTS_WITH_REASON])
    const hash = await send({ to: target, data: '0x', gas: 100_000n })
    expect(
      await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: now() - 1, now: now() }),
    ).toMatchObject({ status: 'failed', revertReason: 'nope' })
  })

  it('a transaction not mined yet is pending with a backoff, then confirmed once mined', async () => {
    await node.rpc('evm_setAutomine', [false])
    try {
      const hash = await send({ to: ROUTER, data: routerCall(TX_ID), value: 1n, gas: 100_000n })
      const at = now()
      const seen = await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: at - 8, now: at })
      expect(seen).toEqual({ status: 'pending', checkAt: at + 2 }) // (now − since) / 4
      await node.rpc('evm_mine')
      expect(
        await observer().observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: at - 8, now: now() }),
      ).toMatchObject({ status: 'confirmed', txHash: hash })
    } finally {
      await node.rpc('evm_setAutomine', [true])
    }
  })

  it('a hash the node never saw fails after the not-found timeout', async () => {
    const unknown = keccak256(stringToHex('never sent'))
    const rpc = observer({ notFoundTimeoutSeconds: 30 })
    expect(
      await rpc.observe({ txId: TX_ID, leg: source, srcTxHash: unknown, since: now() - 10, now: now() }),
    ).toMatchObject({ status: 'pending' })
    expect(
      await rpc.observe({ txId: TX_ID, leg: source, srcTxHash: unknown, since: now() - 31, now: now() }),
    ).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/not found on chain 42161 within 30 s/),
    })
  })

  it('a delivery is the router Delivered(txId) event on the destination chain', async () => {
    // A txId of its own: the stand-in router emits Delivered for the source legs' calls above too.
    const DELIVERED_TX_ID = keccak256(stringToHex('tracker.evm.test delivery'))
    const rpc = observer({ deliveryTimeoutSeconds: () => 600 })
    const since = now() - 1
    expect(
      await rpc.observe({ txId: DELIVERED_TX_ID, leg: delivery, srcTxHash: '0x', since, now: now() }),
    ).toMatchObject({
      status: 'pending',
    })
    // Another transaction's delivery does not count.
    await send({ to: ROUTER, data: routerCall(keccak256(stringToHex('another txId'))), gas: 100_000n })
    expect(
      await rpc.observe({ txId: DELIVERED_TX_ID, leg: delivery, srcTxHash: '0x', since, now: now() }),
    ).toMatchObject({
      status: 'pending',
    })
    const data = encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint256' }, { type: 'bytes' }],
      ['0x1234', 987_654n, '0xabcd'],
    )
    const hash = await send({ to: ROUTER, data: routerCall(DELIVERED_TX_ID, data), gas: 100_000n })
    expect(await rpc.observe({ txId: DELIVERED_TX_ID, leg: delivery, srcTxHash: '0x', since, now: now() })).toEqual({
      status: 'confirmed',
      txHash: hash,
      timestamp: expect.any(Number),
      detail: { dstBlockNumber: expect.any(Number), amountOut: '987654' },
    })
    // Past the delivery timeout with no event: failed (→ requires refund).
    const other = keccak256(stringToHex('never delivered'))
    expect(
      await rpc.observe({ txId: other, leg: delivery, srcTxHash: '0x', since: now() - 601, now: now() }),
    ).toMatchObject({ status: 'failed' })
  })

  it('a node that does not answer, or serves another chain, leaves the leg pending', async () => {
    const hash = await send({ to: '0x000000000000000000000000000000000000dEaD', value: 1n })
    const wrongChain = createEvmRpcObserver({ chainId: 10, url: node.url })
    expect(
      await wrongChain.observe({
        txId: TX_ID,
        leg: { ...source, chainId: 10 },
        srcTxHash: hash,
        since: now(),
        now: now(),
      }),
    ).toMatchObject({ status: 'pending' })
    const down = createEvmRpcObserver({ chainId: CHAIN_ID, url: 'http://127.0.0.1:1', requestTimeoutMs: 1000 })
    expect(await down.observe({ txId: TX_ID, leg: source, srcTxHash: hash, since: now(), now: now() })).toMatchObject({
      status: 'pending',
    })
  })
})

describe('through the real service, RPC_URLS pointing at the node', () => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({
      RPC_URLS: `${CHAIN_ID}=${node.url}`,
      SIMULATED_TIME_SCALE: '0.001',
      TRACKER_INTERVAL_MS: '20',
    })
  }, 60_000)
  afterAll(() => service?.stop())

  /** Sends the quote's own transaction (router calldata) from the funded account. */
  const sendQuoted = (action: { tx: { to: string; data: string; value: string } }) =>
    send({ to: action.tx.to as Hex, data: action.tx.data as Hex, value: BigInt(action.tx.value), gas: 1_000_000n })

  it('a same-chain swap sent for real: success once its receipt is in, at its block time', async () => {
    const action = await getAction(service, ROUTES.sameChain, FUNDED_ACCOUNT.address)
    const hash = await sendQuoted(action)
    await registerTxs(service, [{ txId: action.txId, txHash: hash, chainId: CHAIN_ID }])
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    const receipt = await node.rpc<{ blockHash: Hex }>('eth_getTransactionReceipt', [hash])
    const block = await node.rpc<{ timestamp: Hex }>('eth_getBlockByHash', [receipt.blockHash, false])
    expect(details).toMatchObject({ status: 'success', srcTxHash: hash, dstTxHash: hash })
    expect(details.bridgeDetails.txPath).toEqual([
      { chainId: CHAIN_ID, txHash: hash, timestamp: String(Number(block.timestamp)), nextBridge: '' },
    ])
  })

  it("one transaction, two organizations: the squatter's earlier registration blocks nothing, shows nothing, and fails", async () => {
    const BETA_KEY = 'dev-key-beta' // fixtures/keys.dev.json: organization beta; the helpers' key is alpha's
    const victim = await getAction(service, ROUTES.sameChain, FUNDED_ACCOUNT.address)
    const squatter = await getAction(service, ROUTES.sameChain, FUNDED_ACCOUNT.address, BETA_KEY)
    const hash = await sendQuoted(victim)
    const register = (txId: string, apiKey?: string) =>
      call(service, '/registerTxs', {
        method: 'POST',
        body: [{ txId, txHash: hash, chainId: CHAIN_ID, vmId: 'evm' }],
        ...(apiKey === undefined ? {} : { apiKey }),
      })
    const accepted = { status: 200, body: [{ success: true, error: null, code: null }] }
    expect(await register(squatter.txId, BETA_KEY)).toEqual(accepted)
    // Tracked before the victim registers: the transaction emits Routed for the victim's txId, so the squatter's
    // registration ends failed, with nothing in its txPath, rather than claim it.
    const squatted = await waitForStatus(service, squatter.txId, ['success', 'failed'], 20_000, BETA_KEY)
    expect(squatted.details.status).toBe('failed')
    expect(squatted.details.bridgeDetails.txPath).toEqual([])
    expect(await register(victim.txId)).toEqual(accepted)
    const { details } = await waitForStatus(service, victim.txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'success', srcTxHash: hash, dstTxHash: hash })
    // Each organization finds its own registration of the hash, and only its own.
    const byHash = (apiKey?: string) =>
      call<{ txId: string }>(service, `/getStatus?txHash=${hash}`, apiKey === undefined ? {} : { apiKey })
    expect((await byHash()).body.txId).toBe(victim.txId)
    expect((await byHash(BETA_KEY)).body.txId).toBe(squatter.txId)
  })

  it('a reverted transaction (a call to a contract that always reverts) is failed, with its revert reason', async () => {
    const action = await getAction(service, ROUTES.sameChain, FUNDED_ACCOUNT.address)
    const deployHash = await send({ data: ALWAYS_REVERTS_INIT_CODE })
    const { contractAddress } = await node.rpc<{ contractAddress: Hex }>('eth_getTransactionReceipt', [deployHash])
    const hash = await send({ to: contractAddress, data: action.tx.data as Hex, gas: 200_000n })
    await registerTxs(service, [{ txId: action.txId, txHash: hash, chainId: CHAIN_ID }])
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    expect(details.status).toBe('failed')
    expect(details.bridgeDetails.txPath).toEqual([
      { chainId: CHAIN_ID, txHash: hash, timestamp: expect.any(String), nextBridge: '' },
    ])
    expect(details.srcTx?.revertReason).toBe('execution reverted')
  })

  it('a transaction not mined yet stays pending, and succeeds once a block includes it', async () => {
    const action = await getAction(service, ROUTES.sameChain, FUNDED_ACCOUNT.address)
    await node.rpc('evm_setAutomine', [false])
    try {
      const hash = await sendQuoted(action)
      await registerTxs(service, [{ txId: action.txId, txHash: hash, chainId: CHAIN_ID }])
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect((await getStatus(service, action.txId)).status).toBe('pending')
      await node.rpc('evm_mine')
      const { details } = await waitForStatus(service, action.txId, ['success', 'failed'], 10_000)
      expect(details.status).toBe('success')
    } finally {
      await node.rpc('evm_setAutomine', [true])
    }
  })

  it('a bridge from the node chain: the real source transaction, then the simulated delivery on OP', async () => {
    const action = await getAction(service, ROUTES.toOptimism, FUNDED_ACCOUNT.address)
    const hash = await sendQuoted(action)
    await registerTxs(service, [{ txId: action.txId, txHash: hash, chainId: CHAIN_ID }])
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'])
    expect(details.status).toBe('success')
    expect(
      details.bridgeDetails.txPath.map(({ chainId, txHash, nextBridge }) => ({ chainId, txHash, nextBridge })),
    ).toEqual([
      { chainId: CHAIN_ID, txHash: hash, nextBridge: action.bridgeRoute[0]!.bridgeId },
      { chainId: 10, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), nextBridge: '' },
    ])
  })

  it('a bridge into the node chain: delivered when the router there emits Delivered(txId)', async () => {
    const action = await getAction(service, ROUTES.fromOptimism, FUNDED_ACCOUNT.address)
    await registerTxs(service, [{ txId: action.txId, txHash: fakeTxHash(), chainId: 10 }])
    // The simulated source leg on OP comes and goes; the delivery waits for the event.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const waiting = await getStatus(service, action.txId)
    expect(waiting.status).toBe('pending')
    expect(waiting.bridgeDetails.txPath.map((entry) => entry.chainId)).toEqual([10])
    const data = encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint256' }, { type: 'bytes' }],
      ['0x1234', 5n, '0xabcd'],
    )
    const deliveryHash = await send({ to: ROUTER, data: routerCall(action.txId, data), gas: 100_000n })
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed', 'requires refund'], 10_000)
    expect(details).toMatchObject({ status: 'success', dstTxHash: deliveryHash })
    expect(details.bridgeDetails.txPath.map(({ chainId, txHash }) => ({ chainId, txHash }))).toEqual([
      { chainId: 10, txHash: expect.any(String) },
      { chainId: CHAIN_ID, txHash: deliveryHash },
    ])
  })
})
