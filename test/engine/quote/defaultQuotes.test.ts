import { describe, expect, it } from 'vitest'
import {
  CrossVmReceiverRequiredError,
  type QuoteRequest,
  type QuoteResult,
  type RouteQuote,
  createEngine,
} from '../../../engine/index.js'
import { loadSnapshotFile } from '../../../engine/loader.js'
import { laneAmountOut } from '../../../engine/bridges/lane.js'
import { poolAmountOut } from '../../../engine/pools/index.js'
import { tokenKey } from '../../../engine/graph/validateSnapshot.js'
import { convertAtUsdPrices } from '../../../engine/quote/tokenAmount.js'
import { thrown } from '../../helpers/thrown.js'

const snapshot = loadSnapshotFile()
const engine = createEngine(snapshot, { protocolFeeBps: 10 })

const EVM_SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const APP_FEE_RECEIVER = '0x00000000000000000000000000000000000fEe01'.toLowerCase()
const SOL_RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const BTC_SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

const ARB = 42161
const ARB_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ARB_WETH = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const OP_USDT = '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'
const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SOLANA = 1151111081099710
const BITCOIN = 20000000000001

interface Scenario {
  name: string
  request: Omit<QuoteRequest, 'swapDirection' | 'amount' | 'slippage'>
  amountIn: string
  amountOut: string
  crossChain: boolean
}

const scenarios: Scenario[] = [
  {
    name: 'USDC → WETH on Arbitrum',
    request: {
      sender: EVM_SENDER,
      srcChainId: ARB,
      srcToken: ARB_USDC,
      dstChainId: ARB,
      dstToken: ARB_WETH,
      appFees: [{ bps: 20, receiverAddress: APP_FEE_RECEIVER }],
    },
    amountIn: '5000000000', // 5,000 USDC
    amountOut: '1000000000000000000', // 1 WETH
    crossChain: false,
  },
  {
    name: 'USDC on Base → USDT on OP',
    request: { sender: EVM_SENDER, srcChainId: 8453, srcToken: BASE_USDC, dstChainId: 10, dstToken: OP_USDT },
    amountIn: '250000000',
    amountOut: '250000000',
    crossChain: true,
  },
  {
    name: 'USDC on Arbitrum → SOL on Solana',
    request: {
      sender: EVM_SENDER,
      srcChainId: ARB,
      srcToken: ARB_USDC,
      dstChainId: SOLANA,
      dstToken: '11111111111111111111111111111111',
      recipient: SOL_RECIPIENT,
    },
    amountIn: '1000000000', // 1,000 USDC
    amountOut: '2000000000', // 2 SOL
    crossChain: true,
  },
  {
    name: 'BTC on Bitcoin → USDC on Ethereum (THORChain)',
    request: {
      sender: BTC_SENDER,
      srcChainId: BITCOIN,
      srcToken: 'bitcoin',
      dstChainId: 1,
      dstToken: ETH_USDC,
      recipient: EVM_SENDER,
    },
    amountIn: '10000000', // 0.1 BTC
    amountOut: '5000000000', // 5,000 USDC
    crossChain: true,
  },
]

/** Checks that the route's steps are what the pools and lanes of the snapshot really compute. */
function expectStepsExact(route: RouteQuote) {
  for (let k = 0; k < route.steps.length; k++) {
    const step = route.steps[k]!
    if (k > 0) expect(step.amountIn).toBe(route.steps[k - 1]!.amountOut)
    if (step.type === 'swap') {
      const pool = snapshot.pools.find((p) => p.id === step.id)!
      const chain = snapshot.chains.get(step.chainId)!
      const i = pool.tokens.indexOf(tokenKey(step.chainId, chain.vm, step.tokenIn))
      const j = pool.tokens.indexOf(tokenKey(step.chainId, chain.vm, step.tokenOut))
      expect(poolAmountOut(pool, i, j, BigInt(step.amountIn))).toBe(BigInt(step.amountOut))
    } else if (step.type === 'bridge') {
      const lane = snapshot.lanes.find((l) => l.id === step.id)!
      expect(laneAmountOut(lane, BigInt(step.amountIn))).toBe(BigInt(step.amountOut))
    } else {
      expect(step.amountOut).toBe(step.amountIn) // wrap/unwrap is 1:1
    }
  }
  // bridgeRoute lists exactly the bridge steps, in order.
  const bridges = route.steps.filter((step) => step.type === 'bridge')
  expect(route.bridgeRoute).toEqual(
    bridges.map((step) => ({
      srcChainId: step.chainId,
      dstChainId: step.dstChainId,
      srcBridgeToken: step.tokenIn,
      dstBridgeToken: step.tokenOut,
      bridgeId: step.protocol,
    })),
  )
  expect(route.bridgeIds).toEqual([...new Set(bridges.map((step) => step.protocol))])
}

/** A route's `networkFee` converted into one of its tokens at the snapshot's prices, as the router ranks it. */
function networkCostIn(route: RouteQuote, amount: { chainId: number; address: string }): bigint {
  const tokenOf = (chainId: number, address: string) =>
    snapshot.tokens.get(tokenKey(chainId, snapshot.chains.get(chainId)!.vm, address))!
  const fee = route.networkFee
  return convertAtUsdPrices(
    BigInt(fee.amount),
    tokenOf(fee.chainId, fee.address),
    tokenOf(amount.chainId, amount.address),
  )
}

function expectCommon(result: QuoteResult, scenario: Scenario) {
  const { srcChainId, srcToken, dstChainId, dstToken } = scenario.request
  for (const route of [result, ...result.allRoutes]) {
    expect(route.amountIn.address).toBe(srcToken)
    expect(route.amountIn.chainId).toBe(srcChainId)
    expect(route.amountOut.address).toBe(dstToken)
    expect(route.amountOut.chainId).toBe(dstChainId)
    for (const fee of [route.protocolFee, route.applicationFee]) {
      expect(fee.address).toBe(srcToken) // fees are charged in the source token
      expect(fee.chainId).toBe(srcChainId)
    }
    expect(BigInt(route.amountOutMin.amount)).toBeLessThanOrEqual(BigInt(route.amountOut.amount))
    expect(BigInt(route.amountIn.amount)).toBeLessThanOrEqual(BigInt(route.amountInMax.amount))
    expect(BigInt(route.protocolFee.amount)).toBe((BigInt(route.amountIn.amount) * 10n + 9_999n) / 10_000n)
    const appBps = BigInt(scenario.request.appFees?.[0]?.bps ?? 0)
    expect(BigInt(route.applicationFee.amount)).toBe((BigInt(route.amountIn.amount) * appBps + 9_999n) / 10_000n)
    // Each fee's amount, on every route (each has its own gross input); they sum to applicationFee.
    expect(route.appFees.map(({ bps, receiverAddress }) => ({ bps, receiverAddress }))).toEqual(
      scenario.request.appFees ?? [],
    )
    const appFeeSum = route.appFees.reduce((sum, fee) => sum + BigInt(fee.amount.amount), 0n)
    expect(appFeeSum.toString()).toBe(route.applicationFee.amount)
    expect(route.bridgeIds.length > 0).toBe(scenario.crossChain)
    expect(route.estimatedTxTime).toBeGreaterThan(0)
    expect(route.estimatedPriceImpact).toBeGreaterThanOrEqual(0)
    expect(route.exchangeRate).toBeGreaterThan(0)
    expect(route.amountIn.usdAmount).toBeGreaterThan(0)
    expectStepsExact(route)
    // The swap input is the gross input less the fees.
    const net = BigInt(route.amountIn.amount) - BigInt(route.protocolFee.amount) - BigInt(route.applicationFee.amount)
    expect(route.steps[0]!.amountIn).toBe(net.toString())
  }
  const { allRoutes, requiresTokenApproval, ...best } = result
  const { ...first } = allRoutes[0]!
  expect(first).toEqual(best) // the top-level figures are the best route's
  expect(allRoutes.length).toBeGreaterThanOrEqual(1)
  expect(allRoutes.length).toBeLessThanOrEqual(3)
  expect(new Set(allRoutes.map((route) => route.steps.map((step) => step.id ?? step.type).join('>'))).size).toBe(
    allRoutes.length,
  )
  const chain = snapshot.chains.get(srcChainId)!
  expect(result.requiresRegisterTransaction).toBe(chain.vm !== 'evm')
  expect(requiresTokenApproval).toBe(chain.vm === 'evm' && result.amountIn.isNative === false)
}

describe.each(scenarios)('default fixture: $name', (scenario) => {
  it('exact-amount-in: consistent figures, most output first', () => {
    const request = {
      ...scenario.request,
      amount: scenario.amountIn,
      swapDirection: 'exact-amount-in' as const,
      slippage: 50,
    }
    const result = engine.quote(request)
    expectCommon(result, scenario)
    for (const route of result.allRoutes) {
      expect(route.amountIn.amount).toBe(scenario.amountIn)
      expect(route.amountInMax.amount).toBe(scenario.amountIn)
      expect(route.amountOut.amount).toBe(route.steps.at(-1)!.amountOut)
      expect(BigInt(route.amountOutMin.amount)).toBe((BigInt(route.amountOut.amount) * 9_950n) / 10_000n)
    }
    // Ranked by output net of the network cost, in the output token (as Uniswap ranks by gas-adjusted quote).
    const netOuts = result.allRoutes.map(
      (route) => BigInt(route.amountOut.amount) - networkCostIn(route, route.amountOut),
    )
    expect(netOuts).toEqual([...netOuts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))
  })

  it('exact-amount-out: delivers at least the amount, least input first', () => {
    const request = {
      ...scenario.request,
      amount: scenario.amountOut,
      swapDirection: 'exact-amount-out' as const,
      slippage: 50,
    }
    const result = engine.quote(request)
    expectCommon(result, scenario)
    for (const route of result.allRoutes) {
      expect(route.amountOut.amount).toBe(scenario.amountOut)
      expect(route.amountOutMin.amount).toBe(scenario.amountOut)
      expect(BigInt(route.steps.at(-1)!.amountOut)).toBeGreaterThanOrEqual(BigInt(scenario.amountOut))
      expect(BigInt(route.amountInMax.amount)).toBe((BigInt(route.amountIn.amount) * 10_050n + 9_999n) / 10_000n)
    }
    // Ranked by swap input plus the network cost, in the input token.
    const ins = result.allRoutes.map((route) => BigInt(route.steps[0]!.amountIn) + networkCostIn(route, route.amountIn))
    expect(ins).toEqual([...ins].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    // Replaying the quote as exact-in with its amountIn delivers at least what was asked.
    const replay = engine.quote({ ...request, amount: result.amountIn.amount, swapDirection: 'exact-amount-in' })
    expect(BigInt(replay.amountOut.amount)).toBeGreaterThanOrEqual(BigInt(scenario.amountOut))
  })
})

describe('default fixture: specifics', () => {
  it('USDC → WETH on Arbitrum offers three distinct routes', () => {
    const result = engine.quote({
      ...scenarios[0]!.request,
      amount: '5000000000',
      swapDirection: 'exact-amount-in' as const,
      slippage: 50,
    })
    expect(result.allRoutes).toHaveLength(3)
    expect(result.vmId).toBe('evm')
    expect(result.requiresTokenApproval).toBe(true)
  })

  it('EVM → Solana needs a recipient', () => {
    const { recipient: _, ...withoutRecipient } = scenarios[2]!.request
    thrown(
      () =>
        engine.quote({
          ...withoutRecipient,
          amount: '1000000000',
          swapDirection: 'exact-amount-in' as const,
          slippage: 50,
        }),
      CrossVmReceiverRequiredError,
    )
  })

  it('BTC → USDC goes over THORChain, from a non-EVM chain that must register its transaction', () => {
    const result = engine.quote({
      ...scenarios[3]!.request,
      amount: '10000000',
      swapDirection: 'exact-amount-in',
      slippage: 100,
    })
    expect(result.bridgeIds).toContain('thorchain')
    expect(result.vmId).toBe('alt-vm')
    expect(result.requiresRegisterTransaction).toBe(true)
    expect(result.requiresTokenApproval).toBe(false)
    expect(result.bridgeFee.amount).not.toBe('0')
  })

  it('the same snapshot and request give identical JSON, across engines', () => {
    const request = {
      ...scenarios[1]!.request,
      amount: '123456789',
      swapDirection: 'exact-amount-in' as const,
      slippage: 12.5,
    }
    const again = createEngine(loadSnapshotFile(), { protocolFeeBps: 10 })
    expect(JSON.stringify(again.quote(request))).toBe(JSON.stringify(engine.quote(request)))
    expect(JSON.stringify(engine.quote(request))).toBe(JSON.stringify(engine.quote(request)))
  })
})
