/**
 * `POST /registerTxs` (SPEC §4.2): registers the transactions that execute quotes, for status tracking and
 * history. The body is one registration object or an array of at most `MAX_REGISTRATIONS`; the answer is an
 * array of results in request order, committed (durably: `synchronous=FULL`) before it is sent.
 */
import { type AuthenticatedRouter, createRouter } from './router.js'
import { InvalidParameterError, compileValidator } from '../../engine/index.js'
import { displayValue } from '../../engine/errors/index.js'
import { readJsonBody } from './body.js'
import type { RegistrationInput, RegistrationOutcome, Store } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import {
  MAX_REGISTRATIONS,
  Registration,
  type RegistrationErrorCode,
  type RegistrationResult,
} from '../schema/registerTxs.js'
import { normalizeTxHash, txHashProblem } from './txHash.js'

const OK: RegistrationResult = Object.freeze({ success: true, error: null, code: null })
const failure = (code: RegistrationErrorCode, error: string): RegistrationResult => ({ success: false, error, code })

/** The item validator: each failure becomes the item's result, never a whole-request error. */
const registration = compileValidator(Registration)

/** What the route needs. */
export interface RegisterTxsDependencies {
  readonly store: Store
  /** Unix seconds; default the wall clock. */
  readonly now?: () => number
}

/**
 * Checks one item against its quote: a `RegistrationInput` to store, or the failure to answer.
 *
 * @example checkRegistration({ txId, vmId: 'evm', txHash, chainId: 8453 }, 'alpha', store, 1_700_000_000)
 */
export async function checkRegistration(
  item: unknown,
  orgId: string,
  store: Store,
  registeredAt: number,
): Promise<RegistrationInput | RegistrationResult> {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return failure('INVALID_PARAMETER', Registration['x-reason'])
  }
  // `null` counts as absent, as in a query string.
  const fields = Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null))
  const missing = Registration.required.filter((name) => fields[name] === undefined)
  if (missing.length > 0)
    return failure('MISSING_REQUIRED_FIELD', `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required`)
  if (!registration.check(fields)) {
    const error = registration.problem(fields, { context: 'registerTxs' })
    return failure(
      'INVALID_PARAMETER',
      error instanceof InvalidParameterError
        ? `${error.details.parameter} ${error.details.reason}`
        : String(error?.message),
    )
  }
  const { txId, vmId, txHash, chainId } = fields
  const problem = txHashProblem(vmId, txHash)
  if (problem !== undefined) return failure('INVALID_PARAMETER', `txHash ${problem} for vmId ${vmId}`)

  const quote = await store.getByTxId(txId.toLowerCase(), orgId)
  if (quote === undefined) return failure('NOT_FOUND', 'no quote with this txId in your organization')
  if (vmId !== quote.vmId) {
    return failure('VM_MISMATCH', `vmId ${vmId} is not the VM of the quote's source chain (${quote.vmId})`)
  }
  if (chainId !== quote.srcChainId) {
    return failure('CHAIN_MISMATCH', `chainId ${chainId} is not the quote's source chain (${quote.srcChainId})`)
  }
  return { txId: quote.txId, txHash: normalizeTxHash(txHash), chainId, vmId, registeredAt }
}

/** The result of a store outcome. */
function resultOf(outcome: RegistrationOutcome): RegistrationResult {
  switch (outcome.outcome) {
    case 'registered':
    case 'duplicate':
      return OK
    case 'conflict':
      return failure(
        'TX_HASH_CONFLICT',
        `this txId is already registered with another txHash (${outcome.existingHash})`,
      )
    case 'hash-in-use':
      return failure('TX_HASH_IN_USE', 'this txHash is already registered for another txId')
  }
}

const isResult = (value: RegistrationInput | RegistrationResult): value is RegistrationResult => 'success' in value

/**
 * The `registerTxs` router: `POST /registerTxs` (mounted under `/api`, after authentication).
 *
 * Whole-request errors (400 envelope, `INVALID_PARAMETER`, parameter `body`): a content type other than JSON, an
 * empty or malformed body, a body that is neither an object nor an array, an empty array, more than
 * `MAX_REGISTRATIONS` items. Otherwise 200 with one result per item, in request order; the valid items are
 * registered in one write transaction, in order (the same txId twice: the second is a duplicate).
 *
 * @example
 * api.use(registerTxsRoutes({ store }).routes())
 */
export function registerTxsRoutes(deps: RegisterTxsDependencies): AuthenticatedRouter {
  const { store } = deps
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const router = createRouter<AuthenticatedState>()
  router.post('/registerTxs', async (ctx) => {
    const { apiKey } = ctx.state
    const body = readJsonBody(ctx)
    if (body === null || typeof body !== 'object') {
      throw new InvalidParameterError({
        parameter: 'body',
        value: displayValue(body),
        reason: 'must be a registration object or an array of them',
      })
    }
    const items: unknown[] = Array.isArray(body) ? body : [body]
    if (items.length === 0)
      throw new InvalidParameterError({ parameter: 'body', value: '[]', reason: 'the array is empty' })
    if (items.length > MAX_REGISTRATIONS) {
      throw new InvalidParameterError({
        parameter: 'body',
        value: `${items.length} items`,
        reason: `at most ${MAX_REGISTRATIONS} registrations per request`,
      })
    }

    const registeredAt = now()
    const checked = await Promise.all(items.map((item) => checkRegistration(item, apiKey.orgId, store, registeredAt)))
    const inputs = checked.filter((value): value is RegistrationInput => !isResult(value))
    const outcomes = inputs.length === 0 ? [] : await store.registerTransactions(inputs)
    let next = 0
    ctx.set('Cache-Control', 'no-store')
    ctx.body = checked.map((value) => (isResult(value) ? value : resultOf(outcomes[next++]!)))
  })
  return router
}
