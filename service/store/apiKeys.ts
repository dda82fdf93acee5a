/**
 * API keys in the store (migration 8, `api_keys` and `api_keys_version`): what each key grants, its SHA-256 instead
 * of the key, its rate limit, and whether it was revoked. Every change bumps `api_keys_version` in the same
 * transaction, so that a worker's key cache (`keys/keyCache.ts`) learns of it with one single-row read.
 *
 * The SQL is plain enough for PostgreSQL too (no SQLite-only functions; `ON CONFLICT DO NOTHING`; JSON kept as text):
 * `postgres/apiKeys.ts` runs the same statements with `$n` parameters.
 */
import type { ApiKeyRecord } from '../types.js'
import { type Database, prepare, valueOf } from './database.js'

/** Requests a key may make per window (fixed window, per service replica). `requests: 0` means unlimited. */
export interface RateLimit {
  readonly requests: number
  readonly windowSeconds: number
}

/** A key as stored: its grant, the SHA-256 of the key (never the key), its own limit and its life. */
export interface ApiKeyRow extends ApiKeyRecord {
  /** SHA-256 of the plaintext key, 64 lower-case hex digits (`hashApiKey`). */
  readonly keyHash: string
  /** Imported from a development keys file (public keys): production refuses to start while one is active. */
  readonly isDevelopment: boolean
  /** The key's own limit; `null`: the service's default (`RATE_LIMIT_REQUESTS`, `RATE_LIMIT_WINDOW_SECONDS`). */
  readonly rateLimit: RateLimit | null
  /**
   * The key's own quota of quotes per UTC day (`0`: unlimited); `null` (and absent): the service's default
   * (`DAILY_QUOTE_QUOTA`). Set with `npm run keys:quota`.
   */
  readonly dailyQuoteQuota?: number | null
  /** Unix seconds. */
  readonly createdAt: number
  /** Unix seconds of the revocation; `null` while the key is valid. */
  readonly revokedAt: number | null
}

/** The API-key methods of the store. Every method is asynchronous (the PostgreSQL backend's are). */
export interface ApiKeyStore {
  /**
   * Stores a new key.
   * @throws Error when its `keyId` or `keyHash` is stored already, or its app belongs to another organization.
   */
  insertApiKey(key: ApiKeyRow): Promise<void>
  /**
   * Stores the keys whose `keyId` and `keyHash` are not stored yet, in one transaction, and leaves the others as
   * they are (a revoked key stays revoked): importing a keys file twice, or from every worker at once, is harmless.
   * @returns how many were stored.
   */
  importApiKeys(keys: readonly ApiKeyRow[]): Promise<number>
  /** Revokes a valid key. @returns `false` when no valid key has this `keyId`. */
  revokeApiKey(keyId: string, revokedAt: number): Promise<boolean>
  /** Sets a key's limit (`null`: back to the default). @returns `false` when no key has this `keyId`. */
  setApiKeyRateLimit(keyId: string, rateLimit: RateLimit | null): Promise<boolean>
  /**
   * Sets a key's quota of quotes per UTC day (`null`: back to the default).
   * @returns `false` when no key has this `keyId`.
   */
  setApiKeyDailyQuoteQuota(keyId: string, quota: number | null): Promise<boolean>
  /**
   * Quotes recorded since `createdAtOrAfter` (Unix seconds) and still stored, per key id: the main thread's daily
   * quote quota starts from them after a restart (`rateLimit/dailyQuota.ts`).
   */
  quotesRecordedSince(createdAtOrAfter: number): Promise<Map<string, number>>
  /** Every key, revoked ones included, oldest first. */
  listApiKeys(): Promise<ApiKeyRow[]>
  /** A number that changes whenever a key is stored, revoked or changed: caches compare it to reload. */
  apiKeysVersion(): Promise<number>
}

/** The SQL of migration 8. */
export const API_KEYS_MIGRATION_SQL = `
  CREATE TABLE api_keys (
    key_id                    TEXT    PRIMARY KEY,
    key_hash                  TEXT    NOT NULL UNIQUE,
    app_id                    TEXT    NOT NULL,
    org_id                    TEXT    NOT NULL,
    app_name                  TEXT    NOT NULL,
    affiliate_id              TEXT    NOT NULL,
    gasless                   INTEGER NOT NULL CHECK (gasless IN (0, 1)),
    app_fees                  TEXT    NOT NULL,
    is_development            INTEGER NOT NULL CHECK (is_development IN (0, 1)),
    rate_limit_requests       INTEGER CHECK (rate_limit_requests >= 0),
    rate_limit_window_seconds INTEGER CHECK (rate_limit_window_seconds > 0),
    created_at                INTEGER NOT NULL,
    revoked_at                INTEGER,
    CHECK ((rate_limit_requests IS NULL) = (rate_limit_window_seconds IS NULL))
  );
  CREATE INDEX api_keys_org ON api_keys (org_id, app_id);
  CREATE TABLE api_keys_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  );
  INSERT INTO api_keys_version (id, version) VALUES (1, 0);
`

/** An `api_keys` row as either backend returns it. */
export interface ApiKeyTableRow {
  key_id: string
  key_hash: string
  app_id: string
  org_id: string
  app_name: string
  affiliate_id: string
  gasless: number
  app_fees: string
  is_development: number
  rate_limit_requests: number | null
  rate_limit_window_seconds: number | null
  /** Added by a later migration: absent from rows read before it ran. */
  daily_quote_quota?: number | null
  created_at: number
  revoked_at: number | null
}

/**
 * A stored row as an `ApiKeyRow` (both backends).
 *
 * @example apiKeyFromRow(row).rateLimit // null: the service's default
 */
export const apiKeyFromRow = (row: ApiKeyTableRow): ApiKeyRow => ({
  keyId: row.key_id,
  keyHash: row.key_hash,
  appId: row.app_id,
  orgId: row.org_id,
  appName: row.app_name,
  affiliateId: row.affiliate_id,
  gasless: row.gasless === 1,
  appFees: JSON.parse(row.app_fees) as ApiKeyRow['appFees'],
  isDevelopment: row.is_development === 1,
  rateLimit:
    row.rate_limit_requests === null || row.rate_limit_window_seconds === null
      ? null
      : { requests: row.rate_limit_requests, windowSeconds: row.rate_limit_window_seconds },
  dailyQuoteQuota:
    row.daily_quote_quota === undefined || row.daily_quote_quota === null ? null : Number(row.daily_quote_quota),
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
})

/**
 * The column values of a key, by the names of SQLite's `@` parameters, in column order (the PostgreSQL backend
 * binds `Object.values` of it as `$1…$13`).
 *
 * @example apiKeyParameters(key).keyHash // 64 hex digits
 */
export const apiKeyParameters = (key: ApiKeyRow): Record<string, string | number | null> => ({
  keyId: key.keyId,
  keyHash: key.keyHash,
  appId: key.appId,
  orgId: key.orgId,
  appName: key.appName,
  affiliateId: key.affiliateId,
  gasless: key.gasless ? 1 : 0,
  appFees: JSON.stringify(key.appFees),
  isDevelopment: key.isDevelopment ? 1 : 0,
  requests: key.rateLimit?.requests ?? null,
  windowSeconds: key.rateLimit?.windowSeconds ?? null,
  createdAt: key.createdAt,
  revokedAt: key.revokedAt,
})

/**
 * The API-key methods over one connection; statements are prepared once. The SQLite calls are synchronous; the
 * methods are `async` so that callers are written for the PostgreSQL backend too.
 *
 * @example
 * const keys = apiKeyMethods(db)
 * await keys.revokeApiKey('key_3f9c0a1b2c4d', Math.floor(Date.now() / 1000))
 */
export function apiKeyMethods(db: Database): ApiKeyStore {
  const columns =
    '(key_id, key_hash, app_id, org_id, app_name, affiliate_id, gasless, app_fees, is_development, ' +
    'rate_limit_requests, rate_limit_window_seconds, created_at, revoked_at)'
  const values =
    '(@keyId, @keyHash, @appId, @orgId, @appName, @affiliateId, @gasless, @appFees, @isDevelopment, ' +
    '@requests, @windowSeconds, @createdAt, @revokedAt)'
  const insert = prepare<[Record<string, string | number | null>]>(
    db,
    `INSERT INTO api_keys ${columns} VALUES ${values}`,
  )
  const insertIfAbsent = prepare<[Record<string, string | number | null>]>(
    db,
    `INSERT INTO api_keys ${columns} VALUES ${values} ON CONFLICT DO NOTHING`,
  )
  const orgOfApp = db.prepare('SELECT org_id FROM api_keys WHERE app_id = ? LIMIT 1')
  const revoke = prepare<[number, string]>(
    db,
    'UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL',
  )
  const setLimit = prepare<[number | null, number | null, string]>(
    db,
    'UPDATE api_keys SET rate_limit_requests = ?, rate_limit_window_seconds = ? WHERE key_id = ?',
  )
  const setQuota = prepare<[number | null, string]>(db, 'UPDATE api_keys SET daily_quote_quota = ? WHERE key_id = ?')
  const quotesSince = prepare<[number], { key_id: string; quotes: number }>(
    db,
    'SELECT key_id, count(*) AS quotes FROM transactions WHERE created_at >= ? GROUP BY key_id',
  )
  const list = prepare<[], ApiKeyTableRow>(db, 'SELECT * FROM api_keys ORDER BY created_at, key_id')
  const bump = db.prepare('UPDATE api_keys_version SET version = version + 1 WHERE id = 1')
  const version = db.prepare('SELECT version FROM api_keys_version WHERE id = 1')

  /** Runs `change` and bumps the version in one write transaction when it changed something. */
  const changing = <A extends unknown[]>(change: (...args: A) => number) =>
    db.transaction((...args: A): number => {
      const changes = change(...args)
      if (changes > 0) bump.run()
      return changes
    })
  const insertOne = changing((key: ApiKeyRow) => {
    const org = valueOf(orgOfApp, key.appId) as string | undefined
    if (org !== undefined && org !== key.orgId) throw new Error(`app "${key.appId}" already belongs to org "${org}"`)
    return insert.run(apiKeyParameters(key)).changes
  })
  const importMany = changing((keys: readonly ApiKeyRow[]) =>
    keys.reduce((stored, key) => stored + insertIfAbsent.run(apiKeyParameters(key)).changes, 0),
  )
  const revokeOne = changing((keyId: string, revokedAt: number) => revoke.run(revokedAt, keyId).changes)
  const setLimitOne = changing(
    (keyId: string, limit: RateLimit | null) =>
      setLimit.run(limit?.requests ?? null, limit?.windowSeconds ?? null, keyId).changes,
  )

  const setQuotaOne = changing((keyId: string, quota: number | null) => setQuota.run(quota, keyId).changes)

  return {
    async insertApiKey(key) {
      insertOne.immediate(key)
    },
    async importApiKeys(keys) {
      return importMany.immediate(keys)
    },
    async revokeApiKey(keyId, revokedAt) {
      return revokeOne.immediate(keyId, revokedAt) > 0
    },
    async setApiKeyRateLimit(keyId, rateLimit) {
      return setLimitOne.immediate(keyId, rateLimit) > 0
    },
    async setApiKeyDailyQuoteQuota(keyId, quota) {
      return setQuotaOne.immediate(keyId, quota) > 0
    },
    async quotesRecordedSince(createdAtOrAfter) {
      return new Map(quotesSince.all(createdAtOrAfter).map((row) => [row.key_id, Number(row.quotes)]))
    },
    async listApiKeys() {
      return list.all().map(apiKeyFromRow)
    },
    async apiKeysVersion() {
      return Number(valueOf(version))
    },
  }
}
