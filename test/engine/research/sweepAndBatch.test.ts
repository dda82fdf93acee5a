/**
 * Sweeps, in-process batches and the parallel runner on the default snapshot: each answers what `engine.quote`
 * answers for the same request, failures included, in request order.
 */
import { describe, expect, it } from 'vitest'
import { createEngine, quoteMany, sweep, type QuoteRequest } from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { quoteParallel } from '../../../engine/parallel.js'
import { USDC_TO_WETH } from '../../helpers/arbitrumPair.js'
import { ARB_USDC } from '../../helpers/mainnet.js'

const engine = createEngine(loadSnapshotFile())
const base = USDC_TO_WETH
const AMOUNTS = [0n, 10n ** 6n, 10n ** 9n, 10n ** 11n, 10n ** 13n]

describe('sweep', () => {
  it('quotes each amount: output, price impact and route as engine.quote gives them; failures carried', () => {
    const points = sweep(engine, base, AMOUNTS)
    expect(points.map((point) => point.amount)).toEqual(AMOUNTS.map(String))
    expect(points[0]!.error?.code).toBe('INVALID_AMOUNT_ZERO')
    for (const point of points.slice(1)) {
      const result = engine.quote({ ...base, amount: point.amount })
      expect(point.amountOut).toBe(result.amountOut.amount)
      expect(point.priceImpact).toBe(result.estimatedPriceImpact)
      expect(point.route).toEqual(result.steps.map((step) => step.id ?? step.type))
    }
    const impacts = points.slice(1).map((point) => point.priceImpact!)
    expect(impacts.at(-1)!).toBeGreaterThan(impacts[0]!) // larger trades move the price more
  })
})

describe('quoteMany', () => {
  it('answers each request on its own, in order', () => {
    const requests: QuoteRequest[] = [
      { ...base, amount: '1000000' },
      { ...base, amount: '0' },
      { ...base, dstToken: ARB_USDC, amount: '5' },
    ]
    const [ok, zero, same] = quoteMany(engine, requests)
    expect(ok).toEqual({ ok: true, result: engine.quote(requests[0]!) })
    expect(zero).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT_ZERO' } })
    expect(same!.ok).toBe(false)
  })
})

describe('quoteParallel', () => {
  it('gives the in-process answers on worker threads, in order, with progress up to the total', async () => {
    const requests = Array.from({ length: 300 }, (_, i) => ({ ...base, amount: String((i + 1) * 7_654_321) }))
    const progress: number[] = []
    const run = await quoteParallel(requests, { threads: 2, chunkSize: 64, onProgress: (done) => progress.push(done) })
    expect(run.points).toEqual(
      sweep(
        engine,
        base,
        requests.map((request) => request.amount),
      ),
    )
    expect(run.quoted).toBe(300)
    expect(progress.at(-1)).toBe(300)
    const counted = await quoteParallel(requests, { threads: 2, collect: false })
    expect(counted.points).toEqual([])
    expect(counted.amountOutSum).toBe(run.points.reduce((sum, point) => sum + BigInt(point.amountOut!), 0n))
  }, 60_000)

  it('names a bad option', async () => {
    await expect(quoteParallel([], { threads: 0 })).rejects.toThrow('option threads must be a positive integer')
  })
})
