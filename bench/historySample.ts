/**
 * A real action request and response for `history.ts`: 1,000 USDC on Base → USDT on OP on the default snapshot,
 * quoted by the engine and built into the router transaction as `getAction` does (~16 KB of JSON, 3 routes).
 */
import { fileURLToPath } from 'node:url'
import { createEngine } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'
import { buildAction } from '../service/routes/getAction.js'
import { checkActionChains, parseActionRequest } from '../service/routes/getActionRequest.js'
import type { ApiKeyRecord } from '../service/types.js'

/** A snapshot id for quotes built outside the service (`snapshotIdOf` gives real ones). */
const SNAPSHOT_ID = '0123456789abcdef0123456789abcdef'

const SNAPSHOT = fileURLToPath(new URL('../fixtures/default.json', import.meta.url))
/** The key the bench's requests are validated with: no app fees. */
export const BENCH_API_KEY: ApiKeyRecord = {
  keyId: 'bench',
  appId: 'bench',
  orgId: 'bench',
  appName: 'Bench',
  affiliateId: 'bench',
  gasless: false,
  appFees: [],
}
const QUERY = {
  actionType: 'swap-action',
  sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  srcChainId: '8453',
  srcToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  dstChainId: '10',
  dstToken: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
  slippage: '50',
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
}

/** The validated request, as `getAction` stores it. */
export const SAMPLE_ACTION_REQUEST = parseActionRequest(QUERY, BENCH_API_KEY)

/** The action response of `SAMPLE_ACTION_REQUEST` (loads the default snapshot: ~1 s). */
export function sampleActionResponse(): object {
  const engine = createEngine(loadSnapshotFile(SNAPSHOT))
  checkActionChains(SAMPLE_ACTION_REQUEST, engine.snapshot)
  return buildAction(engine, SAMPLE_ACTION_REQUEST, {
    txId: `0x${'ab'.repeat(32)}`,
    deadline: 1_800_000_000,
    snapshotId: SNAPSHOT_ID,
  })
}
