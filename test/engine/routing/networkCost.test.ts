/**
 * Ranking net of network cost and detour pruning, on the default snapshot: the 250 USDC Base → USDT OP
 * went through Ethereum for 0.000014 USDT more and offered a CCTP → CCTP detour next to the direct route.
 */
import { describe, expect, it } from 'vitest'
import { type QuoteResult, type RouteQuote, createEngine } from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { unpaidDeliveryTransactions } from '../../../engine/bridges/delivery.js'
import { FURTHER_ACTION_PERMILLE, networkCostOf } from '../../../engine/routing/networkCost.js'
import { createRouter } from '../../../engine/routing/router.js'

const snapshot = loadSnapshotFile()
const engine = createEngine(snapshot, { protocolFeeBps: 10 })
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const OP_USDT = '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'
const chain = (id: number) => snapshot.chains.get(id)!

const baseToOp = (amount: string, swapDirection: 'exact-amount-in' | 'exact-amount-out' = 'exact-amount-in') =>
  engine.quote({
    sender: SENDER,
    srcChainId: 8453,
    srcToken: BASE_USDC,
    dstChainId: 10,
    dstToken: OP_USDT,
    amount,
    swapDirection,
    slippage: 50,
  })

/** The (chain, token) nodes a route passes through after its source, in order. */
const nodesOf = (route: RouteQuote) => route.steps.map((step) => `${step.dstChainId}:${step.tokenOut.toLowerCase()}`)

/** Whether `longer` passes through every node of `shorter`, in order, with more hops. */
function isSupersequence(longer: readonly string[], shorter: readonly string[]): boolean {
  if (longer.length <= shorter.length) return false
  let at = 0
  for (const node of longer) if (node === shorter[at]) at++
  return at === shorter.length
}

function expectNoDetours(result: QuoteResult, exactIn: boolean) {
  for (const route of result.allRoutes) {
    for (const other of result.allRoutes) {
      if (route === other || !isSupersequence(nodesOf(route), nodesOf(other))) continue
      // A longer route through the same tokens is offered only when it does better on the amount.
      if (exactIn) expect(BigInt(route.amountOut.amount)).toBeGreaterThan(BigInt(other.amountOut.amount))
      else expect(BigInt(route.amountIn.amount)).toBeLessThan(BigInt(other.amountIn.amount))
    }
  }
}

describe('ranking net of network cost', () => {
  it('250 USDC Base → USDT OP bridges straight to OP instead of through Ethereum', () => {
    const result = baseToOp('250000000')
    expect(result.steps.map((step) => step.chainId)).not.toContain(1)
    expect(result.steps.map((step) => step.dstChainId)).not.toContain(1)
    expect(result.bridgeRoute).toEqual([
      expect.objectContaining({ srcChainId: 8453, dstChainId: 10, bridgeId: 'cctp' }),
    ])
    // The route through Ethereum delivers a little more but costs L1 gas: it is offered only below the best.
    const viaEthereum = result.allRoutes.find((route) => route.steps.some((step) => step.chainId === 1))
    if (viaEthereum !== undefined) {
      expect(viaEthereum.networkFee.usdAmount).toBeGreaterThan(0.5)
      expect(viaEthereum.amountOut.usdAmount - viaEthereum.networkFee.usdAmount).toBeLessThan(
        result.amountOut.usdAmount - result.networkFee.usdAmount,
      )
    }
  })

  it('every route carries its network cost: Base router call, CCTP mint and one swap on OP', () => {
    const result = baseToOp('250000000')
    for (const route of result.allRoutes) {
      expect(route.networkFee).toMatchObject({ chainId: 8453, symbol: 'ETH', isNative: true })
      expect(route.networkFee.usdAmount).toBeGreaterThan(0)
    }
    // Base: 180k gas × 0.005 gwei (CCTP deposit: the call's one action); OP: the mint (180k) + a swap (0.29 × 180k)
    // × 0.001 gwei, converted at the same ETH price.
    const base = chain(8453).swapGasUnits * chain(8453).gasPrice
    const op = (chain(10).swapGasUnits * (1000n + FURTHER_ACTION_PERMILLE) * chain(10).gasPrice + 999n) / 1000n
    expect(result.networkFee.amount).toBe((base + op).toString())
    expect(result.allRoutes[0]).toMatchObject({ networkFee: result.networkFee })
  })

  it('no two routes of allRoutes differ only by a detour (exact-in and exact-out)', () => {
    for (const amount of ['250000000', '10000000000', '10000000000000']) {
      expectNoDetours(baseToOp(amount), true)
      expectNoDetours(baseToOp(amount, 'exact-amount-out'), false)
    }
  })

  it('drops the CCTP → CCTP detour that delivered the same as CCTP → OP', () => {
    const result = baseToOp('10000000000')
    const cctpOnly = result.allRoutes.filter((route) => route.bridgeIds.every((id) => id === 'cctp'))
    expect(cctpOnly.every((route) => route.bridgeRoute.length === 1)).toBe(true)
  })

  it('ranks exact-out by input plus network cost: the cheapest route in total comes first', () => {
    const result = baseToOp('250000000', 'exact-amount-out')
    const totals = result.allRoutes.map((route) => route.amountIn.usdAmount + route.networkFee.usdAmount)
    // USD figures are floored to micro-dollars: allow their rounding.
    for (let k = 1; k < totals.length; k++) expect(totals[k]! + 2e-6).toBeGreaterThanOrEqual(totals[k - 1]!)
  })
})

describe('network cost model', () => {
  const router = createRouter(snapshot)
  const key = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`
  const candidates = router.candidates(key(8453, BASE_USDC), key(10, OP_USDT))
  if (!candidates.ok) throw new Error('no candidates')

  it('is computed once per candidate path and cached with it', () => {
    const again = router.candidates(key(8453, BASE_USDC), key(10, OP_USDT))
    expect(again.ok && again.candidates[0]!.networkCost).toBe(candidates.candidates[0]!.networkCost)
    for (const path of candidates.candidates) expect(path.networkCost).toEqual(networkCostOf(router.graph, path.edges))
  })

  it('counts lane deliveries their fees do not pay for', () => {
    const lane = (id: string) => snapshot.lanes.find((l) => l.id === id)!
    expect(unpaidDeliveryTransactions(lane('cctp:standard:base.USDC>optimism.USDC'))).toBe(1)
    expect(unpaidDeliveryTransactions(lane('optimism:optimism.USDT>ethereum.USDT'))).toBe(2) // prove + finalise
    expect(unpaidDeliveryTransactions(lane('optimism:ethereum.USDT>optimism.USDT'))).toBe(0) // relayed by OP
    expect(unpaidDeliveryTransactions(lane('across:base.USDC>optimism.USDC'))).toBe(0) // in the relayer fee
  })

  it('prices an Ethereum detour at L1 gas: mint + swap + OP deposit on Ethereum', () => {
    const viaEthereum = candidates.candidates.find(
      (path) =>
        path.edges.length === 3 &&
        path.edges[0]!.kind === 'lane' &&
        path.edges[0]!.lane.id === 'cctp:standard:base.USDC>ethereum.USDC' &&
        path.edges[2]!.kind === 'lane' &&
        path.edges[2]!.lane.bridgeId === 'optimism',
    )
    expect(viaEthereum).toBeDefined()
    const base = chain(8453).swapGasUnits * chain(8453).gasPrice
    // Ethereum: the mint (a whole call) + the swap and the OP deposit (0.29 of a call each); OP: relays the deposit.
    const ethereum = (chain(1).swapGasUnits * (1000n + 2n * FURTHER_ACTION_PERMILLE) * chain(1).gasPrice + 999n) / 1000n
    expect(viaEthereum!.networkCost.amount).toBe(base + ethereum)
    expect(viaEthereum!.networkCost.inDstToken).toBeGreaterThan(500_000n) // more than $0.50 in USDT units
  })
})
