/**
 * What-if on the default snapshot (every pool kind and bridge lanes): applying a quote moves exactly the pools and
 * lanes of its route, leaves the original engine untouched, and the same trade quoted again never gives more.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ApplyTradeError, type QuoteRequest, applyTrade, createEngine, quoteOne } from '../../../engine/index.js'
import { loadSnapshotFile, readSnapshotJson } from '../../../engine/loader.js'

const json = readSnapshotJson()
const engine = createEngine(loadSnapshotFile())
const EVM_SENDER = '0x1111111111111111111111111111111111111111'
const SOL_SENDER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function token(chainId: number, symbol: string) {
  const found = json.tokens.find((t) => t.chainId === chainId && t.symbol === symbol)
  if (found === undefined) throw new Error(`no ${symbol} on ${chainId}`)
  return found
}
function pair(srcChainId: number, src: string, dstChainId: number, dst: string) {
  const sender = srcChainId === 1151111081099710 ? SOL_SENDER : EVM_SENDER
  return { srcChainId, srcToken: token(srcChainId, src), dstChainId, dstToken: token(dstChainId, dst), sender }
}
// Pairs that route through V2, V3, Curve, Whirlpool, Raydium and bridge lanes.
const PAIRS = [
  pair(1, 'USDC', 1, 'WETH'),
  pair(1, 'WETH', 1, 'USDC'),
  pair(1, 'DAI', 1, 'USDT'),
  pair(1151111081099710, 'wSOL', 1151111081099710, 'USDC'),
  pair(1151111081099710, 'USDC', 1151111081099710, 'USDT'),
  pair(1, 'USDC', 42161, 'USDT0'),
  pair(42161, 'USDC', 1, 'WETH'),
]

function requestOf(index: number, dollars: number, direction: 'exact-amount-in' | 'exact-amount-out'): QuoteRequest {
  const { srcChainId, srcToken, dstChainId, dstToken, sender } = PAIRS[index]!
  const priced = direction === 'exact-amount-in' ? srcToken : dstToken
  const units =
    (BigInt(dollars) * 10n ** BigInt(priced.decimals) * 10_000n) / BigInt(Math.round(Number(priced.usdPrice) * 10_000))
  return {
    sender,
    srcChainId,
    srcToken: srcToken.address,
    dstChainId,
    dstToken: dstToken.address,
    amount: (units > 0n ? units : 1n).toString(),
    swapDirection: direction,
    slippage: 50,
  }
}

describe('engine.apply (what-if)', () => {
  it('moves the route’s pools and nothing else; the original engine is untouched', () => {
    const request = requestOf(0, 2_000_000, 'exact-amount-in')
    const before = engine.quote(request)
    const after = engine.apply(before)
    const moved = new Set(before.steps.flatMap((step) => (step.id === undefined ? [] : [step.id])))
    expect(moved.size).toBeGreaterThan(0)
    after.snapshot.pools.forEach((pool, i) => {
      const original = engine.snapshot.pools[i]!
      if (moved.has(pool.id)) expect(pool.state).not.toEqual(original.state)
      else expect(pool).toBe(original) // shared, not copied
    })
    expect(engine.quote(request)).toEqual(before)
    expect(BigInt(after.quote(request).amountOut.amount)).toBeLessThan(BigInt(before.amountOut.amount))
  })

  it('sequences: each repeat of a trade gets less than the one before', () => {
    const request = requestOf(3, 500_000, 'exact-amount-in')
    let current = engine
    const outs: bigint[] = []
    for (let i = 0; i < 4; i++) {
      const result = current.quote(request)
      outs.push(BigInt(result.amountOut.amount))
      current = current.apply(result)
    }
    expect(outs).toEqual([...outs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))
    expect(new Set(outs).size).toBe(4)
  })

  it('a bridge step uses up lane liquidity', () => {
    const result = engine.quote(requestOf(5, 100_000, 'exact-amount-in'))
    const bridge = result.steps.find((step) => step.type === 'bridge')!
    const lane = (e: typeof engine) => e.snapshot.lanes.find((l) => l.id === bridge.id)!
    expect(lane(engine).liquidity - lane(engine.apply(result)).liquidity).toBe(BigInt(bridge.amountOut))
  })

  it('refuses a trade that does not fit the snapshot, naming the step', () => {
    const result = engine.quote(requestOf(0, 1_000, 'exact-amount-in'))
    const forged = {
      steps: result.steps.map((step) => ({ ...step, amountOut: (BigInt(step.amountOut) * 2n).toString() })),
    }
    expect(() => applyTrade(engine.snapshot, forged)).toThrow(ApplyTradeError)
    const missing = { steps: result.steps.map((step) => ({ ...step, id: 'no-such-pool' })) }
    expect(() => applyTrade(engine.snapshot, missing)).toThrow(/step 0 \(no-such-pool\): no pool/)
  })

  it('property: applying a quote then quoting the same trade again never gives more', () => {
    let compared = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PAIRS.length - 1 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.constantFrom('exact-amount-in' as const, 'exact-amount-out' as const),
        (index, dollars, direction) => {
          const request = requestOf(index, dollars, direction)
          const first = quoteOne(engine, request)
          if (!first.ok) return
          const again = quoteOne(engine.apply(first.result), request)
          if (!again.ok) return // the first trade used up what the route had
          if (direction === 'exact-amount-in')
            expect(BigInt(again.result.amountOut.amount)).toBeLessThanOrEqual(BigInt(first.result.amountOut.amount))
          else expect(BigInt(again.result.amountIn.amount)).toBeGreaterThanOrEqual(BigInt(first.result.amountIn.amount))
          compared += 1
        },
      ),
      { numRuns: 150 },
    )
    expect(compared).toBeGreaterThan(75) // most draws quote twice: the property is not vacuous
  })
})
