/**
 * Split quotes (`maxSplits`, `engine/routing/split.ts`): on the default snapshot a large same-chain trade divided
 * across disjoint routes beats the best single route net of the added network cost, by the amount the README
 * publishes, and every figure of the split quote agrees with its parts.
 */
import { describe, expect, it } from 'vitest'
import {
  InvalidParameterError,
  type QuoteRequest,
  type QuoteResult,
  type SplitPart,
  createEngine,
} from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { routerCallBase } from '../../../engine/routing/networkCost.js'
import { MAX_SPLITS_DEFAULT, MAX_SPLITS_MAX } from '../../../engine/schema/rules.js'
import { parseGetAction } from '../../../service/routes/getActionRequest.js'
import { ARB_USDC, ARB_WETH, SENDER } from '../../helpers/mainnet.js'
import { thrown } from '../../helpers/thrown.js'

const snapshot = loadSnapshotFile()
const engine = createEngine(snapshot, { protocolFeeBps: 5 })
const APP_FEE = { bps: 20, receiverAddress: '0x000000000000000000000000000000000000dEaD' }

/** 5,000,000 USDC → WETH on Arbitrum, 50 bps slippage, one application fee. */
const LARGE: QuoteRequest = {
  sender: SENDER,
  srcChainId: 42161,
  srcToken: ARB_USDC,
  dstChainId: 42161,
  dstToken: ARB_WETH,
  amount: '5000000000000',
  slippage: 50,
  appFees: [APP_FEE],
}

const amountOf = (value: { amount: string }) => BigInt(value.amount)
const sum = (parts: readonly SplitPart[], pick: (part: SplitPart) => { amount: string }) =>
  parts.reduce((total, part) => total + amountOf(pick(part)), 0n)
/** Out net of network cost: the cost is in ETH, which the snapshot prices as WETH (same decimals). */
const netOut = (result: QuoteResult) => amountOf(result.amountOut) - amountOf(result.networkFee)

function expectConsistent(result: QuoteResult, request: QuoteRequest) {
  const parts = result.splits!
  expect(parts.length).toBeGreaterThanOrEqual(2)
  expect(parts.length).toBeLessThanOrEqual(request.maxSplits ?? MAX_SPLITS_DEFAULT)
  expect(parts.reduce((total, part) => total + part.shareBps, 0)).toBe(10_000)
  // Sum of parts: outputs, swapped inputs (the input after fees), bridge fees, steps; the network fee is one router
  // call for every part: their costs less a call's base for each part after the first.
  expect(sum(parts, (part) => part.amountOut)).toBe(amountOf(result.amountOut))
  const swapped = amountOf(result.amountIn) - amountOf(result.protocolFee) - amountOf(result.applicationFee)
  expect(sum(parts, (part) => part.amountIn)).toBe(swapped)
  const callBase = routerCallBase(snapshot.chains.get(request.srcChainId)!)
  expect(sum(parts, (part) => part.networkFee) - BigInt(parts.length - 1) * callBase).toBe(amountOf(result.networkFee))
  expect(sum(parts, (part) => part.bridgeFee)).toBe(amountOf(result.bridgeFee))
  expect(result.steps).toEqual(parts.flatMap((part) => part.steps))
  // Fees are charged once, on the whole gross input.
  const amountIn = amountOf(result.amountIn)
  expect(amountOf(result.protocolFee)).toBe((amountIn * 5n + 9_999n) / 10_000n)
  expect(amountOf(result.applicationFee)).toBe((amountIn * 20n + 9_999n) / 10_000n)
  // Bounds hold for the whole.
  const slippage = BigInt(request.slippage)
  if (request.swapDirection === 'exact-amount-out') {
    expect(amountOf(result.amountOut)).toBe(BigInt(request.amount))
    expect(amountOf(result.amountOutMin)).toBe(amountOf(result.amountOut))
    expect(amountOf(result.amountInMax)).toBe((amountIn * (10_000n + slippage) + 9_999n) / 10_000n)
  } else {
    expect(amountIn).toBe(BigInt(request.amount))
    expect(amountOf(result.amountInMax)).toBe(amountIn)
    expect(amountOf(result.amountOutMin)).toBe((amountOf(result.amountOut) * (10_000n - slippage)) / 10_000n)
  }
  // Each part chains its steps, from its input to (at least) its output, and no two parts share a pool or lane.
  const ids = new Set<string>()
  for (const part of parts) {
    expect(BigInt(part.steps[0]!.amountIn)).toBe(amountOf(part.amountIn))
    for (let k = 1; k < part.steps.length; k++) expect(part.steps[k]!.amountIn).toBe(part.steps[k - 1]!.amountOut)
    expect(BigInt(part.steps.at(-1)!.amountOut) >= amountOf(part.amountOut)).toBe(true)
    for (const step of part.steps) {
      if (step.id === undefined) continue
      expect(ids.has(step.id)).toBe(false)
      ids.add(step.id)
    }
  }
  expect(result.estimatedPriceImpact).toBeLessThan(Math.max(...result.allRoutes.map((r) => r.estimatedPriceImpact)))
}

describe('split quotes', () => {
  it('5M USDC → WETH on Arbitrum: a 4-way split beats the best single route by 2.1848 WETH net of gas', () => {
    const single = engine.quote(LARGE)
    const split = engine.quote({ ...LARGE, maxSplits: 4 })
    expect(single.splits).toBeUndefined()
    expectConsistent(split, { ...LARGE, maxSplits: 4 })
    expect(split.splits!.map((part) => part.shareBps)).toEqual([6500, 1500, 1500, 500])
    // The published figures (README "Splits"): outputs, and the gain net of the added network cost.
    expect(single.amountOut.amount).toBe('2153543841720332294356')
    expect(split.amountOut.amount).toBe('2155728653652644008492')
    expect(amountOf(split.amountOut) - amountOf(single.amountOut)).toBe(2_184_811_932_311_714_136n)
    // Four parts in one router call: the single route's call plus 0.29 of a call (250k gas × 0.01 gwei) for each of
    // the 5 pools more that the parts run.
    expect(amountOf(split.networkFee) - amountOf(single.networkFee)).toBe(5n * 725_000_000_000n)
    expect(netOut(split) - netOut(single)).toBe(2_184_808_307_311_714_136n)
    // allRoutes stays the single routes, best first; the top level is the split.
    expect(split.allRoutes).toEqual(single.allRoutes)
  })

  it('exact-out 2,000 WETH: the split needs less USDC than the best single route, every figure consistent', () => {
    const request: QuoteRequest = { ...LARGE, amount: '2000000000000000000000', swapDirection: 'exact-amount-out' }
    const single = engine.quote(request)
    const split = engine.quote({ ...request, maxSplits: 4 })
    expectConsistent(split, { ...request, maxSplits: 4 })
    expect(amountOf(split.amountIn) < amountOf(single.amountIn)).toBe(true)
  })

  it('offers no split where no gain is possible: 1,000 USDC → WETH stays on one route', () => {
    const result = engine.quote({ ...LARGE, amount: '1000000000', maxSplits: MAX_SPLITS_MAX })
    expect(result.splits).toBeUndefined()
    expect(result).toEqual(engine.quote({ ...LARGE, amount: '1000000000' }))
  })

  it('is opt-in: maxSplits defaults to 1 and is refused above its maximum', () => {
    expect(MAX_SPLITS_DEFAULT).toBe(1)
    const error = thrown(() => engine.quote({ ...LARGE, maxSplits: MAX_SPLITS_MAX + 1 }), InvalidParameterError)
    expect(error.details.parameter).toBe('maxSplits')
  })

  it('getAction passes maxSplits on (its router transaction executes every part); absent, no split', () => {
    const query = {
      actionType: 'swap-action',
      swapDirection: 'exact-amount-in',
      sender: SENDER,
      srcChainId: '42161',
      srcToken: ARB_USDC,
      dstChainId: '42161',
      dstToken: ARB_WETH,
      amount: LARGE.amount as string,
      slippage: '50',
    }
    const split = parseGetAction({ ...query, maxSplits: '4' }, { appFees: [] }).quoteRequest
    expect(split.maxSplits).toBe(4)
    expect(engine.quote(split).splits?.length).toBeGreaterThanOrEqual(2)
    const single = parseGetAction(query, { appFees: [] }).quoteRequest
    expect(single.maxSplits).toBe(1)
    expect(engine.quote(single).splits).toBeUndefined()
  })
})
