/**
 * The router end to end through the real service: a Hardhat chain with real Uniswap V2/V3 and the router, the
 * snapshot built from it, the service started on that snapshot with `RPC_URLS` pointing at the node. The `tx` of
 * `getAction`, sent as it is, moves exactly the quoted amounts (the key's default app fee included), and
 * `registerTxs` + `getStatus` reach `success` from the EVM RPC observer, with the real transaction in `txPath`. A
 * quote made before someone else moved the pool past its `amountOutMin` reverts with the router's
 * `InsufficientOutput`, and the tracker reports it `failed`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSnapshotFromChain } from '../../engine/chain.js'
import type { QuoteResult } from '../../engine/index.js'
import { type EvmNode, startEvmNode } from '../helpers/evmNode.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type RouterWorld, deployRouterWorld, routerWorldConfig } from '../helpers/uniswap/deployRouterWorld.js'
import { CHAIN_ID, expectExecutedOn, revertOf, send } from '../engine/vm/evm/router/routerChain.js'
import { call, registerTxs, waitForStatus } from './trackerApi.js'

let node: EvmNode
let world: RouterWorld
let service: RunningService
let dir: string

beforeAll(async () => {
  node = await startEvmNode({ chainId: CHAIN_ID })
  world = await deployRouterWorld(node)
  const { json } = await buildSnapshotFromChain(routerWorldConfig(world, CHAIN_ID), {
    clients: { [CHAIN_ID]: world.clients.publicClient },
    blockNumbers: { [CHAIN_ID]: await world.clients.publicClient.getBlockNumber({ cacheTime: 0 }) },
  })
  dir = mkdtempSync(join(tmpdir(), 'crossroute-router-service-'))
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(json))
  service = await startService({
    DATA_DIR: join(dir, 'data'),
    SNAPSHOT_PATH: join(dir, 'snapshot.json'),
    SNAPSHOT_WATCH: '0',
    RPC_URLS: `${CHAIN_ID}=${node.url}`,
    SIMULATED_TIME_SCALE: '0.001',
    TRACKER_INTERVAL_MS: '20',
  })
}, 240_000)
afterAll(async () => {
  await service?.stop()
  await node?.stop()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

type ActionResponse = QuoteResult & { txId: string; tx: { to: string; data: Hex; value: string; chainId: number } }

/** `getAction` of the funded account on the chain; the service's snapshot is the chain as it was at start. */
async function getAction(query: Record<string, string>): Promise<ActionResponse> {
  const search = new URLSearchParams({
    actionType: 'swap-action',
    sender: world.clients.account,
    srcChainId: String(CHAIN_ID),
    dstChainId: String(CHAIN_ID),
    slippage: '50',
    ...query,
  })
  const { status, body } = await call<ActionResponse>(service, `/getAction?${search}`)
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

describe('getAction → send → registerTxs → getStatus, on the router', () => {
  it('exact-in USDC → WETH: exact balances, and success from the router’s real events', async () => {
    const action = await getAction({
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '25000000000',
      swapDirection: 'exact-amount-in',
    })
    expect(action.tx.to.toLowerCase()).toBe(world.router.toLowerCase())
    expect(action.appFees.length).toBeGreaterThan(0) // the development key's default fee
    const receipt = await expectExecutedOn(world, action, action.tx, world.clients.account, undefined, action.txId)
    await registerTxs(service, [{ txId: action.txId, txHash: receipt.transactionHash, chainId: CHAIN_ID }])
    const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
    const block = await world.clients.publicClient.getBlock({ blockHash: receipt.blockHash })
    expect(details).toMatchObject({ status: 'success', srcTxHash: receipt.transactionHash })
    expect(details.bridgeDetails.txPath).toEqual([
      { chainId: CHAIN_ID, txHash: receipt.transactionHash, timestamp: String(block.timestamp), nextBridge: '' },
    ])
  })

  it('exact-out DAI → WETH through the V2 pair: the sender pays exactly amountIn, the rest refunded', async () => {
    const action = await getAction({
      srcToken: world.tokens.dai,
      dstToken: world.tokens.weth,
      amount: '7000000000',
      swapDirection: 'exact-amount-out',
    })
    const receipt = await expectExecutedOn(world, action, action.tx, world.clients.account, undefined, action.txId)
    await registerTxs(service, [{ txId: action.txId, txHash: receipt.transactionHash, chainId: CHAIN_ID }])
    expect((await waitForStatus(service, action.txId, ['success', 'failed'])).details.status).toBe('success')
  })

  it('a quote the market moved past amountOutMin: InsufficientOutput on chain, failed in the tracker', async () => {
    // The service still quotes the pools as they were at start; the first test moved the pool this route takes.
    const stale = await getAction({
      srcToken: world.tokens.usdc,
      dstToken: world.tokens.weth,
      amount: '25000000000',
      swapDirection: 'exact-amount-in',
      slippage: '1',
    })
    expect((await revertOf(world, stale.tx))?.errorName).toBe('InsufficientOutput')
    const receipt = await send(world, stale.tx)
    expect(receipt.status).toBe('reverted')
    await registerTxs(service, [{ txId: stale.txId, txHash: receipt.transactionHash, chainId: CHAIN_ID }])
    const { details } = await waitForStatus(service, stale.txId, ['success', 'failed'])
    expect(details.status).toBe('failed')
    // The tracker decodes the router's error from the replayed call.
    expect(details.srcTx?.revertReason).toMatch(
      new RegExp(`^InsufficientOutput\\(\\d+, ${stale.amountOutMin.amount}\\)$`),
    )
  })
})
