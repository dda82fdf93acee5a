/**
 * Hot reload from chain state through the real service: with `SNAPSHOT_CHAIN_CONFIG` the service builds its
 * snapshot from real Uniswap V2/V3 contracts on a Hardhat node and rebuilds it every `SNAPSHOT_REFRESH_SECONDS`;
 * a swap on the chain moves the pair's reserves, the next build gets a new id, and quotes follow.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EvmNode, startEvmNode } from '../helpers/evmNode.js'
import { ARTIFACTS, type UniswapDeployment, send } from '../helpers/uniswap/deployUniswap.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { CHAIN_ID, configOf, deployWorld } from '../engine/chain/uniswapWorld.js'
import { waitForLog } from './snapshotReload.js'

const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

let dir: string
let node: EvmNode
let world: UniswapDeployment
let service: RunningService
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-reload-chain-'))
  node = await startEvmNode({ chainId: CHAIN_ID })
  world = await deployWorld(node)
  const config = configOf(world, world.multicall3)
  const chains = config.chains.map((chain) => ({ ...chain, rpcUrl: node.url }))
  writeFileSync(join(dir, 'chains.json'), JSON.stringify({ ...config, chains }))
  service = await startService({
    DATA_DIR: join(dir, 'data'),
    SNAPSHOT_CHAIN_CONFIG: join(dir, 'chains.json'),
    SNAPSHOT_REFRESH_SECONDS: '1',
    SNAPSHOT_WATCH: '0',
  })
}, 180_000)
afterAll(async () => {
  await service?.stop()
  await node?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function quoteDaiToWeth(): Promise<{ status: number; snapshotId: string; amountOut: string }> {
  const search = new URLSearchParams({
    actionType: 'swap-action',
    sender: SENDER,
    srcChainId: String(CHAIN_ID),
    srcToken: world.tokens.dai,
    dstChainId: String(CHAIN_ID),
    dstToken: world.tokens.weth,
    amount: String(10n ** 21n),
    swapDirection: 'exact-amount-in',
    slippage: '50',
    appFees: '[]',
  })
  const response = await fetch(`${service.url}/getAction?${search}`, { headers: { 'x-api-key': 'dev-key-alpha' } })
  const body = (await response.json()) as { snapshotId: string; amountOut: { amount: string } }
  return { status: response.status, snapshotId: body.snapshotId, amountOut: body.amountOut?.amount }
}

describe('hot reload from chain state (SNAPSHOT_CHAIN_CONFIG, Hardhat node)', () => {
  it('serves the snapshot built from the chain, and a swap on the chain gives the next build a new id', async () => {
    const first = (await waitForLog(service, 'snapshot.reloaded', { trigger: 'chain' }, 60_000)).snapshotId as string
    const before = await quoteDaiToWeth()
    expect([before.status, before.snapshotId]).toEqual([200, first])

    // A swap of WETH into the V2 pair moves its reserves (UniswapV2Library.getAmountOut for the output).
    const [reserve0, reserve1] = (await world.clients.publicClient.readContract({
      address: world.v2Pair,
      abi: ARTIFACTS.v2Pair.abi,
      functionName: 'getReserves',
    })) as [bigint, bigint, number]
    const wethIsToken0 = BigInt(world.tokens.weth) < BigInt(world.tokens.dai)
    const [reserveIn, reserveOut] = wethIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
    const amountIn = 10n ** 17n
    const out = (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
    await send(world.clients, world.v2Swapper, ARTIFACTS.v2Swapper.abi, 'swap', [
      world.v2Pair,
      world.tokens.weth,
      amountIn,
      wethIsToken0 ? 0n : out,
      wethIsToken0 ? out : 0n,
    ])

    const second = (await waitForLog(service, 'snapshot.reloaded', { trigger: 'chain', previousId: first }, 60_000))
      .snapshotId as string
    expect(second).not.toBe(first)
    const after = await quoteDaiToWeth()
    expect([after.status, after.snapshotId]).toEqual([200, second])
    // WETH is cheaper in DAI after someone sold WETH into the pair: more WETH out for the same DAI.
    expect(BigInt(after.amountOut)).toBeGreaterThan(BigInt(before.amountOut))
  }, 120_000)
})
