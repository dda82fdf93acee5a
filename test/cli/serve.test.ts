import { afterAll, describe, expect, it } from 'vitest'
import { type RunningService, spawnService, startService } from '../helpers/startService.js'

let service: RunningService | undefined

afterAll(async () => {
  await service?.stop()
}, 30_000)

describe('crossroute serve', () => {
  it('starts the service, which answers over HTTP', async () => {
    service = await startService({}, { entry: ['cli/main.ts', 'serve', '--threads', '1'] })
    const response = await fetch(`${service.url}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  }, 120_000)

  it('hands its options to the service: a missing --snapshot file stops it before it listens', async () => {
    const refused = spawnService(
      {},
      { entry: ['cli/main.ts', 'serve', '--threads', '1', '--snapshot', '/nonexistent.json'] },
    )
    expect((await refused.exited).code).toBe(1)
    expect(refused.stderr()).toContain('/nonexistent.json')
  }, 120_000)
})
