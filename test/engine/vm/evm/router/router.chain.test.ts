/**
 * The router contract on a real local chain (Hardhat) against real Uniswap V2 and V3 contracts: each kind of quote
 * the engine makes on a snapshot read from that chain, encoded by the builder, sent as it is, moves exactly the
 * quoted amounts — the recipient gets `amountOut` (exact-in), the sender pays `amountIn` (exact-out, the rest of
 * `amountInMax` refunded), the protocol fee and every app fee reach their receivers — and the router holds nothing
 * afterwards. The router's guards revert with its custom errors.
 */
import { type Hex, encodeFunctionData, erc20Abi, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuoteResult } from '../../../../../engine/index.js'
import { type EvmNode, startEvmNode } from '../../../../helpers/evmNode.js'
import {
  FEE_OWNER,
  ROUTER_ARTIFACT,
  type RouterWorld,
  TEST_ARTIFACTS,
  ZERO,
  deployRouterWorld,
} from '../../../../helpers/uniswap/deployRouterWorld.js'
import { CHAIN_ID, type Request, expectExecutedOn, quoteAndBuild, revertOf, send } from './routerChain.js'

let node: EvmNode
let world: RouterWorld
/** Gas used by each kind of quote, printed at the end (the figures behind the gas model's calibration). */
const gasUsed: Record<string, bigint> = {}

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID })
  world = await deployRouterWorld(node)
}, 180_000)
afterAll(async () => {
  console.log(
    `router gas used by kind of quote: ${JSON.stringify(gasUsed, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`,
  )
  await node?.stop()
})

const FEE_A = '0x000000000000000000000000000000000000a001'
const FEE_B = '0x000000000000000000000000000000000000a002'
const OTHER = '0x000000000000000000000000000000000000b0b0'

/** Sends the quote's transaction, checks every balance to the unit (`expectExecuted`), records its gas. */
async function expectExecuted(
  name: string,
  quote: QuoteResult,
  tx: { to: string; data: Hex; value: string },
  recipient: string = world.clients.account,
  orderRecipient: string = recipient,
) {
  const receipt = await expectExecutedOn(world, quote, tx, recipient, orderRecipient)
  gasUsed[name] = receipt.gasUsed
  return receipt
}

describe('the router executes the engine’s quotes', () => {
  it('exact-in ERC-20 → ERC-20 (one V3 pool), with two app fees', async () => {
    const request: Request = {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '123456789',
      swapDirection: 'exact-amount-in',
      appFees: [
        { bps: 20, receiverAddress: FEE_A },
        { bps: 7, receiverAddress: FEE_B },
      ],
    }
    const { quote, tx } = await quoteAndBuild(world, request)
    expect(quote.steps.map((step) => step.protocol)).toEqual(['uniswap-v3'])
    await expectExecuted('exact-in, 1 V3 pool, 2 app fees', quote, tx, world.clients.account)
  })

  it('exact-out ERC-20 → ERC-20: the recipient gets exactly amountOut, the rest of amountInMax is refunded', async () => {
    const { quote, tx } = await quoteAndBuild(
      world,
      {
        srcToken: world.tokens.weth,
        dstToken: world.tokens.usdc,
        amount: '98765432',
        swapDirection: 'exact-amount-out',
      },
      { recipient: OTHER },
    )
    expect(BigInt(quote.amountInMax.amount) > BigInt(quote.amountIn.amount)).toBe(true)
    await expectExecuted('exact-out, 1 V3 pool', quote, tx, OTHER)
  })

  it('native in (wrap, then V3), exact-in', async () => {
    const recipient = OTHER.replace('b0b0', 'b0b1')
    const { quote, tx } = await quoteAndBuild(
      world,
      { srcToken: ZERO, dstToken: world.tokens.usdc, amount: '5000000000', swapDirection: 'exact-amount-in' },
      { recipient },
    )
    expect(quote.steps.map((step) => step.type)).toEqual(['wrap', 'swap'])
    expect(tx.value).toBe('5000000000')
    await expectExecuted('native in, exact-in', quote, tx, recipient)
  })

  it('native out (V3, then unwrap), exact-out with the refund', async () => {
    const { quote, tx } = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: ZERO,
      amount: '700000000',
      swapDirection: 'exact-amount-out',
    })
    expect(quote.steps.map((step) => step.type)).toEqual(['swap', 'unwrap'])
    await expectExecuted('native out, exact-out', quote, tx)
  })

  it('multi-hop V2 → V3 (DAI → WETH → USDC), exact-in and exact-out', async () => {
    const exactIn = await quoteAndBuild(world, {
      srcToken: world.tokens.dai,
      dstToken: world.tokens.usdc,
      amount: '4000000000',
      swapDirection: 'exact-amount-in',
    })
    expect(exactIn.quote.steps.map((step) => step.protocol)).toEqual(['uniswap-v2', 'uniswap-v3'])
    await expectExecuted('exact-in, V2 → V3', exactIn.quote, exactIn.tx)
    const exactOut = await quoteAndBuild(world, {
      srcToken: world.tokens.dai,
      dstToken: world.tokens.usdc,
      amount: '3000000000',
      swapDirection: 'exact-amount-out',
    })
    await expectExecuted('exact-out, V2 → V3', exactOut.quote, exactOut.tx)
  })

  it('a split: every part in one call', async () => {
    const { quote, tx } = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '400000000000',
      swapDirection: 'exact-amount-in',
      maxSplits: 2,
      appFees: [{ bps: 10, receiverAddress: FEE_A }],
    })
    expect(quote.splits?.length).toBe(2)
    await expectExecuted('split of 2, exact-in', quote, tx)
    const exactOut = await quoteAndBuild(world, {
      srcToken: world.tokens.weth,
      dstToken: world.tokens.usdc,
      amount: '300000000000',
      swapDirection: 'exact-amount-out',
      maxSplits: 2,
    })
    expect(exactOut.quote.splits?.length).toBe(2)
    await expectExecuted('split of 2, exact-out', exactOut.quote, exactOut.tx)
  })

  it('swapAndCall: approves exactly erc20Amount to the spender, makes the call, resets the approval', async () => {
    const erc20Amount = 55_555_555n
    const target = world.callTarget
    const data = encodeFunctionData({
      abi: TEST_ARTIFACTS.callTarget.abi,
      functionName: 'depositToken',
      args: [world.tokens.usdc, erc20Amount, OTHER],
    })
    const { quote, tx } = await quoteAndBuild(
      world,
      {
        srcToken: world.tokens.weth,
        dstToken: world.tokens.usdc,
        amount: String(erc20Amount),
        swapDirection: 'exact-amount-out',
      },
      { call: { target, data, value: 0n, erc20Spender: target, erc20Amount } },
    )
    const credited = async () =>
      (await world.clients.publicClient.readContract({
        address: target,
        abi: TEST_ARTIFACTS.callTarget.abi,
        functionName: 'credited',
        args: [world.tokens.usdc, OTHER],
      })) as bigint
    const before = await credited()
    await expectExecuted('swapAndCall, 1 V3 pool', quote, tx, target, world.clients.account)
    expect((await credited()) - before).toBe(erc20Amount)
    const allowance = await world.clients.publicClient.readContract({
      address: world.tokens.usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [world.router, target],
    })
    expect(allowance).toBe(0n)
  })

  it('swapAndCall with native value: the route unwraps, the call receives exactly `value`', async () => {
    const value = 3_333_333n
    const target = world.callTarget
    const data = encodeFunctionData({
      abi: TEST_ARTIFACTS.callTarget.abi,
      functionName: 'depositNative',
      args: [OTHER],
    })
    const { quote, tx } = await quoteAndBuild(
      world,
      { srcToken: world.tokens.usdc, dstToken: ZERO, amount: String(value), swapDirection: 'exact-amount-out' },
      { call: { target, data, value, erc20Spender: target, erc20Amount: 0n } },
    )
    expect(quote.steps.map((step) => step.type)).toEqual(['swap', 'unwrap'])
    const credited = async () =>
      (await world.clients.publicClient.readContract({
        address: target,
        abi: TEST_ARTIFACTS.callTarget.abi,
        functionName: 'credited',
        args: [ZERO, OTHER],
      })) as bigint
    const before = await credited()
    await expectExecuted('swapAndCall, native value', quote, tx, target, world.clients.account)
    expect((await credited()) - before).toBe(value)
  })
})

describe('the router’s guards', () => {
  it('reverts InsufficientOutput when the pool moved past amountOutMin before the transaction', async () => {
    const { quote, tx } = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '50000000000',
      swapDirection: 'exact-amount-in',
      slippage: 30,
    })
    // Someone else trades the same way first: the price moves far more than 0.30 %.
    const mover = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '300000000000',
      swapDirection: 'exact-amount-in',
    })
    expect((await send(world, mover.tx)).status).toBe('success')
    const error = await revertOf(world, tx)
    expect(error?.errorName).toBe('InsufficientOutput')
    expect((error?.args as bigint[])[1]).toBe(BigInt(quote.amountOutMin.amount))
    expect((await send(world, tx)).status).toBe('reverted')
  })

  it('reverts ExcessiveInput on exact-out when the route would need more than amountInMax', async () => {
    const { tx } = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '40000000000',
      swapDirection: 'exact-amount-out',
      slippage: 10,
    })
    const mover = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '300000000000',
      swapDirection: 'exact-amount-in',
    })
    expect((await send(world, mover.tx)).status).toBe('success')
    expect((await revertOf(world, tx))?.errorName).toBe('ExcessiveInput')
  })

  it('reverts DeadlinePassed after the deadline', async () => {
    const block = await world.clients.publicClient.getBlock()
    const { tx } = await quoteAndBuild(
      world,
      { srcToken: world.tokens.usdc, dstToken: world.tokens.weth, amount: '1000000', swapDirection: 'exact-amount-in' },
      { deadline: Number(block.timestamp) + 60 },
    )
    await node.rpc('evm_increaseTime', [120])
    await node.rpc('evm_mine')
    const error = await revertOf(world, tx)
    expect(error?.errorName).toBe('DeadlinePassed')
    expect((await send(world, tx)).status).toBe('reverted')
  })

  it('refuses a V3 callback from anything but the pool it is calling (NotPool)', async () => {
    const data = encodeFunctionData({
      abi: ROUTER_ARTIFACT.abi,
      functionName: 'uniswapV3SwapCallback',
      args: [1000n, 0n, '0x'],
    })
    expect((await revertOf(world, { to: world.router, data, value: '0' }))?.errorName).toBe('NotPool')
  })

  it('refuses a step whose pool is not the factory’s (UnknownPool): no call to a caller-chosen contract', async () => {
    const { quote, tx } = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '1000000',
      swapDirection: 'exact-amount-in',
    })
    // The one pool address of the calldata replaced by another contract's (the call target).
    const pool = quote.steps[0]!.address!
    const forged = tx.data.replace(pool.slice(2).toLowerCase(), world.callTarget.slice(2).toLowerCase()) as Hex
    expect(forged).not.toBe(tx.data)
    const error = await revertOf(world, { ...tx, data: forged })
    expect(error?.errorName).toBe('UnknownPool')
  })

  it('refuses reentrancy from the declared call (Reentrancy)', async () => {
    const inner = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '1000000',
      swapDirection: 'exact-amount-in',
    })
    const data = encodeFunctionData({
      abi: TEST_ARTIFACTS.reenterer.abi,
      functionName: 'reenter',
      args: [world.router, inner.tx.data],
    })
    const { tx } = await quoteAndBuild(
      world,
      { srcToken: world.tokens.weth, dstToken: world.tokens.usdc, amount: '1000', swapDirection: 'exact-amount-out' },
      { call: { target: world.reenterer, data, value: 0n, erc20Spender: world.reenterer, erc20Amount: 1000n } },
    )
    expect((await revertOf(world, tx))?.errorName).toBe('Reentrancy')
  })

  it('refuses native value that is not the order’s (WrongValue)', async () => {
    const { tx } = await quoteAndBuild(world, {
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '1000000',
      swapDirection: 'exact-amount-in',
    })
    expect((await revertOf(world, { ...tx, value: '1' }))?.errorName).toBe('WrongValue')
  })

  it('only the owner sweeps or hands over the fees (Unauthorized)', async () => {
    // The funded account deployed the router but handed it to FEE_OWNER.
    const sweep = encodeFunctionData({
      abi: ROUTER_ARTIFACT.abi,
      functionName: 'sweep',
      args: [world.tokens.usdc, world.clients.account, 1n],
    })
    expect((await revertOf(world, { to: world.router, data: sweep, value: '0' }))?.errorName).toBe('Unauthorized')
    const data = encodeFunctionData({ abi: ROUTER_ARTIFACT.abi, functionName: 'setOwner', args: [zeroAddress] })
    expect((await revertOf(world, { to: world.router, data, value: '0' }))?.errorName).toBe('Unauthorized')
    // The owner itself may not hand the fees to the zero address.
    expect((await revertOf(world, { to: world.router, data, value: '0' }, FEE_OWNER))?.errorName).toBe('ZeroOwner')
  })
})
