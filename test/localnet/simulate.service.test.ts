/**
 * `simulate=true` on `getAction`, through the real service on a local chain (`startLocalnet`: real Uniswap, the
 * router, the funded user): a good quote is answered with the gas `eth_estimateGas` gave, which the transaction
 * then really uses; a transaction that would revert (an input the sender never approved or does not hold) is
 * refused with `SIMULATION_REVERTED` and the router's decoded error, where the same quote without `simulate` is
 * answered; a quote made on a snapshot the chain has moved past reverts with `InsufficientOutput`. On the default
 * fixture (no node): a chain without RPC and a non-EVM source are refused with `INVALID_PARAMETER simulate`, and
 * a node that never answers is a bounded 503, not a hung request.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { type AddressInfo, type Server, type Socket, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, type Hex, erc20Abi, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { snapshotIdOf } from '../../engine/graph/snapshotId.js'
import { type Clients, clientsOf } from '../../fixtures/localnet/contracts.js'
import { USER_ACCOUNT } from '../../fixtures/localnet/deployLocalnet.js'
import { type Localnet, startLocalnet } from '../../fixtures/localnet/startLocalnet.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { ROUTES, call } from '../service/trackerApi.js'

/** An address that holds nothing on the local chain and approved nothing. */
const EMPTY_SENDER = '0x1111111111111111111111111111111111111111'
const EVM_RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

interface Action {
  snapshotId: string
  tx: { to: Address; data: Hex; value: string }
  amountInMax: { amount: string }
  requiresTokenApproval: boolean
  simulatedGas?: string
}
interface Failure {
  success: false
  error: { code: string; statusCode: number; details: { parameter?: string; reason?: string; chainId?: number } }
}

let dir: string
let localnet: Localnet
let service: RunningService
let user: Clients
let tokens: { USDC: Address; WETH: Address }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-simulate-'))
  localnet = await startLocalnet({ snapshotPath: join(dir, 'snapshot.json') })
  user = clientsOf(localnet.node, USER_ACCOUNT.privateKey)
  tokens = localnet.deployment.tokens
  service = await startService({ ...localnet.description.serviceEnv, DATA_DIR: join(dir, 'data') })
}, 240_000)
afterAll(async () => {
  await service?.stop()
  await localnet?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** `getAction` on the chain's current snapshot (asked again until the service reloaded it). */
async function getAction(parameters: Record<string, string>): Promise<{ status: number; body: Action & Failure }> {
  await localnet.follower.sync()
  const expected = snapshotIdOf(localnet.follower.json)
  const query = new URLSearchParams({
    actionType: 'swap-action',
    sender: user.account,
    srcChainId: '31337',
    dstChainId: '31337',
    slippage: '50',
    swapDirection: 'exact-amount-in',
    ...parameters,
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    const answer = await call<Action & Failure>(service, `/getAction?${query}`)
    if (answer.status !== 200 || answer.body.snapshotId === expected) return answer
    if (Date.now() > deadline) throw new Error(`the service did not reload snapshot ${expected}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('simulate=true on the local chain', () => {
  it('answers a good quote with the gas the transaction then uses', async () => {
    const ethIn = { srcToken: zeroAddress, dstToken: tokens.USDC, amount: '1000000000000000000' }
    const { status, body } = await getAction({ ...ethIn, simulate: 'true' })
    expect(status, JSON.stringify(body)).toBe(200)
    const simulatedGas = BigInt(body.simulatedGas!)
    const hash = await user.wallet.sendTransaction({
      account: user.wallet.account!,
      chain: user.wallet.chain,
      to: body.tx.to,
      data: body.tx.data,
      value: BigInt(body.tx.value),
    })
    const receipt = await user.publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // eth_estimateGas finds the least gas limit that succeeds: at least what is used, within the refund margin.
    expect(simulatedGas).toBeGreaterThanOrEqual(receipt.gasUsed)
    expect(simulatedGas).toBeLessThan((receipt.gasUsed * 12n) / 10n)
    // Without simulate, no simulatedGas.
    const plain = await getAction(ethIn)
    expect(plain.status).toBe(200)
    expect(plain.body.simulatedGas).toBeUndefined()
  })

  it('answers an ERC-20 quote once the sender approved the router, and refuses it before', async () => {
    const usdcIn = { srcToken: tokens.USDC, dstToken: tokens.WETH, amount: '2500000000' }
    await approve(tokens.USDC, 0n)
    const refused = await getAction({ ...usdcIn, simulate: 'true' })
    expect(refused.status, JSON.stringify(refused.body)).toBe(422)
    expect(refused.body.error.code).toBe('SIMULATION_REVERTED')
    expect(refused.body.error.details.chainId).toBe(31337)
    expect(refused.body.error.details.reason).toMatch(/^TransferFailed\(/)

    const plain = await getAction(usdcIn)
    expect(plain.status).toBe(200)
    expect(plain.body.requiresTokenApproval).toBe(true)
    await approve(tokens.USDC, BigInt(plain.body.amountInMax.amount))
    const approved = await getAction({ ...usdcIn, simulate: 'true' })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(BigInt(approved.body.simulatedGas!)).toBeGreaterThan(21_000n)
  })

  it('refuses the quote of a sender that holds no input, which is answered without simulate', async () => {
    const ethIn = { sender: EMPTY_SENDER, srcToken: zeroAddress, dstToken: tokens.USDC, amount: '10000000000000000' }
    const plain = await getAction(ethIn)
    expect(plain.status).toBe(200)
    const refused = await getAction({ ...ethIn, simulate: 'true' })
    expect(refused.status, JSON.stringify(refused.body)).toBe(422)
    expect(refused.body.error.code).toBe('SIMULATION_REVERTED')
    expect(refused.body.error.details.reason).toMatch(/insufficient funds|balance/i)
  })

  it('refuses simulate=maybe like any boolean parameter', async () => {
    const { status, body } = await getAction({
      srcToken: zeroAddress,
      dstToken: tokens.USDC,
      amount: '1000',
      simulate: 'maybe',
    })
    expect(status).toBe(400)
    expect(body.error.code).toBe('INVALID_PARAMETER')
  })
  // Last on the chain: it stops the snapshot follower, so that the service quotes on a snapshot behind the chain.
  it('refuses a quote made on a snapshot the chain has moved past, with the router InsufficientOutput', async () => {
    const ethIn = { srcToken: zeroAddress, dstToken: tokens.USDC, amount: '1000000000000000000', maxSplits: '1' }
    const before = await getAction({ ...ethIn, simulate: 'true' })
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    await localnet.follower.stop()
    const served = await getAction(ethIn)
    expect(served.status).toBe(200)
    // A large trade through the same route moves its pool far past the small quote's slippage.
    const big = await getAction({ ...ethIn, amount: '2000000000000000000000' })
    expect(big.status, JSON.stringify(big.body)).toBe(200)
    const hash = await user.wallet.sendTransaction({
      account: user.wallet.account!,
      chain: user.wallet.chain,
      to: big.body.tx.to,
      data: big.body.tx.data,
      value: BigInt(big.body.tx.value),
    })
    expect((await user.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    // No follower.sync(): the service still holds the snapshot from before the trade.
    const query = new URLSearchParams({
      actionType: 'swap-action',
      sender: user.account,
      srcChainId: '31337',
      dstChainId: '31337',
      slippage: '50',
      swapDirection: 'exact-amount-in',
      ...ethIn,
    })
    const stale = await call<Action & Failure>(service, `/getAction?${query}`)
    expect(stale.status).toBe(200)
    expect(stale.body.snapshotId).toBe(served.body.snapshotId)
    const refused = await call<Action & Failure>(service, `/getAction?${query}&simulate=true`)
    expect(refused.status, JSON.stringify(refused.body)).toBe(422)
    expect(refused.body.error.code).toBe('SIMULATION_REVERTED')
    expect(refused.body.error.details.reason).toMatch(/^InsufficientOutput\(\d+, \d+\)$/)
  })
})

describe('simulate=true without a node that can run it (default fixture)', () => {
  let fixture: RunningService
  let silentNode: Server
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    // A JSON-RPC endpoint that accepts connections and never answers.
    silentNode = createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silentNode.listen(0, '127.0.0.1', resolve))
    const { port } = silentNode.address() as AddressInfo
    fixture = await startService({ DATA_DIR: join(dir, 'fixture-data'), RPC_URLS: `42161=http://127.0.0.1:${port}` })
  }, 120_000)
  afterAll(async () => {
    await fixture?.stop()
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silentNode?.close(resolve))
  })

  const ask = (parameters: Record<string, string>) =>
    call<Failure>(
      fixture,
      `/getAction?${new URLSearchParams({
        actionType: 'swap-action',
        sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        slippage: '50',
        swapDirection: 'exact-amount-in',
        simulate: 'true',
        ...parameters,
      })}`,
    )

  it('refuses a chain that RPC_URLS does not name', async () => {
    const { srcChainId, srcToken, amount } = ROUTES.toOptimism
    const optimism = {
      srcChainId: '10',
      srcToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
      dstChainId: srcChainId,
    }
    const { status, body } = await ask({ ...optimism, dstToken: srcToken, amount })
    expect(status, JSON.stringify(body)).toBe(400)
    expect(body.error.code).toBe('INVALID_PARAMETER')
    expect(body.error.details.parameter).toBe('simulate')
    expect(body.error.details.reason).toMatch(/no RPC is configured for chain 10/)
  })

  it('refuses a non-EVM source', async () => {
    const { srcChainId, srcToken, dstChainId, dstToken, amount, recipient } = ROUTES.toSolana
    const fromSolana = { srcChainId: dstChainId, srcToken: dstToken, dstChainId: srcChainId, dstToken: srcToken }
    const { status, body } = await ask({ ...fromSolana, amount, sender: recipient, recipient: EVM_RECIPIENT })
    expect(status, JSON.stringify(body)).toBe(400)
    expect(body.error.details.parameter).toBe('simulate')
    expect(body.error.details.reason).toMatch(/EVM transactions/)
  })

  it('answers 503 within the timeout when the node never answers', async () => {
    const started = Date.now()
    const { status, body } = await ask(ROUTES.sameChain)
    const elapsed = Date.now() - started
    expect(status, JSON.stringify(body)).toBe(503)
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(elapsed).toBeLessThan(15_000)
  }, 30_000)
})

async function approve(token: Address, amount: bigint): Promise<void> {
  const hash = await user.wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [localnet.deployment.routerAddress, amount],
    account: user.wallet.account!,
    chain: user.wallet.chain,
  })
  await user.publicClient.waitForTransactionReceipt({ hash })
}
