import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'

const USER = {
  orgId: 'alpha',
  userId: '0x76a22D91bcb74261EB53354e25CE4F37dDa32934',
  address: '0x76a22D91bcb74261EB53354e25CE4F37dDa32934',
  proxyWallet: '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC',
  createdAt: 1_764_000_000,
}

let dataDir: string
let store: Store

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-venue-users-'))
  store = await openStore({ dataDir, databasePath: join(dataDir, 'crossroute.sqlite') })
})

afterEach(async () => {
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('venue users in the store', () => {
  it('creates once, then fetches the first creation unchanged', async () => {
    const { orgId: _, ...user } = USER
    expect(await store.createOrFetchVenueUser(USER)).toEqual({ user, created: true })
    expect(await store.createOrFetchVenueUser({ ...USER, createdAt: USER.createdAt + 60 })).toEqual({
      user,
      created: false,
    })
  })

  it('finds a user by its userId in any case, in its own organization only', async () => {
    await store.createOrFetchVenueUser(USER)
    expect((await store.getVenueUser('alpha', USER.userId.toLowerCase()))?.proxyWallet).toBe(USER.proxyWallet)
    expect(await store.getVenueUser('beta', USER.userId)).toBeUndefined()
    expect(await store.getVenueUser('alpha', '0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBeUndefined()
  })
})
