/**
 * Creates an API key and appends its hashed record to a keys file (the logic behind `npm run keys:create`).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { ApiKeyRecord } from '../types.js'
import { hashApiKey, InvalidKeysFileError, KEYS_FILE_VERSION, type KeysFile, parseKeysFile } from './keysFile.js'

/** What the new key grants; `keyId` is generated. */
export interface CreateApiKeyParameters {
  /** The keys file; created as a production file (`"development": false`) when absent. */
  readonly file: string
  readonly appId: string
  readonly orgId: string
  readonly appName: string
  /** Default: the app id. */
  readonly affiliateId?: string
  /** Default: false. */
  readonly gasless?: boolean
  /** Default: none. */
  readonly appFees?: ApiKeyRecord['appFees']
}

/** The outcome of `createApiKey`. */
export interface CreateApiKeyReturnType {
  /** The key to hand to the client. Shown once: the file keeps only its hash. */
  readonly plaintextKey: string
  readonly record: ApiKeyRecord
  /** Whether the file did not exist and was created. */
  readonly createdFile: boolean
}

/**
 * Generates a random key (`cr_` + 32 random bytes in base64url) and appends its record, with the key's
 * SHA-256 instead of the key, to the keys file. The whole file is validated again before it is written, and
 * written to a temporary file then renamed (owner read/write only), so a failed run leaves it unchanged.
 *
 * @param parameters - the file and what the key grants.
 * @returns the plaintext key (once), its record, and whether the file was created.
 * @throws InvalidKeysFileError when the existing file is malformed or the new entry breaks a rule
 *   (bad id, an app already in another org, …).
 *
 * @example
 * const { plaintextKey } = createApiKey({ file: 'data/keys.json', appId: 'acme-web', orgId: 'acme', appName: 'Acme' })
 */
export function createApiKey(parameters: CreateApiKeyParameters): CreateApiKeyReturnType {
  const { file: path } = parameters
  const createdFile = !existsSync(path)
  const current: KeysFile = createdFile
    ? { version: KEYS_FILE_VERSION, development: false, keys: [] }
    : parseKeysFile(parseJson(readFileSync(path, 'utf8'), path), path)

  const plaintextKey = `cr_${randomBytes(32).toString('base64url')}`
  const record: ApiKeyRecord = {
    keyId: `key_${randomBytes(6).toString('hex')}`,
    appId: parameters.appId,
    orgId: parameters.orgId,
    appName: parameters.appName,
    affiliateId: parameters.affiliateId ?? parameters.appId,
    gasless: parameters.gasless ?? false,
    appFees: parameters.appFees ?? [],
  }
  const { keyId, ...grant } = record
  const next = { ...current, keys: [...current.keys, { keyId, keyHash: hashApiKey(plaintextKey), ...grant }] }
  parseKeysFile(JSON.parse(JSON.stringify(next)), path)

  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, path)
  return { plaintextKey, record, createdFile }
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new InvalidKeysFileError({ path, reason: `not valid JSON (${(error as Error).message})` })
  }
}
