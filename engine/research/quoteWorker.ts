/**
 * The worker of `quoteParallel` (piscina): loads the snapshot file once per thread, builds the engine, and answers
 * chunks of requests with sweep points (or, for large studies, only counts and a checksum).
 */
import type { EngineOptions } from '../createEngine.js'
import { createEngine } from '../createEngine.js'
import { loadSnapshotFile } from '../loader.js'
import type { QuoteRequest } from '../quote/types.js'
import { quoteOne } from './quoteMany.js'
import { type RequestChunk, decodeRequestChunk } from './requestChunk.js'
import { type SweepPoint, sweepPointOf } from './sweep.js'

/** One task: a chunk of requests (in wire form, `requestChunk.ts`) and how to answer it. */
export interface QuoteChunkTask {
  readonly snapshotPath: string | undefined
  readonly engineOptions: EngineOptions
  readonly chunk: RequestChunk
  readonly collect: boolean
}

/** A chunk's answer: the points when collected, always the counts and the sum of outputs. */
export interface QuoteChunkResult {
  readonly points: SweepPoint[] | undefined
  readonly quoted: number
  readonly failed: number
  /** Sum of `amountOut` of the quoted requests, decimal string (a checksum for runs that do not collect). */
  readonly amountOutSum: string
}

let engine: ReturnType<typeof createEngine> | undefined

/** Answers one chunk. */
export default function quoteChunk(task: QuoteChunkTask): QuoteChunkResult {
  engine ??= createEngine(loadSnapshotFile(task.snapshotPath), task.engineOptions)
  const points: SweepPoint[] | undefined = task.collect ? [] : undefined
  let quoted = 0
  let amountOutSum = 0n
  const requests: QuoteRequest[] = decodeRequestChunk(task.chunk)
  for (const request of requests) {
    const answer = quoteOne(engine, request)
    const amount = String((request as Partial<QuoteRequest> | null)?.amount ?? '')
    if (answer.ok) {
      quoted += 1
      amountOutSum += BigInt(answer.result.amountOut.amount)
    }
    points?.push(answer.ok ? sweepPointOf(amount, answer.result) : { amount, error: answer.error })
  }
  return { points, quoted, failed: requests.length - quoted, amountOutSum: amountOutSum.toString() }
}
