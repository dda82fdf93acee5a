/**
 * Splits against the best single route: a sweep of trade sizes of USDC → WETH on Arbitrum, on the default and the
 * 10k-pool snapshot. For each size it prints the output of the best single route, the gain of the best split of up
 * to `MAX_SPLITS_MAX` parts net of its added network cost (in WETH and in bps of the single route's output), the
 * shares, and the cost of searching for it: the median quote time with `maxSplits` against without, in µs.
 *
 * `npm run bench:splits` (the 10k snapshot is generated on first use, as `npm run bench` does).
 */
import { readFileSync } from 'node:fs'
import { Decimal } from 'decimal.js'
import {
  type Engine,
  InvalidSnapshotError,
  type QuoteRequest,
  type QuoteResult,
  createEngine,
  loadSnapshot,
} from '../engine/index.js'
import type { SnapshotJson } from '../engine/graph/types.js'
import { MAX_SPLITS_MAX } from '../engine/schema/rules.js'
import { SENDER } from './cases.js'
import { FIXTURES, ensureFixtureFile } from './fixtures.js'
import { median } from './stats.js'

const USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
/** Trade sizes, whole USDC. */
const SIZES_USDC = [1_000, 10_000, 100_000, 1_000_000, 5_000_000, 10_000_000]
/** Timed calls per figure: batches of `BATCH`, the median batch reported per call. */
const BATCHES = 41
const BATCH = 20

const requestOf = (usdc: number, maxSplits: number): QuoteRequest => ({
  sender: SENDER,
  srcChainId: 42161,
  srcToken: USDC,
  dstChainId: 42161,
  dstToken: WETH,
  amount: `${usdc}000000`,
  slippage: 50,
  // The sweep compares routes, not the guard: the largest sizes are over the default 15 %.
  maxPriceImpact: 100,
  maxSplits,
})

/**
 * Median µs per quote of two requests, timed in alternating batches so that load on the machine hits both alike.
 */
function timePair(engine: Engine, first: QuoteRequest, second: QuoteRequest): [number, number] {
  for (let i = 0; i < BATCH * 5; i++) {
    engine.quote(first)
    engine.quote(second)
  }
  const samples: [number[], number[]] = [[], []]
  const batch = (request: QuoteRequest) => {
    const start = process.hrtime.bigint()
    for (let i = 0; i < BATCH; i++) engine.quote(request)
    return Number(process.hrtime.bigint() - start) / 1_000 / BATCH
  }
  for (let b = 0; b < BATCHES; b++) {
    samples[0].push(batch(first))
    samples[1].push(batch(second))
  }
  return [median(samples[0]), median(samples[1])]
}

/**
 * A fixture's engine, without the pools the loader refuses: the generator gives some 9-decimal Solana tokens of its
 * Raydium pools more than 2^64 units of reserve (24 of the 10k pools), which the loader rightly rejects. They are on
 * Solana, so the Arbitrum pair swept here is unaffected; each refused pool is named and dropped, then the load
 * is retried.
 */
function loadFixture(path: string): Engine {
  const json = JSON.parse(readFileSync(path, 'utf8')) as SnapshotJson
  let pools = json.pools
  for (;;) {
    try {
      const engine = createEngine(loadSnapshot({ ...json, pools }))
      if (pools.length < json.pools.length) console.log(`${path}: ${json.pools.length - pools.length} pools refused`)
      return engine
    } catch (error) {
      const index = error instanceof InvalidSnapshotError ? /^pools\[(\d+)\]/.exec(error.details.entry)?.[1] : undefined
      if (index === undefined) throw error
      pools = pools.filter((_, k) => k !== Number(index))
    }
  }
}

const weth = (wei: bigint) => new Decimal(wei.toString()).div(1e18).toFixed(4)
const netOut = (result: QuoteResult) => BigInt(result.amountOut.amount) - BigInt(result.networkFee.amount)

const rows: string[] = [
  '| snapshot | trade (USDC) | best single route (WETH) | split gain net of gas (WETH) | gain (bps) | shares (%) | single µs | split µs | search cost µs |',
  '|---|--:|--:|--:|--:|---|--:|--:|--:|',
]
for (const spec of FIXTURES.filter((fixture) => fixture.name === 'default' || fixture.name === '10k')) {
  const { path } = ensureFixtureFile(spec)
  const engine = loadFixture(path)
  // Warm the JIT on every size first, so that the first row is not the one that pays for it.
  for (let round = 0; round < 20; round++) {
    for (const usdc of SIZES_USDC) engine.quote(requestOf(usdc, MAX_SPLITS_MAX))
  }
  for (const usdc of SIZES_USDC) {
    const single = engine.quote(requestOf(usdc, 1))
    const split = engine.quote(requestOf(usdc, MAX_SPLITS_MAX))
    // Gas in ETH, which the snapshots price as WETH (same decimals): net outputs compare directly.
    const gain = netOut(split) - netOut(single)
    const [singleUs, splitUs] = timePair(engine, requestOf(usdc, 1), requestOf(usdc, MAX_SPLITS_MAX))
    const gainBps = new Decimal(gain.toString()).div(single.amountOut.amount).mul(10_000).toFixed(2)
    const shares = split.splits?.map((part) => part.shareBps / 100).join(' / ') ?? '— (no split)'
    rows.push(
      `| ${spec.name} | ${usdc.toLocaleString('en-US')} | ${weth(BigInt(single.amountOut.amount))} | ${weth(gain)} | ` +
        `${gainBps} | ${shares} | ${singleUs.toFixed(1)} | ${splitUs.toFixed(1)} | ${(splitUs - singleUs).toFixed(1)} |`,
    )
  }
}
console.log(rows.join('\n'))
