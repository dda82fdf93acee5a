/**
 * What starts a reload (README "Hot reload"): a change of the `SNAPSHOT_PATH` file (debounced), `SIGHUP`, and every
 * `SNAPSHOT_REFRESH_SECONDS` a build from chain state when `SNAPSHOT_CHAIN_CONFIG` is set.
 */
import { type FSWatcher, watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import type { ServiceConfig } from '../config.js'
import { logError } from '../log.js'
import type { SnapshotCoordinator } from './reloadCoordinator.js'

/** What `startReloadTriggers` needs beyond the configuration. */
export interface ReloadTriggersOptions {
  readonly coordinator: SnapshotCoordinator
  /** Builds the snapshot's JSON text from chain state (a worker task: `buildChainSnapshot`). */
  readonly buildChainSnapshot: (chainConfigPath: string) => Promise<string>
}

/** The running triggers. */
export interface ReloadTriggers {
  /** Stops watching, listening for SIGHUP and refreshing. A reload under way finishes. */
  stop(): void
}

/**
 * Starts the triggers the configuration asks for.
 *
 * @example const triggers = startReloadTriggers(config, { coordinator, buildChainSnapshot })
 */
export function startReloadTriggers(config: ServiceConfig, options: ReloadTriggersOptions): ReloadTriggers {
  const { coordinator } = options
  const { watch: isWatching, watchDebounceMs, chainConfigPath, refreshSeconds } = config.snapshotReload
  const path = config.snapshotPath
  const reloadFile = (trigger: 'file' | 'signal') => void coordinator.reloadFile(path, trigger)
  const onSignal = () => reloadFile('signal')
  process.on('SIGHUP', onSignal)

  let watcher: FSWatcher | undefined
  let debounce: NodeJS.Timeout | undefined
  if (isWatching) {
    // The directory, not the file: editors and `mv` replace the file, which ends a watch on the file itself.
    watcher = watch(dirname(path), (_event, filename) => {
      if (filename !== null && filename !== basename(path)) return
      clearTimeout(debounce)
      debounce = setTimeout(() => reloadFile('file'), watchDebounceMs)
    })
    watcher.on('error', (error) => logError('snapshot.watch-failed', error, { path }))
    watcher.unref()
  }

  let refresh: NodeJS.Timeout | undefined
  let isStopped = false
  if (chainConfigPath !== undefined) {
    // Each build starts `refreshSeconds` after the previous one ended: builds never overlap.
    const build = async () => {
      await coordinator.reloadFrom(() => options.buildChainSnapshot(chainConfigPath), chainConfigPath, 'chain')
      if (!isStopped) refresh = setTimeout(() => void build(), refreshSeconds * 1000).unref()
    }
    void build()
  }

  return {
    stop() {
      isStopped = true
      process.off('SIGHUP', onSignal)
      watcher?.close()
      clearTimeout(debounce)
      clearTimeout(refresh)
    },
  }
}
