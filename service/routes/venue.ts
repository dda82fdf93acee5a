/**
 * The venue reads (SPEC §4.5–§4.8) under `/workflows/venue/`: each query decoded and validated from its declared
 * parameters (`service/schema/venueParameters.ts`), answered by the configured venue (`service/venue/venue.ts`).
 */
import type { Context } from 'koa'
import { type AuthenticatedRouter, createRouter } from './router.js'
import {
  VENUE_MARKETS_PARAMETERS,
  VENUE_POSITIONS_PARAMETERS,
  VENUE_SEARCH_PARAMETERS,
  VENUE_USER_PARAMETERS,
} from '../schema/venueParameters.js'
import { queryDecoder } from '../schema/query.js'
import type { AuthenticatedState } from '../types.js'
import type { VenueReads, VenueUserQuery } from '../venue/venue.js'
import { DEFAULT_LIMIT_PER_TYPE } from '../schema/venueParameters.js'

/** The base path of the venue's workflow endpoints (below `/api`). */
export const VENUE_PATH = '/workflows/venue'

const search = queryDecoder(VENUE_SEARCH_PARAMETERS)
const markets = queryDecoder(VENUE_MARKETS_PARAMETERS)
const positions = queryDecoder(VENUE_POSITIONS_PARAMETERS)
const user = queryDecoder(VENUE_USER_PARAMETERS)

/** A JSON answer that is never cached: positions change with every fill, the catalog with the venue. */
function reply(ctx: Context, body: unknown): void {
  ctx.set('Cache-Control', 'no-store')
  ctx.body = body
}

function userQuery(decoded: Record<string, unknown>): VenueUserQuery {
  const proxyWallet = decoded.proxyWallet as string | undefined
  return { userId: decoded.userId as string, ...(proxyWallet === undefined ? {} : { proxyWallet }) }
}

/**
 * The venue router (mounted under `/api`, after authentication).
 *
 * @example api.use(venueRoutes({ venue }).routes())
 */
export function venueRoutes(deps: { readonly venue: VenueReads }): AuthenticatedRouter {
  const { venue } = deps
  const router = createRouter<AuthenticatedState>({ prefix: VENUE_PATH })
  router.get('/search', async (ctx) => {
    const decoded = search.decode(ctx.query, 'search')
    const tagIds = decoded.tagId as number[] | undefined
    reply(
      ctx,
      await venue.search({
        query: decoded.q as string,
        ...(tagIds === undefined ? {} : { tagIds: tagIds.map(String) }),
        page: (decoded.page as number | undefined) ?? 1,
        limitPerType: (decoded.limitPerType as number | undefined) ?? DEFAULT_LIMIT_PER_TYPE,
        acceptingOrdersOnly: (decoded.acceptingOrdersOnly as boolean | undefined) ?? false,
      }),
    )
  })
  router.get('/getMarkets', async (ctx) => {
    const decoded = markets.decode(ctx.query, 'getMarkets')
    const { clobTokenIds, slug, tagId } = decoded as { clobTokenIds?: string[]; slug?: string; tagId?: number }
    reply(
      ctx,
      await venue.getMarkets({
        ...(clobTokenIds === undefined ? {} : { clobTokenIds }),
        ...(slug === undefined ? {} : { slug }),
        ...(tagId === undefined ? {} : { tagId: String(tagId) }),
      }),
    )
  })
  router.get('/getCurrentPositions', async (ctx) => {
    const decoded = positions.decode(ctx.query, 'getCurrentPositions')
    reply(
      ctx,
      await venue.currentPositions({
        ...userQuery(decoded),
        redeemable: (decoded.redeemable as boolean | undefined) ?? false,
        mergeable: (decoded.mergeable as boolean | undefined) ?? false,
      }),
    )
  })
  router.get('/getClosedPositions', async (ctx) => {
    reply(ctx, await venue.closedPositions(userQuery(user.decode(ctx.query, 'getClosedPositions'))))
  })
  router.get('/getTrades', async (ctx) => {
    reply(ctx, await venue.trades(userQuery(user.decode(ctx.query, 'getTrades'))))
  })
  return router
}
