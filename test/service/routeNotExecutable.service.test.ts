/**
 * `ROUTE_NOT_EXECUTABLE` through the real service: on a chain whose router is a real one, a quote through a pool the
 * router cannot execute (here: no contract address in the snapshot) gets the error envelope instead of a transaction
 * that would revert; on a chain with the fixture's placeholder router the same kind of route
 * is still answered (its calldata is for reading).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ETH, ETH_USDC, ETH_WETH, OP, OP_USDC, OP_WETH, SENDER, miniSnapshot } from '../helpers/miniSnapshot.js'
import { type RunningService, startService } from '../helpers/startService.js'

const REAL_ROUTER = '0x000000000000000000000000000000000000c0fe'
let dir: string
let service: RunningService

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-not-executable-'))
  const json = miniSnapshot()
  json.chains = json.chains.map((chain) => (chain.chainId === ETH ? { ...chain, routerAddress: REAL_ROUTER } : chain))
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(json))
  service = await startService({
    DATA_DIR: join(dir, 'data'),
    SNAPSHOT_PATH: join(dir, 'snapshot.json'),
    SNAPSHOT_WATCH: '0',
  })
}, 60_000)
afterAll(async () => {
  await service?.stop()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

async function getAction(chainId: number, srcToken: string, dstToken: string) {
  const search = new URLSearchParams({
    actionType: 'swap-action',
    sender: SENDER,
    srcChainId: String(chainId),
    srcToken,
    dstChainId: String(chainId),
    dstToken,
    amount: '1000000000',
    swapDirection: 'exact-amount-in',
    slippage: '50',
    appFees: '[]',
  })
  const response = await fetch(`${service.url}/getAction?${search}`, { headers: { 'x-api-key': 'dev-key-alpha' } })
  return { status: response.status, body: (await response.json()) as { tx: { to: string }; error: unknown } }
}

describe('getAction on a real router', () => {
  it('a route through a pool the router cannot execute: 400 ROUTE_NOT_EXECUTABLE, not a transaction', async () => {
    const { status, body } = await getAction(ETH, ETH_USDC, ETH_WETH)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      success: false,
      error: {
        code: 'ROUTE_NOT_EXECUTABLE',
        name: 'RouteNotExecutableError',
        statusCode: 400,
        title: 'Route not executable',
        details: {
          chainId: ETH,
          step: 'eth-usdc-weth',
          reason: 'pool eth-usdc-weth has no contract address in the snapshot',
        },
      },
    })
  })

  it('the placeholder router of another chain still answers with its calldata', async () => {
    const { status, body } = await getAction(OP, OP_USDC, OP_WETH)
    expect(status).toBe(200)
    expect(body.tx.to).toBe('0xc7055c7055c7055C7055C7055C7055c7055C7055')
  })
})
