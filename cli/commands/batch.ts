/**
 * `crossroute batch`: requests from a JSON array or NDJSON file, each answered or failed on its own, as NDJSON
 * (`--out` or `--json`) or a table. Large files run on worker threads (`quoteParallel`, piscina) with a progress bar.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import type { QuoteRequest } from '../../engine/index.js'
import { quoteOne } from '../../engine/research/quoteMany.js'
import { type SweepPoint, sweepPointOf } from '../../engine/research/sweep.js'
import { badOption } from '../errors.js'
import { requirePackages } from '../packages.js'
import { printJson, startProgress, table } from '../output.js'
import { engineOf } from '../request.js'

/** Requests from which `batch` uses worker threads unless `--threads` says otherwise. */
export const PARALLEL_THRESHOLD = 20_000

interface BatchOptions {
  snapshot?: string
  json?: boolean
  out?: string
  threads?: string
}

/**
 * Registers `batch` on the program.
 *
 * @example crossroute batch requests.ndjson --out results.ndjson
 */
export function registerBatch(program: Command, run: (action: () => unknown) => Promise<void>): void {
  program
    .command('batch')
    .description('quote every request of a JSON array or NDJSON file; each answered or failed on its own')
    .argument(
      '<file>',
      'requests: a JSON array or one JSON object per line (getAction fields, amount in smallest units)',
    )
    .option('--snapshot <file>', "snapshot JSON file (default: the package's default snapshot)")
    .option('--out <file>', 'write the results as NDJSON to this file (one line per request, in order)')
    .option(
      '--threads <n>',
      `worker threads (default: in-process below ${PARALLEL_THRESHOLD} requests, else every core)`,
    )
    .option('--json', 'print the results as NDJSON on stdout instead of a table')
    .action((file: string, options: BatchOptions) =>
      run(async () => {
        const requests = readRequests(file)
        const started = performance.now()
        const points = await answer(requests, options)
        const results = points.map((point, index) => ({ index, ...point }))
        const failed = results.filter((result) => result.error !== undefined).length
        if (options.out !== undefined)
          writeFileSync(options.out, results.map((result) => `${JSON.stringify(result)}\n`).join(''))
        else if (options.json === true) for (const result of results) printJson(result)
        else process.stdout.write(resultTable(results))
        const seconds = ((performance.now() - started) / 1000).toFixed(2)
        process.stderr.write(`${results.length - failed} quoted, ${failed} failed, in ${seconds} s\n`)
      }),
    )
}

/**
 * The requests of a JSON array or NDJSON file. A line that is not a JSON object stays in place as `null`, answered
 * with the engine's `INVALID_PARAMETER` for `request`.
 *
 * @throws InvalidParameterError (`file`) for an unreadable file or a JSON document that is not an array.
 */
export function readRequests(file: string): QuoteRequest[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (cause) {
    throw badOption('file', file, `cannot read (${(cause as Error).message})`)
  }
  if (text.trimStart().startsWith('[')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (cause) {
      throw badOption('file', file, `not valid JSON (${(cause as Error).message})`)
    }
    if (!Array.isArray(parsed)) throw badOption('file', file, 'must be a JSON array or NDJSON')
    return parsed as QuoteRequest[]
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as QuoteRequest
      } catch {
        return null as unknown as QuoteRequest
      }
    })
}

async function answer(requests: QuoteRequest[], options: BatchOptions): Promise<SweepPoint[]> {
  const threads = options.threads === undefined ? undefined : Number(options.threads)
  if (threads !== undefined && (!Number.isInteger(threads) || threads < 0 || threads > 256)) {
    throw badOption('--threads', options.threads!, 'must be an integer from 0 (in-process) to 256')
  }
  const progress = startProgress(requests.length, { json: options.json === true, label: 'quoting' })
  try {
    if (threads === 0 || (threads === undefined && requests.length < PARALLEL_THRESHOLD)) {
      const engine = engineOf(options)
      return requests.map((request, index) => {
        if (index % 500 === 0) progress.update(index)
        const answer = quoteOne(engine, request)
        const amount = String(request?.amount ?? '')
        return answer.ok ? sweepPointOf(amount, answer.result) : { amount, error: answer.error }
      })
    }
    // Loaded only here: piscina is an optional peer dependency.
    requirePackages(['batch on worker threads'], 'crossroute batch on worker threads (--threads 0: in-process)')
    const { quoteParallel } = await import('../../engine/parallel.js')
    const run = await quoteParallel(requests, {
      ...(options.snapshot === undefined ? {} : { snapshotPath: options.snapshot }),
      ...(threads === undefined ? {} : { threads }),
      onProgress: (done) => progress.update(done),
    })
    return run.points
  } finally {
    progress.stop()
  }
}

function resultTable(results: readonly (SweepPoint & { index: number })[]): string {
  return table(
    ['#', 'amount', 'amount in', 'amount out', 'impact', 'route or error'],
    results.map((result) =>
      result.error !== undefined
        ? [String(result.index), result.amount, '-', '-', '-', `${result.error.code}: ${result.error.message}`]
        : [
            String(result.index),
            result.amount,
            result.amountIn!,
            result.amountOut!,
            `${result.priceImpact}%`,
            result.route!.join(' → '),
          ],
    ),
  )
}
