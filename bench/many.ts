/**
 * `npm run bench:many [-- --count N --threads T]`: N (default 1,000,000) quotes of one repeated pair (Arbitrum
 * USDC → WETH, exact input, 1,000 distinct amounts) on the default snapshot with `quoteParallel` over T threads
 * (default all cores), without collecting points (counts and an output checksum only). Prints the wall time, the
 * rate, the CPU time of all threads (per quote, and the wall time it means on `threads` idle cores) and the machine's
 * load average before and after, as the figure in the README was taken.
 */
import { availableParallelism, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { quoteParallel } from '../engine/parallel.js'

const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ARB_WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
const { values } = parseArgs({ options: { count: { type: 'string' }, threads: { type: 'string' } } })
const count = Number(values.count ?? 1_000_000)
const threads = Number(values.threads ?? availableParallelism())

const requests = Array.from({ length: count }, (_, i) => ({
  sender: '0x1111111111111111111111111111111111111111',
  srcChainId: 42161,
  srcToken: ARB_USDC,
  dstChainId: 42161,
  dstToken: ARB_WETH,
  amount: String(1_000_000 * (1 + (i % 1_000))),
  swapDirection: 'exact-amount-in' as const,
  slippage: 50,
}))

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
const loadBefore = load()
// Worker threads run in this process: its CPU time counts every thread's, the figure that does not depend on how
// much of the machine other jobs take.
const cpuBefore = process.cpuUsage()
const start = performance.now()
let lastShown = 0
const run = await quoteParallel(requests, {
  threads,
  chunkSize: 5_000,
  collect: false,
  onProgress(done, total) {
    const percent = Math.floor((done / total) * 100)
    if (percent >= lastShown + 5 || done === total) {
      lastShown = percent
      const filled = Math.round(percent / 5)
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(20 - filled)}] ${percent}% ${done}/${total}`)
    }
  },
})
const seconds = (performance.now() - start) / 1000
const cpu = process.cpuUsage(cpuBefore)
const cpuSeconds = (cpu.user + cpu.system) / 1e6
process.stderr.write('\n')
console.log(
  JSON.stringify({
    quotes: count,
    threads,
    quoted: run.quoted,
    failed: run.failed,
    seconds: Number(seconds.toFixed(1)),
    quotesPerSecond: Math.round(count / seconds),
    cpuSeconds: Number(cpuSeconds.toFixed(1)),
    cpuMicrosecondsPerQuote: Number(((cpuSeconds * 1e6) / count).toFixed(1)),
    secondsIfIdle: Number((cpuSeconds / threads).toFixed(1)),
    amountOutSum: run.amountOutSum.toString(),
    loadAverageBefore: loadBefore,
    loadAverageAfter: load(),
  }),
)
if (run.failed > 0) process.exitCode = 1
