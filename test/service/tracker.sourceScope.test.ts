/**
 * One chain transaction registered by two organizations, through the tracker over a real store on both backends:
 * it is counted once (`claimSourceTransaction`). Here with the simulated observer, which cannot tell which quote a
 * transaction executes (the RPC observers can: `tracker.evm.test.ts`), so the first registration whose source leg
 * is seen keeps it and the other ends `failed` with nothing in its txPath.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Engine, createEngine } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { loadConfig } from '../../service/config.js'
import { setLogDestination } from '../../service/log.js'
import { buildAction, newTxId } from '../../service/routes/getAction.js'
import { parseActionRequest } from '../../service/routes/getActionRequest.js'
import type { Store } from '../../service/store/store.js'
import { createSimulatedObserver } from '../../service/tracker/simulatedObserver.js'
import { createTracker } from '../../service/tracker/tracker.js'
import { type TrackingFacts, loadTrackingFacts } from '../../service/tracker/trackingPlan.js'
import type { ApiKeyRecord } from '../../service/types.js'
import { STORE_BACKENDS, type StorePlace, closeAndDrop, openFresh } from '../helpers/storeBackends.js'

const SNAPSHOT = loadConfig({}).snapshotPath
const ALPHA: ApiKeyRecord = {
  keyId: 'key_alpha',
  appId: 'app_alpha',
  orgId: 'alpha',
  appName: 'Alpha',
  affiliateId: 'aff_alpha',
  gasless: false,
  appFees: [],
}
const BETA: ApiKeyRecord = { ...ALPHA, keyId: 'key_beta', appId: 'app_beta', orgId: 'beta', appName: 'Beta' }
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const T0 = 1_800_000_000
const HASH = `0x${'5a'.repeat(32)}`

let engine: Engine
let facts: TrackingFacts
beforeAll(() => {
  engine = createEngine(loadSnapshotFile(SNAPSHOT))
  facts = loadTrackingFacts(SNAPSHOT)
})

/** A real same-chain quote (Arbitrum USDC → WETH) of `apiKey`'s organization, recorded; its txId. */
async function quote(store: Store, apiKey: ApiKeyRecord): Promise<string> {
  const request = parseActionRequest(
    {
      actionType: 'swap-action',
      sender: SENDER,
      amount: '100000000',
      swapDirection: 'exact-amount-in',
      slippage: '50',
      srcChainId: '42161',
      srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      dstChainId: '42161',
      dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    },
    apiKey,
  )
  const response = buildAction(engine, request, {
    txId: newTxId(),
    deadline: T0 + 1800,
    snapshotId: '0123456789abcdef0123456789abcdef',
  })
  await store.recordQuote({
    txId: response.txId,
    createdAt: T0,
    apiKey,
    actionRequest: request,
    actionResponseJson: JSON.stringify(response),
    srcChainId: 42161,
    dstChainId: 42161,
    sender: SENDER.toLowerCase(),
    vmId: response.vmId,
  })
  return response.txId
}

describe.each(STORE_BACKENDS)('$name', (backend) => {
  let place: StorePlace
  let store: Store
  beforeEach(async () => {
    ;({ place, store } = await openFresh(backend))
    setLogDestination({ write: () => undefined }) // tracker.source-taken is logged on purpose
  })
  afterEach(async () => {
    setLogDestination(undefined)
    await closeAndDrop(place, store)
  })

  it('the same chain transaction registered by two organizations is tracked to success once', async () => {
    const first = await quote(store, BETA)
    const second = await quote(store, ALPHA)
    const register = (txId: string, registeredAt: number) =>
      store.registerTransaction({ txId, txHash: HASH, chainId: 42161, vmId: 'evm', registeredAt })
    expect(await register(first, T0 + 10)).toEqual({ outcome: 'registered' })
    expect(await register(second, T0 + 11)).toEqual({ outcome: 'registered' })
    // Both are due in the same tick and observed at once (concurrency 8): the claim decides.
    const simulated = createSimulatedObserver({ timeScale: 1, outcomeOf: () => 'success' })
    const tracker = createTracker({ store, facts, simulated, quoteTtlSeconds: 1800 })
    await tracker.tick(T0 + 60)
    const read = async () => [(await store.getByTxId(first, 'beta'))!, (await store.getByTxId(second, 'alpha'))!]
    const both = await read()
    const winner = both.find((tx) => tx.status === 'success')!
    const loser = both.find((tx) => tx !== winner)!
    expect(winner).toMatchObject({ srcTxHash: HASH, txPath: [{ chainId: 42161, txHash: HASH }] })
    expect(loser).toMatchObject({
      status: 'failed',
      txPath: [],
      nextCheckAt: null,
      detail: { failureReason: `transaction ${HASH} executes another quote` },
    })
    // Another tick changes nothing.
    await tracker.tick(T0 + 120)
    expect((await read()).map((tx) => tx.status)).toEqual(both.map((tx) => tx.status))
  })
})
