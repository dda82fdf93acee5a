/** Venue users in the store, on both backends: create once then fetch, per organization, race-safe creation. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VENUE_STORE_BACKENDS, type VenueTestDatabase, type VenueTestStore } from '../helpers/venueStoreBackends.js'

const USER = {
  orgId: 'alpha',
  userId: '0x76a22D91bcb74261EB53354e25CE4F37dDa32934',
  address: '0x76a22D91bcb74261EB53354e25CE4F37dDa32934',
  proxyWallet: '0x22dA6635E16e2f540FBe16d253a89DC8a4674eDC',
  createdAt: 1_764_000_000,
}

describe.each(VENUE_STORE_BACKENDS)('venue users in the store ($name)', (backend) => {
  let database: VenueTestDatabase
  let store: VenueTestStore
  beforeEach(async () => {
    database = await backend.create()
    store = database.store
  })
  afterEach(() => database.dispose())

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

  it('the same account in another organization is another user', async () => {
    await store.createOrFetchVenueUser(USER)
    const other = await store.createOrFetchVenueUser({ ...USER, orgId: 'beta', createdAt: USER.createdAt + 5 })
    expect(other).toMatchObject({ created: true, user: { createdAt: USER.createdAt + 5 } })
  })

  it('refuses an address that is not a lower-case 0x account once keyed', async () => {
    await expect(store.createOrFetchVenueUser({ ...USER, address: 'nope' })).rejects.toThrow()
  })

  it('20 concurrent creations of one account on separate connections: exactly one creates it', async () => {
    const stores = Array.from({ length: 4 }, () => database.connect(5))
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        stores[index % 4]!.createOrFetchVenueUser({ ...USER, createdAt: USER.createdAt + index }),
      ),
    )
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1)
    const first = outcomes.find((outcome) => outcome.created)!.user
    for (const outcome of outcomes) expect(outcome.user).toEqual(first)
  })
})
