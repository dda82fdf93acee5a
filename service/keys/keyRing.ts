/**
 * The key ring: the API keys a thread accepts, built from the store's keys and kept current by a cache that checks
 * the store's key version every `KEYS_REFRESH_MS` (default 2 s) off the request path. A key created or revoked with
 * the `keys` CLI is accepted or refused by every worker within that time, without a restart; a lookup itself reads
 * nothing from the store (it hashes the presented key and does one `Map.get`).
 *
 * No engine import: the main thread loads it for the rate limits.
 */
import type { ApiKeyRecord } from '../types.js'
import type { ApiKeyRow, ApiKeyStore, RateLimit } from '../store/apiKeys.js'
import { log, logError } from '../log.js'
import { hashApiKey } from './keyHash.js'

/** The keys a worker accepts. */
export interface KeyRing {
  /**
   * The record of a valid key, or `undefined` for an unknown or revoked one. Hashes the presented key and looks
   * the hash up in a map: see `buildKeyRing` on why no constant-time comparison is needed.
   */
  lookup(plaintextKey: string): ApiKeyRecord | undefined
  /** The key's own rate limit, or `null` for the default (and for an unknown key). */
  rateLimitOf(keyId: string): RateLimit | null
  /**
   * One record per app of an organization (SPEC §4.4: `appIds` defaults to all apps of the caller's org), oldest
   * first; apps whose keys were all revoked are still listed (their history remains the org's). When an app has
   * several keys (rotation), its first key's record stands for it. Empty for an unknown org.
   */
  appsOfOrg(orgId: string): readonly ApiKeyRecord[]
}

/** Longer values are not hashed at all: no key is this long, and hashing costs time per byte. */
const MAX_KEY_LENGTH = 256

/**
 * A key ring over stored keys (revoked ones are refused). Records are frozen and carry no hash.
 *
 * Why no constant-time comparison: the secret never meets a stored secret in a comparison. Timing can at most
 * tell an attacker something about the *hash* of the key they sent, and knowing part of the SHA-256 of a
 * chosen input brings them no closer to a 256-bit random key whose hash is stored (preimage resistance).
 *
 * @example
 * const ring = buildKeyRing(await store.listApiKeys())
 * ring.lookup('dev-key-alpha')?.appId // 'alpha-web' (development keys seeded)
 */
export function buildKeyRing(rows: readonly ApiKeyRow[]): KeyRing {
  const byHash = new Map<string, ApiKeyRecord>()
  const limits = new Map<string, RateLimit>()
  const appsByOrg = new Map<string, ApiKeyRecord[]>()
  for (const row of rows) {
    const { keyId, appId, orgId, appName, affiliateId, gasless, appFees } = row
    const record: ApiKeyRecord = Object.freeze({ keyId, appId, orgId, appName, affiliateId, gasless, appFees })
    if (row.revokedAt === null) byHash.set(row.keyHash, record)
    if (row.rateLimit !== null) limits.set(keyId, Object.freeze(row.rateLimit))
    const apps = appsByOrg.get(orgId) ?? []
    if (!apps.some((app) => app.appId === appId)) apps.push(record)
    appsByOrg.set(orgId, apps)
  }
  for (const apps of appsByOrg.values()) Object.freeze(apps)
  const none: readonly ApiKeyRecord[] = Object.freeze([])
  return Object.freeze({
    lookup(plaintextKey: string): ApiKeyRecord | undefined {
      if (plaintextKey.length === 0 || plaintextKey.length > MAX_KEY_LENGTH) return undefined
      return byHash.get(hashApiKey(plaintextKey))
    },
    rateLimitOf(keyId: string): RateLimit | null {
      return limits.get(keyId) ?? null
    },
    appsOfOrg(orgId: string): readonly ApiKeyRecord[] {
      return appsByOrg.get(orgId) ?? none
    },
  })
}

/** A key ring that follows the store. */
export interface KeyCache extends KeyRing {
  /** Resolves once the keys were read the first time; rejects when that read fails. */
  readonly ready: Promise<void>
  /** Reloads now if the store's key version changed (the timer calls it every `refreshMs`). */
  refresh(): Promise<void>
  /** Stops the timer. */
  stop(): void
}

/** Options of `createKeyCache`. */
export interface CreateKeyCacheOptions {
  /** How often the key version is checked (`KEYS_REFRESH_MS`). */
  readonly refreshMs: number
  /** Runs before the first read (seeding the development keys, importing `KEYS_FILE`). */
  readonly beforeFirstLoad?: () => Promise<void>
  /** Checks the keys read the first time (production refuses active development keys); throw to refuse. */
  readonly checkFirstLoad?: (rows: readonly ApiKeyRow[]) => void
}

/**
 * A key cache over the store: reads every key once, then every `refreshMs` reads the key version (one row) and
 * reloads the keys only when it changed. The timer does not keep the thread alive. Until `ready` resolves the
 * ring is empty (every key unknown): wait for it before serving.
 *
 * @example
 * const keys = createKeyCache(store, { refreshMs: 2000 })
 * await keys.ready
 * keys.lookup(ctx.get('x-api-key'))
 */
export function createKeyCache(
  store: Pick<ApiKeyStore, 'listApiKeys' | 'apiKeysVersion'>,
  options: CreateKeyCacheOptions,
): KeyCache {
  let ring = buildKeyRing([])
  let version = -1
  let isRefreshing = false
  const load = async () => {
    const current = await store.apiKeysVersion()
    if (current === version) return
    const rows = await store.listApiKeys()
    if (version === -1) options.checkFirstLoad?.(rows)
    ring = buildKeyRing(rows)
    if (version !== -1) log('info', 'keys.reloaded', { keys: rows.length, version: current })
    version = current
  }
  const ready = (async () => {
    await options.beforeFirstLoad?.()
    await load()
  })()
  let timer: NodeJS.Timeout | undefined
  const refresh = async () => {
    if (isRefreshing || version === -1) return
    isRefreshing = true
    try {
      await load()
    } catch (error) {
      // The store is unreachable for now: keep serving the keys already known, try again next time.
      logError('keys.refresh-failed', error)
    } finally {
      isRefreshing = false
    }
  }
  ready.then(
    () => {
      timer = setInterval(() => void refresh(), options.refreshMs).unref()
    },
    () => undefined,
  )
  return {
    ready,
    refresh,
    stop: () => clearInterval(timer),
    lookup: (plaintextKey) => ring.lookup(plaintextKey),
    rateLimitOf: (keyId) => ring.rateLimitOf(keyId),
    appsOfOrg: (orgId) => ring.appsOfOrg(orgId),
  }
}
