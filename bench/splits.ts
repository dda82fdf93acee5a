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
import { type Engine, type QuoteRequest, type QuoteResult, createEngine, loadSnapshot } from '../engine/index.js'
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
const BATCHES = 31
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

/** Median µs per quote. */
function timeQuote(engine: Engine, request: QuoteRequest): number {
  for (let i = 0; i < BATCH * 5; i++) engine.quote(request)
  const samples: number[] = []
  for (let b = 0; b < BATCHES; b++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < BATCH; i++) engine.quote(request)
    samples.push(Number(process.hrtime.bigint() - start) / 1_000 / BATCH)
  }
  return median(samples)
}

const U64_LIMIT = 2n ** 64n

/**
 * A fixture's snapshot, without the generated Raydium pools whose reserves do not fit a u64 (the generator gives
 * some 9-decimal Solana tokens more than 2^64 units of reserve, which the loader rightly refuses: 24 of the 10k
 * pools). They are on Solana, so the Arbitrum pair swept here is unaffected.
 */
function loadFixture(path: string): Engine {
  const json = JSON.parse(readFileSync(path, 'utf8')) as SnapshotJson
  const fits = (pool: SnapshotJson['pools'][number]) =>
    pool.kind !== 'raydiumCpmm' ||
    Object.values(pool.state as unknown as Record<string, string>).every((value) => BigInt(value) < U64_LIMIT)
  const pools = json.pools.filter(fits)
  if (pools.length < json.pools.length)
    console.log(`${path}: ${json.pools.length - pools.length} u64 overflows dropped`)
  return createEngine(loadSnapshot({ ...json, pools }))
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
  for (const usdc of SIZES_USDC) {
    const single = engine.quote(requestOf(usdc, 1))
    const split = engine.quote(requestOf(usdc, MAX_SPLITS_MAX))
    // Gas in ETH, which the snapshots price as WETH (same decimals): net outputs compare directly.
    const gain = netOut(split) - netOut(single)
    const singleUs = timeQuote(engine, requestOf(usdc, 1))
    const splitUs = timeQuote(engine, requestOf(usdc, MAX_SPLITS_MAX))
    const gainBps = new Decimal(gain.toString()).div(single.amountOut.amount).mul(10_000).toFixed(2)
    const shares = split.splits?.map((part) => part.shareBps / 100).join(' / ') ?? '— (no split)'
    rows.push(
      `| ${spec.name} | ${usdc.toLocaleString('en-US')} | ${weth(BigInt(single.amountOut.amount))} | ${weth(gain)} | ` +
        `${gainBps} | ${shares} | ${singleUs.toFixed(1)} | ${splitUs.toFixed(1)} | ${(splitUs - singleUs).toFixed(1)} |`,
    )
  }
}
console.log(rows.join('\n'))
