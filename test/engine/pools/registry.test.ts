import { describe, expect, it } from 'vitest'
import type { PoolKind } from '../../../engine/graph/types.js'
import { poolDepthUsd, poolFeeFraction, poolFeePips } from '../../../engine/pools/index.js'
import { POOL_KINDS, isPoolKind, poolKindOf } from '../../../engine/pools/registry.js'
import { constantProductPool, stableswapPool } from './support/pools.js'

const E6 = 10n ** 6n
const E18 = 10n ** 18n

describe('pool-kind registry', () => {
  it('has one module per PoolKind, each answering to its own kind', () => {
    const kinds: PoolKind[] = ['constantProduct', 'concentrated', 'stableswap', 'raydiumCpmm', 'whirlpool']
    expect(Object.keys(POOL_KINDS).sort()).toEqual([...kinds].sort())
    for (const kind of kinds) expect(POOL_KINDS[kind].kind).toBe(kind)
    expect(Object.isFrozen(POOL_KINDS)).toBe(true)
  })

  it('recognises kinds by own property only', () => {
    expect(isPoolKind('stableswap')).toBe(true)
    expect(isPoolKind('weighted')).toBe(false)
    expect(isPoolKind('toString')).toBe(false)
    expect(isPoolKind(undefined)).toBe(false)
  })

  it('dispatches by pool.kind', () => {
    const v2 = constantProductPool(2_000_000n * E6, 1000n * E18, 30)
    expect(poolKindOf(v2)).toBe(POOL_KINDS.constantProduct)
  })

  it('states fees in one unit (pips) for route steps, as before the registry', () => {
    expect(poolFeePips(constantProductPool(10n * E6, 10n * E6, 30))).toBe(3000)
    // Curve 1e10 units, truncated to whole pips: 4_000_000 → 400, 4_009_999 → 400.
    expect(poolFeePips(stableswapPool([E6, E6], [6, 6], 1000n, 4_000_000n))).toBe(400)
    expect(poolFeePips(stableswapPool([E6, E6], [6, 6], 1000n, 4_009_999n))).toBe(400)
    expect(poolFeeFraction(stableswapPool([E6, E6], [6, 6], 1000n, 4_000_000n))).toBeCloseTo(0.0004, 12)
  })

  it('measures depth as the smaller side in USD', () => {
    const pool = constantProductPool(2_000_000n * E6, 1000n * E18, 30)
    expect(poolDepthUsd(pool, [1e-6, 2000e-18])).toBeCloseTo(2_000_000, 3)
    expect(poolDepthUsd(pool, [1e-6, 1000e-18])).toBeCloseTo(1_000_000, 3)
  })
})
