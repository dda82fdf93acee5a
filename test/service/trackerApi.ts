/**
 * HTTP helpers of the tracker's service tests: quote, register, read the status, wait for a status; and the
 * routes of the default snapshot they use.
 */
import { expect } from 'vitest'
import type { RunningService } from '../helpers/startService.js'

/** A development key (fixtures/keys.dev.json, public). */
export const API_KEY = 'dev-key-alpha'
export const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

/** Routes of the default snapshot. */
export const ROUTES = {
  /** Arbitrum USDC → WETH: one Uniswap v3 swap, no bridge. */
  sameChain: {
    srcChainId: '42161',
    srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    dstChainId: '42161',
    dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    amount: '100000000',
  },
  /** Arbitrum USDC → OP USDC: one CCTP hop (960 s). */
  toOptimism: {
    srcChainId: '42161',
    srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    dstChainId: '10',
    dstToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    amount: '100000000',
  },
  /** Arbitrum USDC → Solana USDC: one CCTP hop to a non-EVM chain. */
  toSolana: {
    srcChainId: '42161',
    srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    dstChainId: '1151111081099710',
    dstToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    amount: '100000000',
    recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  },
  /** Ethereum ETH → Tron TRX: Relay to Arbitrum, then deBridge to Tron (two hops). */
  multiHop: {
    srcChainId: '1',
    srcToken: '0x0000000000000000000000000000000000000000',
    dstChainId: '728126428',
    dstToken: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    amount: '100000000000000000',
    recipient: 'TQEeabbxpAEzVwV7ac36vXnjtiMRWq2r41',
  },
  /** OP USDC → Arbitrum USDC: one CCTP hop into Arbitrum. */
  fromOptimism: {
    srcChainId: '10',
    srcToken: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    dstChainId: '42161',
    dstToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    amount: '100000000',
  },
} as const

/** The fields of an action response the tests read. */
export interface Action {
  txId: string
  tx: { chainId: number; to: string; value: string; data: string }
  bridgeRoute: { srcChainId: number; dstChainId: number; bridgeId: string }[]
  estimatedTxTime: number
}

export interface TxPathEntry {
  chainId: number
  txHash: string
  timestamp: string
  nextBridge: string
}

/** The fields of a transaction's details (SPEC §2.5) the tests read. */
export interface TxDetails {
  status: string
  txId: string
  srcChainId: number
  dstChainId: number
  srcTxHash: string
  dstTxHash: string
  bridgeDetails: { isBridge: boolean; bridgeTime: number; txPath: TxPathEntry[] }
  srcTx?: { revertReason?: string }
}

/** Calls the service with the development key; returns the status and the parsed JSON body. */
export async function call<T>(
  service: RunningService,
  path: string,
  init: { method?: string; body?: unknown; apiKey?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${service.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-api-key': init.apiKey ?? API_KEY,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: response.status, body: (await response.json()) as T }
}

/** `GET /getAction` for a swap on `route`; expects 200. */
export async function getAction(
  service: RunningService,
  route: Record<string, string>,
  sender: string = SENDER,
  apiKey: string = API_KEY,
): Promise<Action> {
  const query = new URLSearchParams({
    actionType: 'swap-action',
    sender,
    swapDirection: 'exact-amount-in',
    slippage: '50',
    ...route,
  })
  const { status, body } = await call<Action>(service, `/getAction?${query}`, { apiKey })
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

/** `POST /registerTxs` with `registrations`; expects 200 and every item accepted. */
export async function registerTxs(
  service: RunningService,
  registrations: { txId: string; txHash: string; chainId: number }[],
): Promise<void> {
  const { status, body } = await call<{ success: boolean; error: string | null }[]>(service, '/registerTxs', {
    method: 'POST',
    body: registrations.map((registration) => ({ vmId: 'evm', ...registration })),
  })
  expect(status, JSON.stringify(body)).toBe(200)
  expect(
    body.map((result) => [result.success, result.error]),
    JSON.stringify(body),
  ).toEqual(registrations.map(() => [true, null]))
}

/** `GET /getStatus?txId=` (with the development key unless `apiKey`); expects 200. */
export async function getStatus(service: RunningService, txId: string, apiKey: string = API_KEY): Promise<TxDetails> {
  const { status, body } = await call<TxDetails>(service, `/getStatus?txId=${txId}`, { apiKey })
  expect(status, JSON.stringify(body)).toBe(200)
  return body
}

/**
 * Polls `getStatus` every 25 ms until the status is one of `statuses`.
 * @returns the details then, and every distinct status seen on the way (in order)
 */
export async function waitForStatus(
  service: RunningService,
  txId: string,
  statuses: readonly string[],
  timeoutMs = 20_000,
  apiKey: string = API_KEY,
): Promise<{ details: TxDetails; seen: string[] }> {
  const seen: string[] = []
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const details = await getStatus(service, txId, apiKey)
    if (seen.at(-1) !== details.status) seen.push(details.status)
    if (statuses.includes(details.status)) return { details, seen }
    if (Date.now() > deadline)
      throw new Error(`${txId} still ${details.status} after ${timeoutMs} ms (seen: ${seen.join(' → ')})`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A random-looking but unique EVM transaction hash (what a wallet would return). */
export function fakeTxHash(): string {
  return `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`
}
