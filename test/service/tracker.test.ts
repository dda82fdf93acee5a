/**
 * The tracker against a real SQLite store (the store's own methods), with the clock passed in: every transition
 * of the lifecycle, txPath contents, injected outcomes, expiry, and resumption by a new tracker on the same file.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Engine, createEngine } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { loadConfig, parseRpcUrls } from '../../service/config.js'
import { type ActionResponse, buildAction, newTxId } from '../../service/routes/getAction.js'
import { parseActionRequest } from '../../service/routes/getActionRequest.js'
import { openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'
import type { ChainObserver, ObserveLegParameters } from '../../service/tracker/chainObserver.js'
import { createSimulatedObserver } from '../../service/tracker/simulatedObserver.js'
import {
  type SimulatedOutcome,
  readSimulatedOutcome,
  setSimulatedOutcome,
} from '../../service/tracker/simulatedOutcomes.js'
import { simulatedTxHash } from '../../service/tracker/simulatedTxHash.js'
import { VM_MODULES, VMS } from '../../engine/vm/registry.js'
import { keccak256 as viemKeccak256, stringToHex } from 'viem'
import { type Tracker, createTracker } from '../../service/tracker/tracker.js'
import { TRACKER_READY, TRACKER_STOP } from '../../service/tracker/trackerProtocol.js'
import { startTrackerThread } from '../../service/tracker/trackerThread.js'
import { setLogDestination } from '../../service/log.js'
import {
  type TrackingFacts,
  liveTrackingFacts,
  loadTrackingFacts,
  planTracking,
} from '../../service/tracker/trackingPlan.js'
import type { ApiKeyRecord } from '../../service/types.js'

/** A snapshot id for quotes built outside the service (`snapshotIdOf` gives real ones). */
const SNAPSHOT_ID = '0123456789abcdef0123456789abcdef'

const SNAPSHOT = loadConfig({}).snapshotPath
const API_KEY: ApiKeyRecord = {
  keyId: 'key_1',
  appId: 'app_1',
  orgId: 'org_1',
  appName: 'Demo app',
  affiliateId: 'aff_1',
  gasless: false,
  appFees: [],
}
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const SOLANA_RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const ARB = {
  chainId: 42161,
  USDC: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  WETH: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
}
const OP_USDC = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'
const SOLANA = { chainId: 1151111081099710, USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }
const T0 = 1_800_000_000
const TTL = 1800

const SAME_CHAIN = { srcChainId: ARB.chainId, srcToken: ARB.USDC, dstChainId: ARB.chainId, dstToken: ARB.WETH }
const TO_OP = { srcChainId: ARB.chainId, srcToken: ARB.USDC, dstChainId: 10, dstToken: OP_USDC }
const TO_SOLANA = {
  srcChainId: ARB.chainId,
  srcToken: ARB.USDC,
  dstChainId: SOLANA.chainId,
  dstToken: SOLANA.USDC,
  recipient: SOLANA_RECIPIENT,
}

let engine: Engine
let facts: TrackingFacts
beforeAll(() => {
  engine = createEngine(loadSnapshotFile(SNAPSHOT))
  facts = loadTrackingFacts(SNAPSHOT)
})

let dir: string
let store: Store
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-tracker-'))
  store = await openStore({ dataDir: dir, databasePath: join(dir, 'crossroute.sqlite') })
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A real quote of the default snapshot, recorded in the store at `createdAt`. */
async function quote(route: Record<string, string | number>, createdAt = T0): Promise<ActionResponse> {
  const query = {
    actionType: 'swap-action',
    sender: SENDER,
    amount: '100000000',
    swapDirection: 'exact-amount-in',
    slippage: '50',
    ...route,
  }
  const request = parseActionRequest(
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    API_KEY,
  )
  const response = buildAction(engine, request, { txId: newTxId(), deadline: createdAt + TTL, snapshotId: SNAPSHOT_ID })
  await store.recordQuote({
    txId: response.txId,
    createdAt,
    apiKey: API_KEY,
    actionRequest: request,
    actionResponseJson: JSON.stringify(response),
    srcChainId: request.srcChainId,
    dstChainId: request.dstChainId,
    sender: SENDER.toLowerCase(),
    vmId: response.vmId,
  })
  return response
}

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

async function register(
  response: ActionResponse,
  registeredAt = T0,
  txHash = hashOf(Number.parseInt(response.txId.slice(2, 10), 16)),
): Promise<string> {
  expect(
    await store.registerTransaction({
      txId: response.txId,
      txHash,
      chainId: response.tx.chainId,
      vmId: 'evm',
      registeredAt,
    }),
  ).toEqual({ outcome: 'registered' })
  return txHash
}

function trackerWith(
  options: { outcome?: SimulatedOutcome; rpc?: Map<number, ChainObserver>; timeScale?: number } = {},
): Tracker {
  const simulated = createSimulatedObserver({
    timeScale: options.timeScale ?? 1,
    outcomeOf: () => options.outcome ?? 'success',
  })
  return createTracker({ store, facts, simulated, rpc: options.rpc, quoteTtlSeconds: TTL })
}

const stored = async (txId: string) => (await store.getByTxId(txId, API_KEY.orgId))!

/** Ticks at each of `times` (unix seconds) and returns the statuses seen after each. */
async function statusesAt(tracker: Tracker, txId: string, times: number[]): Promise<string[]> {
  const statuses: string[] = []
  for (const time of times) {
    await tracker.tick(time)
    statuses.push((await stored(txId)).status)
  }
  return statuses
}

describe('planTracking', () => {
  it('a same-chain swap is one source leg, due one source block after registration', async () => {
    const plan = planTracking({ ...SAME_CHAIN, actionResponse: await quote(SAME_CHAIN) }, facts)
    expect(plan.isBridge).toBe(false)
    expect(plan.refund).toBeUndefined()
    expect(plan.legs).toEqual([
      {
        index: 0,
        kind: 'source',
        chainId: 42161,
        vm: 'evm',
        blockTimeMs: 250,
        nextBridge: '',
        viaBridge: '',
        isLast: true,
        expectedSeconds: 0.25,
      },
    ])
  })

  it('a bridge adds a delivery per hop whose times add up to the quote estimate', async () => {
    const response = await quote(TO_OP)
    const plan = planTracking({ ...TO_OP, actionResponse: response }, facts)
    const [hop] = response.bridgeRoute
    expect(plan.legs.map((leg) => [leg.kind, leg.chainId, leg.nextBridge, leg.viaBridge])).toEqual([
      ['source', 42161, hop!.bridgeId, ''],
      ['delivery', 10, '', hop!.bridgeId],
    ])
    const total = plan.legs.reduce((sum, leg) => sum + leg.expectedSeconds, 0)
    // estimatedTxTime = ceil(block times) + lane seconds (engine/quote/routeQuote.ts).
    expect(Math.ceil(total)).toBe(response.estimatedTxTime)
    expect(plan.refund).toMatchObject({ kind: 'refund', chainId: 42161, isLast: true })
  })

  it('chains multi-hop routes and falls back to the quote estimate for a lane the snapshot no longer has', () => {
    const actionResponse = {
      estimatedTxTime: 3 + 100,
      bridgeRoute: [
        { srcChainId: 1, dstChainId: 10, bridgeId: 'optimism', srcBridgeToken: 'a', dstBridgeToken: 'b' },
        { srcChainId: 10, dstChainId: 728126428, bridgeId: 'debridge', srcBridgeToken: 'b', dstBridgeToken: 'c' },
      ],
      steps: [
        { type: 'bridge', chainId: 1, dstChainId: 10, id: 'no-such-lane' },
        { type: 'bridge', chainId: 10, dstChainId: 728126428, id: 'no-such-lane-either' },
      ],
    }
    const plan = planTracking({ srcChainId: 1, dstChainId: 728126428, actionResponse }, facts)
    expect(plan.legs.map((leg) => [leg.chainId, leg.nextBridge, leg.isLast])).toEqual([
      [1, 'optimism', false],
      [10, 'debridge', false],
      [728126428, '', true],
    ])
    // 12 s + 3 s blocks = 15 → ceil 15; (103 − 15) / 2 = 44 s a hop; the last adds Tron's 3 s block.
    expect(plan.legs.map((leg) => leg.expectedSeconds)).toEqual([12, 44, 47])
  })

  it('refuses a response whose hops do not lead from source to destination', () => {
    const broken = {
      bridgeRoute: [{ srcChainId: 10, dstChainId: 8453, bridgeId: 'cctp' }],
      steps: [],
      estimatedTxTime: 1,
    }
    expect(() => planTracking({ srcChainId: 42161, dstChainId: 8453, actionResponse: broken }, facts)).toThrow(
      /does not chain/,
    )
    expect(() => planTracking({ srcChainId: 42161, dstChainId: 10, actionResponse: {} }, facts)).toThrow(/bridgeRoute/)
  })

  it("live facts take a reloaded snapshot's chains and lanes, and keep the ones it dropped", () => {
    const [first, second] = [...facts.chains.keys()]
    const [lane] = [...facts.laneSeconds.keys()]
    const live = liveTrackingFacts({ chains: new Map([[first!, facts.chains.get(first!)!]]), laneSeconds: new Map() })
    const faster = { ...facts.chains.get(first!)!, blockTimeMs: 1 }
    live.absorb({
      chains: new Map([
        [first!, faster],
        [second!, facts.chains.get(second!)!],
      ]),
      laneSeconds: new Map([[lane!, 7]]),
    })
    live.absorb({ chains: new Map(), laneSeconds: new Map() })
    expect(live.facts.chains).toEqual(
      new Map([
        [first, faster],
        [second, facts.chains.get(second!)],
      ]),
    )
    expect(live.facts.laneSeconds).toEqual(new Map([[lane, 7]]))
  })
})

describe('simulatedTxHash', () => {
  it('is deterministic and has the format of the chain', () => {
    const txId = hashOf(7)
    expect(simulatedTxHash('evm', txId, 'delivery-1')).toBe(simulatedTxHash('evm', txId, 'delivery-1'))
    expect(simulatedTxHash('evm', txId, 'delivery-1')).not.toBe(simulatedTxHash('evm', txId, 'refund'))
    expect(simulatedTxHash('evm', txId, 'x')).toMatch(/^0x[0-9a-f]{64}$/)
    expect(simulatedTxHash('hypercore', txId, 'x')).toMatch(/^0x[0-9a-f]{64}$/)
    expect(simulatedTxHash('bitcoin', txId, 'x')).toMatch(/^[0-9a-f]{64}$/)
    expect(simulatedTxHash('tron', txId, 'x')).toMatch(/^[0-9a-f]{64}$/)
    expect(simulatedTxHash('solana', txId, 'x')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  })

  it('is keccak256("<txId>:<leg>") and passes its VM\'s registerTxs format', () => {
    const txId = hashOf(7)
    expect(simulatedTxHash('evm', txId, 'refund')).toBe(viemKeccak256(stringToHex(`${txId}:refund`)))
    for (const vm of VMS) expect(VM_MODULES[vm].txHashProblem(simulatedTxHash(vm, txId, 'refund'))).toBeUndefined()
  })
})

describe('tracker: the lifecycle through a real store', () => {
  // The tracker logs each status change and failure as JSON lines on stderr: keep the test output readable.
  // The observers log RPC failures on purpose here: their lines are not the subject.
  beforeEach(() => setLogDestination({ write: () => undefined }))
  afterEach(() => {
    vi.restoreAllMocks()
    setLogDestination(undefined)
  })

  it('a same-chain swap: pending until one source block, then success with the registered hash as its only hop', async () => {
    const response = await quote(SAME_CHAIN)
    const hash = await register(response)
    const tracker = trackerWith()
    expect(await statusesAt(tracker, response.txId, [T0, T0 + 0.2])).toEqual(['pending', 'pending'])
    expect((await stored(response.txId)).txPath).toEqual([])
    await tracker.tick(T0 + 0.3)
    const tx = await stored(response.txId)
    expect(tx).toMatchObject({ status: 'success', srcTxHash: hash, dstTxHash: hash, nextCheckAt: null })
    expect(tx.txPath).toEqual([{ chainId: 42161, txHash: hash, timestamp: String(T0), nextBridge: '' }])
    expect(tx.detail).toMatchObject({ amountOut: response.amountOut.amount, srcValue: response.tx.value })
    // Done: never due again.
    expect(await store.dueForTracking(T0 + 10_000, 10, 60)).toEqual([])
  })

  it('a bridge: the source, then the delivery after the lane time, every hop matching bridgeRoute', async () => {
    const response = await quote(TO_SOLANA)
    const hash = await register(response)
    const tracker = trackerWith()
    const plan = planTracking({ ...TO_SOLANA, actionResponse: response }, facts)
    const deliveryAt = T0 + plan.legs[1]!.expectedSeconds // source ts is floor(T0 + 0.25) = T0
    expect(await statusesAt(tracker, response.txId, [T0 + 1, deliveryAt - 1])).toEqual(['pending', 'pending'])
    expect((await stored(response.txId)).txPath).toEqual([
      { chainId: 42161, txHash: hash, timestamp: String(T0), nextBridge: response.bridgeRoute[0]!.bridgeId },
    ])
    await tracker.tick(deliveryAt)
    const tx = await stored(response.txId)
    expect(tx.status).toBe('success')
    expect(tx.txPath.map((entry) => entry.chainId)).toEqual([42161, SOLANA.chainId])
    expect(tx.txPath.map((entry) => entry.nextBridge)).toEqual([...response.bridgeRoute.map((hop) => hop.bridgeId), ''])
    expect(tx.txPath[1]).toEqual({
      chainId: SOLANA.chainId,
      txHash: simulatedTxHash('solana', response.txId, 'delivery-1'),
      timestamp: String(Math.floor(deliveryAt)),
      nextBridge: '',
    })
    expect(tx.dstTxHash).toBe(tx.txPath[1]!.txHash)
  })

  it('catches up in one tick after a long pause: every leg that happened meanwhile, with its own time', async () => {
    const response = await quote(TO_OP)
    await register(response)
    await trackerWith().tick(T0 + 100_000)
    const tx = await stored(response.txId)
    expect(tx.status).toBe('success')
    const plan = planTracking({ ...TO_OP, actionResponse: response }, facts)
    expect(tx.txPath.map((entry) => Number(entry.timestamp))).toEqual([
      T0,
      Math.floor(T0 + plan.legs[1]!.expectedSeconds),
    ])
  })

  it('SIMULATED_TIME_SCALE shrinks every duration', async () => {
    const response = await quote(TO_OP)
    await register(response)
    await trackerWith({ timeScale: 0.001 }).tick(T0 + 2) // 963 s × 0.001 < 2 s
    expect((await stored(response.txId)).status).toBe('success')
  })

  it('failed: the reverted source transaction is the only hop, with a revert reason', async () => {
    const response = await quote(TO_OP)
    const hash = await register(response)
    await trackerWith({ outcome: 'failed' }).tick(T0 + 10_000)
    const tx = await stored(response.txId)
    expect(tx).toMatchObject({ status: 'failed', nextCheckAt: null, dstTxHash: null })
    expect(tx.txPath).toEqual([{ chainId: 42161, txHash: hash, timestamp: String(T0), nextBridge: '' }])
    expect(tx.detail).toMatchObject({
      revertReason: expect.any(String),
      failureReason: expect.stringContaining('failed'),
    })
  })

  it('requires refund → refunded: the refund leg on the source chain ends txPath', async () => {
    const response = await quote(TO_OP)
    await register(response)
    const plan = planTracking({ ...TO_OP, actionResponse: response }, facts)
    const tracker = trackerWith({ outcome: 'refunded' })
    const failedAt = T0 + plan.legs[1]!.expectedSeconds + 1
    await tracker.tick(failedAt)
    let tx = await stored(response.txId)
    expect(tx.status).toBe('requires refund')
    expect(tx.txPath.map((entry) => entry.chainId)).toEqual([42161])
    expect(tx.detail.failureReason).toMatch(/did not deliver on chain 10/)
    expect(tx.updatedAt).toBe(Math.floor(failedAt))
    // Looked at again before the refund is due: nothing changes, updatedAt (the refund's start) included.
    await tracker.tick(failedAt + 1)
    expect(await stored(response.txId)).toMatchObject({ status: 'requires refund', updatedAt: Math.floor(failedAt) })
    await tracker.tick(Math.floor(failedAt) + plan.refund!.expectedSeconds)
    tx = await stored(response.txId)
    expect(tx.status).toBe('refunded')
    expect(tx.txPath).toEqual([
      expect.objectContaining({ chainId: 42161, nextBridge: response.bridgeRoute[0]!.bridgeId }),
      {
        chainId: 42161,
        txHash: simulatedTxHash('evm', response.txId, 'refund'),
        timestamp: String(Math.floor(failedAt) + Math.floor(plan.refund!.expectedSeconds)),
        nextBridge: '',
      },
    ])
    expect(tx.nextCheckAt).toBeNull()
  })

  it('requires refund injected alone stays there and is no longer polled', async () => {
    const response = await quote(TO_OP)
    await register(response)
    await trackerWith({ outcome: 'requires refund' }).tick(T0 + 100_000)
    expect(await stored(response.txId)).toMatchObject({ status: 'requires refund', nextCheckAt: null })
    expect(await store.dueForTracking(T0 + 1_000_000, 10, 60)).toEqual([])
  })

  it('a refund outcome on a same-chain swap fails it (a swap reverts as a whole)', async () => {
    const response = await quote(SAME_CHAIN)
    await register(response)
    await trackerWith({ outcome: 'refunded' }).tick(T0 + 10)
    expect((await stored(response.txId)).status).toBe('failed')
  })

  it('expires quotes never registered after QUOTE_TTL_SECONDS, and leaves registered ones alone', async () => {
    const unregistered = await quote(SAME_CHAIN, T0)
    const fresh = await quote(SAME_CHAIN, T0 + 100)
    const registered = await quote(SAME_CHAIN, T0)
    await register(registered, T0 + 1)
    const tracker = trackerWith()
    await tracker.tick(T0 + TTL - 1)
    expect((await store.getQuote(unregistered.txId))!.status).toBe('quoted')
    const report = await createTracker({
      store,
      facts,
      simulated: createSimulatedObserver({ timeScale: 1 }),
      quoteTtlSeconds: TTL,
    }).tick(T0 + TTL + 1)
    expect(report.expired).toBe(1)
    expect((await store.getQuote(unregistered.txId))!.status).toBe('expired')
    expect((await store.getQuote(fresh.txId))!.status).toBe('quoted')
    expect((await store.getQuote(registered.txId))!.status).toBe('success')
  })

  it('a new tracker on a new connection resumes mid-journey from the store alone', async () => {
    const response = await quote(TO_OP)
    await register(response)
    await trackerWith().tick(T0 + 1)
    expect((await stored(response.txId)).txPath).toHaveLength(1)
    await store.close()
    store = await openStore({ dataDir: dir, databasePath: join(dir, 'crossroute.sqlite') })
    await trackerWith().tick(T0 + 100_000)
    const tx = await stored(response.txId)
    expect(tx.status).toBe('success')
    expect(tx.txPath.map((entry) => entry.chainId)).toEqual([42161, 10])
  })

  it('two trackers on one store: a claim is held for its lease; taken over after it, the old claim writes nothing', async () => {
    const response = await quote(TO_OP)
    await register(response)
    const simulated = createSimulatedObserver({ timeScale: 1, outcomeOf: () => 'success' })
    // Tracker A's observations hang until released: a replica stuck on a slow chain call (or killed mid-call).
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let observing!: () => void
    const isObserving = new Promise<void>((resolve) => (observing = resolve))
    const stuck: ChainObserver = {
      name: 'stuck',
      async observe(parameters) {
        observing()
        await released
        return simulated.observe(parameters)
      },
    }
    const options = { store, facts, quoteTtlSeconds: TTL, leaseSeconds: 30 }
    const trackerA = createTracker({ ...options, simulated: stuck })
    const trackerB = createTracker({ ...options, simulated })
    const tickA = trackerA.tick(T0 + 1)
    await isObserving
    expect(await trackerB.tick(T0 + 30)).toMatchObject({ checked: 0 })
    expect(await trackerB.tick(T0 + 31)).toMatchObject({ checked: 1, claimsLost: 0 })
    expect((await stored(response.txId)).txPath.map((entry) => entry.chainId)).toEqual([42161])
    release()
    expect(await tickA).toMatchObject({ checked: 1, claimsLost: 1 })
    expect((await stored(response.txId)).txPath.map((entry) => entry.chainId)).toEqual([42161])
    await trackerB.tick(T0 + 100_000)
    const tx = await stored(response.txId)
    expect(tx.status).toBe('success')
    expect(tx.txPath.map((entry) => entry.chainId)).toEqual([42161, 10])
  })

  it('source legs and last deliveries go to the chain RPC observer; a pending answer reschedules without touching updatedAt', async () => {
    const response = await quote(TO_OP)
    const hash = await register(response)
    const asked: ObserveLegParameters[] = []
    let isMined = false
    const arbitrum: ChainObserver = {
      name: 'fake-rpc',
      async observe(parameters) {
        asked.push(parameters)
        return isMined
          ? { status: 'confirmed', txHash: parameters.srcTxHash, timestamp: T0 + 5, detail: { srcValue: '7' } }
          : { status: 'pending', checkAt: parameters.now + 2 }
      },
    }
    const tracker = trackerWith({ rpc: new Map([[42161, arbitrum]]) })
    await tracker.tick(T0 + 1)
    expect(await stored(response.txId)).toMatchObject({
      status: 'pending',
      nextCheckAt: T0 + 3,
      updatedAt: T0,
      txPath: [],
    })
    expect(await store.dueForTracking(T0 + 2, 10, 60)).toEqual([])
    isMined = true
    await tracker.tick(T0 + 3)
    const tx = await stored(response.txId)
    expect(tx.txPath[0]).toEqual({
      chainId: 42161,
      txHash: hash,
      timestamp: String(T0 + 5),
      nextBridge: response.bridgeRoute[0]!.bridgeId,
    })
    expect(tx.detail.srcValue).toBe('7')
    expect(asked.map((parameters) => [parameters.leg.kind, parameters.since])).toEqual([
      ['source', T0],
      ['source', T0],
    ])
  })

  it('one transaction failing unexpectedly is retried later and does not stop the others', async () => {
    const broken = await quote(SAME_CHAIN)
    const healthy = await quote(SAME_CHAIN)
    await register(broken)
    await register(healthy)
    const rpc = new Map<number, ChainObserver>([
      [
        42161,
        {
          name: 'flaky',
          async observe(parameters) {
            if (parameters.txId === broken.txId) throw new Error('boom')
            return { status: 'confirmed', txHash: parameters.srcTxHash, timestamp: T0 }
          },
        },
      ],
    ])
    await trackerWith({ rpc }).tick(T0 + 1)
    expect((await stored(healthy.txId)).status).toBe('success')
    expect(await stored(broken.txId)).toMatchObject({ status: 'pending', nextCheckAt: T0 + 1 + 60 })
  })
})

describe('injected outcomes and configuration', () => {
  it('stores one outcome per txId, refuses anything else, defaults to success', () => {
    const txId = hashOf(42)
    expect(readSimulatedOutcome(dir, txId)).toBe('success')
    setSimulatedOutcome(dir, txId, 'refunded')
    expect(readSimulatedOutcome(dir, txId)).toBe('refunded')
    setSimulatedOutcome(dir, txId, 'failed')
    expect(readSimulatedOutcome(dir, txId)).toBe('failed')
    expect(() => setSimulatedOutcome(dir, '../../etc/passwd', 'failed')).toThrow(/txId/)
    expect(() => setSimulatedOutcome(dir, txId, 'lost' as SimulatedOutcome)).toThrow(/outcome/)
  })

  it('reads RPC_URLS, SIMULATED_TIME_SCALE, TRACKER_INTERVAL_MS and TRACKER_LEASE_SECONDS', () => {
    expect(parseRpcUrls(' 1=http://127.0.0.1:8545 , 42161=https://arb.example/rpc ')).toEqual([
      { chainId: 1, url: 'http://127.0.0.1:8545' },
      { chainId: 42161, url: 'https://arb.example/rpc' },
    ])
    expect(parseRpcUrls('')).toEqual([])
    expect(() => parseRpcUrls('1:http://x')).toThrow(/chainId=url/)
    expect(() => parseRpcUrls('01=http://x')).toThrow(/chainId=url/)
    expect(() => parseRpcUrls('1=ws://x')).toThrow(/http/)
    expect(() => parseRpcUrls('1=http://a,1=http://b')).toThrow(/twice/)
    const config = loadConfig({
      RPC_URLS: '42161=http://127.0.0.1:1',
      SIMULATED_TIME_SCALE: '0.001',
      TRACKER_INTERVAL_MS: '50',
      TRACKER_LEASE_SECONDS: '5',
    })
    expect(config).toMatchObject({
      rpcUrls: [{ chainId: 42161, url: 'http://127.0.0.1:1' }],
      simulatedTimeScale: 0.001,
      trackerIntervalMs: 50,
      trackerLeaseSeconds: 5,
    })
    expect(loadConfig({})).toMatchObject({
      rpcUrls: [],
      simulatedTimeScale: 1,
      trackerIntervalMs: 1000,
      trackerLeaseSeconds: 60,
    })
    for (const bad of ['0', '3601', '1.5'])
      expect(() => loadConfig({ TRACKER_LEASE_SECONDS: bad })).toThrow(/TRACKER_LEASE_SECONDS/)
    for (const bad of ['0', '-1', 'abc', '1e9', 'NaN'])
      expect(() => loadConfig({ SIMULATED_TIME_SCALE: bad })).toThrow(/SIMULATED_TIME_SCALE/)
  })
})

describe('startTrackerThread', () => {
  /**
   * A stand-in thread module (plain JavaScript in a data: URL): ready at once, stops on TRACKER_STOP, then `behaviour`.
   */
  const threadModule = (behaviour: string) =>
    new URL(
      `data:text/javascript,${encodeURIComponent(`
      import { parentPort } from 'node:worker_threads'
      parentPort.on('message', (message) => { if (message.type === ${JSON.stringify(TRACKER_STOP)}) process.exit(0) })
      ${behaviour}
    `)}`,
    )
  const ready = `parentPort.postMessage({ type: ${JSON.stringify(TRACKER_READY)} })`

  it('restarts a thread that dies, and stops it for good on stop()', async () => {
    const lines: string[] = []
    setLogDestination({ write: (line: string) => void lines.push(line) })
    try {
      // Dies 50 ms after each start: the first restart comes after RESTART_DELAY_MS (1 s).
      const thread = startTrackerThread(loadConfig({}), {
        filename: threadModule(`${ready}; setTimeout(() => process.exit(1), 50)`),
      })
      await thread.ready
      await new Promise((resolve) => setTimeout(resolve, 1300))
      await thread.stop()
      const events = lines.map((line) => (JSON.parse(line) as { event: string }).event)
      expect(events.slice(0, 2)).toEqual(['tracker.exited', 'tracker.restarted'])
    } finally {
      setLogDestination(undefined)
    }
  })

  it('rejects ready when the thread fails before it is ready (the service then refuses to start)', async () => {
    // Its log lines are not this test's subject: kept out of the test output.
    setLogDestination({ write: () => undefined })
    try {
      const thread = startTrackerThread(loadConfig({}), {
        filename: threadModule(`throw new Error('RPC_URLS names chain 1337, which is not an EVM chain')`),
      })
      await expect(thread.ready).rejects.toThrow(/chain 1337/)
      await thread.stop()
    } finally {
      setLogDestination(undefined)
    }
  })
})
