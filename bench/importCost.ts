/**
 * Import cost of the engine (`npm run bench:import`, which builds dist/ first): a fresh `node` process per run
 * imports the built package entry (`crossroute`, resolved through `package.json` `exports` to dist/) and reports
 * the wall time of `await import(...)` and how much RSS and heap grew. Median of `--runs N` (default 9), each
 * subpath separately. Plain node, no tsx: what a user of the published package pays.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const runsIndex = process.argv.indexOf('--runs')
const RUNS = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 9
const SPECIFIERS = ['crossroute', 'crossroute/errors', 'crossroute/loader'] as const

interface Sample {
  ms: number
  rssMiB: number
  heapMiB: number
}

const PROBE = `
const before = process.memoryUsage()
const started = performance.now()
await import(process.argv[1])
const ms = performance.now() - started
const after = process.memoryUsage()
process.stdout.write(JSON.stringify({ ms, rssMiB: (after.rss - before.rss) / 2 ** 20, heapMiB: (after.heapUsed - before.heapUsed) / 2 ** 20 }))
`

function sample(specifier: string): Sample {
  const text = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, specifier], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return JSON.parse(text) as Sample
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

console.log(
  `import cost, fresh node ${process.version} process per run, median of ${RUNS} (${new Date().toISOString().slice(0, 10)})`,
)
console.log('| import | time | RSS growth | heap growth |')
console.log('|---|---|---|---|')
for (const specifier of SPECIFIERS) {
  sample(specifier) // warm the OS file cache once
  const samples = Array.from({ length: RUNS }, () => sample(specifier))
  const ms = median(samples.map((s) => s.ms))
  const rss = median(samples.map((s) => s.rssMiB))
  const heap = median(samples.map((s) => s.heapMiB))
  console.log(`| \`${specifier}\` | ${ms.toFixed(0)} ms | ${rss.toFixed(1)} MiB | ${heap.toFixed(1)} MiB |`)
}
