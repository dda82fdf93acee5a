/**
 * Safe defaults (issue 26): outside production the service serves public development keys, so without `HOST` it
 * listens on loopback only; production keeps `0.0.0.0` (README "Configuration").
 */
import { networkInterfaces } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../service/config.js'
import { type RunningService, startService } from '../helpers/startService.js'

let service: RunningService | undefined
afterAll(async () => {
  await service?.stop('SIGKILL')
})

/** This machine's first non-loopback IPv4 address. */
const externalAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address

describe('the address the service listens on', () => {
  it('is 127.0.0.1 in development without HOST, and answers nothing on another interface', async () => {
    service = await startService({ HOST: '', THREADS: '1' })
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    expect((await fetch(`${service.url}/health`)).status).toBe(200)
    const address = externalAddress()
    expect(address, 'the test machine has a non-loopback interface').toBeDefined()
    const port = new URL(service.url).port
    await expect(fetch(`http://${address}:${port}/api/health`)).rejects.toThrow()
  }, 90_000)

  it('is what HOST says, and 0.0.0.0 in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0')
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5')
  })
})
