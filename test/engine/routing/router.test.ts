import { describe, expect, it } from 'vitest'
import { createEngine, loadSnapshot } from '../../../engine/index.js'
import { createRouter } from '../../../engine/routing/router.js'
import { poolAmountOut } from '../../../engine/pools/index.js'
import {
  ETH,
  ETH_DAI,
  ETH_USDC,
  ETH_WETH,
  OP,
  OP_WETH,
  SENDER,
  ZERO,
  miniSnapshot,
} from '../../helpers/miniSnapshot.js'

const snapshot = loadSnapshot(miniSnapshot())
const key = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`

describe('router', () => {
  it('finds a two-pool path where no pool trades the pair directly, with the exact output', () => {
    const router = createRouter(snapshot)
    const ranked = router.rankExactIn(key(ETH, ETH_DAI), key(ETH, ETH_WETH), 10n ** 20n) // 100 DAI
    expect(ranked.ok).toBe(true)
    if (!ranked.ok) return
    const [best] = ranked.routes
    expect(best!.path.edges.map((edge) => (edge.kind === 'pool' ? edge.pool.id : edge.kind))).toEqual([
      'eth-dai-usdc',
      'eth-usdc-weth',
    ])
    const [usdcWeth, daiUsdc] = snapshot.pools // fixture order: eth-usdc-weth, eth-dai-usdc
    const usdc = poolAmountOut(daiUsdc!, 0, 1, 10n ** 20n)!
    expect(best!.amounts).toEqual([10n ** 20n, usdc, poolAmountOut(usdcWeth!, 0, 1, usdc)!])
  })

  it('takes the free native ↔ wrapped hop: ETH in, through the WETH pool', () => {
    const engine = createEngine(snapshot)
    const result = engine.quote({
      sender: SENDER,
      srcChainId: ETH,
      srcToken: ZERO,
      dstChainId: ETH,
      dstToken: ETH_USDC,
      amount: '1000000000000000000',
      slippage: 0,
    })
    expect(result.steps.map((step) => step.type)).toEqual(['wrap', 'swap'])
    expect(result.steps[1]!.amountIn).toBe('1000000000000000000')
    expect(result.requiresTokenApproval).toBe(false) // a native input needs no allowance
  })

  it('bridges then unwraps to deliver a native token on the destination chain', () => {
    const engine = createEngine(snapshot)
    const result = engine.quote({
      sender: SENDER,
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: ZERO,
      amount: '5000000000',
      slippage: 30,
    })
    expect(result.steps.map((step) => step.type)).toEqual(['bridge', 'swap', 'unwrap'])
    expect(result.steps[1]!.tokenOut).toBe(OP_WETH)
    expect(result.bridgeIds).toEqual(['cctp'])
  })

  it('searches a pair once and serves it from the cache afterwards', () => {
    const router = createRouter(snapshot)
    const first = router.candidates(key(ETH, ETH_DAI), key(ETH, ETH_WETH))
    expect(router.candidates(key(ETH, ETH_DAI), key(ETH, ETH_WETH))).toBe(first)
    // A different bridge filter is a different search.
    expect(router.candidates(key(ETH, ETH_DAI), key(ETH, ETH_WETH), new Set(['cctp']))).not.toBe(first)
  })

  it('honours bridgeIds: a pair only one bridge serves has no route without it', () => {
    const router = createRouter(snapshot)
    expect(router.candidates(key(ETH, ETH_USDC), key(OP, OP_WETH), new Set(['across'])).ok).toBe(false)
    expect(router.candidates(key(ETH, ETH_USDC), key(OP, OP_WETH), new Set(['cctp'])).ok).toBe(true)
  })

  it('ranks exact-out routes by least input, and they deliver at least the amount', () => {
    const router = createRouter(snapshot)
    const ranked = router.rankExactOut(key(ETH, ETH_USDC), key(ETH, ETH_WETH), 10n ** 18n)
    expect(ranked.ok).toBe(true)
    if (!ranked.ok) return
    for (const route of ranked.routes) expect(route.amounts.at(-1)!).toBeGreaterThanOrEqual(10n ** 18n)
    const inputs = ranked.routes.map((route) => route.amounts[0]!)
    expect(inputs).toEqual([...inputs].sort((a, b) => (a < b ? -1 : 1)))
  })
})
