/**
 * The key ring: the API keys a worker accepts, read once from the keys file (`KEYS_FILE`).
 */
import { readFileSync } from 'node:fs'
import type { ServiceConfig } from '../config.js'
import type { ApiKeyRecord } from '../types.js'
import { hashApiKey, InvalidKeysFileError, parseKeysFile } from './keysFile.js'

/** The keys a worker accepts. */
export interface KeyRing {
  /**
   * The record of a key, or `undefined` for an unknown one. Hashes the presented key and looks the hash up in
   * a map: see `loadKeyRing` on why no constant-time comparison is needed.
   */
  lookup(plaintextKey: string): ApiKeyRecord | undefined
  /** Whether the file is marked `"development": true` (public keys for local use; production refuses it). */
  readonly isDevelopment: boolean
  /**
   * One record per app of an organization (SPEC §4.4: `appIds` defaults to all apps of the caller's org), in
   * file order. When an app has several keys (rotation), its first key's record stands for it. Empty for an
   * unknown org.
   */
  appsOfOrg(orgId: string): readonly ApiKeyRecord[]
}

/** Longer values are not hashed at all: no key is this long, and hashing costs time per byte. */
const MAX_KEY_LENGTH = 256

/** Production was asked to start with a development keys file. */
export class DevelopmentKeysInProductionError extends Error {
  override readonly name = 'DevelopmentKeysInProductionError'
  constructor(path: string) {
    super(
      `Refusing to start: NODE_ENV=production but KEYS_FILE ${path} is a development keys file ` +
        `("development": true; its keys are public). Create production keys with ` +
        `\`npm run keys:create -- --file <path> --app <appId> --org <orgId> --name <appName>\` and set KEYS_FILE to that file.`,
    )
  }
}

/**
 * Reads and validates the keys file named by `config.keysFile`, once. Keys are stored as SHA-256 hashes; the
 * ring indexes records by hash, so a lookup hashes the presented key and does one `Map.get`.
 *
 * Why no constant-time comparison: the secret never meets a stored secret in a comparison. Timing can at most
 * tell an attacker something about the *hash* of the key they sent, and knowing part of the SHA-256 of a
 * chosen input brings them no closer to a 256-bit random key whose hash is stored (preimage resistance).
 *
 * @param config - `keysFile` (path of the JSON file) and `production` (refuse development files).
 * @returns the key ring; its records are frozen.
 * @throws Error when the file cannot be read; InvalidKeysFileError when it is not valid JSON or an entry
 *   breaks a rule (the message names the entry); DevelopmentKeysInProductionError when `production` is set and
 *   the file is marked `"development": true`.
 *
 * @example
 * const keys = loadKeyRing(loadConfig())
 * keys.lookup('dev-key-alpha')?.appId // 'alpha-web' (development keys file)
 */
export function loadKeyRing(config: Pick<ServiceConfig, 'keysFile' | 'production'>): KeyRing {
  const path = config.keysFile
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(`Cannot read the keys file ${path} (KEYS_FILE): ${(error as Error).message}`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new InvalidKeysFileError({ path, reason: `not valid JSON (${(error as Error).message})` })
  }
  const file = parseKeysFile(json, path)
  if (config.production && file.development) throw new DevelopmentKeysInProductionError(path)

  const byHash = new Map<string, ApiKeyRecord>()
  const appsByOrg = new Map<string, ApiKeyRecord[]>()
  for (const { keyHash, ...record } of file.keys) {
    const frozen = Object.freeze(record)
    byHash.set(keyHash, frozen)
    const apps = appsByOrg.get(record.orgId) ?? []
    if (!apps.some((app) => app.appId === record.appId)) apps.push(frozen)
    appsByOrg.set(record.orgId, apps)
  }
  for (const apps of appsByOrg.values()) Object.freeze(apps)
  const none: readonly ApiKeyRecord[] = Object.freeze([])

  return Object.freeze({
    isDevelopment: file.development,
    lookup(plaintextKey: string): ApiKeyRecord | undefined {
      if (plaintextKey.length === 0 || plaintextKey.length > MAX_KEY_LENGTH) return undefined
      return byHash.get(hashApiKey(plaintextKey))
    },
    appsOfOrg(orgId: string): readonly ApiKeyRecord[] {
      return appsByOrg.get(orgId) ?? none
    },
  })
}
