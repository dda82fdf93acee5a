/**
 * Deposit addresses through the tracker, over a real store (SQLite and PostgreSQL) with the clock passed in: a quote
 * with a deposit address is watched (migration 6), a simulated deposit registers it with no registerTxs, and the
 * tracker follows it to the end; the amount rule (short → requires refund, excess → executed, excess recorded); the
 * deposit window.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Engine, createEngine } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { loadConfig } from '../../service/config.js'
import { readKeysFile } from '../../service/keys/importKeysFile.js'
import { hashApiKey } from '../../service/keys/keysFile.js'
import { setLogDestination } from '../../service/log.js'
import { type ActionParts, buildActionParts, depositWatchOf, newTxId } from '../../service/routes/getAction.js'
import { parseActionRequest } from '../../service/routes/getActionRequest.js'
import { DEPOSIT_GRACE_SECONDS } from '../../service/store/depositStore.js'
import type { Store } from '../../service/store/store.js'
import { createSimulatedDepositWatcher, setSimulatedDeposit } from '../../service/tracker/simulatedDeposits.js'
import { createSimulatedObserver } from '../../service/tracker/simulatedObserver.js'
import { simulatedTxHash } from '../../service/tracker/simulatedTxHash.js'
import { type Tracker, createTracker } from '../../service/tracker/tracker.js'
import { type TrackingFacts, loadTrackingFacts } from '../../service/tracker/trackingPlan.js'
import { STORE_BACKENDS, type StorePlace, closeAndDrop, openFresh } from '../helpers/storeBackends.js'

/** A snapshot id for quotes built outside the service (`snapshotIdOf` gives real ones). */
const SNAPSHOT_ID = '0123456789abcdef0123456789abcdef'

const SNAPSHOT = loadConfig({}).snapshotPath
/** The development key's record (fixtures/keys.dev.json), without its app fees (EVM receivers: no Tron quote). */
const { keyHash: _keyHash, ...alpha } = readKeysFile('fixtures/keys.dev.json').keys.find(
  (key) => key.keyHash === hashApiKey('dev-key-alpha'),
)!
const API_KEY = { ...alpha, appFees: [] }
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const SAME_CHAIN = {
  srcChainId: 42161,
  srcToken: ARB_USDC,
  dstChainId: 42161,
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
}
const TO_OP = {
  srcChainId: 42161,
  srcToken: ARB_USDC,
  dstChainId: 10,
  dstToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
}
const TRON_TO_ETH = {
  srcChainId: 728126428,
  srcToken: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  dstChainId: 1,
  dstToken: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  recipient: SENDER,
}
const TRON_SENDER = 'TD63PfocedEstoByUVyEJ1SZJe9sD1bQHs'
const T0 = 1_800_000_000
const TTL = 1800

const engine: Engine = createEngine(loadSnapshotFile(SNAPSHOT))
const facts: TrackingFacts = loadTrackingFacts(engine.snapshot)

let dir: string
let store: Store

/** A real quote of the default snapshot recorded at `createdAt` as getAction records it (with its watch or not). */
async function quote(
  route: Record<string, string | number>,
  options: { createdAt?: number; withDepositAddress?: boolean; sender?: string; amount?: string } = {},
): Promise<ActionParts> {
  const createdAt = options.createdAt ?? T0
  const query = {
    actionType: 'swap-action',
    sender: options.sender ?? SENDER,
    amount: options.amount ?? '100000000',
    swapDirection: 'exact-amount-in',
    slippage: '50',
    ...route,
  }
  const request = parseActionRequest(
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    API_KEY,
  )
  const withDepositAddress = options.withDepositAddress ?? true
  const parts = buildActionParts(engine, request, {
    txId: newTxId(),
    deadline: createdAt + TTL,
    snapshotId: SNAPSHOT_ID,
    withDepositAddress,
  })
  const vm = engine.snapshot.chains.get(request.srcChainId)!.vm
  await store.recordQuote({
    txId: parts.txId,
    createdAt,
    apiKey: API_KEY,
    actionRequest: request,
    actionResponseJson: JSON.stringify({ tx: parts.tx, txId: parts.txId, ...parts.quote }),
    srcChainId: request.srcChainId,
    dstChainId: request.dstChainId,
    sender: query.sender.toLowerCase(),
    vmId: parts.quote.vmId,
    ...(withDepositAddress ? { depositWatch: depositWatchOf(parts, vm, createdAt, TTL) } : {}),
  })
  return parts
}

/** The tracker of the service's defaults: simulated observer and a simulated deposit watcher per chain. */
function tracker(): Tracker {
  const depositWatchers = [...facts.chains].map(([chainId, chain]) =>
    createSimulatedDepositWatcher({ chainId, vm: chain.vm, dataDir: dir }),
  )
  const simulated = createSimulatedObserver({ timeScale: 1 })
  return createTracker({ store, facts, simulated, depositWatchers, quoteTtlSeconds: TTL })
}

const stored = async (txId: string) => (await store.getByTxId(txId, API_KEY.orgId))!
const required = (parts: ActionParts) => BigInt(parts.quote.amountInMax.amount)

describe.each(STORE_BACKENDS)('$name', (backend) => {
  let place: StorePlace
  beforeEach(async () => {
    setLogDestination({ write: () => undefined })
    // The simulated deposits' directory; the store is the backend's own.
    dir = mkdtempSync(join(tmpdir(), 'crossroute-deposit-'))
    ;({ place, store } = await openFresh(backend))
  })
  afterEach(async () => {
    setLogDestination(undefined)
    await closeAndDrop(place, store)
    rmSync(dir, { recursive: true, force: true })
  })

  describe('deposit addresses: detection and tracking', () => {
    it('records a watch with a deposit-address quote only, for its window', async () => {
      const watched = await quote(SAME_CHAIN)
      await quote(SAME_CHAIN, { withDepositAddress: false })
      expect(await store.awaitingDeposits(42161, T0, 100)).toEqual([
        {
          txId: watched.txId,
          chainId: 42161,
          vmId: 'evm',
          address: watched.depositAddress!.toLowerCase(),
          token: ARB_USDC.toLowerCase(),
          amountRequired: watched.quote.amountInMax.amount,
          createdAt: T0,
          watchUntil: T0 + TTL + DEPOSIT_GRACE_SECONDS,
        },
      ])
      expect(await store.awaitingDeposits(10, T0, 100)).toEqual([])
    })

    it('a simulated deposit of the quoted amount registers the quote, which reaches success with no registerTxs', async () => {
      const parts = await quote(TO_OP)
      const run = tracker()
      await run.tick(T0 + 5)
      expect((await stored(parts.txId)).status).toBe('quoted')

      setSimulatedDeposit(dir, parts.depositAddress!, String(required(parts)))
      const report = await run.tick(T0 + 10)
      expect(report.deposits).toBe(1)
      const registered = await stored(parts.txId)
      const depositHash = simulatedTxHash('evm', parts.txId, 'deposit')
      expect(registered).toMatchObject({ status: 'pending', srcTxHash: depositHash, registeredVmId: 'evm' })
      expect(registered.detail).toMatchObject({ depositAmount: String(required(parts)) })
      expect(registered.detail).not.toHaveProperty('depositExcess')
      expect(await store.awaitingDeposits(42161, T0 + 10, 100)).toEqual([])

      await run.tick(T0 + 10 + 3600)
      const done = await stored(parts.txId)
      expect(done.status).toBe('success')
      expect(done.txPath.map((entry) => [entry.chainId, entry.txHash])).toEqual([
        [42161, depositHash],
        [10, simulatedTxHash('evm', parts.txId, 'delivery-1')],
      ])
    })

    it('finds a deposit injected by txId too, on a non-EVM source (Tron)', async () => {
      const parts = await quote(TRON_TO_ETH, { sender: TRON_SENDER, amount: '250000000' })
      expect(parts.depositAddress).toMatch(/^T/)
      setSimulatedDeposit(dir, parts.txId, String(required(parts)))
      expect(await store.awaitingDeposits(728126428, T0, 10)).toMatchObject([{ address: parts.depositAddress }])
      await tracker().tick(T0 + 60)
      expect(await stored(parts.txId)).toMatchObject({
        status: 'pending',
        srcTxHash: simulatedTxHash('tron', parts.txId, 'deposit'),
        registeredVmId: parts.quote.vmId,
      })
    })

    it('a deposit above amountInMax is executed as quoted and the excess recorded', async () => {
      const parts = await quote(SAME_CHAIN)
      setSimulatedDeposit(dir, parts.depositAddress!, String(required(parts) + 1234n))
      const run = tracker()
      await run.tick(T0 + 10)
      await run.tick(T0 + 20)
      const done = await stored(parts.txId)
      expect(done.status).toBe('success')
      expect(done.detail).toMatchObject({ depositAmount: String(required(parts) + 1234n), depositExcess: '1234' })
    })

    it('a deposit below amountInMax is not executed: requires refund at once, with the shortfall as reason', async () => {
      const parts = await quote(TO_OP)
      setSimulatedDeposit(dir, parts.depositAddress!, String(required(parts) - 1n))
      const run = tracker()
      await run.tick(T0 + 10)
      const refund = await stored(parts.txId)
      expect(refund.status).toBe('requires refund')
      expect(refund.nextCheckAt).toBeNull()
      expect(refund.txPath).toEqual([
        {
          chainId: 42161,
          txHash: simulatedTxHash('evm', parts.txId, 'deposit'),
          timestamp: String(T0 + 10),
          nextBridge: '',
        },
      ])
      expect(refund.detail.failureReason).toMatch(/below the quote's amountInMax .* \(short by 1\)/)
      await run.tick(T0 + 7200)
      expect((await stored(parts.txId)).status).toBe('requires refund')
    })

    it('watches an expired quote during the grace period, and no longer once its window passed', async () => {
      const inGrace = await quote(SAME_CHAIN)
      const late = await quote(SAME_CHAIN)
      const run = tracker()
      await run.tick(T0 + TTL + 1)
      expect((await stored(inGrace.txId)).status).toBe('expired')

      setSimulatedDeposit(dir, inGrace.depositAddress!, String(required(inGrace)))
      await run.tick(T0 + TTL + DEPOSIT_GRACE_SECONDS - 1)
      expect((await stored(inGrace.txId)).status).not.toBe('expired')

      expect(await store.awaitingDeposits(42161, T0 + TTL + DEPOSIT_GRACE_SECONDS + 1, 100)).toEqual([])
      setSimulatedDeposit(dir, late.depositAddress!, String(required(late)))
      const report = await run.tick(T0 + TTL + DEPOSIT_GRACE_SECONDS + 1)
      expect(report.deposits).toBe(0)
      expect(await stored(late.txId)).toMatchObject({ status: 'expired', srcTxHash: null })
    })

    it('a quote the user registered itself is no longer watched; a quote without deposit address never was', async () => {
      const registered = await quote(SAME_CHAIN)
      const plain = await quote(SAME_CHAIN, { withDepositAddress: false })
      const userHash = `0x${'ab'.repeat(32)}`
      await store.registerTransaction({
        txId: registered.txId,
        txHash: userHash,
        chainId: 42161,
        vmId: 'evm',
        registeredAt: T0,
      })
      setSimulatedDeposit(dir, registered.txId, String(required(registered)))
      setSimulatedDeposit(dir, plain.txId, String(required(plain)))
      const report = await tracker().tick(T0 + 10)
      expect(report.deposits).toBe(0)
      expect((await stored(registered.txId)).srcTxHash).toBe(userHash)
      expect((await stored(plain.txId)).status).toBe('quoted')
    })

    it('registerDeposit answers conflict for a txId already registered with another hash', async () => {
      const parts = await quote(SAME_CHAIN)
      await store.registerTransaction({
        txId: parts.txId,
        txHash: `0x${'cd'.repeat(32)}`,
        chainId: 42161,
        vmId: 'evm',
        registeredAt: T0,
      })
      const outcome = await store.registerDeposit({
        txId: parts.txId,
        txHash: `0x${'ef'.repeat(32)}`,
        chainId: 42161,
        vmId: 'evm',
        registeredAt: T0 + 1,
        status: 'pending',
        detail: { depositAmount: '1' },
      })
      expect(outcome).toEqual({ outcome: 'conflict', existingHash: `0x${'cd'.repeat(32)}` })
      expect((await stored(parts.txId)).detail).not.toHaveProperty('depositAmount')
    })

    it('retention deletes a quote together with its watch', async () => {
      const parts = await quote(SAME_CHAIN)
      expect(await store.deleteUnregisteredQuotes(T0 + 1, 10)).toBe(1)
      expect(await store.awaitingDeposits(42161, T0, 100)).toEqual([])
      expect(await store.getQuote(parts.txId)).toBeUndefined()
    })
  })
})
