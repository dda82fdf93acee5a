/**
 * Large studies on every core (`crossroute/parallel`): quotes many requests on piscina worker threads, each thread
 * holding its own engine over the same snapshot file. Needs the `piscina` package (an optional peer dependency).
 */
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import type { EngineOptions } from './createEngine.js'
import type { QuoteRequest } from './quote/types.js'
import type { QuoteChunkResult, QuoteChunkTask } from './research/quoteWorker.js'
import { encodeRequestChunk } from './research/requestChunk.js'
import type { SweepPoint } from './research/sweep.js'

/** Options of `quoteParallel`; all optional. */
export interface QuoteParallelOptions {
  /** Snapshot file every thread loads; default the package's default snapshot. */
  readonly snapshotPath?: string
  readonly engineOptions?: EngineOptions
  /** Worker threads; default `os.availableParallelism()`. */
  readonly threads?: number
  /** Requests per task; default 2,000. */
  readonly chunkSize?: number
  /** Keep a sweep point per request (default true); false keeps only counts and the output checksum. */
  readonly collect?: boolean
  /** Called after each chunk with the requests done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void
}

/** What `quoteParallel` returns. */
export interface QuoteParallelReturnType {
  /** One point per request, in request order (empty when `collect` is false). */
  readonly points: SweepPoint[]
  readonly quoted: number
  readonly failed: number
  /** Sum of the quoted outputs, smallest units. */
  readonly amountOutSum: bigint
}

export const DEFAULT_QUOTE_PARALLEL_OPTIONS = Object.freeze({ chunkSize: 2_000, collect: true })

/**
 * Quotes `requests` on worker threads; results in request order.
 *
 * @throws TypeError for a `threads` or `chunkSize` that is not a positive integer.
 * @example
 * import { quoteParallel } from 'crossroute/parallel'
 * const { points } = await quoteParallel(requests, { onProgress: (done, total) => bar.update(done / total) })
 */
export async function quoteParallel(
  requests: readonly QuoteRequest[],
  options: QuoteParallelOptions = {},
): Promise<QuoteParallelReturnType> {
  const threads = options.threads ?? availableParallelism()
  const { chunkSize, collect } = { ...DEFAULT_QUOTE_PARALLEL_OPTIONS, ...options }
  for (const [name, value] of [
    ['threads', threads],
    ['chunkSize', chunkSize],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new TypeError(`option ${name} must be a positive integer, got ${value}`)
  }
  const filename = new URL(`./research/quoteWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url)
  // From the TypeScript sources (tests, tsx scripts) the threads load the worker through tsx, as the caller does.
  const execArgv = filename.pathname.endsWith('.ts') ? ['--import', 'tsx'] : []
  const pool = new Piscina({ filename: filename.href, minThreads: threads, maxThreads: threads, execArgv })
  let done = 0
  try {
    const chunks: Promise<QuoteChunkResult>[] = []
    for (let start = 0; start < requests.length; start += chunkSize) {
      const size = Math.min(chunkSize, requests.length - start)
      // Templates + one amounts string + a typed array: far cheaper to clone than `size` request objects.
      const task: QuoteChunkTask = {
        snapshotPath: options.snapshotPath,
        engineOptions: options.engineOptions ?? {},
        chunk: encodeRequestChunk(requests.slice(start, start + size)),
        collect,
      }
      chunks.push(
        (pool.run(task, { transferList: [task.chunk.templateIndex.buffer] }) as Promise<QuoteChunkResult>).then(
          (result) => {
            done += size
            options.onProgress?.(done, requests.length)
            return result
          },
        ),
      )
    }
    const results = await Promise.all(chunks)
    return {
      points: results.flatMap((result) => result.points ?? []),
      quoted: results.reduce((sum, result) => sum + result.quoted, 0),
      failed: results.reduce((sum, result) => sum + result.failed, 0),
      amountOutSum: results.reduce((sum, result) => sum + BigInt(result.amountOutSum), 0n),
    }
  } finally {
    await pool.destroy()
  }
}
