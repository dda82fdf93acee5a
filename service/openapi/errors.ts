/**
 * Error schemas and responses of the OpenAPI document, built from the engine's `ERROR_CLASSES` so that a code, a
 * class name or a status changed there changes the document with it.
 *
 * - `components.schemas.<ErrorName>` (e.g. `AmountTooHighError`): the `error` object of one code — `code`, `name` and
 *   `statusCode` fixed, `details` in that code's shape (or absent).
 * - `components.schemas.ErrorResponse<status>`: the SPEC §7.1 envelope of one HTTP status, `error` being `oneOf` the
 *   codes that status carries (selected by `code`).
 * - `components.responses.<name>` (e.g. `BadRequest`): the response of one status, with its headers.
 */
import { ERROR_CLASSES, type ErrorCode } from '../../engine/index.js'
import { componentRef, schemaRef } from './schemas.js'
import type { Response, Schema } from './types.js'

/** The `details` of a code: its schema, and whether it may be absent. `undefined`: the code has no details. */
interface DetailsSpec {
  schema: Schema
  isOptional?: boolean
}

const string: Schema = { type: 'string' }
const chainId = schemaRef('ChainId')
const dateTime: Schema = { type: 'string', format: 'date-time' }

/** A closed details object whose every property is required. */
function details(properties: Record<string, Schema>, description?: string): DetailsSpec {
  return {
    schema: {
      type: 'object',
      ...(description === undefined ? {} : { description }),
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    },
  }
}

const pair = { srcToken: string, dstToken: string, srcChainId: chainId, dstChainId: chainId }

/**
 * The `details` shape of every code (SPEC §7.2, and the codes this project adds). Typed by `ErrorCode`: a code
 * added to the engine does not type-check until its details are described here.
 */
export const ERROR_DETAILS: Readonly<Record<ErrorCode, DetailsSpec | undefined>> = {
  AMOUNT_TOO_HIGH: details({
    ...pair,
    maxAmount: {
      type: 'number',
      minimum: 0,
      description:
        'Largest accepted amount, in the units of `amount` (approximate above 2^53; the message has the exact figure).',
    },
  }),
  AMOUNT_TOO_LOW: details({
    ...pair,
    minAmount: { type: 'number', minimum: 0, description: 'Smallest accepted amount, in the units of `amount`.' },
  }),
  CROSS_VM_RECEIVER_REQUIRED: details({ srcChainId: chainId, dstChainId: chainId }),
  EXCESSIVE_FEE: undefined,
  INSUFFICIENT_LIQUIDITY: undefined,
  INVALID_ADDRESS_FORMAT: details({
    field: { type: 'string', description: 'The parameter holding the address (`sender`, `recipient`, `appFees`, …).' },
    address: { type: 'string', description: 'The address as received.' },
    reason: string,
  }),
  INVALID_AMOUNT_ZERO: undefined,
  INVALID_DESTINATION_TOKEN: undefined,
  INVALID_PARAMETER: details({
    parameter: { type: 'string', description: 'The parameter (`slippage`, `bridgeIds`, …).' },
    value: { type: 'string', description: 'The value as received (repeated values joined with `,`).' },
    reason: string,
  }),
  INVALID_SOURCE_TOKEN: undefined,
  MISSING_REQUIRED_FIELD: details({
    field: string,
    context: {
      type: 'string',
      description: 'What made it required: `getAction` (always), `swap-action`, `evm-calldata-tx`, …',
      examples: ['swap-action'],
    },
  }),
  NO_AVAILABLE_ROUTE: details({ srcChainId: chainId, dstChainId: chainId, srcToken: string, dstToken: string }),
  PRICE_IMPACT_TOO_HIGH: details({
    estimatedPriceImpact: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      description: 'The least price impact (percent) among the routes that carry the amount.',
    },
    maxPriceImpact: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      description: "The limit in force (percent): the request's `maxPriceImpact`, or its default.",
    },
  }),
  UNSUPPORTED_NETWORK: details({ chainId }),
  UNSUPPORTED_NETWORK_PAIR: details({ srcChainId: chainId, dstChainId: chainId }),
  UNSUPPORTED_NETWORK_TOKEN_PAIR: details({
    srcChainId: chainId,
    srcToken: string,
    dstChainId: chainId,
    dstToken: string,
  }),
  UNSUPPORTED_SWAP_DIRECTION: details({ swapDirection: string }),
  INVALID_API_KEY: undefined,
  MISSING_API_KEY: undefined,
  GEO_BLOCKED: details({
    countryCode: {
      type: 'string',
      description: 'ISO 3166-1 alpha-2 code from the trusted country header.',
      examples: ['KP'],
    },
    countryName: string,
    reason: string,
    blockedAt: dateTime,
  }),
  WALLET_SCREENED: details({
    walletAddress: string,
    chainId,
    riskLevel: string,
    reason: string,
    screenedAt: dateTime,
  }),
  METHOD_NOT_ALLOWED: details({ method: { type: 'string', examples: ['POST'] } }),
  NOT_FOUND: { ...details({ path: { type: 'string', description: 'The path requested.' } }), isOptional: true },
  PAYLOAD_TOO_LARGE: details({ limitBytes: { type: 'integer', minimum: 1 } }),
  SERVICE_UNAVAILABLE: details({
    retryAfterSeconds: { type: 'integer', minimum: 0, description: 'Same as the `Retry-After` header.' },
  }),
  INTERNAL_SERVER_ERROR: undefined,
  INVALID_SNAPSHOT: details({ entry: string, reason: string }),
}

/**
 * Codes never answered over HTTP, with the reason. Every other code of `ERROR_CLASSES` is listed under its status.
 */
export const CODES_NEVER_ANSWERED: Readonly<Partial<Record<ErrorCode, string>>> = {
  INVALID_SNAPSHOT:
    'raised while a worker loads the snapshot, before the service listens: the service refuses to start instead',
}

/** The HTTP statuses that carry an error envelope, and each one's response name. */
export const ERROR_STATUSES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const
export type ErrorStatus = keyof typeof ERROR_STATUSES

/** The codes each status carries, from `ERROR_CLASSES`, in the classes' order. */
export function codesOfStatus(status: ErrorStatus): ErrorCode[] {
  return (Object.keys(ERROR_CLASSES) as ErrorCode[]).filter(
    (code) => ERROR_CLASSES[code].status === status && CODES_NEVER_ANSWERED[code] === undefined,
  )
}

/** The schema of one code's `error` object. */
function errorObjectSchema(code: ErrorCode): Schema {
  const { errorName, status, title } = ERROR_CLASSES[code]
  const spec = ERROR_DETAILS[code]
  const required = [
    'code',
    'name',
    'message',
    'title',
    'statusCode',
    ...(spec && !spec.isOptional ? ['details'] : []),
    'timestamp',
  ]
  return {
    type: 'object',
    description:
      `\`${code}\` (HTTP ${status}): ${title}.` +
      (spec === undefined ? ' No `details`.' : spec.isOptional ? ' `details` may be absent.' : '') +
      (CODES_NEVER_ANSWERED[code] === undefined ? '' : ` Never answered over HTTP: ${CODES_NEVER_ANSWERED[code]}.`),
    properties: {
      code: { const: code },
      name: { const: errorName },
      message: { type: 'string', description: 'Human-readable; may change. Branch on `code`, never on the message.' },
      title: { type: 'string', examples: [title] },
      statusCode: { const: status },
      ...(spec === undefined ? {} : { details: spec.schema }),
      timestamp: { type: 'string', format: 'date-time', description: 'When the error was answered (ISO 8601, UTC).' },
    },
    required,
    additionalProperties: false,
  }
}

const STATUS_TEXT: Readonly<Record<ErrorStatus, string>> = {
  400: 'The request is invalid or cannot be quoted.',
  401: 'No API key, or an unknown one (`x-api-key`).',
  403: 'Refused by compliance: a blocked country (from the trusted country header the fronting proxy sets, `cf-ipcountry` by default) or a sanctioned wallet (`sender`, `refundTo` on the source chain, `recipient` on the destination).',
  404: 'No endpoint at this path (any path not in this document). Answered before authentication.',
  405: 'The path exists, but not for this method; the `Allow` header lists the methods it has. Answered before authentication.',
  413: 'The request body is larger than the limit (`BODY_LIMIT_BYTES`, default 1 MiB). Answered before routing, for any path; the connection is closed.',
  500: 'An unexpected failure; the envelope carries no internals (quote `x-request-id` when reporting it).',
  503: 'The service is at capacity (its request queue is full): retry after `Retry-After` seconds.',
}

/**
 * The error schemas for `components.schemas`: one per answered code, one envelope per status, and the generic envelope.
 */
export function errorSchemas(): Record<string, Schema> {
  const schemas: Record<string, Schema> = {}
  for (const code of Object.keys(ERROR_CLASSES) as ErrorCode[])
    schemas[ERROR_CLASSES[code].errorName] = errorObjectSchema(code)
  for (const status of Object.keys(ERROR_STATUSES).map(Number) as ErrorStatus[]) {
    const codes = codesOfStatus(status)
    const names = codes.map((code) => ERROR_CLASSES[code].errorName)
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
  schemas.ErrorEnvelope = {
    type: 'object',
    description:
      'The error envelope of every endpoint (SPEC §7.1), whatever the status. `statusCode` equals the HTTP status; ' +
      "`details` is present for the codes that have them, in the shape of the code's `…Error` schema.",
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_CLASSES) },
          name: { type: 'string', description: 'The error class name, e.g. `NoAvailableRouteError`.' },
          message: { type: 'string' },
          title: { type: 'string' },
          statusCode: { type: 'integer', minimum: 400, maximum: 599 },
          details: { type: 'object' },
          timestamp: { type: 'string', format: 'date-time' },
        },
        required: ['code', 'name', 'message', 'title', 'statusCode', 'timestamp'],
        additionalProperties: false,
      },
    },
    required: ['success', 'error'],
    additionalProperties: false,
  }
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
        ...(status === 503 ? { 'Retry-After': componentRef('headers', 'RetryAfter') } : {}),
      },
      content: { 'application/json': { schema: schemaRef(`ErrorResponse${status}`) } },
    }
  }
  return responses
}
