/**
 * Keys and rate limits through the real service (2 workers) and the real `keys` CLI on the same SQLite file: a key
 * created while the service runs is accepted, a revoked one refused, without a restart; a burst over a key's limit
 * gets exactly `limit` answers and 429s with Retry-After for the rest.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningService, startService } from '../helpers/startService.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-keys-live-'))
const REFRESH_MS = 250
let service: RunningService

/** Runs `npm run keys:<command>` (the CLI module) against the service's store. */
const keysCli = (...args: string[]) =>
  promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'service/cli/keys.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, DATABASE_PATH: '' },
  })

const statusWith = async (key: string) => {
  const response = await fetch(`${service.url}/getTransactions`, { headers: { 'x-api-key': key } })
  await response.arrayBuffer()
  return response.status
}

/** Polls until `key` answers `status`; returns the milliseconds it took. */
async function until(key: string, status: number, timeoutMs = 30_000): Promise<number> {
  const started = Date.now()
  while ((await statusWith(key)) !== status) {
    if (Date.now() - started > timeoutMs) throw new Error(`${key} did not answer ${status} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return Date.now() - started
}

beforeAll(async () => {
  service = await startService({ DATA_DIR: dataDir, KEYS_REFRESH_MS: String(REFRESH_MS), THREADS: '2' })
}, 90_000)

afterAll(async () => {
  await service?.stop('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('keys in the store, through the running service', () => {
  it('a key created, limited and revoked with the CLI takes effect in every worker without a restart', async () => {
    // The limited key first: every thread that knows the second key knows this one too.
    const limited = (
      await keysCli('create', '--app', 'burst', '--org', 'acme', '--name', 'Burst', '--limit', '5/600')
    ).stdout.trim()
    const created = await keysCli('create', '--app', 'acme-web', '--org', 'acme', '--name', 'Acme Web')
    const key = created.stdout.trim()
    expect(key).toMatch(/^cr_[A-Za-z0-9_-]{43}$/)
    expect(created.stderr).toMatch(/Created key key_[0-9a-f]{12} for app acme-web/)

    const acceptedAfterMs = await until(key, 200)
    // Every worker: several requests in a row all pass.
    for (let index = 0; index < 8; index += 1) expect(await statusWith(key)).toBe(200)
    // The main thread (rate limits) refreshes on the same interval: give every thread several refreshes.
    await new Promise((resolve) => setTimeout(resolve, 8 * REFRESH_MS))

    const burst = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${service.url}/getTransactions`, { headers: { 'x-api-key': limited } })),
    )
    const bodies = await Promise.all(burst.map((response) => response.json() as Promise<Record<string, any>>))
    expect(burst.filter((response) => response.status === 200)).toHaveLength(5)
    const refused = burst.flatMap((response, index) =>
      response.status === 429 ? [{ response, body: bodies[index]! }] : [],
    )
    expect(refused).toHaveLength(7)
    for (const { response, body } of refused) {
      const retryAfter = Number(response.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(600)
      expect(body.error).toMatchObject({
        code: 'RATE_LIMITED',
        name: 'RateLimitedError',
        statusCode: 429,
        details: { limit: 5, windowSeconds: 600, retryAfterSeconds: retryAfter },
      })
    }
    // Other keys are counted apart.
    expect(await statusWith(key)).toBe(200)

    const { stdout: list } = await keysCli('list', '--json')
    const rows = JSON.parse(list) as { keyId: string; appId: string; rateLimit: unknown; revokedAt: unknown }[]
    expect(list).not.toContain(key)
    expect(rows.find((row) => row.appId === 'burst')?.rateLimit).toEqual({ requests: 5, windowSeconds: 600 })
    const { keyId } = rows.find((row) => row.appId === 'acme-web')!
    await keysCli('revoke', keyId)
    const refusedAfterMs = await until(key, 401)
    for (let index = 0; index < 8; index += 1) expect(await statusWith(key)).toBe(401)
    expect(await statusWith('dev-key-beta')).toBe(200)
    console.info(`key accepted ${acceptedAfterMs} ms after the CLI returned, refused ${refusedAfterMs} ms after revoke`)
  }, 120_000)
})
