/**
 * `POST /getActions`: several `getAction` requests in one call, each answered or failed on its own. Declared once:
 * the route validates the body with `GetActionsRequest`; the OpenAPI document is generated from these schemas.
 */
import { type Static, Type } from '@sinclair/typebox'
import { ActionResponse } from './actionResponse.js'
import { ErrorEnvelope } from './errorEnvelope.js'

/** Most requests in one call (this service's limit; more is a 400 for the whole call). */
export const MAX_BATCH_ACTIONS = 25

/** One request: the `getAction` query parameters as a JSON object (numbers and booleans are taken as text). */
export const GetActionsItemRequest = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.Unknown()), Type.Object({})]),
  {
    description:
      'The parameters of one `GET /getAction`, as an object (`{"actionType": "swap-action", "srcChainId": 42161, …}`). ' +
      'Numbers and booleans stand for their text; `appFees` may be the JSON array itself.',
    'x-component': 'GetActionsItemRequest',
  },
)

/** The body. */
export const GetActionsRequest = Type.Object(
  {
    requests: Type.Array(GetActionsItemRequest, {
      minItems: 1,
      maxItems: MAX_BATCH_ACTIONS,
      description: `1 to ${MAX_BATCH_ACTIONS} requests, answered in this order.`,
    }),
  },
  {
    description: `Up to ${MAX_BATCH_ACTIONS} \`getAction\` requests.`,
    'x-component': 'GetActionsRequest',
    'x-reason': `body must be {"requests": [1 to ${MAX_BATCH_ACTIONS} objects of getAction parameters]}`,
  },
)
export type GetActionsRequest = Static<typeof GetActionsRequest>

/** One answer: the HTTP status `GET /getAction` would have answered, and its body. */
export const GetActionsResult = Type.Object(
  {
    status: Type.Integer({ description: 'What `GET /getAction` answers for this request: 200, or the error status.' }),
    body: Type.Union([ActionResponse, ErrorEnvelope], {
      description: 'The action response (recorded under its `txId` like a `getAction`), or the error envelope.',
    }),
  },
  { description: 'The answer to one request of the batch.', 'x-component': 'GetActionsResult' },
)

/** The response: one result per request, in request order. */
export const GetActionsResponse = Type.Object(
  { results: Type.Array(GetActionsResult) },
  { description: 'One result per request, in request order.', 'x-component': 'GetActionsResponse' },
)
