/**
 * Refusals to start, through the real service process: a configuration or a worker that cannot serve makes the
 * service exit 1 with the reason before it ever listens. Each spawn loads the engine in its workers: seconds, more
 * on a loaded machine, hence the long timeouts.
 */
import { describe, expect, it } from 'vitest'
import { spawnService } from '../helpers/startService.js'

describe('service: refusals to start', () => {
  it('production with the development keys file: exit 1 with the reason, never listens', async () => {
    // Production imports no keys file by default (keys live in the store); naming the development one is refused.
    const service = spawnService({ NODE_ENV: 'production', KEYS_FILE: 'fixtures/keys.dev.json' })
    expect((await service.exited).code).toBe(1)
    expect(service.stderr()).toMatch(/cannot start: .*NODE_ENV=production.*development keys file/)
    expect(service.stdout()).not.toContain('listening')
  }, 90_000)

  it('a snapshot that cannot be read: exit 1 with the reason, never listens', async () => {
    const service = spawnService({ SNAPSHOT_PATH: '/nonexistent/snapshot.json' })
    expect((await service.exited).code).toBe(1)
    expect(service.stderr()).toMatch(/cannot start: the snapshot cannot be read: .*nonexistent\/snapshot\.json/i)
    expect(service.stdout()).not.toContain('listening')
  }, 90_000)

  it('test-only routes cannot be enabled in production', async () => {
    const { createApp } = await import('../../service/app.js')
    const { loadConfig } = await import('../../service/config.js')
    const config = { ...loadConfig({ NODE_ENV: 'production' }), keysFile: 'unused' }
    expect(() => createApp({ config } as Parameters<typeof createApp>[0], { testRoutes: true })).toThrow(/production/)
    const { testRoutesEnabled } = await import('../../service/routes/testRoutes.js')
    expect(testRoutesEnabled({ production: true }, { CROSSROUTE_TEST_ROUTES: '1' })).toBe(false)
    expect(testRoutesEnabled({ production: false }, { CROSSROUTE_TEST_ROUTES: '1' })).toBe(true)
  })
})
