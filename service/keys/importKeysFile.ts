/**
 * Keys files into the store: the development keys seeded by default, `KEYS_FILE` imported at start (how users of
 * the former file-only keys move to the store), `npm run keys:import`.
 */
import { readFileSync } from 'node:fs'
import type { ServiceConfig } from '../config.js'
import type { ApiKeyRow, ApiKeyStore } from '../store/apiKeys.js'
import { InvalidKeysFileError, type KeysFile, parseKeysFile } from './keysFile.js'

/** Production was asked to start with development keys (public keys), from a file or still active in the store. */
export class DevelopmentKeysInProductionError extends Error {
  override readonly name = 'DevelopmentKeysInProductionError'
  constructor(source: { file: string } | { keyIds: readonly string[] }) {
    super(
      'file' in source
        ? `Refusing to start: NODE_ENV=production but KEYS_FILE ${source.file} is a development keys file ` +
            `("development": true; its keys are public). Create production keys with ` +
            '`npm run keys:create -- --app <appId> --org <orgId> --name <appName>` (they live in the store) and ' +
            'unset KEYS_FILE, or set it to a production keys file to import.'
        : `Refusing to start: NODE_ENV=production but the store holds active development keys ` +
            `(${source.keyIds.join(', ')}; their keys are public). Revoke them with \`npm run keys:revoke -- <keyId>\`.`,
    )
  }
}

/**
 * Reads and validates a keys file.
 *
 * @throws Error when the file cannot be read; InvalidKeysFileError when it is not valid JSON or an entry breaks a
 *   rule (the message names the entry).
 * @example const file = readKeysFile('fixtures/keys.dev.json')
 */
export function readKeysFile(path: string): KeysFile {
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
  return parseKeysFile(json, path)
}

/**
 * Imports a keys file into the store: keys whose `keyId` or hash are already stored are left as they are (a key
 * revoked in the store stays revoked; removing a key from the file does not revoke it).
 *
 * @param options - `production` refuses a development file; `createdAt` stamps the new rows (Unix seconds).
 * @returns how many keys were stored.
 * @throws readKeysFile's errors; DevelopmentKeysInProductionError.
 * @example await importKeysFile(store, config.keysFile, { production: false, createdAt: 0 })
 */
export async function importKeysFile(
  store: Pick<ApiKeyStore, 'importApiKeys'>,
  path: string,
  options: { production: boolean; createdAt: number },
): Promise<number> {
  const file = readKeysFile(path)
  if (options.production && file.development) throw new DevelopmentKeysInProductionError({ file: path })
  const rows: ApiKeyRow[] = file.keys.map((key) => ({
    ...key,
    isDevelopment: file.development,
    rateLimit: null,
    createdAt: options.createdAt,
    revokedAt: null,
  }))
  return store.importApiKeys(rows)
}

/**
 * What a worker does before its first key read: import `KEYS_FILE` (default: the development keys, outside
 * production), and the check of what it then reads (production refuses active development keys).
 *
 * @example createKeyCache(store, { refreshMs: config.keysRefreshMs, ...keySeeding(store, config) })
 */
export function keySeeding(
  store: Pick<ApiKeyStore, 'importApiKeys'>,
  config: Pick<ServiceConfig, 'keysFile' | 'production'>,
): { beforeFirstLoad: () => Promise<void>; checkFirstLoad: (rows: readonly ApiKeyRow[]) => void } {
  return {
    beforeFirstLoad: async () => {
      if (config.keysFile === undefined) return
      await importKeysFile(store, config.keysFile, {
        production: config.production,
        createdAt: Math.floor(Date.now() / 1000),
      })
    },
    checkFirstLoad: (rows) => {
      if (!config.production) return
      const keyIds = rows.filter((row) => row.isDevelopment && row.revokedAt === null).map((row) => row.keyId)
      if (keyIds.length > 0) throw new DevelopmentKeysInProductionError({ keyIds })
    },
  }
}
