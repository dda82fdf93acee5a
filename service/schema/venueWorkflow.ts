/**
 * The order workflow as answered (SPEC §2.5 `workflow`, §4.9 `GET /workflows/getStatus`): its name, operation,
 * status, time and data (§2.6), with the reason of a failure. Declared once; `getStatus`, `getTransactions` and
 * `workflows/getStatus` answer it, and the OpenAPI components are generated from it.
 */
import { type Static, Type } from '@sinclair/typebox'
import { VenueWorkflowData } from './venueOrder.js'

const workflowProperties = {
  name: Type.String({ description: 'The workflow: `venue` (a prediction-market order).', examples: ['venue'] }),
  operation: Type.String({
    description: 'What it does: `placeOrder` (the market order of `orderRequest`).',
    examples: ['placeOrder'],
  }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')], {
    description:
      '`pending` from `getAction` until the transaction ends; `success` once the order matched (a FAK maybe in ' +
      'part); `failed` when the funding transaction failed (no order placed) or the order was killed or refused ' +
      '(nothing filled) — `reason` says which.',
  }),
  timestamp: Type.Integer({ minimum: 0, description: 'Unix seconds of the last change: recorded, then settled.' }),
  data: VenueWorkflowData,
  reason: Type.Optional(
    Type.String({ description: '*Extension*: why a `failed` workflow failed (absent otherwise).' }),
  ),
}

/** SPEC §2.5 `workflow`. */
export const VenueWorkflow = Type.Object(workflowProperties, {
  additionalProperties: false,
  description: 'The order workflow of a `venue` transaction (SPEC §2.5 `workflow`).',
  'x-component': 'VenueWorkflow',
})
/** SPEC §2.5 `workflow`. */
export type VenueWorkflow = Static<typeof VenueWorkflow>

/** SPEC §4.9 `GET /workflows/getStatus` answer. */
export const WorkflowStatus = Type.Object(
  { txId: Type.String({ pattern: '^0x[0-9a-f]{64}$', description: 'The `getAction` txId.' }), ...workflowProperties },
  {
    additionalProperties: false,
    description: 'The workflow of a `getAction` txId (SPEC §4.9).',
    'x-component': 'WorkflowStatus',
  },
)
/** SPEC §4.9 answer. */
export type WorkflowStatus = Static<typeof WorkflowStatus>
