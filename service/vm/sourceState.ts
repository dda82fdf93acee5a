/**
 * Fetches, per request, the chain state a source VM's builder needs (`SourceState`): one fetcher per VM that needs
 * any, configured from the service's configuration (an RPC URL, a UTXO provider). A VM absent here needs nothing
 * beyond the snapshot (EVM).
 */
import type { Vm } from '../../engine/index.js'
import type { SourceState } from '../../engine/transactions.js'
import type { ServiceConfig } from '../config.js'
import { createSolanaSourceStateFetcher } from './solanaSourceState.js'
import { createBitcoinUtxoFetcher } from './bitcoinUtxos.js'

/** What a fetcher is told about the request. Amounts are the quote's bounds, in the source token's smallest units. */
export interface SourceStateRequest {
  readonly chainId: number
  readonly sender: string
  readonly tokenIn: string
  /** The most the transaction can spend (`amountIn`, or `amountInMax` for exact output). */
  readonly amountInMax: bigint
}

/** Reads a source chain's state for one request; rejects with a `BaseError` the error middleware can render. */
export type SourceStateFetcher = (request: SourceStateRequest) => Promise<SourceState>

/** Creates a VM's fetcher from the configuration, once per worker. */
export type SourceStateFetcherFactory = (config: ServiceConfig) => SourceStateFetcher

const FACTORIES: Readonly<Partial<Record<Vm, SourceStateFetcherFactory>>> = Object.freeze({
  solana: createSolanaSourceStateFetcher,
  bitcoin: createBitcoinUtxoFetcher,
})

/**
 * The fetchers of every VM that needs source state, created from the configuration.
 *
 * @example
 * const fetchers = sourceStateFetchers(config)
 * const sourceState = await fetchers.get('solana')?.({ chainId, sender, tokenIn, amountInMax })
 */
export function sourceStateFetchers(config: ServiceConfig): ReadonlyMap<Vm, SourceStateFetcher> {
  const fetchers = new Map<Vm, SourceStateFetcher>()
  for (const [vm, factory] of Object.entries(FACTORIES) as [Vm, SourceStateFetcherFactory][]) {
    fetchers.set(vm, factory(config))
  }
  return fetchers
}
