/**
 * Builds the tracker the service runs from its configuration: the snapshot's chain facts, the simulated observer
 * (`SIMULATED_TIME_SCALE`, injected outcomes outside production), one RPC observer per `RPC_URLS` entry, and one
 * deposit watcher per source chain (`depositWatchersOf`).
 */
import type { RpcUrl, ServiceConfig } from '../config.js'
import type { ChainObserver } from './chainObserver.js'
import type { Vm } from '../../engine/index.js'
import { createEsploraObserver } from './esploraObserver.js'
import { rpcDepositWatcherFactoryOf, rpcObserverFactoryOf } from './rpcObservers.js'
import { createSimulatedObserver } from './simulatedObserver.js'
import { readSimulatedOutcome } from './simulatedOutcomes.js'
import { type Tracker, type TrackerOptions, createTracker } from './tracker.js'
import { type TrackingFacts, loadTrackingFacts } from './trackingPlan.js'
import type { DepositWatcher } from './depositWatcher.js'
import { createSimulatedDepositWatcher } from './simulatedDeposits.js'

/** The configuration fields the tracker reads. */
export type TrackerConfig = Pick<
  ServiceConfig,
  | 'snapshotPath'
  | 'dataDir'
  | 'production'
  | 'quoteTtlSeconds'
  | 'quoteRetentionSeconds'
  | 'rpcUrls'
  | 'simulatedTimeScale'
  | 'bitcoinApiUrl'
  | 'trackerLeaseSeconds'
> &
  Partial<Pick<ServiceConfig, 'routerAddresses'>>

/**
 * Creates the tracker of a configuration over an open store.
 *
 * @throws Error when the snapshot cannot be read, or `RPC_URLS` names a chain the snapshot does not have as an
 *   EVM chain.
 * @param settleWorkflow - the order workflow's hook (`venueWorkflowSettler`), when the store holds workflows.
 * @example const tracker = trackerFromConfig(loadConfig(), openStore(config))
 */
export function trackerFromConfig(
  config: TrackerConfig,
  store: TrackerOptions['store'],
  settleWorkflow?: TrackerOptions['settleWorkflow'],
  facts: TrackingFacts = loadTrackingFacts(config.snapshotPath),
): Tracker {
  const simulated = createSimulatedObserver({
    timeScale: config.simulatedTimeScale,
    // Injected outcomes are for tests and demos: production never reads them.
    ...(config.production ? {} : { outcomeOf: (txId: string) => readSimulatedOutcome(config.dataDir, txId) }),
  })
  const rpc = new Map<number, ChainObserver>()
  const rpcUrls = rpcUrlsOf(config, facts.chains)
  for (const { chainId, url } of rpcUrls) {
    const chain = facts.chains.get(chainId)
    const createObserver = chain === undefined ? undefined : rpcObserverFactoryOf(chain.vm)
    if (chain === undefined || createObserver === undefined) {
      throw new Error(
        `RPC_URLS names chain ${chainId}, which is not an EVM, Solana, Bitcoin or Tron chain of the snapshot (no RPC observer for its VM)`,
      )
    }
    rpc.set(
      chainId,
      createObserver({
        chainId,
        url,
        // The router the workers build transactions for: ROUTER_ADDRESSES first, as in workerSnapshot.ts.
        routerAddress: config.routerAddresses?.get(chainId) ?? chain.routerAddress,
        minPollSeconds: Math.min(1, chain.blockTimeMs / 1000),
      }),
    )
  }
  return createTracker({
    store,
    facts,
    simulated,
    rpc,
    depositWatchers: depositWatchersOf(config, facts.chains, rpcUrls),
    quoteTtlSeconds: config.quoteTtlSeconds,
    quoteRetentionSeconds: config.quoteRetentionSeconds,
    leaseSeconds: config.trackerLeaseSeconds,
    ...(settleWorkflow === undefined ? {} : { settleWorkflow }),
  })
}

/**
 * `RPC_URLS`, plus `BITCOIN_API_URL` for each chain observed over Esplora (Bitcoin) that `RPC_URLS` does not name:
 * the UTXO provider is an Esplora API, which also observes deposits.
 */
function rpcUrlsOf(config: TrackerConfig, chains: ReadonlyMap<number, { readonly vm: Vm }>): readonly RpcUrl[] {
  const { bitcoinApiUrl } = config
  if (bitcoinApiUrl === undefined) return config.rpcUrls
  const named = new Set(config.rpcUrls.map((entry) => entry.chainId))
  const esploraChains = [...chains].filter(
    ([chainId, chain]) => rpcObserverFactoryOf(chain.vm) === createEsploraObserver && !named.has(chainId),
  )
  return [...config.rpcUrls, ...esploraChains.map(([chainId]) => ({ chainId, url: bitcoinApiUrl }))]
}

/**
 * One deposit watcher per source chain: over its node on an EVM chain with an `RPC_URLS` entry (JSON-RPC) and on a
 * Bitcoin chain with one or `BITCOIN_API_URL` (Esplora); simulated on a chain without one (outside production only:
 * production has no simulated deposits). A Solana or Tron chain with an RPC entry has no deposit watcher yet: its
 * deposit addresses are not watched.
 */
function depositWatchersOf(
  config: TrackerConfig,
  chains: TrackingFacts['chains'],
  rpcUrls: readonly RpcUrl[],
): DepositWatcher[] {
  const urls = new Map(rpcUrls.map((entry) => [entry.chainId, entry.url]))
  const watchers: DepositWatcher[] = []
  for (const [chainId, chain] of chains) {
    const url = urls.get(chainId)
    const createWatcher = rpcDepositWatcherFactoryOf(chain.vm)
    if (url !== undefined && createWatcher !== undefined) {
      watchers.push(createWatcher({ chainId, url, blockTimeMs: chain.blockTimeMs }))
    } else if (url === undefined && !config.production) {
      watchers.push(createSimulatedDepositWatcher({ chainId, vm: chain.vm, dataDir: config.dataDir }))
    }
  }
  return watchers
}
