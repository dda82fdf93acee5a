/**
 * Every kind of quote the service answers on an EVM chain, executed: a local chain (`startLocalnet`: real Uniswap
 * V2/V3, WETH9, the crossroute router), the real service started on its `serviceEnv` (snapshot followed from the
 * chain, RPC_URLS and ROUTER_ADDRESSES pointing at it), and for each kind the `tx` of `getAction` signed and sent by
 * the funded account. Balances move by exactly the quoted amounts, the router keeps nothing, the gas used is within
 * ±15 % of the gas behind `networkFee`, stale quotes revert with the router's errors, and the tracker follows each
 * registered transaction to `success` over the node's JSON-RPC.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Address,
  type Hex,
  type TransactionReceipt,
  BaseError,
  decodeErrorResult,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { snapshotIdOf } from '../../engine/graph/snapshotId.js'
import { ARTIFACTS, type Clients, clientsOf, deploy } from '../../fixtures/localnet/contracts.js'
import { USER_ACCOUNT } from '../../fixtures/localnet/deployLocalnet.js'
import { FUNDED_ACCOUNT } from '../../fixtures/localnet/evmNode.js'
import { MEASURED_ROUTER_GAS, fitFurtherActionPermille } from '../../fixtures/localnet/gasCalibration.js'
import { FURTHER_ACTION_PERMILLE } from '../../engine/routing/networkCost.js'
import { LOCALNET_GAS } from '../../fixtures/localnet/localnetSnapshot.js'
import { type Localnet, startLocalnet } from '../../fixtures/localnet/startLocalnet.js'
import { loadRouterArtifact } from '../../service/cli/routerDeployment.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { call, registerTxs, waitForStatus } from '../service/trackerApi.js'

const RECIPIENT = '0x1111111111111111111111111111111111111111'
const FEE_RECEIVERS = [
  '0x2222222222222222222222222222222222222222',
  '0x3333333333333333333333333333333333333333',
] as const
const QUOTE_TTL_SECONDS = 120
const PROTOCOL_FEE_BPS = 10
const ROUTER_ABI = loadRouterArtifact().abi

interface Amount {
  amount: string
}
interface Action {
  txId: string
  snapshotId: string
  expiresAt: number
  tx: { to: Address; data: Hex; value: string; chainId: number }
  amountIn: Amount
  amountInMax: Amount
  amountOut: Amount
  amountOutMin: Amount
  protocolFee: Amount
  applicationFee: Amount
  appFees: { receiverAddress: string; bps: number; amount: Amount }[]
  networkFee: Amount
  requiresTokenApproval: boolean
  steps: { type: string; protocol: string }[]
  splits?: { steps: unknown[] }[]
}

let dir: string
let localnet: Localnet
let service: RunningService
let user: Clients
let tokens: { USDC: Address; WETH: Address; DAI: Address; ETH: Address }
let router: Address
let callTarget: Address

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-execute-'))
  localnet = await startLocalnet({ snapshotPath: join(dir, 'snapshot.json') })
  user = clientsOf(localnet.node, USER_ACCOUNT.privateKey)
  tokens = { ...localnet.deployment.tokens, ETH: zeroAddress }
  router = localnet.deployment.routerAddress
  callTarget = await deploy(localnet.deployment.deployer, ARTIFACTS.callTarget)
  service = await startService({
    ...localnet.description.serviceEnv,
    DATA_DIR: join(dir, 'data'),
    PROTOCOL_FEE_BPS: String(PROTOCOL_FEE_BPS),
    QUOTE_TTL_SECONDS: String(QUOTE_TTL_SECONDS),
    TRACKER_INTERVAL_MS: '100',
  })
}, 240_000)
afterAll(async () => {
  await service?.stop()
  await localnet?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * `getAction` on the snapshot of the chain as it is now: the follower rebuilds it, and the quote is asked again
 * until the service has reloaded that snapshot (a quote on an older one would not match the pools).
 */
async function quote(parameters: Record<string, string>): Promise<Action> {
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
    const { status, body } = await call<Action>(service, `/getAction?${query}`)
    expect(status, JSON.stringify(body)).toBe(200)
    if (body.snapshotId === expected) return body
    if (Date.now() > deadline) throw new Error(`the service did not reload snapshot ${expected}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function balanceOf(token: Address, holder: Address): Promise<bigint> {
  if (token === zeroAddress) return user.publicClient.getBalance({ address: holder })
  return user.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
}

/** Approves the router for the quote's most input when it needs it, then sends the quote's `tx`. */
async function send(action: Action, tokenIn: Address, gas?: bigint): Promise<TransactionReceipt> {
  if (action.requiresTokenApproval) {
    const hash = await user.wallet.writeContract({
      address: tokenIn,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, BigInt(action.amountInMax.amount)],
      account: user.wallet.account!,
      chain: user.wallet.chain,
    })
    await user.publicClient.waitForTransactionReceipt({ hash })
  }
  // A block of its own second: a V3 pool writes its price oracle once per block timestamp, so a swap sharing a second
  // with the previous one would skip that write and use less gas (the calibration's figures include it).
  const { timestamp } = await user.publicClient.getBlock()
  await localnet.node.rpc('evm_setNextBlockTimestamp', [Number(timestamp) + 1])
  const hash = await user.wallet.sendTransaction({
    account: user.wallet.account!,
    chain: user.wallet.chain,
    to: action.tx.to,
    data: action.tx.data,
    value: BigInt(action.tx.value),
    ...(gas === undefined ? {} : { gas }),
  })
  return user.publicClient.waitForTransactionReceipt({ hash })
}

/**
 * Executes a quote and checks it to the unit: the recipient gets exactly amountOut (exact-in) or the sender pays
 * exactly amountIn (exact-out) — in fact both, since the snapshot is the chain's state —, the owner the protocol
 * fee, each receiver its app fee, the router keeps nothing; the gas is within ±15 % of the quote's; the tracker
 * reaches success with the real transaction as txPath.
 */
async function executeAndCheck(
  kind: string,
  action: Action,
  route: { srcToken: Address; dstToken: Address; recipient: Address },
): Promise<TransactionReceipt> {
  expect(action.tx.to).toBe(router)
  const { srcToken, dstToken, recipient } = route
  // The API key's own fee (fixtures/keys.dev.json) when the request names none, else the request's.
  const feeReceivers = action.appFees.map((fee) => fee.receiverAddress as Address)
  const watched = [
    [srcToken, user.account],
    [dstToken, recipient],
    [srcToken, FUNDED_ACCOUNT.address],
    ...feeReceivers.map((receiver) => [srcToken, receiver]),
  ] as const
  const before = await Promise.all(watched.map(([token, holder]) => balanceOf(token, holder)))
  const receipt = await send(action, srcToken)
  if (receipt.status !== 'success')
    expect.fail(`${kind} reverted: ${await revertOf(action, srcToken, receipt.blockNumber - 1n).catch(String)}`)
  const after = await Promise.all(watched.map(([token, holder]) => balanceOf(token, holder)))
  const delta = after.map((value, i) => value - before[i]!)
  const gasPaid = srcToken === zeroAddress ? receipt.gasUsed * receipt.effectiveGasPrice : 0n
  const moved = { sender: delta[0], recipient: delta[1], owner: delta[2], fees: delta.slice(3) }
  const show = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? String(v) : v))
  expect(moved, `${kind}: ${show(moved)} ${show(action)}`).toEqual({
    sender: -BigInt(action.amountIn.amount) - gasPaid,
    recipient: BigInt(action.amountOut.amount),
    owner: BigInt(action.protocolFee.amount),
    fees: action.appFees.map((fee) => BigInt(fee.amount.amount)),
  })
  const feeSum = action.appFees.reduce((sum, fee) => sum + BigInt(fee.amount.amount), 0n)
  expect(feeSum).toBe(BigInt(action.applicationFee.amount))
  for (const token of [tokens.USDC, tokens.WETH, tokens.DAI, zeroAddress])
    expect(await balanceOf(token, router)).toBe(0n)

  const quoted = BigInt(action.networkFee.amount) / LOCALNET_GAS.gasPrice
  // The calibration table is this run's evidence: a drift of more than 3 % means it must be measured again.
  const measured = MEASURED_ROUTER_GAS.find((row) => row.kind === kind)
  expect(measured, `${kind} (${receipt.gasUsed} gas used, ${quoted} quoted) is in gasCalibration.ts`).toBeDefined()
  expect(Math.abs(Number(receipt.gasUsed) / measured!.gasUsed - 1), `${kind}: ${receipt.gasUsed} gas`).toBeLessThan(
    0.03,
  )
  const ratio = Number(receipt.gasUsed) / Number(quoted)
  expect(ratio, `${kind}: ${receipt.gasUsed} gas used, ${quoted} quoted`).toBeGreaterThanOrEqual(0.85)
  expect(ratio, `${kind}: ${receipt.gasUsed} gas used, ${quoted} quoted`).toBeLessThanOrEqual(1.15)

  await registerTxs(service, [{ txId: action.txId, txHash: receipt.transactionHash, chainId: 31337 }])
  const { details } = await waitForStatus(service, action.txId, ['success', 'failed'])
  expect(details.status, kind).toBe('success')
  expect(details.bridgeDetails.txPath.map((entry) => [entry.chainId, entry.txHash])).toEqual([
    [31337, receipt.transactionHash],
  ])
  return receipt
}

/**
 * The custom error a transaction would revert with now (eth_call of its `tx`, after the approval it needs),
 * decoded with the router's ABI.
 */
async function revertOf(action: Action, tokenIn: Address, blockNumber?: bigint): Promise<string> {
  if (action.requiresTokenApproval && blockNumber === undefined) {
    const hash = await user.wallet.writeContract({
      address: tokenIn,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, BigInt(action.amountInMax.amount)],
      account: user.wallet.account!,
      chain: user.wallet.chain,
    })
    await user.publicClient.waitForTransactionReceipt({ hash })
  }
  try {
    await user.publicClient.call({
      account: user.account,
      to: action.tx.to,
      data: action.tx.data,
      value: BigInt(action.tx.value),
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })
  } catch (error) {
    const data = (error as BaseError).walk((cause) => typeof (cause as { data?: unknown }).data === 'string') as
      { data?: Hex } | undefined
    // Hardhat reports an error it does not know in its message ("return data: 0x…") rather than as `data`.
    const revertData = data?.data ?? (/return data: (0x[0-9a-fA-F]+)/.exec(String(error))?.[1] as Hex | undefined)
    if (revertData === undefined) throw error
    return decodeErrorResult({ abi: ROUTER_ABI, data: revertData }).errorName
  }
  throw new Error('the transaction would not revert')
}

describe('quotes of the real service, executed on a local chain', () => {
  it("runs the engine's gas model with the share of a further pool fitted to the calibration table", () => {
    expect(FURTHER_ACTION_PERMILLE).toBe(BigInt(fitFurtherActionPermille()))
  })

  it('exact-in ERC-20 → ERC-20 to another recipient, with two app fees and the protocol fee', async () => {
    const appFees = JSON.stringify(FEE_RECEIVERS.map((receiverAddress, i) => ({ bps: 20 + i * 10, receiverAddress })))
    const action = await quote({
      srcToken: tokens.USDC,
      dstToken: tokens.WETH,
      amount: String(25_000n * 10n ** 6n),
      recipient: RECIPIENT,
      appFees,
    })
    expect(BigInt(action.protocolFee.amount)).toBeGreaterThan(0n)
    expect(action.appFees.map((fee) => [fee.receiverAddress, BigInt(fee.amount.amount) > 0n])).toEqual(
      FEE_RECEIVERS.map((receiver) => [receiver, true]),
    )
    await executeAndCheck('exact-in, 1 pool, 2 app fees', action, {
      srcToken: tokens.USDC,
      dstToken: tokens.WETH,
      recipient: RECIPIENT,
    })
  })

  it('exact-out: the sender pays exactly amountIn, the rest of amountInMax stays with it', async () => {
    const action = await quote({
      srcToken: tokens.WETH,
      dstToken: tokens.USDC,
      amount: String(12_345n * 10n ** 6n),
      swapDirection: 'exact-amount-out',
    })
    expect(BigInt(action.amountInMax.amount)).toBeGreaterThan(BigInt(action.amountIn.amount))
    expect(action.amountOut.amount).toBe(String(12_345n * 10n ** 6n))
    await executeAndCheck('exact-out, 1 pool', action, {
      srcToken: tokens.WETH,
      dstToken: tokens.USDC,
      recipient: user.account,
    })
  })

  it('native in: ETH is wrapped, then swapped', async () => {
    const action = await quote({ srcToken: tokens.ETH, dstToken: tokens.USDC, amount: String(2n * 10n ** 18n) })
    expect(action.steps[0]?.type).toBe('wrap')
    expect(action.tx.value).toBe(action.amountIn.amount)
    await executeAndCheck('native in (wrap + 1 pool)', action, {
      srcToken: tokens.ETH,
      dstToken: tokens.USDC,
      recipient: user.account,
    })
  })

  it('native out: swapped into WETH, unwrapped, paid in ETH to the recipient', async () => {
    const action = await quote({
      srcToken: tokens.USDC,
      dstToken: tokens.ETH,
      amount: String(9_000n * 10n ** 6n),
      recipient: RECIPIENT,
    })
    expect(action.steps.at(-1)?.type).toBe('unwrap')
    await executeAndCheck('native out (1 pool + unwrap)', action, {
      srcToken: tokens.USDC,
      dstToken: tokens.ETH,
      recipient: RECIPIENT,
    })
  })

  it('multi-hop: DAI → WETH (V2) → USDC', async () => {
    const action = await quote({ srcToken: tokens.DAI, dstToken: tokens.USDC, amount: String(20_000n * 10n ** 18n) })
    expect(action.steps.filter((step) => step.type === 'swap').length).toBe(2)
    await executeAndCheck('multi-hop, 2 pools', action, {
      srcToken: tokens.DAI,
      dstToken: tokens.USDC,
      recipient: user.account,
    })
  })

  it('evm-calldata-tx: swapAndCall into a target that takes exactly erc20Amount', async () => {
    const erc20Amount = 4_321n * 10n ** 6n
    const data = encodeFunctionData({
      abi: ARTIFACTS.callTarget.abi,
      functionName: 'depositToken',
      args: [tokens.USDC, erc20Amount, RECIPIENT],
    })
    const credited = () =>
      user.publicClient.readContract({
        address: callTarget,
        abi: ARTIFACTS.callTarget.abi,
        functionName: 'credited',
        args: [tokens.USDC, RECIPIENT],
      }) as Promise<bigint>
    const before = await credited()
    const action = await quote({
      actionType: 'evm-calldata-tx',
      srcToken: tokens.WETH,
      dstToken: tokens.USDC,
      to: callTarget,
      data,
      erc20Amount: String(erc20Amount),
      swapDirection: 'exact-amount-out',
    })
    await executeAndCheck('evm-calldata-tx (1 pool + call)', action, {
      srcToken: tokens.WETH,
      dstToken: tokens.USDC,
      recipient: callTarget,
    })
    expect((await credited()) - before).toBe(erc20Amount)
    const allowance = await balanceOf(tokens.USDC, router)
    expect(allowance).toBe(0n)
  })

  it('a split (maxSplits=3): 3M USDC across the pools in one router call', async () => {
    const action = await quote({
      srcToken: tokens.USDC,
      dstToken: tokens.WETH,
      amount: String(3_000_000n * 10n ** 6n),
      maxSplits: '3',
      appFees: '[]',
    })
    expect(action.splits?.length).toBe(3)
    await executeAndCheck('split, 3 parts', action, {
      srcToken: tokens.USDC,
      dstToken: tokens.WETH,
      recipient: user.account,
    })
  })

  it('a pool moved past amountOutMin before sending: InsufficientOutput', async () => {
    // The same request twice on one snapshot: the same route, so the first sent moves the second's pools.
    const route = { srcToken: tokens.USDC, dstToken: tokens.WETH, slippage: '10', amount: String(300_000n * 10n ** 6n) }
    const stale = await quote(route)
    const mover = await quote(route)
    expect(mover.steps).toEqual(stale.steps)
    expect((await send(mover, tokens.USDC)).status).toBe('success')
    expect(await revertOf(stale, tokens.USDC)).toBe('InsufficientOutput')
    const receipt = await send(stale, tokens.USDC, 1_000_000n)
    expect(receipt.status).toBe('reverted')
  })

  it("the README walk (fixtures/localnet/walk.ts): quote, approve, send, register, status as the user's script does it", async () => {
    const file = join(dir, 'localnet.json')
    writeFileSync(file, JSON.stringify(localnet.description))
    await quote({ srcToken: tokens.USDC, dstToken: tokens.WETH, amount: '1000000' }) // the service is on the chain's state
    const before = [await balanceOf(tokens.USDC, user.account), await balanceOf(tokens.WETH, user.account)]
    const walk = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'fixtures/localnet/walk.ts', '--localnet', file, '--api', service.url, '--amount', '2500'],
        { cwd: fileURLToPath(new URL('../..', import.meta.url)), env: { ...process.env, NODE_NO_WARNINGS: '1' } },
        (error, stdout, stderr) => resolve({ status: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
      ),
    )
    expect(walk.status, walk.stderr).toBe(0)
    const lines = walk.stdout.trim().split('\n')
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['quote', 'approve', 'send', 'register', 'status'])
    expect(lines.at(-1)).toBe('status   success')
    const [, txId, amountIn, amountOut] = /txId=(0x\w+) amountIn=(\d+) amountOut=(\d+)/.exec(lines[0]!)!
    expect(amountIn).toBe(String(2_500n * 10n ** 6n))
    const after = [await balanceOf(tokens.USDC, user.account), await balanceOf(tokens.WETH, user.account)]
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([-BigInt(amountIn!), BigInt(amountOut!)])
    expect((await waitForStatus(service, txId!, ['success'])).details.srcTxHash).toBe(
      /send +(0x\w+)/.exec(lines[2]!)![1],
    )
  }, 60_000)

  it('sent after the deadline: DeadlinePassed', async () => {
    const action = await quote({ srcToken: tokens.USDC, dstToken: tokens.WETH, amount: String(1_000n * 10n ** 6n) })
    const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: action.tx.data })
    const { deadline } = args![1] as { deadline: bigint }
    expect(Number(deadline)).toBe(action.expiresAt)
    const { timestamp } = await user.publicClient.getBlock()
    expect(Number(deadline - timestamp)).toBeGreaterThan(QUOTE_TTL_SECONDS - 30)
    // The next block is the first after the deadline.
    await localnet.node.rpc('evm_setNextBlockTimestamp', [Number(deadline) + 1])
    await localnet.node.rpc('evm_mine')
    expect(await revertOf(action, tokens.USDC)).toBe('DeadlinePassed')
  })
})
