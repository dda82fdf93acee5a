import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadSnapshot } from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import type { Snapshot } from '../../../engine/graph/types.js'
import { poolAmountOut } from '../../../engine/pools/index.js'
import type { PoolEdge } from '../../../engine/routing/graph.js'
import { hopBoundOf, hopOutputBound } from '../../../engine/routing/poolBound.js'
import { type RankResult, type Router, createRouter } from '../../../engine/routing/router.js'
import { generateSnapshot } from '../../../fixtures/generate.js'

const snapshots: readonly [string, Snapshot][] = [
  ['default', loadSnapshotFile()],
  ['generated 1k', loadSnapshot(generateSnapshot({ pools: 1000, seed: 5 }))],
]

/** Every pool edge (both directions) of a router's graph whose kind has a tighter bound. */
const poolOutputBound = (edge: PoolEdge, amountIn: number) => hopOutputBound(hopBoundOf(edge), amountIn)

function boundedEdges(router: Router): PoolEdge[] {
  return router.graph.out
    .flat()
    .filter((edge): edge is PoolEdge => edge.kind === 'pool' && hopBoundOf(edge).bound !== undefined)
}

/** A float bound as an integer at least as large (the comparison with an exact bigint must not round down). */
const ceilBig = (bound: number) => BigInt(Math.ceil(bound))

describe('pool output bounds (hopOutputBound)', () => {
  for (const [name, snapshot] of snapshots) {
    it(`bounds the exact output of every concentrated and constant-product pool (${name}), tick crossings included`, () => {
      const edges = boundedEdges(createRouter(snapshot))
      expect(edges.some((edge) => edge.pool.kind === 'concentrated')).toBe(true)
      expect(edges.some((edge) => edge.pool.kind === 'constantProduct')).toBe(true)
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: edges.length - 1 }),
          // From one unit to far beyond the pool's depth: small trades stay in the current range, large ones cross
          // initialized ticks or drain the pool.
          fc.double({ min: 0, max: 30, noNaN: true }),
          (index, exponent) => {
            const edge = edges[index]!
            const amountIn = BigInt(Math.floor(10 ** exponent))
            const exact = poolAmountOut(edge.pool, edge.tokenInIndex, edge.tokenOutIndex, amountIn)
            const bound = poolOutputBound(edge, Number(amountIn))
            if (exact !== undefined) expect(ceilBig(bound)).toBeGreaterThanOrEqual(exact)
            // Never looser than the mid-rate bound it replaces.
            expect(bound).toBeLessThanOrEqual(Number(amountIn) * (edge.midRate * edge.feeFactor))
          },
        ),
        { numRuns: 20_000 },
      )
    })
  }

  it('is tight enough to skip the 1,000 USDC → WETH (Arbitrum) candidates the mid-price bound cannot', () => {
    const router = createRouter(snapshots[0]![1])
    const src = '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831'
    const dst = '42161:0x82af49447d8a07e3bd95bd0d56f35241523fbab1'
    const ranked = router.rankExactIn(src, dst, 10n ** 9n)
    const found = router.candidates(src, dst)
    expect(ranked.ok && found.ok).toBe(true)
    if (!ranked.ok || !found.ok) return
    const third = ranked.routes[2]!.amounts.at(-1)!
    const offered = new Set(ranked.routes.map((route) => route.path))
    // The one-pool candidates not offered: their mid-price bound is above the third route (they had to be
    // evaluated exactly before), the tighter bound below it (now skipped).
    const skipped = found.candidates.filter((path) => path.edges.length === 1 && !offered.has(path))
    expect(skipped.length).toBeGreaterThan(0)
    for (const path of skipped) {
      const edge = path.edges[0] as PoolEdge
      expect(1e9 * edge.midRate * edge.feeFactor).toBeGreaterThan(Number(third))
      expect(poolOutputBound(edge, 1e9)).toBeLessThan(Number(third))
    }
  })
})

/** A ranking as comparable data: each route's pools and lanes and its exact amounts, or the failure. */
function summary(result: RankResult): unknown {
  if (!result.ok) return result.reason === 'amount' ? { reason: 'amount', failures: result.failures.length } : result
  return result.routes.map((route) => ({
    hops: route.path.edges.map((edge) =>
      edge.kind === 'pool' ? edge.pool.id : edge.kind === 'lane' ? edge.lane.id : `wrap ${edge.from}`,
    ),
    amounts: route.amounts,
    priceImpact: route.priceImpact,
  }))
}

describe('ranking with bounds', () => {
  for (const [name, snapshot] of snapshots) {
    it(`returns exactly what evaluating every candidate returns, over random requests (${name})`, () => {
      const pruned = createRouter(snapshot)
      const exhaustive = createRouter(snapshot, {}, { exhaustive: true })
      const keys = [...pruned.graph.nodeByKey.keys()]
      const nodes = pruned.graph.nodes
      let routed = 0
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: keys.length - 1 }),
          fc.integer({ min: 0, max: keys.length - 1 }),
          // $0.01 to $100M of the amount's token.
          fc.double({ min: -2, max: 8, noNaN: true }),
          fc.boolean(),
          (from, to, usdExponent, exactIn) => {
            if (from === to) return
            const token = nodes[pruned.graph.nodeByKey.get(exactIn ? keys[from]! : keys[to]!)!]!.token
            const units = (10 ** usdExponent / Number(token.usdPrice)) * 10 ** token.decimals
            if (!(units >= 1) || !Number.isFinite(units)) return
            const amount = BigInt(Math.floor(units))
            const rank = (router: Router) =>
              exactIn
                ? router.rankExactIn(keys[from]!, keys[to]!, amount)
                : router.rankExactOut(keys[from]!, keys[to]!, amount)
            const expected = rank(exhaustive)
            if (expected.ok) routed++
            expect(summary(rank(pruned))).toEqual(summary(expected))
          },
        ),
        { numRuns: 300 },
      )
      // The property ran on real routes, not only on refusals.
      expect(routed).toBeGreaterThan(15)
    }, 120_000) // each request searches a new pair twice (pruned and exhaustive): seconds on a loaded machine
  }
})
