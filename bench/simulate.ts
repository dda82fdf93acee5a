/**
 * The cost of `simulate=true` on `getAction`: the real service on the local chain (`startLocalnet`, Hardhat, its
 * serviceEnv), the same ETH → USDC quote for the funded user asked `ROUNDS` times without and with `simulate`,
 * interleaved (one of each per round, so both see the same machine load), one request at a time. Prints the median,
 * p95, p99 and mean latency of each and the difference. The simulated side adds three JSON-RPC requests to the node
 * (eth_getBalance, eth_call, eth_estimateGas, at once) on the request path.
 *
 * `npm run bench:simulate` (about a minute: the local chain's deployment, then the requests).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zeroAddress } from 'viem'
import { USER_ACCOUNT } from '../fixtures/localnet/deployLocalnet.js'
import { startLocalnet } from '../fixtures/localnet/startLocalnet.js'
import { startService } from '../test/helpers/startService.js'
import { API_KEY } from '../test/service/trackerApi.js'
import { formatMs, latencyStats, quantileSorted } from './stats.js'

/** Requests of each kind. */
const ROUNDS = 300
const WARMUP = 20

const dir = mkdtempSync(join(tmpdir(), 'crossroute-bench-simulate-'))
const localnet = await startLocalnet({ snapshotPath: join(dir, 'snapshot.json') })
const service = await startService({ ...localnet.description.serviceEnv, DATA_DIR: join(dir, 'data') })
try {
  const query = new URLSearchParams({
    actionType: 'swap-action',
    sender: USER_ACCOUNT.address,
    srcChainId: '31337',
    srcToken: zeroAddress,
    dstChainId: '31337',
    dstToken: localnet.deployment.tokens.USDC,
    amount: '1000000000000000000',
    swapDirection: 'exact-amount-in',
    slippage: '50',
  })
  const timed = async (simulate: boolean): Promise<number> => {
    const path = `${service.url}/getAction?${query}${simulate ? '&simulate=true' : ''}`
    const started = performance.now()
    const response = await fetch(path, { headers: { 'x-api-key': API_KEY } })
    const body = (await response.json()) as { simulatedGas?: string }
    const elapsed = performance.now() - started
    if (response.status !== 200 || (simulate && body.simulatedGas === undefined))
      throw new Error(`getAction answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`)
    return elapsed
  }
  for (let i = 0; i < WARMUP; i += 1) await Promise.all([timed(false), timed(true)])
  const samples = { plain: [] as number[], simulate: [] as number[] }
  for (let i = 0; i < ROUNDS; i += 1) {
    // Alternating which goes first, so neither always follows the other.
    const order = i % 2 === 0 ? [false, true] : [true, false]
    for (const simulate of order) samples[simulate ? 'simulate' : 'plain'].push(await timed(simulate))
  }
  const rows = Object.entries(samples).map(([name, values]) => {
    const stats = latencyStats(values)
    const p95 = quantileSorted(
      [...values].sort((a, b) => a - b),
      0.95,
    )
    return { name, ...stats, p95Ms: p95 }
  })
  console.log(`getAction ETH → USDC on the local chain, ${ROUNDS} requests each, interleaved, one at a time`)
  console.log('| simulate | median | p95 | p99 | mean |')
  console.log('|---|---|---|---|---|')
  for (const row of rows) {
    const cells = [row.medianMs, row.p95Ms, row.p99Ms, row.meanMs].map(formatMs)
    console.log(`| ${row.name === 'simulate' ? '`true`' : '`false`'} | ${cells.join(' | ')} |`)
  }
  const [plain, simulated] = rows
  console.log(
    `added: median ${formatMs(simulated!.medianMs - plain!.medianMs)}, mean ${formatMs(simulated!.meanMs - plain!.meanMs)}`,
  )
} finally {
  await service.stop()
  await localnet.stop()
  rmSync(dir, { recursive: true, force: true })
}
