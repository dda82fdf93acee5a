/**
 * Paths of the OpenAPI document: every endpoint the service has so far, relative to the base path `/api`
 * (`servers[0].url`). Each operation lists the statuses it can answer; the error responses are the shared ones of
 * `errors.ts`. A 404 has no operation (it is the answer for paths not listed here): see
 * `components.responses.NotFound`.
 */
import type { ErrorStatus } from './errors.js'
import { MAX_BATCH_ACTIONS } from '../schema/getActions.js'
import { ERROR_STATUSES } from './errors.js'
import { parameterRefs } from './parameters.js'
import { componentRef, schemaRef } from './schemas.js'
import type { Operation, PathItem, Reference, Response } from './types.js'
import { venuePaths } from './venuePaths.js'

/** The references of the shared error responses of `statuses`. */
export const errorResponses = (...statuses: ErrorStatus[]): Record<string, Reference> =>
  Object.fromEntries(statuses.map((status) => [String(status), componentRef('responses', ERROR_STATUSES[status])]))

const requestIdHeader = { 'x-request-id': componentRef('headers', 'XRequestId') }

/** A 200 JSON response. */
export const ok = (description: string, schemaName: string, headers: Response['headers'] = {}): Response => ({
  description,
  headers: { ...requestIdHeader, ...headers },
  content: { 'application/json': { schema: schemaRef(schemaName) } },
})

/** `OPTIONS` on a path: 204 with `Allow`, no key needed (answered before authentication). */
export const options = (operationId: string): Operation => ({
  operationId,
  summary: 'The methods of this path',
  description: 'Answered before authentication: `204` with an `Allow` header.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: {
    '204': {
      description: 'No content; `Allow` lists the methods of the path.',
      headers: { ...requestIdHeader, Allow: componentRef('headers', 'Allow') },
    },
    ...errorResponses(413, 429, 500, 503),
  },
})

const getAction: Operation = {
  operationId: 'getAction',
  summary: 'Quote a swap, bridge or contract call, with the transaction to sign',
  description:
    'Finds the best routes from `srcToken` on `srcChainId` to `dstToken` on `dstChainId` over pools and bridge lanes ' +
    '(at most 3 pools per chain, at most 2 bridge lanes), computes every figure of the action response, builds the ' +
    'router transaction and records the quote under a new `txId` (SPEC §4.1).\n\n' +
    'Parameters: an empty value (`name=`) counts as absent; a single-valued parameter given twice gets 400 ' +
    '`INVALID_PARAMETER`; parameters of another action type are refused (400 `INVALID_PARAMETER`), never ignored; ' +
    'unknown parameters are ignored.\n\n' +
    'Checks, in order: path and method (404, 405), `x-api-key` (401), compliance (403), then the parameters — ' +
    "`actionType`, the always-required ones, formats, the action type's own rules (for `venue`, the venue's state) — " +
    'and finally routing (400).\n\n' +
    '`actionType=venue`: a prediction-market order for a venue user, checked against the venue (user, proxy wallet, ' +
    'token, market, tick size, negRisk; README "Venue orders"); its workflow is read with `GET /workflows/getStatus`. ' +
    '`solanaSponsor` only ' +
    'on Solana same-chain swaps (elsewhere 400 `INVALID_PARAMETER`); `gasless=true` only from Tron with a gasless ' +
    'key. `tx` depends on the source VM: see `Transaction`.',
  tags: ['quotes'],
  parameters: parameterRefs('GetAction'),
  responses: {
    '200': ok('The action response.', 'ActionResponse', {
      'Cache-Control': {
        description: 'Always `no-store`: every answer is a new quote with a new `txId`.',
        required: true,
        schema: { const: 'no-store' },
      },
    }),
    ...errorResponses(400, 401, 403, 405, 413, 422, 429, 500, 503),
  },
}

const noStore = {
  'Cache-Control': {
    description: 'Always `no-store`: transactions change as they progress.',
    required: true,
    schema: { const: 'no-store' },
  },
}

const registerTxs: Operation = {
  operationId: 'registerTxs',
  summary: 'Register transactions for status tracking and history',
  description:
    'Registers the source transactions that execute quotes (SPEC §4.2; mandatory for non-EVM transactions). The body is ' +
    'one registration object or an array of 1 to 100; the answer is always an array with one result per item, **in ' +
    'the order of the request**. Items are checked one by one (see `RegistrationResult.code`): the `txId` must be a ' +
    'quote of your organization, `vmId` and `chainId` its source VM and chain, `txHash` well-formed for `vmId`. ' +
    "(Quotes have EVM sources only so far, so in practice `vmId` is `evm`; the other VMs' hash formats are checked " +
    'already.)\n\n' +
    'Idempotent: the same `txId` with the same hash again is a success and changes nothing. A different hash for a ' +
    'registered `txId`, or a hash already registered for another `txId`, is an error result. A registration moves the ' +
    'quote to `pending`; the status tracker takes it from there.\n\n' +
    'Durable: the answer is sent after the registrations are committed and synced to disk (SQLite WAL with ' +
    '`synchronous=FULL`): an acknowledged registration survives a crash of the service or of the machine.\n\n' +
    'Whole-request errors (400 `INVALID_PARAMETER`, `details.parameter` `body`): a content type other than ' +
    '`application/json`, an empty or malformed body, a body that is neither an object nor an array, an empty array, ' +
    'more than 100 items.',
  tags: ['transactions'],
  parameters: [componentRef('parameters', 'XRequestId')],
  requestBody: {
    description: 'One registration, or an array of them.',
    required: true,
    content: { 'application/json': { schema: schemaRef('RegistrationRequest') } },
  },
  responses: {
    '200': ok('One result per registration, in request order.', 'RegistrationResults', noStore),
    ...errorResponses(400, 401, 403, 405, 413, 429, 500, 503),
  },
}

const getActions: Operation = {
  operationId: 'getActions',
  summary: 'Quote several actions in one call (batch)',
  description:
    `*Extension* (not in the SPEC): up to ${MAX_BATCH_ACTIONS} \`getAction\` requests in one call, each given as an ` +
    'object of its query parameters. Each is screened, quoted, built and recorded under its own `txId` exactly as ' +
    '`GET /getAction` would, one after another, and answered on its own: `results[i]` is `{status, body}`, the ' +
    'status and body `getAction` would have answered for `requests[i]` (an action response, or an error ' +
    'envelope). One failing request does not fail the others.\n\n' +
    'Whole-call errors (400 `INVALID_PARAMETER`, `details.parameter` `body`): a content type other than ' +
    `\`application/json\`, a malformed body, no \`requests\` array, an empty one, more than ${MAX_BATCH_ACTIONS} requests.`,
  tags: ['quotes'],
  parameters: [componentRef('parameters', 'XRequestId')],
  requestBody: {
    description: 'The requests.',
    required: true,
    content: { 'application/json': { schema: schemaRef('GetActionsRequest') } },
  },
  responses: {
    '200': ok('One result per request, in request order.', 'GetActionsResponse', noStore),
    ...errorResponses(400, 401, 403, 405, 413, 429, 500, 503),
  },
}

const relayGasless: Operation = {
  operationId: 'relayGasless',
  summary: 'Relay the signed executions of a gasless action',
  description:
    "The second half of `gasless=true` (SPEC §2.4, §5.5): sign each of the action's `executions` (TIP-712 typed " +
    'data, with the `sender` key) and post the signatures here, in order, with the `txId`. The service checks that ' +
    'each recovers to `sender`, hands them to the gasless provider (`GASLESS_PROVIDER_URL`, or a simulated one), ' +
    'and registers the transaction the provider submitted: the quote becomes `pending` with no `registerTxs`, and ' +
    'is tracked like any registered transaction. Idempotent: once relayed, the same `txId` answers the same ' +
    '`txHash` without relaying again.\n\n' +
    'Errors: 400 `INVALID_PARAMETER` (malformed body; not a gasless quote; a signature count other than the ' +
    "executions'; a signature not by `sender`; the permit's deadline passed; the provider refused the permit), 404 " +
    '`NOT_FOUND` (no such `txId` in your organization), 503 (the provider could not be reached: retry).',
  tags: ['transactions'],
  parameters: [componentRef('parameters', 'XRequestId')],
  requestBody: {
    description: 'The `txId` and one signature per execution.',
    required: true,
    content: { 'application/json': { schema: schemaRef('RelayGaslessRequest') } },
  },
  responses: {
    '200': ok('The relayed transaction, now pending.', 'RelayGaslessResponse', noStore),
    ...errorResponses(400, 401, 403, 404, 405, 413, 429, 500, 503),
  },
}

const getStatus: Operation = {
  operationId: 'getStatus',
  summary: 'Status and details of one transaction',
  description:
    "One transaction of your organization (SPEC §4.3), by `txId`, or by the source transaction's `txHash` (optionally " +
    "on `chainId`). Unknown, or another organization's: 404 `NOT_FOUND`, the same answer either way. A quote not " +
    'registered yet answers `status: pending` with no source transaction; see `TransactionDetails.status`.',
  tags: ['transactions'],
  parameters: parameterRefs('GetStatus'),
  responses: {
    '200': ok('The transaction.', 'TransactionDetails', noStore),
    ...errorResponses(400, 401, 403, 404, 405, 413, 429, 500, 503),
  },
}

const getTransactions: Operation = {
  operationId: 'getTransactions',
  summary: 'Transaction history of your organization',
  description:
    'The registered transactions of your organization (SPEC §4.4), newest registration first (ties: the later quote ' +
    'first), filtered by app, wallet, chain and registration time, in pages. Quotes never registered are not listed. ' +
    'All filters must hold. Pages are counted on the current data: a transaction registered meanwhile shifts later ' +
    'pages by one.',
  tags: ['transactions'],
  parameters: parameterRefs('GetTransactions'),
  responses: {
    '200': ok('One page, and the pagination.', 'TransactionHistory', noStore),
    ...errorResponses(400, 401, 403, 405, 413, 429, 500, 503),
  },
}

const createOrFetchVenueUser: Operation = {
  operationId: 'createOrFetchVenueUser',
  summary: 'The venue user of an EVM account, created on first use',
  description:
    'The venue user of `address` in your organization (SPEC §4.9; the path, payload and response are this ' +
    "service's): created by the first call, fetched by every later one. `userId` is what `getAction` " +
    '(`actionType=venue`) and the position reads take; `proxyWallet` is the venue wallet the order workflow funds ' +
    "(the `recipient` of `getAction`), derived from the account alone (CREATE2 from the venue's Safe factory), so " +
    'the same account always gets the same wallet.\n\n' +
    'Idempotent and safe under concurrency: any number of simultaneous calls for one account create one user; ' +
    'exactly one answers `created: true`.\n\n' +
    'Errors (400): `INVALID_PARAMETER` (`details.parameter` `body`) for a content type other than ' +
    '`application/json`, an empty or malformed body, a body that is not an object; `MISSING_REQUIRED_FIELD` ' +
    '(`address`); `INVALID_ADDRESS_FORMAT` (`details.field` `address`) for a malformed address, a bad EIP-55 ' +
    'checksum or the zero address. 403 `WALLET_SCREENED` when the account or its proxy wallet is on the screening ' +
    'list (Polygon): no user is created, and the user of an account listed since is not answered.',
  tags: ['venue'],
  parameters: [componentRef('parameters', 'XRequestId')],
  requestBody: {
    description: 'The EVM account.',
    required: true,
    content: { 'application/json': { schema: schemaRef('VenueUserRequest') } },
  },
  responses: {
    '200': ok('The user, and whether this call created it.', 'VenueUser', noStore),
    ...errorResponses(400, 401, 403, 405, 413, 429, 500, 503),
  },
}

const health: Operation = {
  operationId: 'getHealth',
  summary: 'Liveness',
  description:
    'Answered by the main thread, never queued behind quotes: a 200 says the process is alive and answering. ' +
    'Needs no API key.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: { '200': ok('The service is up.', 'HealthResponse'), ...errorResponses(405) },
}

const ready: Operation = {
  operationId: 'getReady',
  summary: 'Readiness',
  description:
    'Answered by the main thread, never queued behind quotes: 200 when at least one worker runs with its app ' +
    'built (snapshot loaded) and the store can be read, else 503 with the same body saying what is missing. ' +
    'Needs no API key.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: {
    '200': ok('Ready to serve.', 'ReadinessResponse'),
    '503': ok('Not ready: a worker or the store is missing.', 'ReadinessResponse'),
    ...errorResponses(405),
  },
}

const metrics: Operation = {
  operationId: 'getMetrics',
  summary: 'Prometheus metrics',
  description:
    'The Prometheus text format (prom-client) of the whole process: every worker thread and the tracker thread, ' +
    'aggregated on the main thread, which answers it (never queued behind quotes). With `METRICS_TOKEN` set it needs ' +
    '`Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without it, it is open outside production and answers ' +
    '404 in production. README "Metrics" lists every metric and label. Needs no API key.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: {
    '200': {
      description: 'The metrics, `text/plain; version=0.0.4` (Prometheus exposition format).',
      headers: requestIdHeader,
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
    ...errorResponses(401, 404, 500),
  },
}

const openapiDocument: Operation = {
  operationId: 'getOpenApiDocument',
  summary: 'This document',
  description: 'The OpenAPI 3.1 document of the service. Needs no API key.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: { '200': ok('The document.', 'OpenApiDocument'), ...errorResponses(405, 413, 429, 500, 503) },
}

/** The `paths` of the document. */
export function paths(): Record<string, PathItem> {
  return {
    '/getAction': { get: getAction, options: options('optionsGetAction') },
    '/getActions': { post: getActions, options: options('optionsGetActions') },
    '/registerTxs': { post: registerTxs, options: options('optionsRegisterTxs') },
    '/relayGasless': { post: relayGasless, options: options('optionsRelayGasless') },
    '/getStatus': { get: getStatus, options: options('optionsGetStatus') },
    '/getTransactions': { get: getTransactions, options: options('optionsGetTransactions') },
    '/workflows/venue/createOrFetchVenueUser': {
      post: createOrFetchVenueUser,
      options: options('optionsCreateOrFetchVenueUser'),
    },
    '/health': { get: health, options: options('optionsHealth') },
    '/ready': { get: ready, options: options('optionsReady') },
    '/metrics': { get: metrics },
    '/openapi.json': { get: openapiDocument, options: options('optionsOpenApiDocument') },
    ...venuePaths(),
  }
}
