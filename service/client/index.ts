/**
 * Typed client of the crossroute HTTP API, for integrators: openapi-fetch typed by the types openapi-typescript
 * generates from the service's OpenAPI document (`schema/`).
 *
 * @example
 * import { createCrossrouteClient } from './service/client/index.js'
 * const client = createCrossrouteClient({ baseUrl: 'http://127.0.0.1:3000/api', apiKey: 'dev-key-alpha' })
 * const { data, error } = await client.GET('/getStatus', { params: { query: { txId } } })
 * if (data) console.log(data.status)
 */
export { createCrossrouteClient, JSON_QUERY_PARAMETERS, serializeQuery } from './createClient.js'
export type { CreateCrossrouteClientParameters, CrossrouteClient } from './createClient.js'
export type { components, operations, paths } from './schema/index.js'
