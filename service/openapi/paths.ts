/**
 * Paths of the OpenAPI document: every endpoint the service has so far, relative to the base path `/api`
 * (`servers[0].url`). Each operation lists the statuses it can answer; the error responses are the shared ones of
 * `errors.ts`. A 404 has no operation (it is the answer for paths not listed here): see `components.responses.NotFound`.
 */
import type { ErrorStatus } from './errors.js'
import { ERROR_STATUSES } from './errors.js'
import { getActionParameterRefs } from './parameters.js'
import { componentRef, schemaRef } from './schemas.js'
import type { Operation, PathItem, Reference, Response } from './types.js'

/** The references of the shared error responses of `statuses`. */
const errorResponses = (...statuses: ErrorStatus[]): Record<string, Reference> =>
  Object.fromEntries(statuses.map((status) => [String(status), componentRef('responses', ERROR_STATUSES[status])]))

const requestIdHeader = { 'x-request-id': componentRef('headers', 'XRequestId') }

/** A 200 JSON response. */
const ok = (description: string, schemaName: string, headers: Response['headers'] = {}): Response => ({
  description,
  headers: { ...requestIdHeader, ...headers },
  content: { 'application/json': { schema: schemaRef(schemaName) } },
})

/** `OPTIONS` on a path: 204 with `Allow`, no key needed (answered before authentication). */
const options = (operationId: string): Operation => ({
  operationId,
  summary: 'The methods of this path',
  description: 'Answered before authentication: `204` with an `Allow` header.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: {
    '204': { description: 'No content; `Allow` lists the methods of the path.', headers: { ...requestIdHeader, Allow: componentRef('headers', 'Allow') } },
    ...errorResponses(413, 500, 503),
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
    '`actionType`, the always-required ones, features not supported yet, formats, the action type\'s own rules — ' +
    'and finally routing (400).\n\n' +
    '**Not supported yet** (400 `INVALID_PARAMETER`): `actionType=venue` and its parameters, `gasless=true`, ' +
    '`returnDepositAddress=true`, `solanaSponsor`, and non-EVM source chains (Solana, Bitcoin, Tron, HyperCore; ' +
    'they may be destinations).',
  tags: ['quotes'],
  parameters: getActionParameterRefs(),
  responses: {
    '200': ok('The action response.', 'ActionResponse', {
      'Cache-Control': { description: 'Always `no-store`: every answer is a new quote with a new `txId`.', required: true, schema: { const: 'no-store' } },
    }),
    ...errorResponses(400, 401, 403, 405, 413, 500, 503),
  },
}

const health: Operation = {
  operationId: 'getHealth',
  summary: 'Liveness',
  description: 'Answered by a worker, so a 200 also proves that the worker pool serves requests. Needs no API key.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: { '200': ok('The service is up.', 'HealthResponse'), ...errorResponses(405, 413, 500, 503) },
}

const openapiDocument: Operation = {
  operationId: 'getOpenApiDocument',
  summary: 'This document',
  description: 'The OpenAPI 3.1 document of the service. Needs no API key.',
  tags: ['service'],
  security: [],
  parameters: [componentRef('parameters', 'XRequestId')],
  responses: { '200': ok('The document.', 'OpenApiDocument'), ...errorResponses(405, 413, 500, 503) },
}

/** The `paths` of the document. */
export function paths(): Record<string, PathItem> {
  return {
    '/getAction': { get: getAction, options: options('optionsGetAction') },
    '/health': { get: health, options: options('optionsHealth') },
    '/openapi.json': { get: openapiDocument, options: options('optionsOpenApiDocument') },
  }
}
