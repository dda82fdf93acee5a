/**
 * `POST /getActions`: several `getAction` requests in one call. Each is screened, quoted, built and recorded exactly
 * as `GET /getAction` would do it (`answerAction`), and answered or failed on its own: one request's error is its
 * result (the error envelope and the status `getAction` would have answered), never the whole call's.
 */
import { InvalidParameterError, type Validator, compileValidator, isBaseError } from '../../engine/index.js'
import { InternalServerError, RateLimitedError } from '../errors.js'
import type { ScreenedAddress } from '../compliance/screening.js'
import { type QueryParameters, queryAddresses } from '../middleware/compliance.js'
import { errorEnvelope } from '../middleware/errors.js'
import { logError } from '../log.js'
import { GetActionsRequest, MAX_BATCH_ACTIONS } from '../schema/getActions.js'
import type { AuthenticatedState } from '../types.js'
import { readJsonBody } from './body.js'
import { type GetActionDependencies, answerAction } from './getAction.js'
import { type AuthenticatedRouter, createRouter } from './router.js'

const getActionsRequest: Validator<typeof GetActionsRequest> = compileValidator(GetActionsRequest)

/** What the route needs: the `getAction` dependencies, and the compliance screening for body addresses. */
export interface GetActionsDependencies extends GetActionDependencies {
  /** `createCompliance(...).screenAddresses`: throws WalletScreeningError for a listed address. */
  readonly screenAddresses: (addresses: readonly ScreenedAddress[]) => void
}

/**
 * One request of the batch as the query parameters `getAction` parses: text stays, numbers and booleans become
 * their text, an array of texts stays a repeated parameter, anything else (the `appFees` array) its JSON.
 *
 * @example queryOf({ srcChainId: 1, appFees: [{ recipient, fee: 10 }] }) // { srcChainId: '1', appFees: '[{…}]' }
 */
export function queryOf(item: Readonly<Record<string, unknown>>): QueryParameters {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : Array.isArray(value) && value.every((entry) => typeof entry === 'string')
            ? value
            : // Bounded: readJsonBody refused any body nested deeper than MAX_JSON_DEPTH before it was parsed.
              JSON.stringify(value),
    ]),
  )
}

/**
 * The batch router. Whole-call errors (400 `INVALID_PARAMETER`, parameter `body`): not JSON, not
 * `{"requests": [...]}`, no request, more than `MAX_BATCH_ACTIONS`; 429 `RATE_LIMITED` for more requests than the
 * key has left (`ctx.state.quoteAllowance`, set by the main thread).
 *
 * @example api.use(getActionsRoutes({ engine, store, config, screenAddresses: compliance.screenAddresses }).routes())
 */
export function getActionsRoutes(deps: GetActionsDependencies): AuthenticatedRouter {
  const router = createRouter<AuthenticatedState>()
  router.post('/getActions', async (ctx) => {
    const { apiKey } = ctx.state
    const body = readJsonBody(ctx)
    const count = (body as { requests?: unknown } | null)?.requests
    if (Array.isArray(count) && count.length > MAX_BATCH_ACTIONS) {
      throw new InvalidParameterError({
        parameter: 'body',
        value: `${count.length} requests`,
        reason: `at most ${MAX_BATCH_ACTIONS} requests per call`,
      })
    }
    getActionsRequest.assert(body, { context: 'getActions' })
    // Each item counts against the key's rate limit and daily quote quota, as a getAction would: the main thread
    // reserved what the key has left (`quoteAllowance`), and a larger batch is refused whole, before any quote.
    const allowance = ctx.state.quoteAllowance
    if (allowance !== undefined && body.requests.length > allowance.items) {
      const { limit, windowSeconds, retryAfterSeconds } = allowance
      ctx.state.quotes = { items: 0, recorded: 0, isOverAllowance: true }
      throw new RateLimitedError(
        { limit, windowSeconds, retryAfterSeconds },
        `This batch of ${body.requests.length} requests is over what the API key has left (${allowance.items}): ` +
          `each item counts; retry after ${retryAfterSeconds} s`,
      )
    }
    const results: string[] = []
    let recorded = 0
    // One after another: each item records its quote before the next starts, as separate getAction calls would.
    for (const item of body.requests) {
      const query = queryOf(item)
      try {
        deps.screenAddresses(queryAddresses(query, apiKey.appFees))
        results.push(`{"status":200,"body":${await answerAction(deps, query, apiKey, { record: true })}}`)
        recorded += 1
      } catch (thrown) {
        if (!isBaseError(thrown)) logError('getActions.item.failed', thrown, { requestId: ctx.state.requestId })
        const error = isBaseError(thrown) ? thrown : new InternalServerError()
        results.push(JSON.stringify({ status: error.status, body: errorEnvelope(error) }))
      }
    }
    ctx.state.quotes = { items: body.requests.length, recorded }
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'json'
    ctx.body = `{"results":[${results.join(',')}]}`
  })
  return router
}
