/**
 * Hot reload's configuration (README "Hot reload"), read with the rest of the service's (`config.ts`).
 */
import { resolve } from 'node:path'
import { envInteger } from '../envInteger.js'

/** How the service reloads its snapshot. */
export interface SnapshotReloadConfig {
  /** `SNAPSHOT_WATCH`, default 1: reload when the `SNAPSHOT_PATH` file changes (0: only on SIGHUP or a refresh). */
  readonly watch: boolean
  /** `SNAPSHOT_WATCH_DEBOUNCE_MS`, default 500: a reload waits until the file has not changed for this long. */
  readonly watchDebounceMs: number
  /**
   * `SNAPSHOT_CHAIN_CONFIG`: a chain snapshot configuration (JSON, `ChainSnapshotConfig` of `crossroute/chain`: RPC
   * URLs, pools, prices, lanes). The snapshot is then rebuilt from chain state every `refreshSeconds`, starting at
   * once. Default none.
   */
  readonly chainConfigPath: string | undefined
  /** `SNAPSHOT_REFRESH_SECONDS`, default 60 with `SNAPSHOT_CHAIN_CONFIG` (refused without it). */
  readonly refreshSeconds: number
}

/**
 * Reads hot reload's variables.
 *
 * @throws Error naming the variable when a value is malformed, or `SNAPSHOT_REFRESH_SECONDS` comes without
 *   `SNAPSHOT_CHAIN_CONFIG`.
 * @example loadSnapshotReloadConfig({ SNAPSHOT_WATCH: '0' }).watch // false
 */
export function loadSnapshotReloadConfig(env: NodeJS.ProcessEnv): SnapshotReloadConfig {
  const int = (name: string, fallback: number, min: number, max: number): number =>
    envInteger(env, name, fallback, min, max)
  const watch = env.SNAPSHOT_WATCH ?? ''
  if (watch !== '' && watch !== '0' && watch !== '1') throw new Error(`SNAPSHOT_WATCH must be 0 or 1, got ${watch}`)
  const chainConfigPath = env.SNAPSHOT_CHAIN_CONFIG ? resolve(env.SNAPSHOT_CHAIN_CONFIG) : undefined
  if (chainConfigPath === undefined && (env.SNAPSHOT_REFRESH_SECONDS ?? '') !== '')
    throw new Error('SNAPSHOT_REFRESH_SECONDS needs SNAPSHOT_CHAIN_CONFIG (where to read the snapshot from)')
  return Object.freeze({
    watch: watch !== '0',
    watchDebounceMs: int('SNAPSHOT_WATCH_DEBOUNCE_MS', 500, 10, 600_000),
    chainConfigPath,
    refreshSeconds: int('SNAPSHOT_REFRESH_SECONDS', 60, 1, 86_400),
  })
}
