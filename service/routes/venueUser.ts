/**
 * `POST /workflows/venue/createOrFetchVenueUser` (SPEC §4.9): the venue user of an EVM account — created on the
 * first call, fetched on every later one — with its venue wallet (`venue/proxyWallet.ts`).
 */
import { getAddress } from 'viem'
import { type AuthenticatedRouter, createRouter } from './router.js'
import {
  InvalidAddressError,
  InvalidParameterError,
  type Validator,
  compileValidator,
  walletAddressProblem,
} from '../../engine/index.js'
import { displayValue } from '../../engine/errors/index.js'
import { readJsonBody } from './body.js'
import { VenueUserRequest, type VenueUser } from '../schema/venueUser.js'
import type { Store } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import { deriveProxyWallet } from '../venue/proxyWallet.js'
import { venueUserAddresses } from '../venue/venueAction.js'
import type { ScreenedAddress } from '../compliance/screening.js'

const request: Validator<typeof VenueUserRequest> = compileValidator(VenueUserRequest)

/** What the route needs. */
export interface VenueUserDependencies {
  readonly store: Store
  /** Unix seconds; default the wall clock. */
  readonly now?: () => number
  /** `createCompliance(...).screenAddresses`: throws WalletScreeningError for a listed address. */
  readonly screenAddresses: (addresses: readonly ScreenedAddress[]) => void
}

/**
 * The venue-user router: `POST /workflows/venue/createOrFetchVenueUser` (mounted under `/api`, after
 * authentication). Answers 200 with a `VenueUser`, whether created now or before (`created` says which).
 *
 * Errors (400): `INVALID_PARAMETER` (`details.parameter` `body`) for a content type other than JSON, an empty or
 * malformed body, a body that is not an object; `MISSING_REQUIRED_FIELD` (`address`); `INVALID_ADDRESS_FORMAT`
 * (`details.field` `address`) for a malformed address, a bad checksum or the zero address. 403 `WALLET_SCREENED`
 * when the account or its proxy wallet is on the screening list (Polygon's family), before anything is stored or
 * answered: a listed account gets no user, and an existing user of an account listed since is not answered.
 *
 * @example
 * api.use(venueUserRoutes({ store, screenAddresses: compliance.screenAddresses }).routes())
 */
export function venueUserRoutes(deps: VenueUserDependencies): AuthenticatedRouter {
  const { store } = deps
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const router = createRouter<AuthenticatedState>()
  router.post('/workflows/venue/createOrFetchVenueUser', async (ctx) => {
    const body = readJsonBody(ctx)
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new InvalidParameterError({
        parameter: 'body',
        value: displayValue(body),
        reason: VenueUserRequest['x-reason'],
      })
    }
    request.assert(body, { context: 'createOrFetchVenueUser' })
    const problem = walletAddressProblem('evm', body.address)
    if (problem !== undefined)
      throw new InvalidAddressError({ field: 'address', address: body.address, reason: problem })

    const address = getAddress(body.address.toLowerCase())
    const proxyWallet = deriveProxyWallet(address)
    deps.screenAddresses(venueUserAddresses({ address, proxyWallet }))
    const { user, created } = await store.createOrFetchVenueUser({
      orgId: ctx.state.apiKey.orgId,
      userId: address,
      address,
      proxyWallet,
      createdAt: now(),
    })
    const answer: VenueUser = { ...user, created }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  return router
}
