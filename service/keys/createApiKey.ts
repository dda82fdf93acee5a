/**
 * Creates an API key in the store (the logic behind `npm run keys:create`).
 */
import { randomBytes } from 'node:crypto'
import type { ApiKeyRow, ApiKeyStore, RateLimit } from '../store/apiKeys.js'
import type { ApiKeyRecord } from '../types.js'
import { hashApiKey } from './keyHash.js'
import { KEYS_FILE_VERSION, parseKeysFile } from './keysFile.js'

/** What the new key grants; `keyId` is generated. */
export interface CreateApiKeyParameters {
  readonly appId: string
  readonly orgId: string
  readonly appName: string
  /** Default: the app id. */
  readonly affiliateId?: string
  /** Default: false. */
  readonly gasless?: boolean
  /** Default: none. */
  readonly appFees?: ApiKeyRecord['appFees']
  /** Default: `null`, the service's default limit. */
  readonly rateLimit?: RateLimit | null
}

/** The outcome of `createApiKey`. */
export interface CreateApiKeyReturnType {
  /** The key to hand to the client. Shown once: the store keeps only its hash. */
  readonly plaintextKey: string
  readonly record: ApiKeyRow
}

/**
 * Generates a random key (`cr_` + 32 random bytes in base64url) and stores its record with the key's SHA-256
 * instead of the key. The record is checked with the keys file's rules first (ids, app name, fees).
 *
 * @returns the plaintext key (once) and the stored record.
 * @throws InvalidKeysFileError when a field breaks a rule (bad id, bad fee…); Error when the app already belongs
 *   to another organization.
 *
 * @example
 * const { plaintextKey } = await createApiKey(store, { appId: 'acme-web', orgId: 'acme', appName: 'Acme' })
 */
export async function createApiKey(
  store: Pick<ApiKeyStore, 'insertApiKey'>,
  parameters: CreateApiKeyParameters,
): Promise<CreateApiKeyReturnType> {
  const plaintextKey = `cr_${randomBytes(32).toString('base64url')}`
  const entry = {
    keyId: `key_${randomBytes(6).toString('hex')}`,
    keyHash: hashApiKey(plaintextKey),
    appId: parameters.appId,
    orgId: parameters.orgId,
    appName: parameters.appName,
    affiliateId: parameters.affiliateId ?? parameters.appId,
    gasless: parameters.gasless ?? false,
    appFees: parameters.appFees ?? [],
  }
  // The same rules as a keys file's entry: one place for them.
  const [checked] = parseKeysFile({ version: KEYS_FILE_VERSION, keys: [entry] }, 'the new key').keys
  const record: ApiKeyRow = {
    ...checked!,
    isDevelopment: false,
    rateLimit: parameters.rateLimit ?? null,
    createdAt: Math.floor(Date.now() / 1000),
    revokedAt: null,
  }
  await store.insertApiKey(record)
  return { plaintextKey, record }
}
