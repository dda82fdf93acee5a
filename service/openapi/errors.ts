/**
 * Error schemas and responses of the OpenAPI document, generated from the error classes (`API_ERROR_CLASSES`) and
 * the error schemas (`service/schema/errorEnvelope.ts`, with each code's `details` from `engine/schema/` and
 * `service/schema/`), so that a code, a class name, a status or a details field changed there changes the document
 * with it.
 *
 * - `components.schemas.<ErrorName>` (e.g. `AmountTooHighError`): the `error` object of one code — `code`, `name` and
 *   `statusCode` fixed, `details` in that code's shape (or absent).
 * - `components.schemas.ErrorResponse<status>`: the SPEC §7.1 envelope of one HTTP status, `error` being `oneOf` the
 *   codes that status carries (selected by `code`).
 * - `components.responses.<name>` (e.g. `BadRequest`): the response of one status, with its headers.
 */
import { API_ERROR_CLASSES, type ApiErrorCode } from '../errors.js'
import { CODES_NEVER_ANSWERED, ErrorEnvelope, errorObject } from '../schema/errorEnvelope.js'
import { toJsonSchema } from './components.js'
import { componentRef, schemaRef } from './schemas.js'
import type { Response, Schema } from './types.js'

export { CODES_NEVER_ANSWERED }

/** The HTTP statuses that carry an error envelope, and each one's response name. */
export const ERROR_STATUSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const
export type ErrorStatus = keyof typeof ERROR_STATUSES

/** The codes each status carries, from `API_ERROR_CLASSES`, in the classes' order. */
export function codesOfStatus(status: ErrorStatus): ApiErrorCode[] {
  return (Object.keys(API_ERROR_CLASSES) as ApiErrorCode[]).filter(
    (code) => API_ERROR_CLASSES[code].status === status && CODES_NEVER_ANSWERED[code] === undefined,
  )
}

const STATUS_TEXT: Readonly<Record<ErrorStatus, string>> = {
  400: 'The request is invalid or cannot be quoted.',
  401: 'No API key, or an unknown one (`x-api-key`).',
  403: 'Refused by compliance: a blocked country (from the trusted country header the fronting proxy sets, `cf-ipcountry` by default) or a sanctioned wallet (`sender`, `refundTo`, `solanaSponsor` on the source chain, `recipient` on the destination, the account of a venue user or proxy wallet on Polygon).',
  404: 'No endpoint at this path (any path not in this document). Answered before authentication.',
  405: 'The path exists, but not for this method; the `Allow` header lists the methods it has. Answered before authentication.',
  413: 'The request body is larger than the limit (`BODY_LIMIT_BYTES`, default 1 MiB). Answered before routing, for any path; the connection is closed.',
  422: 'A valid quote whose transaction would fail: `simulate=true` and the quote\'s `tx` reverts when run from `sender` on the source chain\'s node (README "Simulation").',
  429: 'A limit was reached (README "Rate limits"; per replica): the API key\'s requests in the current window (a `getActions` batch counts each item, and a batch over what the key has left is refused whole), its quotes in the UTC day (`windowSeconds` 86400), or, without a valid key, the requests from this client address. Retry after `Retry-After` seconds. Answered before the request reaches a worker, except a batch over its allowance.',
  500: 'An unexpected failure; the envelope carries no internals (quote `x-request-id` when reporting it).',
  503: 'The service is at capacity (its request queue is full, or too many connections or request bodies are open at once): retry after `Retry-After` seconds.',
}

/**
 * The error schemas for `components.schemas`: one per answered code, one envelope per status, and the generic envelope.
 */
export function errorSchemas(): Record<string, Schema> {
  const schemas: Record<string, Schema> = {}
  for (const code of Object.keys(API_ERROR_CLASSES) as ApiErrorCode[])
    schemas[API_ERROR_CLASSES[code].errorName] = toJsonSchema(errorObject(code), true)
  for (const status of Object.keys(ERROR_STATUSES).map(Number) as ErrorStatus[]) {
    const codes = codesOfStatus(status)
    const names = codes.map((code) => API_ERROR_CLASSES[code].errorName)
    schemas[`ErrorResponse${status}`] = {
      type: 'object',
      description: `The error envelope (SPEC §7.1) of HTTP ${status}: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      properties: {
        success: { const: false },
        error: {
          type: 'object',
          properties: { code: { type: 'string', enum: codes }, statusCode: { const: status } },
          required: ['code', 'statusCode'],
          oneOf: names.map(schemaRef),
          discriminator: {
            propertyName: 'code',
            mapping: Object.fromEntries(codes.map((code, i) => [code, `#/components/schemas/${names[i]}`])),
          },
        },
      },
      required: ['success', 'error'],
      additionalProperties: false,
    }
  }
  schemas.ErrorEnvelope = toJsonSchema(ErrorEnvelope, true)
  return schemas
}

/** The error responses for `components.responses`, one per status. */
export function errorResponses(): Record<string, Response> {
  const responses: Record<string, Response> = {}
  for (const [statusText, name] of Object.entries(ERROR_STATUSES)) {
    const status = Number(statusText) as ErrorStatus
    const codes = codesOfStatus(status)
    responses[name] = {
      description: `${STATUS_TEXT[status]} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      headers: {
        'x-request-id': componentRef('headers', 'XRequestId'),
        ...(status === 405 ? { Allow: componentRef('headers', 'Allow') } : {}),
        ...(status === 503 || status === 429 ? { 'Retry-After': componentRef('headers', 'RetryAfter') } : {}),
      },
      content: { 'application/json': { schema: schemaRef(`ErrorResponse${status}`) } },
    }
  }
  return responses
}
