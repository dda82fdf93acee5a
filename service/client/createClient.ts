/**
 * The typed client of the HTTP API: openapi-fetch over the types generated from the OpenAPI document
 * (`schema/`). Every path, parameter, body and answer — errors included — is typed by the document; this file only
 * adds the API key and the query serialization the service expects.
 */
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  createQuerySerializer,
} from 'openapi-fetch'
import type { paths } from './schema/index.js'

/** Options of `createCrossrouteClient`. */
export interface CreateCrossrouteClientParameters {
  /** The service's base URL, path included: e.g. `https://quotes.example.com/api`. */
  readonly baseUrl: string
  /** The API key, sent as `x-api-key` on every request. */
  readonly apiKey: string
  /** A `fetch` to use instead of `globalThis.fetch` (tests, proxies, retries). */
  readonly fetch?: (input: Request) => Promise<Response>
}

/**
 * A method of the client with the request options typed as declared, not inferred from the argument: openapi-fetch
 * 0.17 infers them (`Init extends …`), which lets an undeclared key through when the operation has required
 * parameters (openapi-ts/openapi-typescript#2329) — and the service ignores unknown parameters, so a misspelt
 * `bridgeIds` would silently quote over every bridge.
 */
type StrictMethod<Method extends 'get' | 'post'> = <Path extends ClientPathsWithMethod<Client<paths>, Method>>(
  url: Path,
  ...init: undefined extends MaybeOptionalInit<paths[Path], Method>
    ? [MaybeOptionalInit<paths[Path], Method>?]
    : [MaybeOptionalInit<paths[Path], Method>]
) => Promise<
  FetchResponse<
    Extract<paths[Path][Method], Record<string, unknown>>,
    MaybeOptionalInit<paths[Path], Method>,
    `${string}/${string}`
  >
>

/** The client: openapi-fetch's, typed by the document's `paths`, with `GET` and `POST` refusing undeclared keys. */
export type CrossrouteClient = Omit<Client<paths>, 'GET' | 'POST'> & {
  GET: StrictMethod<'get'>
  POST: StrictMethod<'post'>
}

/**
 * Query parameters the document serializes as JSON (`content: {'application/json': …}`): their value is typed as
 * the decoded JSON (see `generate.ts`) and sent as one JSON string. A test keeps this list equal to the document's.
 */
export const JSON_QUERY_PARAMETERS: readonly string[] = ['appFees']

/** Arrays as the document declares them (`style: form`, `explode: true`): `bridgeIds=a&bridgeIds=b`. */
const formQuerySerializer = createQuerySerializer<Record<string, unknown>>({ array: { style: 'form', explode: true } })

/**
 * Serializes a query: JSON parameters as `name=<JSON, percent-encoded>`, everything else as openapi-fetch does by
 * default (arrays repeated, primitives as text).
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const plain: Record<string, unknown> = {}
  const parts: string[] = []
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue
    if (JSON_QUERY_PARAMETERS.includes(name))
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(JSON.stringify(value))}`)
    else plain[name] = value
  }
  return [formQuerySerializer(plain), ...parts].filter((part) => part !== '').join('&')
}

/**
 * Creates a typed client of the crossroute HTTP API.
 *
 * @param parameters - `baseUrl` (ending in `/api`), `apiKey`, optionally `fetch`
 * @returns an openapi-fetch client: `GET`/`POST` take a documented path and answer `{ data, error, response }`,
 *   `data` typed by the 200 schema, `error` by the error envelopes of the operation's statuses
 * @example
 * const client = createCrossrouteClient({ baseUrl: 'http://127.0.0.1:3000/api', apiKey: 'dev-key-alpha' })
 * const { data, error } = await client.GET('/getAction', { params: { query: { actionType: 'swap-action',
 *   sender, srcChainId: 8453, srcToken, dstChainId: 10, dstToken, amount: '250000000',
 *   swapDirection: 'exact-amount-in', slippage: 50, bridgeIds: ['cctp', 'across'] } } })
 * if (error) console.error(error.error.code)
 * else console.log(data.amountOut.amount, data.txId)
 */
export function createCrossrouteClient({ baseUrl, apiKey, fetch }: CreateCrossrouteClientParameters): CrossrouteClient {
  if (apiKey === '') throw new TypeError('createCrossrouteClient: apiKey is empty')
  // The same object; only the type of GET and POST is narrowed (see `StrictMethod`).
  return createClient<paths>({
    baseUrl,
    headers: { 'x-api-key': apiKey },
    querySerializer: serializeQuery,
    ...(fetch === undefined ? {} : { fetch }),
  }) as unknown as CrossrouteClient
}
