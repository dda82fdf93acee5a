import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { packagePath } from '../engine/packagePath.js'
import { type VenueConfig, loadVenueConfig } from './venue/venueConfig.js'
import { type SnapshotReloadConfig, loadSnapshotReloadConfig } from './snapshots/reloadConfig.js'
import { envInteger } from './envInteger.js'
import { parseRouterAddresses } from './routerAddresses.js'

/** Everything the service can be configured with. Every field comes from an environment variable (README). */
export interface ServiceConfig {
  /** `PORT`, default 3000 (0: any free port). */
  readonly port: number
  /**
   * `HOST`. Default: `0.0.0.0` (every interface) in production; `127.0.0.1` outside it, where the public development
   * keys are served, so that a laptop's service is not reachable from its network unless `HOST` says so.
   */
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
  /**
   * `REQUEST_DEADLINE_MS`, default 10 s: a request a worker has not answered by then gets 503; a worker whose thread
   * has been stuck that long while holding requests is replaced (it would otherwise hold its slots forever).
   */
  readonly requestDeadlineMs: number
  /**
   * `WORKER_REPLACE_TIMEOUT_MS`, default 60 s: a worker that died must be replaced by a ready one within this time,
   * else the process exits 1 so that its supervisor restarts it.
   */
  readonly workerReplaceTimeoutMs: number
  /** `HEADERS_TIMEOUT_MS`, default 10 s: a request whose headers are not all in by then gets 400 and is closed. */
  readonly headersTimeoutMs: number
  /**
   * `REQUEST_TIMEOUT_MS`, default 30 s: a request (headers and body) not all received by then gets 400 and is
   * closed, so a client that sends half a body cannot hold a connection (Node's own default is 300 s).
   */
  readonly requestTimeoutMs: number
  /**
   * `KEEP_ALIVE_TIMEOUT_MS`, default 65 s: how long an idle keep-alive connection stays open. Longer than the 60 s
   * idle timeout of common load balancers, so the balancer, not the service, closes idle connections (otherwise it
   * may send a request on a connection the service is closing: a 502).
   */
  readonly keepAliveTimeoutMs: number
  /** `SNAPSHOT_PATH`, default `fixtures/default.json`. */
  readonly snapshotPath: string
  /** `DATA_DIR`, default `./data`. */
  readonly dataDir: string
  /** `DATABASE_PATH`, default `<DATA_DIR>/crossroute.sqlite`. */
  readonly databasePath: string
  /**
   * `DATABASE_URL` (`postgres://user:password@host:5432/database` or `postgresql://…`): the store is then that
   * PostgreSQL database, shared by every replica, instead of the SQLite file. Default none.
   */
  readonly databaseUrl?: string
  /**
   * `DATABASE_POOL_SIZE`, default 4: PostgreSQL connections per thread that uses the store (each worker, the tracker
   * and the main thread). The server must allow replicas × (THREADS + 2) × this (store/README.md "PostgreSQL").
   */
  readonly databasePoolSize: number
  /**
   * `KEYS_FILE`: a keys file imported into the store at start (keys already stored are left as they are). Default
   * `fixtures/keys.dev.json` (the development keys) outside production, none in production.
   */
  readonly keysFile: string | undefined
  /** `KEYS_REFRESH_MS`, default 2000: how often each thread checks the store for created or revoked keys. */
  readonly keysRefreshMs: number
  /**
   * `RATE_LIMIT_REQUESTS` per `RATE_LIMIT_WINDOW_SECONDS`, default 6000 per 60 s: the limit of a key without its own
   * (`npm run keys:limit`), per replica. `RATE_LIMIT_REQUESTS=0`: unlimited.
   */
  readonly defaultRateLimit: { readonly requests: number; readonly windowSeconds: number }
  /**
   * `UNAUTHENTICATED_RATE_LIMIT_REQUESTS` per `UNAUTHENTICATED_RATE_LIMIT_WINDOW_SECONDS`, default 600 per 60 s:
   * requests without a valid key from one client address (`CLIENT_IP_HEADER`), per replica; beyond: 429. `0`:
   * unlimited.
   */
  readonly unauthenticatedRateLimit: { readonly requests: number; readonly windowSeconds: number }
  /**
   * `CLIENT_IP_HEADER` (e.g. `x-forwarded-for`, `x-real-ip`, `cf-connecting-ip`), lower-cased: the header a fronting
   * proxy sets to the client's address, for the limit on requests without a valid key. Default none: the socket's
   * address (set it behind a proxy, or every client shares the proxy's address; never without one: clients could
   * then pick their address).
   */
  readonly clientIpHeader: string | undefined
  /**
   * `DAILY_QUOTE_QUOTA`, default 1,000,000: quotes a key may record per UTC day, per replica, unless it has its own
   * (`npm run keys:quota`); beyond: 429. `0`: unlimited.
   */
  readonly dailyQuoteQuota: number
  /**
   * `MAX_CONNECTIONS`, default 4096: open connections at once; a request on a connection beyond it gets 503 (and the
   * connection is closed).
   */
  readonly maxConnections: number
  /**
   * `MAX_BUFFERED_BYTES`, default 64 MiB: request bodies the main thread holds at once, over every connection (each
   * also within `BODY_LIMIT_BYTES`); a body that would go over gets 503 with Retry-After.
   */
  readonly maxBufferedBytes: number
  /**
   * `PROBE_PORT`, default none: a second listener, in a thread of its own, answering only `GET /api/health` and
   * `GET /api/ready` (README "Probes"), so that probes are answered promptly even when the main thread is saturated.
   * `0`: any free port (printed).
   */
  readonly probePort: number | undefined
  /**
   * `METRICS_TOKEN`: `GET /api/metrics` then needs `Authorization: Bearer <token>`. Unset: the metrics are open
   * outside production and not served (404) in production.
   */
  readonly metricsToken: string | undefined
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
  /**
   * `QUOTE_RETENTION_SECONDS`, default 604800 (7 days), at least `QUOTE_TTL_SECONDS`: quotes never registered are
   * deleted this long after they were answered (by the tracker thread, off the request path); a registration
   * after that is refused as an unknown txId.
   */
  readonly quoteRetentionSeconds: number
  /**
   * `RPC_URLS`, comma-separated `chainId=url` pairs (`1=http://127.0.0.1:8545,42161=https://…`); default none.
   * The tracker follows transactions on these chains through their JSON-RPC node, on the others it simulates them
   * (service/tracker/README.md).
   */
  readonly rpcUrls: readonly RpcUrl[]
  /**
   * `SOLANA_RPC_URL`, default none: the Solana JSON-RPC endpoint `getAction` reads a recent blockhash and the source
   * token's program from. Without it, Solana transactions carry a simulated blockhash (engine/vm/solana/README.md).
   */
  readonly solanaRpcUrl?: string
  /**
   * `BITCOIN_API_URL`, an Esplora-compatible REST API (`https://blockstream.info/api`, `https://mempool.space/api`):
   * where a Bitcoin sender's unspent outputs are read for its deposit PSBT. Default none: a simulated provider
   * (`service/vm/bitcoinUtxos.ts`).
   */
  readonly bitcoinApiUrl?: string
  /**
   * `GASLESS_PROVIDER_URL`: the gasless provider's HTTP API (`POST <url>/relay`, `service/gasless/provider.ts`);
   * default none: a simulated provider relays (README, "Gasless").
   */
  readonly gaslessProviderUrl?: string
  /**
   * `SIMULATED_TIME_SCALE`, default 1: factor on every duration of the simulated chain observer (block times, bridge
   * times). `0.001` turns a 16-minute bridge into one second, for tests and demos.
   */
  readonly simulatedTimeScale: number
  /** `TRACKER_INTERVAL_MS`, default 1000: how often the tracker thread looks for transactions due a check. */
  readonly trackerIntervalMs: number
  /**
   * `TRACKER_LEASE_SECONDS`, default 60 (1 to 3600): how long a transaction the tracker claimed is its alone
   * (`Store.dueForTracking`); with N replicas, a replica that dies holding claims delays them at most this long.
   * Keep it above the longest chain call (RPC timeouts, 10–30 s) with margin.
   */
  readonly trackerLeaseSeconds: number
  /**
   * `CROSSROUTE_BENCH_NO_STORE=1`: quotes are answered but never recorded (`bench/http.ts` measures the record's
   * cost with it). Refused in production: such a quote could never be registered.
   */
  readonly benchNoStore: boolean
  /** The prediction-market venue: `VENUE_FIXTURE_PATH`, `VENUE_GAMMA_URL`, `VENUE_DATA_URL`, `VENUE_TIMEOUT_MS`. */
  readonly venue: VenueConfig
  /** Hot reload (README "Hot reload"): `SNAPSHOT_WATCH`, `SNAPSHOT_WATCH_DEBOUNCE_MS`, `SNAPSHOT_CHAIN_CONFIG`, … */
  readonly snapshotReload: SnapshotReloadConfig
  /**
   * `ROUTER_ADDRESSES`, comma-separated `chainId=address` pairs; default none. Each named chain's router (`tx.to`,
   * and where the tracker reads the router's events) is this address instead of the snapshot's `routerAddress`
   * (`routerAddresses.ts`, README "Where `tx.to` comes from").
   */
  readonly routerAddresses: ReadonlyMap<number, string>
}

/** `QUOTE_RETENTION_SECONDS` when unset: 7 days. */
export const DEFAULT_QUOTE_RETENTION_SECONDS = 7 * 24 * 3600

/**
 * `TRACKER_LEASE_SECONDS` when unset: how long a claimed transaction is a tracker's alone. Above the longest
 * observation (an RPC observer's calls time out within 10–30 s) with margin; a replica that dies holding claims
 * delays those transactions by at most this long.
 */
export const DEFAULT_LEASE_SECONDS = 60

/** One entry of `RPC_URLS`. */
export interface RpcUrl {
  readonly chainId: number
  /** `http:` or `https:` URL of the chain's JSON-RPC endpoint. */
  readonly url: string
}

/**
 * Reads the configuration from environment variables, with embedded defaults for every field.
 * @throws Error naming the variable when a value is malformed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const int = (name: string, fallback: number, min: number, max: number): number =>
    envInteger(env, name, fallback, min, max)
  const path = (name: string, fallback: string) => resolve(env[name] || fallback)
  const dataDir = path('DATA_DIR', './data')
  const quoteTtlSeconds = int('QUOTE_TTL_SECONDS', 1800, 1, 365 * 24 * 3600)
  return Object.freeze({
    port: int('PORT', 3000, 0, 65_535),
    host: env.HOST || (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    production: env.NODE_ENV === 'production',
    threads: int('THREADS', availableParallelism(), 1, 256),
    concurrentTasksPerWorker: int('CONCURRENT_TASKS_PER_WORKER', 8, 1, 1024),
    maxQueue: int('MAX_QUEUE', 1024, 0, 1_000_000),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024 * 1024, 1, 64 * 1024 * 1024),
    requestDeadlineMs: int('REQUEST_DEADLINE_MS', 10_000, 10, 3_600_000),
    workerReplaceTimeoutMs: int('WORKER_REPLACE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', 65_000, 100, 3_600_000),
    snapshotPath: path('SNAPSHOT_PATH', packagePath('fixtures/default.json')),
    dataDir,
    databasePath: path('DATABASE_PATH', resolve(dataDir, 'crossroute.sqlite')),
    ...databaseUrl(env.DATABASE_URL),
    databasePoolSize: int('DATABASE_POOL_SIZE', 4, 1, 100),
    keysFile: env.KEYS_FILE
      ? resolve(env.KEYS_FILE)
      : env.NODE_ENV === 'production'
        ? undefined
        : packagePath('fixtures/keys.dev.json'),
    keysRefreshMs: int('KEYS_REFRESH_MS', 2000, 50, 600_000),
    defaultRateLimit: Object.freeze({
      requests: int('RATE_LIMIT_REQUESTS', 6000, 0, 1_000_000_000),
      windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    }),
    unauthenticatedRateLimit: Object.freeze({
      requests: int('UNAUTHENTICATED_RATE_LIMIT_REQUESTS', 600, 0, 1_000_000_000),
      windowSeconds: int('UNAUTHENTICATED_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    }),
    clientIpHeader: clientIpHeader(env.CLIENT_IP_HEADER),
    dailyQuoteQuota: int('DAILY_QUOTE_QUOTA', 1_000_000, 0, 1_000_000_000_000),
    maxConnections: int('MAX_CONNECTIONS', 4096, 1, 1_000_000),
    maxBufferedBytes: int('MAX_BUFFERED_BYTES', 64 * 1024 * 1024, 1, 16 * 1024 * 1024 * 1024),
    probePort: env.PROBE_PORT === undefined || env.PROBE_PORT === '' ? undefined : int('PROBE_PORT', 0, 0, 65_535),
    metricsToken: env.METRICS_TOKEN || undefined,
    geoHeader: (env.GEO_HEADER || 'cf-ipcountry').toLowerCase(),
    geoBlocked: Object.freeze(
      (env.GEO_BLOCKED ?? 'CU,IR,KP,SY')
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
    screeningDir: path('SCREENING_DIR', packagePath('fixtures/ofac')),
    protocolFeeBps: int('PROTOCOL_FEE_BPS', 0, 0, 9_999),
    quoteTtlSeconds,
    quoteRetentionSeconds: int(
      'QUOTE_RETENTION_SECONDS',
      DEFAULT_QUOTE_RETENTION_SECONDS,
      quoteTtlSeconds,
      10 * 365 * 24 * 3600,
    ),
    rpcUrls: parseRpcUrls(env.RPC_URLS ?? ''),
    ...optionalHttpUrl('SOLANA_RPC_URL', 'solanaRpcUrl', env.SOLANA_RPC_URL),
    ...optionalHttpUrl('BITCOIN_API_URL', 'bitcoinApiUrl', env.BITCOIN_API_URL),
    ...optionalHttpUrl('GASLESS_PROVIDER_URL', 'gaslessProviderUrl', env.GASLESS_PROVIDER_URL),
    simulatedTimeScale: positiveNumber('SIMULATED_TIME_SCALE', env.SIMULATED_TIME_SCALE, 1, 1000),
    trackerIntervalMs: int('TRACKER_INTERVAL_MS', 1000, 10, 600_000),
    trackerLeaseSeconds: int('TRACKER_LEASE_SECONDS', DEFAULT_LEASE_SECONDS, 1, 3600),
    benchNoStore: benchNoStore(env),
    venue: loadVenueConfig(env),
    snapshotReload: loadSnapshotReloadConfig(env),
    routerAddresses: parseRouterAddresses(env.ROUTER_ADDRESSES ?? ''),
  })
}

/**
 * Parses `RPC_URLS`: `chainId=url` pairs separated by commas; blanks around entries are ignored.
 * @throws Error naming `RPC_URLS` for a malformed entry, a non-HTTP URL or a chain given twice.
 * @example parseRpcUrls('42161=http://127.0.0.1:8545') // [{ chainId: 42161, url: 'http://127.0.0.1:8545' }]
 */
export function parseRpcUrls(raw: string): readonly RpcUrl[] {
  const entries: RpcUrl[] = []
  for (const part of raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const separator = part.indexOf('=')
    const chainIdText = part.slice(0, Math.max(separator, 0)).trim()
    const url = part.slice(separator + 1).trim()
    const chainId = Number(chainIdText)
    if (separator < 1 || !/^[1-9][0-9]*$/.test(chainIdText) || !Number.isSafeInteger(chainId)) {
      throw new Error(`RPC_URLS entries must be chainId=url, got ${JSON.stringify(part)}`)
    }
    httpUrl(`RPC_URLS: the URL of chain ${chainId}`, url)
    if (entries.some((entry) => entry.chainId === chainId)) throw new Error(`RPC_URLS names chain ${chainId} twice`)
    entries.push(Object.freeze({ chainId, url }))
  }
  return Object.freeze(entries)
}

/** `url` when it is an http(s) URL; else an Error naming `what`. */
function httpUrl(what: string, url: string): string {
  let protocol = ''
  try {
    protocol = new URL(url).protocol
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new Error(`${what} must be http(s), got ${JSON.stringify(url)}`)
  return url
}

/** `{ [key]: url }` for an http(s) URL without its trailing slash, `{}` when unset. */
function optionalHttpUrl<K extends string>(name: string, key: K, raw: string | undefined): { [P in K]?: string } {
  if (raw === undefined || raw === '') return {}
  return { [key]: httpUrl(name, raw).replace(/\/+$/, '') } as { [P in K]?: string }
}

/** `{ databaseUrl }` for a PostgreSQL connection string, `{}` when unset. */
function databaseUrl(raw: string | undefined): { databaseUrl?: string } {
  if (raw === undefined || raw === '') return {}
  let protocol = ''
  try {
    protocol = new URL(raw).protocol
  } catch {
    // reported below
  }
  // The value itself is not echoed: it usually holds a password.
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL')
  return { databaseUrl: raw }
}

/** `CLIENT_IP_HEADER`, lower-cased; `undefined` when unset. */
function clientIpHeader(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  const name = raw.trim().toLowerCase()
  if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw new Error(`CLIENT_IP_HEADER must be a header name, got ${raw}`)
  return name
}

function benchNoStore(env: NodeJS.ProcessEnv): boolean {
  const raw = env.CROSSROUTE_BENCH_NO_STORE ?? ''
  if (raw !== '' && raw !== '0' && raw !== '1') throw new Error(`CROSSROUTE_BENCH_NO_STORE must be 0 or 1, got ${raw}`)
  if (raw === '1' && env.NODE_ENV === 'production')
    throw new Error('CROSSROUTE_BENCH_NO_STORE is refused in production')
  return raw === '1'
}

function positiveNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!/^[0-9]*\.?[0-9]+(e-?[0-9]+)?$/i.test(raw) || !(value > 0) || value > max) {
    throw new Error(`${name} must be a number above 0 and at most ${max}, got ${JSON.stringify(raw)}`)
  }
  return value
}
