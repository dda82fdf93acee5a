import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Everything the service can be configured with. Every field comes from an environment variable (README). */
export interface ServiceConfig {
  /** `PORT`, default 3000 (0: any free port). */
  readonly port: number
  /** `HOST`, default `0.0.0.0`. */
  readonly host: string
  /** `NODE_ENV === 'production'`: refuses development keys. */
  readonly production: boolean
  /** `THREADS`, default: the number of cores. */
  readonly threads: number
  /** `CONCURRENT_TASKS_PER_WORKER`, default 8. */
  readonly concurrentTasksPerWorker: number
  /** `MAX_QUEUE`, default 1024 waiting requests; beyond that: 503 with Retry-After. */
  readonly maxQueue: number
  /** `BODY_LIMIT_BYTES`, default 1 MiB; beyond that: 413. */
  readonly bodyLimitBytes: number
  /** `SNAPSHOT_PATH`, default `fixtures/default.json`. */
  readonly snapshotPath: string
  /** `DATA_DIR`, default `./data`. */
  readonly dataDir: string
  /** `DATABASE_PATH`, default `<DATA_DIR>/crossroute.sqlite`. */
  readonly databasePath: string
  /** `KEYS_FILE`, default `fixtures/keys.dev.json` (development keys). */
  readonly keysFile: string
  /** `GEO_HEADER`, default `cf-ipcountry`: the trusted header a fronting proxy sets to the client's country. */
  readonly geoHeader: string
  /** `GEO_BLOCKED`, comma-separated ISO 3166-1 alpha-2 codes; default `CU,IR,KP,SY`. */
  readonly geoBlocked: readonly string[]
  /** `SCREENING_DIR`, default `fixtures/ofac`: sanctioned address lists (`sanctioned_addresses_<ASSET>.txt`). */
  readonly screeningDir: string
  /** `PROTOCOL_FEE_BPS`, default 0. */
  readonly protocolFeeBps: number
  /** `QUOTE_TTL_SECONDS`, default 1800: quotes never registered expire after this. */
  readonly quoteTtlSeconds: number
}

/**
 * Reads the configuration from environment variables, with embedded defaults for every field.
 * @throws Error naming the variable when a value is malformed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`)
    }
    return value
  }
  const path = (name: string, fallback: string) => resolve(env[name] || fallback)
  const dataDir = path('DATA_DIR', './data')
  return Object.freeze({
    port: int('PORT', 3000, 0, 65_535),
    host: env.HOST || '0.0.0.0',
    production: env.NODE_ENV === 'production',
    threads: int('THREADS', availableParallelism(), 1, 256),
    concurrentTasksPerWorker: int('CONCURRENT_TASKS_PER_WORKER', 8, 1, 1024),
    maxQueue: int('MAX_QUEUE', 1024, 0, 1_000_000),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024 * 1024, 1, 64 * 1024 * 1024),
    snapshotPath: path('SNAPSHOT_PATH', resolve(ROOT, 'fixtures/default.json')),
    dataDir,
    databasePath: path('DATABASE_PATH', resolve(dataDir, 'crossroute.sqlite')),
    keysFile: path('KEYS_FILE', resolve(ROOT, 'fixtures/keys.dev.json')),
    geoHeader: (env.GEO_HEADER || 'cf-ipcountry').toLowerCase(),
    geoBlocked: Object.freeze((env.GEO_BLOCKED ?? 'CU,IR,KP,SY').split(',').map((code) => code.trim().toUpperCase()).filter(Boolean)),
    screeningDir: path('SCREENING_DIR', resolve(ROOT, 'fixtures/ofac')),
    protocolFeeBps: int('PROTOCOL_FEE_BPS', 0, 0, 9_999),
    quoteTtlSeconds: int('QUOTE_TTL_SECONDS', 1800, 1, 365 * 24 * 3600),
  })
}
