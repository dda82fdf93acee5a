/**
 * The chain observers that read a real node, by VM: which `RPC_URLS` entries the tracker can use (EVM: JSON-RPC;
 * Bitcoin: an Esplora REST API). A VM absent here is tracked by the simulated observer only. Likewise the deposit
 * watchers that read a node (EVM and Bitcoin so far).
 */
import type { Vm } from '../../engine/index.js'
import type { ChainObserver } from './chainObserver.js'
import { createEsploraObserver } from './esploraObserver.js'
import { type EvmRpcObserverOptions, createEvmRpcObserver } from './evmRpcObserver.js'
import { createSolanaRpcObserver } from './solanaRpcObserver.js'
import { createTronRpcObserver } from './tronRpcObserver.js'
import type { DepositWatcher } from './depositWatcher.js'
import { type EvmDepositWatcherOptions, createEvmDepositWatcher } from './evmDepositWatcher.js'
import { createEsploraDepositWatcher } from './esploraDepositWatcher.js'

/** Creates the observer of one chain from its `RPC_URLS` entry and snapshot facts. */
export type RpcObserverFactory = (options: EvmRpcObserverOptions) => ChainObserver

const FACTORIES: Readonly<Partial<Record<Vm, RpcObserverFactory>>> = Object.freeze({
  evm: createEvmRpcObserver,
  solana: createSolanaRpcObserver,
  bitcoin: createEsploraObserver,
  tron: createTronRpcObserver,
})

/**
 * The RPC observer factory of a chain's VM.
 *
 * @param vm - the chain's `vm`.
 * @returns the factory, or `undefined` when no RPC observer exists for the VM yet.
 * @example rpcObserverFactoryOf('evm')?.({ chainId: 1, url, routerAddress })
 */
export function rpcObserverFactoryOf(vm: Vm): RpcObserverFactory | undefined {
  return Object.hasOwn(FACTORIES, vm) ? FACTORIES[vm] : undefined
}

/** What every RPC deposit watcher is created from: the chain, its `RPC_URLS` entry and its block time. */
export type RpcDepositWatcherOptions = Pick<
  EvmDepositWatcherOptions,
  'chainId' | 'url' | 'blockTimeMs' | 'requestTimeoutMs' | 'maxBackoffSeconds'
>

/** Creates the deposit watcher of one chain from its `RPC_URLS` entry and block time. */
export type RpcDepositWatcherFactory = (options: RpcDepositWatcherOptions) => DepositWatcher

const DEPOSIT_WATCHER_FACTORIES: Readonly<Partial<Record<Vm, RpcDepositWatcherFactory>>> = Object.freeze({
  evm: createEvmDepositWatcher,
  bitcoin: createEsploraDepositWatcher,
})

/**
 * The RPC deposit watcher factory of a chain's VM (`evmDepositWatcher.ts` for EVM chains, `esploraDepositWatcher.ts`
 * for Bitcoin).
 *
 * @param vm - the chain's `vm`.
 * @returns the factory, or `undefined` when deposits on the VM cannot be watched over RPC yet.
 * @example rpcDepositWatcherFactoryOf('evm')?.({ chainId: 1, url, blockTimeMs: 12_000 })
 */
export function rpcDepositWatcherFactoryOf(vm: Vm): RpcDepositWatcherFactory | undefined {
  return Object.hasOwn(DEPOSIT_WATCHER_FACTORIES, vm) ? DEPOSIT_WATCHER_FACTORIES[vm] : undefined
}
