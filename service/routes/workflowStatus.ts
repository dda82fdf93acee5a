/**
 * `GET /workflows/getStatus` (SPEC §4.9): the order workflow of a `getAction` txId, for the caller's organization.
 */
import { type AuthenticatedRouter, createRouter } from './router.js'
import { NotFoundError } from '../errors.js'
import { queryDecoder } from '../schema/query.js'
import { WORKFLOW_STATUS_PARAMETERS } from '../schema/venueParameters.js'
import type { WorkflowStatus } from '../schema/venueWorkflow.js'
import type { Store } from '../store/store.js'
import type { AuthenticatedState } from '../types.js'
import { workflowOf } from './transactionDetails.js'

const decoder = queryDecoder(WORKFLOW_STATUS_PARAMETERS)

/**
 * The workflow-status router (mounted under `/api`, after authentication).
 *
 * @throws (for the error middleware) MissingRequiredFieldError / InvalidParameterError for the query; NotFoundError
 *   (404) for a txId without a workflow in the caller's organization.
 * @example api.use(workflowStatusRoutes({ store }).routes())
 */
export function workflowStatusRoutes(deps: { readonly store: Store }): AuthenticatedRouter {
  const { store } = deps
  const router = createRouter<AuthenticatedState>()
  router.get('/workflows/getStatus', async (ctx) => {
    const { txId } = decoder.decode(ctx.query, 'workflows/getStatus') as { txId: string }
    const workflow = await store.getVenueWorkflow(txId.toLowerCase(), ctx.state.apiKey.orgId)
    if (workflow === undefined) throw new NotFoundError('No workflow with this txId in your organization')
    const answer: WorkflowStatus = { txId: workflow.txId, ...workflowOf(workflow) }
    ctx.set('Cache-Control', 'no-store')
    ctx.body = answer
  })
  return router
}
