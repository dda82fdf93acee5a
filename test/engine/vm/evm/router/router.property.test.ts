/**
 * Property: on a real local chain, any route the engine quotes over real Uniswap V2/V3 pools — random token pair
 * (native and wrapped included), direction, amount, app fees, recipient and split allowance — executes exactly as
 * quoted: the builder's transaction, sent as it is, moves every balance by the quote's figure to the unit and leaves
 * nothing in the router. Each run trades, so later runs quote pools earlier runs moved.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { BaseError } from '../../../../../engine/errors/index.js'
import { type EvmNode, startEvmNode } from '../../../../helpers/evmNode.js'
import { type RouterWorld, ZERO, deployRouterWorld } from '../../../../helpers/uniswap/deployRouterWorld.js'
import { CHAIN_ID, type Request, expectExecutedOn, quoteAndBuild } from './routerChain.js'

let node: EvmNode
let world: RouterWorld

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID })
  world = await deployRouterWorld(node)
}, 180_000)
afterAll(async () => {
  await node?.stop()
})

const RUNS = 40
const RECEIVERS = ['0x000000000000000000000000000000000000a011', '0x000000000000000000000000000000000000a012']
const RECIPIENTS = [undefined, '0x000000000000000000000000000000000000b011']

it(`executes ${RUNS} random quotes exactly as the engine quoted them`, async () => {
  const { usdc, weth, dai } = world.tokens
  const pairs: readonly (readonly [string, string])[] = [
    [usdc, weth],
    [weth, usdc],
    [dai, usdc],
    [usdc, dai],
    [dai, weth],
    [ZERO, usdc],
    [usdc, ZERO],
    [ZERO, dai],
    [dai, ZERO],
  ]
  const executed = { routes: 0, splits: 0, refused: 0 }
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        pair: fc.constantFrom(...pairs),
        swapDirection: fc.constantFrom('exact-amount-in' as const, 'exact-amount-out' as const),
        // Raw units: from dust to a large share of the pools' depth (~1e12 per side).
        amount: fc.bigInt({ min: 10_000n, max: 2n * 10n ** 11n }),
        feeBps: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 2 }),
        recipient: fc.constantFrom(...RECIPIENTS),
        maxSplits: fc.integer({ min: 1, max: 3 }),
        slippage: fc.integer({ min: 1, max: 300 }),
      }),
      async ({ pair, swapDirection, amount, feeBps, recipient, maxSplits, slippage }) => {
        const request: Request = {
          srcToken: pair[0],
          dstToken: pair[1],
          amount: String(amount),
          swapDirection,
          maxSplits,
          slippage,
          appFees: feeBps.map((bps, index) => ({ bps, receiverAddress: RECEIVERS[index]! })),
        }
        let built
        try {
          built = await quoteAndBuild(world, request, { recipient })
        } catch (error) {
          // A quote the engine refuses (too little liquidity, an amount below the fees) has nothing to execute.
          if (!(error instanceof BaseError)) throw error
          executed.refused += 1
          return
        }
        await expectExecutedOn(world, built.quote, built.tx, recipient ?? world.clients.account)
        executed.routes += 1
        if (built.quote.splits !== undefined) executed.splits += 1
      },
    ),
    { numRuns: RUNS },
  )
  console.log(`random routes: ${JSON.stringify(executed)}`)
  // The property must mostly execute, not be refused; splits must be among them.
  expect(executed.routes).toBeGreaterThan(RUNS * 0.7)
  expect(executed.splits).toBeGreaterThan(0)
}, 600_000)
