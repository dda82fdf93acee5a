import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Koa from 'koa'
import { afterAll, describe, expect, it } from 'vitest'
import { BaseError } from '../../engine/index.js'
import { InvalidApiKeyError, MissingApiKeyError } from '../../service/errors.js'
import { loadConfig } from '../../service/config.js'
import { createApiKey } from '../../service/keys/createApiKey.js'
import { DevelopmentKeysInProductionError, type KeyRing, loadKeyRing } from '../../service/keys/keyRing.js'
import { hashApiKey, InvalidKeysFileError } from '../../service/keys/keysFile.js'
import { createAuth } from '../../service/middleware/auth.js'
import type { AppState } from '../../service/types.js'
import { thrown } from '../helpers/thrown.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DEV_KEYS_FILE = loadConfig({}).keysFile
const DEV_KEYS = ['dev-key-alpha', 'dev-key-alpha-2', 'dev-key-beta']
const tempDir = mkdtempSync(join(tmpdir(), 'crossroute-keys-'))
afterAll(() => rmSync(tempDir, { recursive: true, force: true }))

let fileCount = 0
function writeKeysFile(content: unknown): string {
  const path = join(tempDir, `keys-${++fileCount}.json`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
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

describe('loadKeyRing on the development keys file', () => {
  const keys = loadKeyRing({ keysFile: DEV_KEYS_FILE, production: false })

  it('stores hashes only: no plaintext key appears in the file', () => {
    const text = readFileSync(DEV_KEYS_FILE, 'utf8')
    for (const key of DEV_KEYS) {
      expect(text).not.toContain(key)
      expect(text).toContain(hashApiKey(key))
    }
  })

  it('finds the three development keys with what they grant', () => {
    expect(keys.isDevelopment).toBe(true)
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

  it('knows no other key', () => {
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

  it('lists the apps of an organization once each', () => {
    expect(keys.appsOfOrg('alpha').map((app) => app.appId)).toEqual(['alpha-web', 'alpha-mobile'])
    expect(keys.appsOfOrg('beta').map((app) => app.appId)).toEqual(['beta-app'])
    expect(keys.appsOfOrg('nobody')).toEqual([])
  })

  it('is refused in production', () => {
    const error = thrown(
      () => loadKeyRing({ keysFile: DEV_KEYS_FILE, production: true }),
      DevelopmentKeysInProductionError,
    )
    expect(error.message).toContain(DEV_KEYS_FILE)
    expect(error.message).toContain('keys:create')
  })
})

describe('loadKeyRing validation', () => {
  const file = (keys: unknown[], top: Record<string, unknown> = {}) => writeKeysFile({ version: 1, keys, ...top })

  it('accepts a production file, in production', () => {
    const keys = loadKeyRing({ keysFile: file([goodEntry]), production: true })
    expect(keys.isDevelopment).toBe(false)
    expect(keys.lookup('secret-1')?.appId).toBe('app-1')
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
    const error = thrown(() => loadKeyRing({ keysFile: path, production: false }), InvalidKeysFileError)
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
    const error = thrown(
      () => loadKeyRing({ keysFile: writeKeysFile(content), production: false }),
      InvalidKeysFileError,
    )
    expect(error.message).toContain(reason)
  })

  it('names a missing file', () => {
    const path = join(tempDir, 'absent.json')
    expect(() => loadKeyRing({ keysFile: path, production: false })).toThrow(`Cannot read the keys file ${path}`)
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
    const server = await serveWithAuth(loadKeyRing({ keysFile: DEV_KEYS_FILE, production: false }))
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
    const server = await serveWithAuth(loadKeyRing({ keysFile: DEV_KEYS_FILE, production: false }))
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

describe('npm run keys:create', () => {
  const run = (args: string[]) =>
    promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'service/cli/createKey.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, KEYS_FILE: '' },
    })

  // One child process (tsx plus the engine's imports take seconds on a loaded machine); the rest in-process.
  it('creates a production file whose key then authenticates', { timeout: 90_000 }, async () => {
    const path = join(tempDir, 'created', 'keys.json')
    const { stdout, stderr } = await run([
      '--app',
      'acme-web',
      '--org',
      'acme',
      '--name',
      'Acme Web',
      '--gasless',
      '--fee',
      '30:0x5bd944e30b02A20eF6CDd65c7901aC080913953b',
      '--file',
      path,
    ])
    const key = stdout.trim()
    expect(key).toMatch(/^cr_[A-Za-z0-9_-]{43}$/)
    expect(stderr).toContain(`Created ${path}`)
    expect(readFileSync(path, 'utf8')).not.toContain(key)

    const keys = loadKeyRing({ keysFile: path, production: true })
    expect(keys.isDevelopment).toBe(false)
    expect(keys.lookup(key)).toMatchObject({
      appId: 'acme-web',
      orgId: 'acme',
      appName: 'Acme Web',
      affiliateId: 'acme-web',
      gasless: true,
    })
    expect(keys.lookup(key)?.appFees).toEqual([
      { bps: 30, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' },
    ])
    const server = await serveWithAuth(keys)
    try {
      expect(await server.get({ 'x-api-key': key })).toEqual({
        status: 200,
        body: { appId: 'acme-web', orgId: 'acme' },
      })
    } finally {
      await server.close()
    }
  })

  it('appends to an existing file, keeping its keys', () => {
    const path = writeKeysFile({ version: 1, keys: [goodEntry] })
    const { plaintextKey, createdFile } = createApiKey({
      file: path,
      appId: 'app-1',
      orgId: 'org-1',
      appName: 'App One, second key',
    })
    expect(createdFile).toBe(false)
    const keys = loadKeyRing({ keysFile: path, production: true })
    expect(keys.lookup('secret-1')?.keyId).toBe('k1')
    expect(keys.lookup(plaintextKey)).toMatchObject({
      appId: 'app-1',
      orgId: 'org-1',
      affiliateId: 'app-1',
      gasless: false,
    })
    expect(keys.lookup(plaintextKey)?.keyId).not.toBe('k1')
    expect(keys.appsOfOrg('org-1').map((app) => app.keyId)).toEqual(['k1'])
  })

  it('changes nothing when the new entry breaks a rule', () => {
    const path = writeKeysFile({ version: 1, keys: [goodEntry] })
    const before = readFileSync(path, 'utf8')
    const error = thrown(
      () => createApiKey({ file: path, appId: 'app-1', orgId: 'org-2', appName: 'Hijack' }),
      InvalidKeysFileError,
    )
    expect(error.message).toContain('already belongs to org "org-1"')
    expect(readFileSync(path, 'utf8')).toBe(before)
  })
})
