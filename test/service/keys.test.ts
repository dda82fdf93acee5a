import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BaseError } from '../../engine/index.js'
import { InvalidApiKeyError, MissingApiKeyError } from '../../service/errors.js'
import { loadConfig } from '../../service/config.js'
import { createApiKey } from '../../service/keys/createApiKey.js'
import {
  DevelopmentKeysInProductionError,
  importKeysFile,
  keySeeding,
  readKeysFile,
} from '../../service/keys/importKeysFile.js'
import { type KeyRing, buildKeyRing, createKeyCache } from '../../service/keys/keyRing.js'
import { hashApiKey, InvalidKeysFileError } from '../../service/keys/keysFile.js'
import { createAuth } from '../../service/middleware/auth.js'
import type { Store } from '../../service/store/store.js'
import type { AppState } from '../../service/types.js'
import { type StoreBackend, STORE_BACKENDS, type StorePlace } from '../helpers/storeBackends.js'
import { thrown } from '../helpers/thrown.js'

const DEV_KEYS_FILE = loadConfig({}).keysFile!
const DEV_KEYS = ['dev-key-alpha', 'dev-key-alpha-2', 'dev-key-beta']
const tempDir = mkdtempSync(join(tmpdir(), 'crossroute-keys-'))
const opened: { store: Store; place: StorePlace }[] = []
afterAll(async () => {
  await Promise.all(
    opened.splice(0).map(async ({ store, place }) => {
      await store.close()
      await place.drop()
    }),
  )
  rmSync(tempDir, { recursive: true, force: true })
}, 120_000) // a database per test to drop on PostgreSQL
/** The backend of the `describe.each` running (the store tests run on both). */
let backend: StoreBackend

let fileCount = 0
function writeKeysFile(content: unknown): string {
  const path = join(tempDir, `keys-${++fileCount}.json`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

/** A fresh store of its own, on the current backend. */
async function freshStore(): Promise<Store> {
  const place = await backend.create()
  const store = await place.open()
  opened.push({ store, place })
  return store
}

/** A store seeded with the development keys, and the ring over it. */
async function devRing(): Promise<{ store: Store; keys: KeyRing }> {
  const store = await freshStore()
  await importKeysFile(store, DEV_KEYS_FILE, { production: false, createdAt: 1_700_000_000 })
  return { store, keys: buildKeyRing(await store.listApiKeys()) }
}

const goodEntry = {
  keyId: 'k1',
  keyHash: hashApiKey('secret-1'),
  appId: 'app-1',
  orgId: 'org-1',
  appName: 'App One',
  affiliateId: 'aff-1',
  gasless: false,
  appFees: [],
}

describe.each(STORE_BACKENDS)('$name', (each) => {
  beforeAll(() => {
    backend = each
  })

  describe('the development keys, seeded into the store', () => {
    it('stores hashes only: no plaintext key appears in the file or the store', async () => {
      const text = readFileSync(DEV_KEYS_FILE, 'utf8')
      const { store } = await devRing()
      const stored = JSON.stringify(await store.listApiKeys())
      for (const key of DEV_KEYS) {
        expect(text).not.toContain(key)
        expect(stored).not.toContain(key)
        expect(stored).toContain(hashApiKey(key))
      }
    })

    it('finds the three development keys with what they grant', async () => {
      const { keys } = await devRing()
      expect(keys.lookup('dev-key-alpha')).toMatchObject({
        orgId: 'alpha',
        appId: 'alpha-web',
        gasless: true,
        affiliateId: 'aff-alpha',
      })
      expect(keys.lookup('dev-key-alpha')?.appFees).toEqual([
        { bps: 25, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' },
      ])
      expect(keys.lookup('dev-key-alpha-2')).toMatchObject({
        orgId: 'alpha',
        appId: 'alpha-mobile',
        gasless: false,
        appFees: [],
      })
      expect(keys.lookup('dev-key-beta')).toMatchObject({ orgId: 'beta', appId: 'beta-app', gasless: false })
      expect(keys.lookup('dev-key-beta')).not.toHaveProperty('keyHash')
    })

    it('knows no other key', async () => {
      const { keys } = await devRing()
      for (const key of [
        '',
        'dev-key-gamma',
        'DEV-KEY-ALPHA',
        'dev-key-alpha ',
        hashApiKey('dev-key-alpha'),
        'x'.repeat(10_000),
      ]) {
        expect(keys.lookup(key)).toBeUndefined()
      }
    })

    it('lists the apps of an organization once each, revoked ones included', async () => {
      const { store, keys } = await devRing()
      expect(
        keys
          .appsOfOrg('alpha')
          .map((app) => app.appId)
          .sort(),
      ).toEqual(['alpha-mobile', 'alpha-web'])
      expect(keys.appsOfOrg('beta').map((app) => app.appId)).toEqual(['beta-app'])
      expect(keys.appsOfOrg('nobody')).toEqual([])
      await store.revokeApiKey('dev-beta-app', 1_700_000_001)
      const after = buildKeyRing(await store.listApiKeys())
      expect(after.lookup('dev-key-beta')).toBeUndefined()
      expect(after.appsOfOrg('beta').map((app) => app.appId)).toEqual(['beta-app'])
    })

    it('importing again stores nothing and leaves a revoked key revoked', async () => {
      const { store } = await devRing()
      const version = await store.apiKeysVersion()
      expect(await store.revokeApiKey('dev-alpha-web', 1_700_000_001)).toBe(true)
      expect(await store.revokeApiKey('dev-alpha-web', 1_700_000_002)).toBe(false)
      expect(await importKeysFile(store, DEV_KEYS_FILE, { production: false, createdAt: 1_700_000_003 })).toBe(0)
      expect(await store.apiKeysVersion()).toBe(version + 1)
      const row = (await store.listApiKeys()).find((key) => key.keyId === 'dev-alpha-web')
      expect(row).toMatchObject({ revokedAt: 1_700_000_001, isDevelopment: true, createdAt: 1_700_000_000 })
    })

    it('is refused in production, as a file and while active in the store', async () => {
      const error = await importKeysFile(await freshStore(), DEV_KEYS_FILE, { production: true, createdAt: 0 }).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(DevelopmentKeysInProductionError)
      expect((error as Error).message).toContain(DEV_KEYS_FILE)
      expect((error as Error).message).toContain('keys:create')

      const { store } = await devRing()
      const { checkFirstLoad } = keySeeding(store, { keysFile: undefined, production: true })
      const active = await store.listApiKeys()
      expect(thrown(() => checkFirstLoad(active), DevelopmentKeysInProductionError).message).toContain('keys:revoke')
      for (const key of DEV_KEYS.map(hashApiKey)) {
        const row = (await store.listApiKeys()).find((candidate) => candidate.keyHash === key)!
        await store.revokeApiKey(row.keyId, 1_700_000_001)
      }
      expect(() => checkFirstLoad([])).not.toThrow()
      const revoked = await store.listApiKeys()
      expect(() => checkFirstLoad(revoked)).not.toThrow()
    })
  })

  describe('keys file validation', () => {
    const file = (keys: unknown[], top: Record<string, unknown> = {}) => writeKeysFile({ version: 1, keys, ...top })

    it('accepts a production file, in production', async () => {
      const store = await freshStore()
      expect(await importKeysFile(store, file([goodEntry]), { production: true, createdAt: 0 })).toBe(1)
      expect((await store.listApiKeys())[0]).toMatchObject({ isDevelopment: false, appId: 'app-1' })
      expect(buildKeyRing(await store.listApiKeys()).lookup('secret-1')?.appId).toBe('app-1')
    })

    // One entry per address family: a request gets one family's entries, so each family has its own limits.
    it('accepts fees per address family that add up to 10000 bps or more across families only', async () => {
      const entry = {
        ...goodEntry,
        appFees: [
          { bps: 9000, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' },
          { bps: 9000, receiverAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
          { bps: 9000, receiverAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        ],
      }
      expect(readKeysFile(file([entry])).keys[0]!.appFees).toHaveLength(3)
      const twoSolana = {
        ...entry,
        appFees: [...entry.appFees, { bps: 1000, receiverAddress: '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG' }],
      }
      expect(() => readKeysFile(file([twoSolana]))).toThrow('(solana) must add up to less than 10000')
    })

    it.each([
      ['no keyHash', { keyHash: undefined }, 'keyHash'],
      ['an upper-case keyHash', { keyHash: hashApiKey('secret-2').toUpperCase() }, 'keyHash'],
      ['a plaintext key field', { key: 'secret-2' }, 'unknown field "key"'],
      ['a non-boolean gasless', { gasless: 'yes' }, '"gasless"'],
      ['an appId with a comma', { appId: 'a,b' }, '"appId"'],
      ['an empty appName', { appName: ' ' }, '"appName"'],
      [
        'a fee of 0 bps',
        { appFees: [{ bps: 0, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' }] },
        'appFees[0]: "bps"',
      ],
      ['a fee receiver that is no address', { appFees: [{ bps: 10, receiverAddress: '0x1234' }] }, 'receiverAddress'],
      [
        'fees of 10000 bps',
        {
          appFees: [
            { bps: 9999, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' },
            { bps: 1, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' },
          ],
        },
        'less than 10000',
      ],
      ['a duplicate keyId', { keyId: 'k1' }, 'duplicate keyId'],
      ['a duplicate key', { keyHash: goodEntry.keyHash }, 'duplicate keyHash'],
      ['its app in another org', { appId: 'app-1', orgId: 'org-2' }, 'already belongs to org "org-1"'],
    ])('rejects an entry with %s, naming the entry', (_case, change, reason) => {
      const second = { ...goodEntry, keyId: 'k2', keyHash: hashApiKey('secret-2'), appId: 'app-2', ...change }
      const path = file([goodEntry, second])
      const error = thrown(() => readKeysFile(path), InvalidKeysFileError)
      expect(error.message).toContain(path)
      expect(error.message).toContain(`keys[1] (keyId "${second.keyId}")`)
      expect(error.message).toContain(reason)
    })

    it.each([
      ['not JSON', '{"version": 1, "keys": [', 'not valid JSON'],
      ['an array', [], 'JSON object'],
      ['version 2', { version: 2, keys: [] }, '"version"'],
      ['keys not an array', { version: 1, keys: {} }, '"keys"'],
      ['a string development flag', { version: 1, development: 'true', keys: [] }, '"development"'],
      ['an entry that is no object', { version: 1, keys: [goodEntry, 'k2'] }, 'keys[1]: must be an object'],
    ])('rejects a file that is %s', (_case, content, reason) => {
      const error = thrown(() => readKeysFile(writeKeysFile(content)), InvalidKeysFileError)
      expect(error.message).toContain(reason)
    })

    it('names a missing file', () => {
      const path = join(tempDir, 'absent.json')
      expect(() => readKeysFile(path)).toThrow(`Cannot read the keys file ${path}`)
    })
  })

  /** A Koa app with auth and one route; its error middleware keeps what was thrown and writes the envelope's core. */
  async function serveWithAuth(keys: KeyRing) {
    const errors: unknown[] = []
    const app = new Koa<AppState>()
    app.use(async (ctx, next) => {
      try {
        await next()
      } catch (error) {
        errors.push(error)
        if (!(error instanceof BaseError)) throw error
        ctx.status = error.status
        ctx.body = { success: false, error: { code: error.code, name: error.name, statusCode: error.status } }
      }
    })
    app.use(createAuth(keys))
    app.use((ctx) => {
      ctx.body = { appId: ctx.state.apiKey?.appId, orgId: ctx.state.apiKey?.orgId }
    })
    const server = createServer(app.callback())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return {
      errors,
      get: async (headers: Record<string, string>) => {
        const response = await fetch(`${base}/api/anything`, { headers })
        return { status: response.status, body: (await response.json()) as Record<string, any> }
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }
  }

  describe('createAuth', () => {
    it('lets a known key through and sets ctx.state.apiKey', async () => {
      const server = await serveWithAuth((await devRing()).keys)
      try {
        expect(await server.get({ 'x-api-key': 'dev-key-beta' })).toEqual({
          status: 200,
          body: { appId: 'beta-app', orgId: 'beta' },
        })
        expect(server.errors).toEqual([])
      } finally {
        await server.close()
      }
    })

    it.each([
      ['no header', {}, MissingApiKeyError, 'MISSING_API_KEY'],
      ['an empty header', { 'x-api-key': '' }, MissingApiKeyError, 'MISSING_API_KEY'],
      ['an unknown key', { 'x-api-key': 'dev-key-gamma' }, InvalidApiKeyError, 'INVALID_API_KEY'],
      [
        'a key hash instead of the key',
        { 'x-api-key': hashApiKey('dev-key-alpha') },
        InvalidApiKeyError,
        'INVALID_API_KEY',
      ],
    ] as const)('answers 401 for %s', async (_case, headers, ErrorClass, code) => {
      const server = await serveWithAuth((await devRing()).keys)
      try {
        const response = await server.get(headers)
        expect(server.errors).toHaveLength(1)
        const error = server.errors[0] as BaseError
        expect(error).toBeInstanceOf(ErrorClass)
        expect([error.code, error.status]).toEqual([code, 401])
        expect(response.status).toBe(401)
        expect(response.body.error).toEqual({ code, name: ErrorClass.errorName, statusCode: 401 })
      } finally {
        await server.close()
      }
    })
  })

  describe('keys created, revoked and limited in the store', () => {
    it('creates a key whose record the ring finds, and refuses an app of another organization', async () => {
      const store = await freshStore()
      await importKeysFile(store, writeKeysFile({ version: 1, keys: [goodEntry] }), { production: true, createdAt: 0 })
      const { plaintextKey, record } = await createApiKey(store, {
        appId: 'acme-web',
        orgId: 'acme',
        appName: 'Acme Web',
        gasless: true,
        appFees: [{ bps: 30, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' }],
        rateLimit: { requests: 10, windowSeconds: 60 },
      })
      expect(plaintextKey).toMatch(/^cr_[A-Za-z0-9_-]{43}$/)
      expect(JSON.stringify(await store.listApiKeys())).not.toContain(plaintextKey)
      const keys = buildKeyRing(await store.listApiKeys())
      expect(keys.lookup(plaintextKey)).toEqual({
        keyId: record.keyId,
        appId: 'acme-web',
        orgId: 'acme',
        appName: 'Acme Web',
        affiliateId: 'acme-web',
        gasless: true,
        appFees: [{ bps: 30, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' }],
      })
      expect(keys.rateLimitOf(record.keyId)).toEqual({ requests: 10, windowSeconds: 60 })
      expect(keys.rateLimitOf('k1')).toBeNull()

      const hijack = await createApiKey(store, { appId: 'app-1', orgId: 'org-2', appName: 'Hijack' }).catch(
        (error: unknown) => error,
      )
      expect((hijack as Error).message).toContain('already belongs to org "org-1"')
      const badFee = await createApiKey(store, {
        appId: 'x',
        orgId: 'y',
        appName: 'Bad fee',
        appFees: [{ bps: 0, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' }],
      }).catch((error: unknown) => error)
      expect(badFee).toBeInstanceOf(InvalidKeysFileError)
      expect((await store.listApiKeys()).map((key) => key.appId)).toEqual(['app-1', 'acme-web'])
    })

    it('the cache follows the store: a revoked key is refused and a new one accepted after a refresh', async () => {
      const { store } = await devRing()
      const keys = createKeyCache(store, { refreshMs: 60_000 })
      try {
        await keys.ready
        expect(keys.lookup('dev-key-beta')?.appId).toBe('beta-app')
        await store.revokeApiKey('dev-beta-app', 1_700_000_001)
        const { plaintextKey } = await createApiKey(store, { appId: 'new-app', orgId: 'beta', appName: 'New' })
        await store.setApiKeyRateLimit('dev-alpha-web', { requests: 0, windowSeconds: 1 })
        // Not before the cache refreshes: a lookup reads nothing from the store, nor does a fresh cache's check.
        expect(keys.refreshIfDue()).toBeUndefined()
        expect(keys.lookup('dev-key-beta')?.appId).toBe('beta-app')
        expect(keys.lookup(plaintextKey)).toBeUndefined()
        await keys.refresh()
        expect(keys.lookup('dev-key-beta')).toBeUndefined()
        expect(keys.lookup(plaintextKey)?.appId).toBe('new-app')
        expect(keys.rateLimitOf('dev-alpha-web')).toEqual({ requests: 0, windowSeconds: 1 })
        expect(keys.appsOfOrg('beta').map((app) => app.appId)).toEqual(['beta-app', 'new-app'])
      } finally {
        keys.stop()
      }
    })

    it("a key's own daily quote quota, and the quotes of each key since a time (what a restart reads back)", async () => {
      const { store } = await devRing()
      expect(await store.setApiKeyDailyQuoteQuota('dev-beta-app', 3)).toBe(true)
      expect(await store.setApiKeyDailyQuoteQuota('no-such-key', 3)).toBe(false)
      const ring = buildKeyRing(await store.listApiKeys())
      expect(ring.dailyQuoteQuotaOf('dev-beta-app')).toBe(3)
      expect(ring.dailyQuoteQuotaOf('dev-alpha-web')).toBeNull()
      await store.setApiKeyDailyQuoteQuota('dev-beta-app', null)
      expect(buildKeyRing(await store.listApiKeys()).dailyQuoteQuotaOf('dev-beta-app')).toBeNull()

      const beta = buildKeyRing(await store.listApiKeys()).lookup('dev-key-beta')!
      const alpha = buildKeyRing(await store.listApiKeys()).lookup('dev-key-alpha')!
      const quote = (n: number, apiKey: typeof beta, createdAt: number) =>
        store.recordQuote({
          txId: `0x${n.toString(16).padStart(64, '0')}`,
          createdAt,
          apiKey,
          actionRequest: { actionType: 'swap-action' },
          actionResponseJson: '{}',
          srcChainId: 8453,
          dstChainId: 10,
          sender: '0x8ba1f109551bd432803012645ac136ddd64dba72',
          vmId: 'evm',
        })
      await quote(1, beta, 999)
      await quote(2, beta, 1000)
      await quote(3, beta, 1001)
      await quote(4, alpha, 1500)
      expect(await store.quotesRecordedSince(1000)).toEqual(
        new Map([
          ['dev-beta-app', 2],
          ['dev-alpha-web', 1],
        ]),
      )
      expect(await store.quotesRecordedSince(2000)).toEqual(new Map())
    })

    it('a check is due once refreshMs has passed since the last one', async () => {
      const { store } = await devRing()
      const keys = createKeyCache(store, { refreshMs: 0 })
      await keys.ready
      await store.revokeApiKey('dev-alpha-web', 1_700_000_001)
      expect(keys.lookup('dev-key-alpha')?.appId).toBe('alpha-web')
      const due = keys.refreshIfDue()
      expect(due).toBeInstanceOf(Promise)
      await due
      expect(keys.lookup('dev-key-alpha')).toBeUndefined()
    })

    it('seeds KEYS_FILE before the first read, and refuses to become ready in production with development keys', async () => {
      const store = await freshStore()
      const keys = createKeyCache(store, {
        refreshMs: 60_000,
        ...keySeeding(store, { keysFile: DEV_KEYS_FILE, production: false }),
      })
      await keys.ready
      keys.stop()
      expect(keys.lookup('dev-key-alpha')?.appId).toBe('alpha-web')
      const production = createKeyCache(store, {
        refreshMs: 60_000,
        ...keySeeding(store, { keysFile: undefined, production: true }),
      })
      await expect(production.ready).rejects.toBeInstanceOf(DevelopmentKeysInProductionError)
    })
  })
})
