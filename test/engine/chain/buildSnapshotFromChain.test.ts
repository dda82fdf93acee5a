/**
 * The chain snapshot builder against real Uniswap contracts on a Hardhat node: the snapshot read over RPC quotes
 * exactly what QuoterV2 quotes and what the pool's own swap does (V3, through SwapRouter), and what a V2 pair
 * accepts (one unit more out, or one unit less in, reverts), across many ticks and in both directions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Address, maxUint256 } from 'viem'
import { createEngine } from '../../../engine/index.js'
import { buildSnapshotFromChain, bitmapWordRange, ticksOfWord } from '../../../engine/chain.js'
import type { ConcentratedPool, Snapshot, SnapshotJson } from '../../../engine/graph/types.js'
import { swapConcentrated } from '../../../engine/pools/concentrated.js'
import { poolAmountIn, poolAmountOut } from '../../../engine/pools/index.js'
import { type EvmNode, startEvmNode } from '../../helpers/evmNode.js'
import { ARTIFACTS, type UniswapDeployment, send } from '../../helpers/uniswap/deployUniswap.js'
import { CHAIN_ID, POSITIONS, configOf, deployWorld } from './uniswapWorld.js'

let node: EvmNode
let world: UniswapDeployment
let snapshot: Snapshot
let json: SnapshotJson

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID })
  world = await deployWorld(node)
  ;({ snapshot, json } = await buildSnapshotFromChain(configOf(world, world.multicall3), {
    clients: { [CHAIN_ID]: world.clients.publicClient },
  }))
}, 120_000)
afterAll(async () => {
  await node?.stop()
})

const SENDER = '0x1111111111111111111111111111111111111111'
// Amounts from a few units to most of the pool's depth: the large ones cross several initialized ticks.
const AMOUNTS = [
  1n,
  7n,
  1_000n,
  123_457n,
  10n ** 8n,
  3n * 10n ** 9n,
  10n ** 10n,
  7n * 10n ** 10n,
  2n * 10n ** 11n,
].concat([5n * 10n ** 11n, 9n * 10n ** 11n, 1_234_567_890_123n])

function v3Pool(): ConcentratedPool {
  return snapshot.pools.find((pool) => pool.kind === 'concentrated') as ConcentratedPool
}

/** Token addresses of a pool, as the contracts know them (the loaded snapshot keys tokens by chain). */
function addressesOf(poolId: string): readonly Address[] {
  return json.pools.find((pool) => pool.id === poolId)!.tokens as Address[]
}

async function simulate(address: Address, abi: typeof ARTIFACTS.quoterV2.abi, functionName: string, args: unknown[]) {
  const { result } = await world.clients.publicClient.simulateContract({
    address,
    abi,
    functionName,
    args,
    account: world.clients.account,
  } as never)
  return result as unknown
}

describe('buildSnapshotFromChain on real Uniswap contracts', () => {
  it('reads every initialized tick of the V3 pool through the bitmap, and the V2 reserves', () => {
    const pool = v3Pool()
    const expected = [...new Set(POSITIONS.flatMap((p) => [p.tickLower, p.tickUpper]))].sort((a, b) => a - b)
    expect(pool.state.ticks.map((tick) => tick.index)).toEqual(expected)
    expect(pool.state.tickSpacing).toBe(60)
    expect(pool.feePips).toBe(3000)
    const pair = snapshot.pools.find((p) => p.id === 'v2-weth-dai')!
    expect(pair.kind).toBe('constantProduct')
    const decimals = Object.fromEntries(json.tokens.map((token) => [token.symbol, token.decimals]))
    expect(decimals).toMatchObject({ USDC: 6, WETH: 18, DAI: 18 })
  })

  it('reads the same snapshot with a deployless multicall (no Multicall3 on the chain)', async () => {
    const deployless = await buildSnapshotFromChain(configOf(world), {
      clients: { [CHAIN_ID]: world.clients.publicClient },
    })
    expect(deployless.snapshot.pools).toEqual(snapshot.pools)
  })

  it('V3 exact input: engine = QuoterV2 = SwapRouter swap, to the unit, both directions', async () => {
    const pool = v3Pool()
    const checked: string[] = []
    for (const zeroForOne of [true, false]) {
      const [tokenIn, tokenOut] = zeroForOne ? addressesOf(pool.id) : [...addressesOf(pool.id)].reverse()
      for (const amountIn of AMOUNTS) {
        const engine = poolAmountOut(pool, zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, amountIn)
        const [quoted] = (await simulate(world.quoterV2, ARTIFACTS.quoterV2.abi, 'quoteExactInputSingle', [
          { tokenIn, tokenOut, amountIn, fee: world.v3Fee, sqrtPriceLimitX96: 0n },
        ])) as [bigint]
        const swapped = (await simulate(world.swapRouter, ARTIFACTS.swapRouter.abi, 'exactInputSingle', [
          {
            tokenIn,
            tokenOut,
            fee: world.v3Fee,
            recipient: world.clients.account,
            deadline: maxUint256,
            amountIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ])) as bigint
        expect({ amountIn, engine }).toEqual({ amountIn, engine: quoted })
        expect(swapped).toBe(quoted)
        checked.push(`${zeroForOne}:${amountIn}`)
      }
    }
    expect(checked).toHaveLength(AMOUNTS.length * 2)
    // The loop does cross ticks: the largest amounts step over several initialized ticks each way.
    const crossed = [true, false].map((zeroForOne) => swapConcentrated(pool, zeroForOne, AMOUNTS.at(-1)!)!)
    expect(crossed.map((swap) => swap.initializedTicksCrossed >= 3)).toEqual([true, true])
  }, 120_000)

  it('V3 exact output: engine = QuoterV2 = SwapRouter swap, to the unit, both directions', async () => {
    const pool = v3Pool()
    for (const zeroForOne of [true, false]) {
      const [tokenIn, tokenOut] = zeroForOne ? addressesOf(pool.id) : [...addressesOf(pool.id)].reverse()
      for (const amountOut of AMOUNTS.slice(0, -1)) {
        const engine = poolAmountIn(pool, zeroForOne ? 0 : 1, zeroForOne ? 1 : 0, amountOut)
        const [quoted] = (await simulate(world.quoterV2, ARTIFACTS.quoterV2.abi, 'quoteExactOutputSingle', [
          { tokenIn, tokenOut, amount: amountOut, fee: world.v3Fee, sqrtPriceLimitX96: 0n },
        ])) as [bigint]
        const swapped = (await simulate(world.swapRouter, ARTIFACTS.swapRouter.abi, 'exactOutputSingle', [
          {
            tokenIn,
            tokenOut,
            fee: world.v3Fee,
            recipient: world.clients.account,
            deadline: maxUint256,
            amountOut,
            amountInMaximum: maxUint256,
            sqrtPriceLimitX96: 0n,
          },
        ])) as bigint
        expect({ amountOut, engine }).toEqual({ amountOut, engine: quoted })
        expect(swapped).toBe(quoted)
      }
    }
  }, 120_000)

  it('V2: engine = UniswapV2Library formulas; the pair pays that output and not a unit more, and takes that input', async () => {
    const pair = snapshot.pools.find((p) => p.id === 'v2-weth-dai')!
    if (pair.kind !== 'constantProduct') throw new Error('not a V2 pair')
    const reserves = [pair.state.reserve0, pair.state.reserve1]
    const trySwap = async (tokenIn: string, amountIn: bigint, out0: bigint, out1: bigint) =>
      simulate(world.v2Swapper, ARTIFACTS.v2Swapper.abi as never, 'swap', [world.v2Pair, tokenIn, amountIn, out0, out1])
        .then(() => true)
        .catch(() => false)
    for (const inIndex of [0, 1]) {
      const [reserveIn, reserveOut] = [reserves[inIndex]!, reserves[1 - inIndex]!]
      const outs = (amount: bigint) => (inIndex === 0 ? [0n, amount] : [amount, 0n]) as [bigint, bigint]
      const tokenIn = addressesOf(pair.id)[inIndex]!
      for (const amount of [10n ** 6n, 10n ** 15n, 3n * 10n ** 18n, 10n ** 20n, 10n ** 22n]) {
        // UniswapV2Library.getAmountOut / getAmountIn (v2-periphery), the formulas routers use.
        const formulaOut = (amount * 997n * reserveOut) / (reserveIn * 1000n + amount * 997n)
        const out = poolAmountOut(pair, inIndex, 1 - inIndex, amount)!
        expect(out).toBe(formulaOut)
        expect(await trySwap(tokenIn, amount, ...outs(out))).toBe(true)
        expect(await trySwap(tokenIn, amount, ...outs(out + 1n))).toBe(false)
        if (amount >= reserveOut) continue
        const formulaIn = (reserveIn * amount * 1000n) / ((reserveOut - amount) * 997n) + 1n
        const needed = poolAmountIn(pair, inIndex, 1 - inIndex, amount)!
        expect(needed).toBe(formulaIn)
        expect(await trySwap(tokenIn, needed, ...outs(amount))).toBe(true)
      }
    }
  }, 120_000)

  it("engine.quote on the built snapshot answers QuoterV2's amounts", async () => {
    const { usdc, weth } = world.tokens
    const engine = createEngine(snapshot)
    const request = {
      sender: SENDER,
      slippage: 0,
      srcChainId: CHAIN_ID,
      srcToken: usdc,
      dstChainId: CHAIN_ID,
      dstToken: weth,
    }
    const exactIn = engine.quote({ ...request, amount: '200000000000', swapDirection: 'exact-amount-in' })
    const [quotedOut] = (await simulate(world.quoterV2, ARTIFACTS.quoterV2.abi, 'quoteExactInputSingle', [
      { tokenIn: usdc, tokenOut: weth, amountIn: 200_000_000_000n, fee: world.v3Fee, sqrtPriceLimitX96: 0n },
    ])) as [bigint]
    expect(exactIn.amountOut.amount).toBe(quotedOut.toString())
    const exactOut = engine.quote({ ...request, amount: '200000000000', swapDirection: 'exact-amount-out' })
    const [quotedIn] = (await simulate(world.quoterV2, ARTIFACTS.quoterV2.abi, 'quoteExactOutputSingle', [
      { tokenIn: usdc, tokenOut: weth, amount: 200_000_000_000n, fee: world.v3Fee, sqrtPriceLimitX96: 0n },
    ])) as [bigint]
    expect(exactOut.amountIn.amount).toBe(quotedIn.toString())
  })
})

describe('engine.apply against real swaps (runs last: it trades on the node)', () => {
  it('the applied snapshot equals the one read back after the same swaps executed', async () => {
    const { usdc, weth, dai } = world.tokens
    const engine = createEngine(snapshot)
    const base = { sender: SENDER, slippage: 0, srcChainId: CHAIN_ID, dstChainId: CHAIN_ID }
    const v3Trade = engine.quote({ ...base, srcToken: usdc, dstToken: weth, amount: '300000000000' })
    const v2Trade = engine.quote({ ...base, srcToken: weth, dstToken: dai, amount: '5000000000000000000' })
    const applied = engine.apply(v3Trade).apply(v2Trade).snapshot

    const [v3Step, v2Step] = [v3Trade.steps[0]!, v2Trade.steps[0]!]
    await send(world.clients, world.swapRouter, ARTIFACTS.swapRouter.abi, 'exactInputSingle', [
      {
        tokenIn: usdc,
        tokenOut: weth,
        fee: world.v3Fee,
        recipient: world.clients.account,
        deadline: maxUint256,
        amountIn: BigInt(v3Step.amountIn),
        amountOutMinimum: BigInt(v3Step.amountOut),
        sqrtPriceLimitX96: 0n,
      },
    ])
    const wethIsToken0 = addressesOf('v2-weth-dai')[0]!.toLowerCase() === weth.toLowerCase()
    const out = BigInt(v2Step.amountOut)
    await send(world.clients, world.v2Swapper, ARTIFACTS.v2Swapper.abi, 'swap', [
      world.v2Pair,
      weth,
      BigInt(v2Step.amountIn),
      wethIsToken0 ? 0n : out,
      wethIsToken0 ? out : 0n,
    ])
    const reread = await buildSnapshotFromChain(configOf(world, world.multicall3), {
      clients: { [CHAIN_ID]: world.clients.publicClient },
    })
    expect(applied.pools.map((pool) => pool.state)).toEqual(reread.snapshot.pools.map((pool) => pool.state))
    expect(applied.pools.map((pool) => pool.state)).not.toEqual(snapshot.pools.map((pool) => pool.state))
  }, 60_000)
})

describe('tick bitmap helpers', () => {
  it('covers the whole tick range and decodes set bits to ticks', () => {
    expect(bitmapWordRange(60)).toEqual({ first: -58, last: 57 })
    expect(bitmapWordRange(1)).toEqual({ first: -3466, last: 3465 })
    expect(ticksOfWord(-1, (1n << 255n) | 1n, 10)).toEqual([-2560, -10])
    expect(ticksOfWord(2, 0b110n, 1)).toEqual([513, 514])
  })
})
