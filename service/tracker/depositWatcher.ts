/**
 * Deposit watchers: how the tracker learns that a quote's deposit address (`returnDepositAddress=true`) received
 * its input, with no registration by the user. One watcher per source chain: the EVM JSON-RPC watcher
 * (`evmDepositWatcher.ts`) on EVM chains with an `RPC_URLS` entry, the Esplora one (`esploraDepositWatcher.ts`) on
 * Bitcoin chains with an Esplora API, the simulated one (`simulatedDeposits.ts`) elsewhere. Each tick,
 * `watchDeposits` lists the quotes awaiting a deposit on each chain, asks its watcher, and registers what arrived
 * (`registerDeposit`, under `depositRule.ts`); the tracker then follows the registered transaction like any other.
 */
import { log } from '../log.js'
import type { DepositStore, DepositWatch } from '../store/depositStore.js'
import { type DetectedDeposit, depositRegistration } from './depositRule.js'

/** Quotes awaiting a deposit read per chain and tick: bounds the work of one tick. */
export const DEPOSIT_WATCHES_PER_TICK = 500

/** What a watcher is asked. */
export interface ScanDepositsParameters {
  /**
   * Reads the quotes awaiting a deposit on the watcher's chain. A watcher that scans blocks reads the chain's head
   * **before** calling it: every deposit in a block up to that head was sent after its quote was stored (the address
   * is only known from the stored quote's answer), so its quote is in the list.
   */
  readonly listWatches: () => Promise<readonly DepositWatch[]>
  /** Unix seconds, now. */
  readonly now: number
  /** The last block scanned before (`depositScanCursor`), for watchers that scan blocks. */
  readonly scannedBlock: number | undefined
}

/** What a scan found. */
export interface ScanDepositsResult {
  /** The first deposit seen at each watched address, at most one per `txId`. */
  readonly deposits: readonly DetectedDeposit[]
  /** The last block now scanned, saved once the deposits are registered; absent: nothing to save. */
  readonly scannedBlock?: number
}

/** Something that sees deposits to the deposit addresses of one chain. */
export interface DepositWatcher {
  /** `simulated`, `evm-rpc` or `esplora`: shown in logs. */
  readonly name: string
  readonly chainId: number
  /** Whether it scans blocks and keeps a cursor in the store (`depositScanCursor`). */
  readonly scansBlocks: boolean
  /**
   * Looks for deposits. Resolves with none (and logs `tracker.rpc-failed`) when the chain cannot be asked; paces
   * itself (a chain is not asked again before its next block, or before its backoff after a failure).
   */
  scan(parameters: ScanDepositsParameters): Promise<ScanDepositsResult>
}

/** A watcher's backoff after failures: 1 s, doubling up to a bound. */
export interface DepositWatcherBackoff {
  /** Counts a failure and logs it (`tracker.rpc-failed`); returns the seconds until the chain is asked again. */
  failed(error: unknown): number
  /** The chain answered: the next failure starts again at 1 s. */
  succeeded(): void
}

/**
 * The backoff of one chain's deposit watcher.
 *
 * @param maxBackoffSeconds - the longest wait.
 * @example const backoff = depositWatcherBackoff(42161, 60); nextScanAt = now + backoff.failed(error)
 */
export function depositWatcherBackoff(chainId: number, maxBackoffSeconds: number): DepositWatcherBackoff {
  let failures = 0
  return {
    failed(error) {
      failures += 1
      const retryInSeconds = Math.min(maxBackoffSeconds, 2 ** (failures - 1))
      log('warn', 'tracker.rpc-failed', {
        chainId,
        watcher: 'deposits',
        retryInSeconds,
        reason: error instanceof Error ? error.message.split('\n')[0] : String(error),
      })
      return retryInSeconds
    },
    succeeded() {
      failures = 0
    },
  }
}

/**
 * One tick's deposit watching: for each watcher, the quotes awaiting a deposit on its chain (at most
 * `DEPOSIT_WATCHES_PER_TICK`), the deposits it sees, each registered (`registerDeposit`), then its scan cursor saved
 * — after the registrations, so that a tracker killed in between scans those blocks again rather than missing a
 * deposit.
 *
 * @returns how many deposits were registered.
 * @example await watchDeposits(store, watchers, Date.now() / 1000)
 */
export async function watchDeposits(
  store: DepositStore,
  watchers: readonly DepositWatcher[],
  now: number,
): Promise<number> {
  let registered = 0
  for (const watcher of watchers) {
    const listWatches = () => store.awaitingDeposits(watcher.chainId, now, DEPOSIT_WATCHES_PER_TICK)
    // Nothing to watch on this chain: the node is not asked at all.
    if ((await listWatches()).length === 0) continue
    const scannedBlock = watcher.scansBlocks ? await store.depositScanCursor(watcher.chainId) : undefined
    let watches: readonly DepositWatch[] = []
    const result = await watcher.scan({
      now,
      scannedBlock,
      listWatches: async () => (watches = await listWatches()),
    })
    const byTxId = new Map(watches.map((watch) => [watch.txId, watch]))
    for (const deposit of result.deposits) {
      const watch = byTxId.get(deposit.txId)
      if (watch === undefined) continue
      const registration = depositRegistration(watch, deposit, Math.floor(now))
      const { outcome } = await store.registerDeposit(registration)
      if (outcome === 'registered') registered += 1
      // `duplicate`: another replica's tracker registered the same deposit first (expected with N replicas).
      log(outcome === 'registered' ? 'info' : outcome === 'duplicate' ? 'debug' : 'warn', 'tracker.deposit', {
        txId: watch.txId,
        chainId: watch.chainId,
        txHash: deposit.txHash,
        amount: deposit.amount.toString(),
        status: registration.status,
        outcome,
        watcher: watcher.name,
      })
    }
    if (result.scannedBlock !== undefined && result.scannedBlock !== scannedBlock) {
      await store.saveDepositScanCursor(watcher.chainId, result.scannedBlock)
    }
  }
  return registered
}
