/**
 * The error envelope (SPEC §7.1) as schemas: the `error` object of each code — `code`, `name` and `statusCode`
 * fixed, `details` in the code's shape (`engine/schema/errorDetails.ts`, `service/schema/errorDetails.ts`) — and the
 * envelope any error answer fits. The middleware's envelope type and the OpenAPI error schemas come from these.
 */
import { KindGuard, type Static, type TObject, type TOptional, Type } from '@sinclair/typebox'
import { ERROR_DETAILS } from '../../engine/schema/errorDetails.js'
import { API_ERROR_CLASSES, type ApiErrorCode } from '../errors.js'
import { SERVICE_ERROR_DETAILS } from './errorDetails.js'

/** The `details` schema of every code: `undefined` when it has none, `TOptional` when it may be absent. */
export const API_ERROR_DETAILS: Readonly<Record<ApiErrorCode, TObject | TOptional<TObject> | undefined>> = {
  ...ERROR_DETAILS,
  ...SERVICE_ERROR_DETAILS,
}

/**
 * Codes never answered over HTTP, with the reason. Every other code is answered under its status.
 */
export const CODES_NEVER_ANSWERED: Readonly<Partial<Record<ApiErrorCode, string>>> = {
  INVALID_SNAPSHOT:
    'raised while a worker loads the snapshot, before the service listens: the service refuses to start instead',
}

const message = Type.String({
  description: 'Human-readable; may change. Branch on `code`, never on the message.',
})
const timestamp = Type.String({
  format: 'date-time',
  description: 'When the error was answered (ISO 8601, UTC).',
})

/**
 * The schema of one code's `error` object, named after its class (`components.schemas.<ErrorName>`).
 *
 * @example errorObject('NO_AVAILABLE_ROUTE').properties.details // the route pair's schema
 */
export function errorObject(code: ApiErrorCode): TObject {
  const { errorName, status, title } = API_ERROR_CLASSES[code]
  const details = API_ERROR_DETAILS[code]
  const isOptional = details !== undefined && KindGuard.IsOptional(details)
  const never = CODES_NEVER_ANSWERED[code]
  return Type.Object(
    {
      code: Type.Literal(code),
      name: Type.Literal(errorName),
      message,
      title: Type.String({ examples: [title] }),
      statusCode: Type.Literal(status),
      ...(details === undefined ? {} : { details }),
      timestamp,
    },
    {
      additionalProperties: false,
      description:
        `\`${code}\` (HTTP ${status}): ${title}.` +
        (details === undefined ? ' No `details`.' : isOptional ? ' `details` may be absent.' : '') +
        (never === undefined ? '' : ` Never answered over HTTP: ${never}.`),
      'x-component': errorName,
    },
  )
}

/** The envelope of every error answer (SPEC §7.1), whatever the code. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: Type.Union(
          (Object.keys(API_ERROR_CLASSES) as ApiErrorCode[]).map((code) => Type.Literal(code)),
          { description: 'The stable identifier to branch on.' },
        ),
        name: Type.String({ description: 'The error class name, e.g. `NoAvailableRouteError`.' }),
        message: Type.String(),
        title: Type.String(),
        statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
        details: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object' })),
        timestamp: Type.String({ format: 'date-time' }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description:
      'The error envelope of every endpoint (SPEC §7.1), whatever the status. `statusCode` equals the HTTP status; ' +
      "`details` is present for the codes that have them, in the shape of the code's `…Error` schema.",
    'x-component': 'ErrorEnvelope',
  },
)
/** The envelope of every error answer (SPEC §7.1). */
export type ErrorEnvelope = Static<typeof ErrorEnvelope>
