/**
 * API keys on PostgreSQL (`schema.ts`: `api_keys`, `api_keys_version`): the same rows and rules as SQLite's
 * `../apiKeys.ts` (whose row mapping it uses), each change in one transaction with the version bump.
 */
import {
  type ApiKeyRow,
  type ApiKeyStore,
  type ApiKeyTableRow,
  type RateLimit,
  apiKeyFromRow,
  apiKeyParameters,
} from '../apiKeys.js'
import type { PgDatabase, Sql } from './connection.js'

const INSERT_SQL = `
  INSERT INTO api_keys (key_id, key_hash, app_id, org_id, app_name, affiliate_id, gasless, app_fees, is_development,
    rate_limit_requests, rate_limit_window_seconds, created_at, revoked_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`

/**
 * The API-key methods of the PostgreSQL store over a pool.
 *
 * @example await pgApiKeyMethods(db).revokeApiKey('key_3f9c0a1b2c4d', Math.floor(Date.now() / 1000))
 */
export function pgApiKeyMethods(db: PgDatabase): ApiKeyStore {
  /** Runs `change` and bumps the version in the same transaction when it changed something; returns its count. */
  const changing = (change: (tx: Sql) => Promise<number>) =>
    db.transaction(async (tx) => {
      const changes = await change(tx)
      if (changes > 0) await tx.query('UPDATE api_keys_version SET version = version + 1 WHERE id = 1')
      return changes
    })
  const changed = async (tx: Sql, sql: string, values: readonly unknown[]) =>
    (await tx.query(`WITH changed AS (${sql} RETURNING 1) SELECT 1 FROM changed`, values)).length

  return {
    async insertApiKey(key: ApiKeyRow) {
      await changing(async (tx) => {
        const [owner] = await tx.query<{ org_id: string }>('SELECT org_id FROM api_keys WHERE app_id = $1 LIMIT 1', [
          key.appId,
        ])
        if (owner !== undefined && owner.org_id !== key.orgId)
          throw new Error(`app "${key.appId}" already belongs to org "${owner.org_id}"`)
        return changed(tx, INSERT_SQL, Object.values(apiKeyParameters(key)))
      })
    },
    // ON CONFLICT DO NOTHING (any unique column: key_id or key_hash): every worker of every replica may import
    // the same file at once.
    importApiKeys: (keys) =>
      changing(async (tx) => {
        let stored = 0
        for (const key of keys)
          stored += await changed(tx, `${INSERT_SQL} ON CONFLICT DO NOTHING`, Object.values(apiKeyParameters(key)))
        return stored
      }),
    async revokeApiKey(keyId, revokedAt) {
      const changes = await changing((tx) =>
        changed(tx, 'UPDATE api_keys SET revoked_at = $1 WHERE key_id = $2 AND revoked_at IS NULL', [revokedAt, keyId]),
      )
      return changes > 0
    },
    async setApiKeyRateLimit(keyId, rateLimit: RateLimit | null) {
      const changes = await changing((tx) =>
        changed(tx, 'UPDATE api_keys SET rate_limit_requests = $1, rate_limit_window_seconds = $2 WHERE key_id = $3', [
          rateLimit?.requests ?? null,
          rateLimit?.windowSeconds ?? null,
          keyId,
        ]),
      )
      return changes > 0
    },
    async setApiKeyDailyQuoteQuota(keyId, quota: number | null) {
      const changes = await changing((tx) =>
        changed(tx, 'UPDATE api_keys SET daily_quote_quota = $1 WHERE key_id = $2', [quota, keyId]),
      )
      return changes > 0
    },
    async quotesRecordedSince(createdAtOrAfter) {
      const rows = await db.query<{ key_id: string; quotes: string | number }>(
        'SELECT key_id, count(*) AS quotes FROM transactions WHERE created_at >= $1 GROUP BY key_id',
        [Math.ceil(createdAtOrAfter)],
      )
      return new Map(rows.map((row) => [row.key_id, Number(row.quotes)]))
    },
    async listApiKeys() {
      return (await db.query<ApiKeyTableRow>('SELECT * FROM api_keys ORDER BY created_at, key_id')).map(apiKeyFromRow)
    },
    async apiKeysVersion() {
      const [row] = await db.query<{ version: number }>('SELECT version FROM api_keys_version WHERE id = 1')
      return row!.version
    },
  }
}
