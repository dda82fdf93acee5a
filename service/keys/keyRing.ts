/**
 * The key ring: the API keys a thread accepts, built from the store's keys and kept current by a cache that checks
 * the store's key version (one single-row read) at most once per `KEYS_REFRESH_MS` (default 2 s). A key created or
 * revoked with the `keys` CLI is accepted or refused by every worker from its first request made more than that
 * long after the change, without a restart; a lookup itself reads nothing from the store (it hashes the presented
 * key and does one `Map.get`).
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
  /** The key's own quota of quotes per UTC day, or `null` for the default (and for an unknown key). */
  dailyQuoteQuotaOf(keyId: string): number | null
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
  const quotas = new Map<string, number>()
  const appsByOrg = new Map<string, ApiKeyRecord[]>()
  for (const row of rows) {
    const { keyId, appId, orgId, appName, affiliateId, gasless, appFees } = row
    const record: ApiKeyRecord = Object.freeze({ keyId, appId, orgId, appName, affiliateId, gasless, appFees })
    if (row.revokedAt === null) byHash.set(row.keyHash, record)
    if (row.rateLimit !== null) limits.set(keyId, Object.freeze(row.rateLimit))
    if (row.dailyQuoteQuota !== undefined && row.dailyQuoteQuota !== null) quotas.set(keyId, row.dailyQuoteQuota)
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
    dailyQuoteQuotaOf(keyId: string): number | null {
      return quotas.get(keyId) ?? null
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
  /**
   * `undefined` (nothing to wait for) when the store's key version was checked less than `refreshMs` ago; else the
   * promise of that check (and of a reload when the version changed). Called on each request before the lookup: a
   * clock comparison, and one single-row read per `refreshMs`.
   */
  refreshIfDue(): Promise<void> | undefined
  /** Checks the version (and reloads) now. */
  refresh(): Promise<void>
  /** Stops the timer, if any. */
  stop(): void
}

/** Options of `createKeyCache`. */
export interface CreateKeyCacheOptions {
  /** How long a version check stays fresh (`KEYS_REFRESH_MS`). */
  readonly refreshMs: number
  /**
   * Also check on a timer every `refreshMs` (the main thread, whose event loop always runs). Not for piscina
   * workers: an idle worker sleeps in `Atomics.wait` and runs no timer, so they check on the request (`refreshIfDue`).
   */
  readonly useTimer?: boolean
  /** Runs before the first read (seeding the development keys, importing `KEYS_FILE`). */
  readonly beforeFirstLoad?: () => Promise<void>
  /** Checks the keys read the first time (production refuses active development keys); throw to refuse. */
  readonly checkFirstLoad?: (rows: readonly ApiKeyRow[]) => void
}

/**
 * A key cache over the store: reads every key once; afterwards a check reads the key version (one row) and reloads
 * the keys only when it changed. Until `ready` resolves the ring is empty (every key unknown): wait for it.
 *
 * @example
 * const keys = createKeyCache(store, { refreshMs: 2000 })
 * await keys.ready
 * await keys.refreshIfDue()
 * keys.lookup(ctx.get('x-api-key'))
 */
export function createKeyCache(
  store: Pick<ApiKeyStore, 'listApiKeys' | 'apiKeysVersion'>,
  options: CreateKeyCacheOptions,
): KeyCache {
  let ring = buildKeyRing([])
  let version = -1
  let checkedAtMs = Number.NEGATIVE_INFINITY
  let pending: Promise<void> | undefined
  const load = async () => {
    const current = await store.apiKeysVersion()
    checkedAtMs = Date.now()
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
  const refresh = (): Promise<void> => {
    pending ??= load()
      .catch((error: unknown) => {
        // The store is unreachable for now: keep serving the keys already known, try again after refreshMs.
        checkedAtMs = Date.now()
        logError('keys.refresh-failed', error)
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }
  let timer: NodeJS.Timeout | undefined
  if (options.useTimer === true) {
    ready.then(
      () => {
        timer = setInterval(() => void refresh(), options.refreshMs).unref()
      },
      () => undefined,
    )
  }
  return {
    ready,
    refresh,
    refreshIfDue: () => (version === -1 || Date.now() - checkedAtMs < options.refreshMs ? pending : refresh()),
    stop: () => clearInterval(timer),
    lookup: (plaintextKey) => ring.lookup(plaintextKey),
    rateLimitOf: (keyId) => ring.rateLimitOf(keyId),
    dailyQuoteQuotaOf: (keyId) => ring.dailyQuoteQuotaOf(keyId),
    appsOfOrg: (orgId) => ring.appsOfOrg(orgId),
  }
}
