/**
 * Parameters of the OpenAPI document (`components.parameters`), generated from the parameters' declarations in
 * `service/schema/` — the same declarations the service decodes and validates queries with — and the
 * `x-request-id` request header.
 */
import { GET_ACTION_PARAMETERS } from '../schema/getActionParameters.js'
import { GET_STATUS_PARAMETERS } from '../schema/getStatusParameters.js'
import { GET_TRANSACTIONS_PARAMETERS } from '../schema/getTransactionsParameters.js'
import type { QueryParameter } from '../schema/query.js'
import {
  VENUE_MARKETS_PARAMETERS,
  VENUE_POSITIONS_PARAMETERS,
  VENUE_SEARCH_PARAMETERS,
  VENUE_USER_PARAMETERS,
  WORKFLOW_STATUS_PARAMETERS,
} from '../schema/venueParameters.js'
import { toJsonSchema } from './components.js'
import { componentRef } from './schemas.js'
import type { Parameter, Reference } from './types.js'

/**
 * The OpenAPI parameter object of a declared query parameter.
 *
 * @example openApiParameter(GET_ACTION_PARAMETERS[0]!) // { name: 'actionType', in: 'query', required: true, … }
 */
export function openApiParameter(parameter: QueryParameter): Parameter {
  const common = {
    name: parameter.name,
    in: 'query' as const,
    description: parameter.description,
    ...(parameter.isRequired ? { required: true } : {}),
  }
  const schema = toJsonSchema(parameter.schema)
  if (parameter.encoding === 'json') return { ...common, content: { 'application/json': { schema } } }
  if (parameter.encoding === 'list') return { ...common, style: 'form', explode: true, schema }
  return { ...common, schema }
}

/** The endpoints with query parameters: each parameter is the component `<prefix>.<name>`. */
const ENDPOINT_PARAMETERS = {
  GetAction: GET_ACTION_PARAMETERS,
  GetStatus: GET_STATUS_PARAMETERS,
  GetTransactions: GET_TRANSACTIONS_PARAMETERS,
  VenueSearch: VENUE_SEARCH_PARAMETERS,
  VenueMarkets: VENUE_MARKETS_PARAMETERS,
  VenuePositions: VENUE_POSITIONS_PARAMETERS,
  VenueUser: VENUE_USER_PARAMETERS,
  WorkflowStatus: WORKFLOW_STATUS_PARAMETERS,
} as const satisfies Record<string, readonly QueryParameter[]>
type Endpoint = keyof typeof ENDPOINT_PARAMETERS

/** The `components.parameters` of the document. */
export function parameterComponents(): Record<string, Parameter> {
  return {
    ...Object.fromEntries(
      Object.entries(ENDPOINT_PARAMETERS).flatMap(([prefix, parameters]) =>
        parameters.map((parameter) => [`${prefix}.${parameter.name}`, openApiParameter(parameter)]),
      ),
    ),
    XRequestId: {
      name: 'x-request-id',
      in: 'header',
      description:
        "Optional id of the request, echoed in the `x-request-id` response header and in the service's logs. Kept " +
        'when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID.',
      schema: { type: 'string' },
    },
  }
}

/**
 * The references of an endpoint's query parameters, in the order of their declaration (the spec's), then the
 * request-id header.
 *
 * @example parameterRefs('GetStatus') // [{ $ref: '#/components/parameters/GetStatus.txId' }, …]
 */
export function parameterRefs(endpoint: Endpoint): Reference[] {
  return [
    ...ENDPOINT_PARAMETERS[endpoint].map((parameter) => componentRef('parameters', `${endpoint}.${parameter.name}`)),
    componentRef('parameters', 'XRequestId'),
  ]
}
