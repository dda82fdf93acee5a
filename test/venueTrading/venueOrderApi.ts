/**
 * HTTP helpers of the venue order tests: create a user, ask `getAction` for a venue order, register its
 * transaction, wait for its workflow to end, read positions; and the venue facts they use.
 */
import { expect } from 'vitest'
import type { RunningService } from '../helpers/startService.js'
import { type Reply, send } from '../service/contract.js'
import { fakeTxHash } from '../service/trackerApi.js'

/** Development keys: organization `alpha` (without app fees) and `beta`. */
export const ALPHA = 'dev-key-alpha-2'
export const BETA = 'dev-key-beta'

/** Polygon, its USDC and the venue's collateral. */
export const POLYGON = '137'
export const USDC = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'
export const PUSD = '0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB'

/** An accepting binary market of the fixture venue (tick 0.01, not negRisk): its first outcome token. */
export const TOKEN = '111184379086329638839906445218187487726508497899915184285141067890046171651494'
/** An outcome token of a resolved (closed) market. */
export const CLOSED_TOKEN = '8851848546962572193739008211889046036776198486765606333032192644001246174440'

export interface VenueUserReply {
  userId: string
  proxyWallet: string
}

export interface WorkflowReply {
  txId: string
  status: string
  name: string
  operation: string
  timestamp: number
  reason?: string
  data: {
    userId: string
    orderRequest: { side: string; amount: number; price: number; size: number; orderType: string }
    orderResponse?: { status: string; size_matched: string; original_size: string; associate_trades: string[] }
    relayTx?: { txHash: string; status: string }
  }
}

export const get = (service: RunningService, path: string, query: Record<string, string>, key = ALPHA) =>
  send(`${service.url}${path}?${new URLSearchParams(query).toString()}`, {
    headers: { 'x-api-key': key },
    timeoutMs: 30_000,
  })

export const bodyOf = <T>(reply: Reply): T => JSON.parse(reply.body) as T

/** Creates (or fetches) the venue user of `address`. */
export async function createUser(service: RunningService, address: string, key = ALPHA): Promise<VenueUserReply> {
  const reply = await send(`${service.url}/workflows/venue/createOrFetchVenueUser`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  })
  expect(reply.status).toBe(200)
  return bodyOf(reply)
}

/**
 * The query of a venue order: a BUY of `amount` pUSD delivered (exact-out) from Polygon USDC, by default. An
 * override of `''` leaves the parameter out.
 */
export function orderQuery(user: VenueUserReply, overrides: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = {
    actionType: 'venue',
    sender: user.userId,
    srcChainId: POLYGON,
    srcToken: USDC,
    dstChainId: POLYGON,
    dstToken: PUSD,
    slippage: '0',
    amount: '10000000',
    swapDirection: 'exact-amount-out',
    recipient: user.proxyWallet,
    userId: user.userId,
    side: 'BUY',
    tokenID: TOKEN,
    orderType: 'FOK',
    tickSize: '0.01',
    negRisk: 'false',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))
}

/** `getAction` of a venue order, expecting 200: the txId and the response. */
export async function venueAction(service: RunningService, query: Record<string, string>, key = ALPHA) {
  const reply = await get(service, '/getAction', query, key)
  expect(reply.status, reply.body).toBe(200)
  return bodyOf<{ txId: string; tx: { to: string; data: string; chainId: number }; amountOut: { amount: string } }>(
    reply,
  )
}

/** Registers the transaction of `txId` on Polygon (a made-up hash: the simulated observer confirms it). */
export async function register(service: RunningService, txId: string, key = ALPHA): Promise<void> {
  const reply = await send(`${service.url}/registerTxs`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ txId, vmId: 'evm', txHash: fakeTxHash(), chainId: Number(POLYGON) }),
  })
  expect(bodyOf<{ success: boolean }[]>(reply)).toMatchObject([{ success: true, error: null }])
}

/** Polls `GET /workflows/getStatus` until the workflow is no longer `pending` (an end state, never a transient). */
export async function settledWorkflow(service: RunningService, txId: string, key = ALPHA): Promise<WorkflowReply> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const reply = await get(service, '/workflows/getStatus', { txId }, key)
    expect(reply.status, reply.body).toBe(200)
    const workflow = bodyOf<WorkflowReply>(reply)
    if (workflow.status !== 'pending') return workflow
    if (Date.now() > deadline) throw new Error(`workflow ${txId} still pending`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Places one order end to end: getAction, registration, the settled workflow. */
export async function placeOrder(service: RunningService, query: Record<string, string>): Promise<WorkflowReply> {
  const action = await venueAction(service, query)
  await register(service, action.txId)
  return settledWorkflow(service, action.txId)
}

/** The user's current positions. */
export async function positionsOf(service: RunningService, user: VenueUserReply) {
  const reply = await get(service, '/workflows/venue/getCurrentPositions', { userId: user.userId })
  expect(reply.status).toBe(200)
  return bodyOf<
    { asset: string; size: number; avgPrice: number; realizedPnl: number; cashPnl: number; curPrice: number }[]
  >(reply)
}
