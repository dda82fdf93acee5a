import type { ParameterizedContext } from 'koa'

/** What an API key grants (SPEC §5): one app of one organization. Stored hashed in the keys file. */
export interface ApiKeyRecord {
  /** Stable id of the key (not the secret). */
  readonly keyId: string
  readonly appId: string
  readonly orgId: string
  readonly appName: string
  readonly affiliateId: string
  /** Whether the key may request gasless execution (SPEC §5.5). */
  readonly gasless: boolean
  /** Application fees applied when a request carries no `appFees`. */
  readonly appFees: readonly { readonly bps: number; readonly receiverAddress: string }[]
}

/** Per-request state the middleware chain fills in. */
export interface AppState {
  /** Unique id of the request, echoed in the `x-request-id` header and in logs. */
  requestId: string
  /** The caller's key, set by the auth middleware. */
  apiKey?: ApiKeyRecord
}

export type AppContext = ParameterizedContext<AppState>

/** An HTTP request as it crosses from the main thread to a worker (serialized as a JSON string). */
export interface WireRequest {
  method: string
  /** Path and query, as received (`/api/getAction?…`). */
  url: string
  /** Lower-case header names; repeated headers joined with `, `. */
  headers: Record<string, string>
  /** The raw body, already size-checked by the main thread ('' when none). */
  body: string
  remoteAddress: string
}

/** An HTTP response as it crosses back from a worker. */
export interface WireResponse {
  status: number
  headers: Record<string, string>
  body: string
}
