/**
 * Shared set-up of the router's chain tests: a Hardhat node with the router world (deployRouterWorld), the
 * snapshot read from it, the engine's quote and the builder's transaction, sending it and reading balances.
 */
import {
  type Address,
  type Hex,
  type TransactionReceipt,
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  decodeEventLog,
  erc20Abi,
  getAddress,
} from 'viem'
import { buildSnapshotFromChain } from '../../../../../engine/chain.js'
import { type Engine, type QuoteRequest, type QuoteResult, createEngine } from '../../../../../engine/index.js'
import { ROUTER_ABI, type RouterCall, buildEvmTransaction } from '../../../../../engine/transactions.js'
import { DELIVERED_TOPIC } from '../../../../../service/tracker/evmRpcObserver.js'
import { expect } from 'vitest'
import {
  FEE_OWNER,
  ROUTER_ARTIFACT,
  type RouterWorld,
  ZERO,
  routerWorldConfig,
} from '../../../../helpers/uniswap/deployRouterWorld.js'

export const CHAIN_ID = 42161
export const PROTOCOL_FEE_BPS = 5
export const TX_ID: Hex = `0x${'c5'.repeat(32)}`

/** The engine over the chain as it is now (pools read at the latest block). */
export async function engineOf(world: RouterWorld): Promise<Engine> {
  const { publicClient } = world.clients
  // viem caches the block number for its polling interval: a snapshot read at a cached (older) block would quote
  // pools as they were before the previous test's trade.
  const blockNumber = await publicClient.getBlockNumber({ cacheTime: 0 })
  const { snapshot } = await buildSnapshotFromChain(routerWorldConfig(world, CHAIN_ID), {
    clients: { [CHAIN_ID]: publicClient },
    blockNumbers: { [CHAIN_ID]: blockNumber },
  })
  return createEngine(snapshot, { protocolFeeBps: PROTOCOL_FEE_BPS })
}

/** A quote request of the funded account, with defaults for the chain and slippage. */
export type Request = Omit<QuoteRequest, 'srcChainId' | 'dstChainId' | 'sender' | 'slippage'> & {
  slippage?: number
}

/** Quotes on the current chain state and builds the router transaction. */
export async function quoteAndBuild(
  world: RouterWorld,
  request: Request,
  options: { call?: RouterCall; deadline?: number; recipient?: string; refundTo?: string } = {},
) {
  const engine = await engineOf(world)
  const sender = world.clients.account
  const quote: QuoteResult = engine.quote({
    srcChainId: CHAIN_ID,
    dstChainId: CHAIN_ID,
    sender,
    slippage: 50,
    ...request,
    ...(options.recipient === undefined ? {} : { recipient: options.recipient }),
    ...(options.refundTo === undefined ? {} : { refundTo: options.refundTo }),
  })
  const block = await world.clients.publicClient.getBlock()
  const tx = buildEvmTransaction({
    snapshot: engine.snapshot,
    txId: TX_ID,
    quote,
    swapDirection: options.call === undefined ? (request.swapDirection ?? 'exact-amount-in') : 'exact-amount-out',
    sender,
    recipient: options.recipient,
    refundTo: options.refundTo,
    deadline: options.deadline ?? Number(block.timestamp) + 1800,
    call: options.call,
  })
  return { engine, quote, tx }
}

/** Sends a built transaction from the funded account; returns the receipt (reverted ones too). */
export async function send(world: RouterWorld, tx: { to: string; data: Hex; value: string }) {
  const { wallet, publicClient } = world.clients
  const hash = await wallet.sendTransaction({
    account: wallet.account!,
    chain: wallet.chain,
    to: tx.to as Address,
    data: tx.data,
    value: BigInt(tx.value),
    gas: 3_000_000n,
  })
  return publicClient.waitForTransactionReceipt({ hash })
}

/** The router's custom error a transaction reverts with (`eth_call` on the current state), or undefined. */
export async function revertOf(
  world: RouterWorld,
  tx: { to: string; data: Hex; value: string },
  from: Address = world.clients.account,
) {
  try {
    await world.clients.publicClient.call({
      account: from,
      to: tx.to as Address,
      data: tx.data,
      value: BigInt(tx.value),
    })
    return undefined
  } catch (error) {
    const data = revertData(error)
    if (data === undefined) throw error
    return decodeErrorResult({ abi: ROUTER_ARTIFACT.abi, data })
  }
}

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError && reverted.raw !== undefined) return reverted.raw
  // A node's JSON-RPC error carries the revert data as `data` (Hardhat: `{ message, data }`).
  let found: Hex | undefined
  error.walk((cause) => {
    const data = (cause as { data?: unknown }).data
    const raw = typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data
    if (typeof raw === 'string' && raw.startsWith('0x')) found = raw as Hex
    return found !== undefined
  })
  return found
}

/** Balance of a token (the zero address: native) held by an account. */
export async function balanceOf(world: RouterWorld, token: string, account: string): Promise<bigint> {
  const { publicClient } = world.clients
  if (token.toLowerCase() === ZERO) return publicClient.getBalance({ address: account as Address })
  return publicClient.readContract({
    address: token as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account as Address],
  })
}

/** Balances of each (token, account) pair. */
export async function balances(world: RouterWorld, pairs: readonly (readonly [string, string])[]) {
  return Promise.all(pairs.map(([token, account]) => balanceOf(world, token, account)))
}

/** What the sender paid in native coin for a transaction's gas. */
export function gasCost(receipt: TransactionReceipt): bigint {
  return receipt.gasUsed * receipt.effectiveGasPrice
}

/** Every token's balance at an address, native included. */
export async function holdings(world: RouterWorld, address: string) {
  const { usdc, weth, dai } = world.tokens
  return balances(
    world,
    [ZERO, usdc, weth, dai].map((token) => [token, address] as const),
  )
}

/**
 * Sends the quote's transaction and checks every balance it must move, to the unit: the sender's input, the
 * recipient's output, the protocol fee (to the router's owner), each app fee, and nothing left in the router.
 */
export async function expectExecutedOn(
  world: RouterWorld,
  quote: QuoteResult,
  tx: { to: string; data: Hex; value: string },
  recipient: string = world.clients.account,
  /** `Order.recipient` when the output goes elsewhere first (`swapAndCall`: to the call's target). */
  orderRecipient: string = recipient,
  /** The transaction's `txId` (the service's, for its quotes). */
  txId: string = TX_ID,
) {
  const sender = world.clients.account
  const tokenIn = quote.amountIn.address
  const tokenOut = quote.amountOut.address
  const watched = [
    [tokenIn, sender],
    [tokenOut, recipient],
    [tokenIn, FEE_OWNER],
    ...quote.appFees.map((fee) => [tokenIn, fee.receiverAddress] as const),
  ] as const
  const before = await balances(world, watched)
  const receipt = await send(world, tx)
  expect(receipt.status).toBe('success')
  const after = await balances(world, watched)
  const gas = (token: string, account: string) =>
    token === ZERO && account.toLowerCase() === sender.toLowerCase() ? gasCost(receipt) : 0n
  const [paid, received, protocolFee, ...appFees] = watched.map(([token, account], index) => {
    const change = after[index]! - before[index]! + gas(token, account)
    return index === 0 ? -change : change
  })
  expect(received).toBe(BigInt(quote.amountOut.amount))
  expect(paid).toBe(BigInt(quote.amountIn.amount))
  expect(protocolFee).toBe(BigInt(quote.protocolFee.amount))
  expect(appFees).toEqual(quote.appFees.map((fee) => BigInt(fee.amount.amount)))
  expect(await holdings(world, world.router)).toEqual([0n, 0n, 0n, 0n])
  expectEvents(world, quote, receipt, orderRecipient, txId)
  return receipt
}

/**
 * The router's events in the receipt, as the tracker reads them: `Routed` (what it took from the sender) and
 * `Delivered` under the topic the EVM RPC observer filters on, with the quote's `txId`, output and recipient.
 */
function expectEvents(
  world: RouterWorld,
  quote: QuoteResult,
  receipt: TransactionReceipt,
  recipient: string,
  txId: string,
) {
  const events = receipt.logs
    .filter((log) => log.address.toLowerCase() === world.router.toLowerCase())
    .map((log) => ({
      topic: log.topics[0],
      ...decodeEventLog({ abi: ROUTER_ABI, data: log.data, topics: log.topics }),
    }))
  expect(events.map((event) => event.eventName)).toEqual(['Routed', 'Delivered'])
  expect(events[0]!.args).toEqual({
    txId,
    sender: world.clients.account,
    tokenIn: getAddress(quote.amountIn.address),
    amountIn: BigInt(quote.amountIn.amount),
    dstChainId: BigInt(CHAIN_ID),
  })
  expect(events[1]!.topic).toBe(DELIVERED_TOPIC)
  expect(events[1]!.args).toEqual({
    txId,
    tokenOut: quote.amountOut.address.toLowerCase(),
    amountOut: BigInt(quote.amountOut.amount),
    recipient: recipient.toLowerCase(),
  })
}
