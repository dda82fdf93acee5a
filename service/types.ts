import type { Observations } from './metrics/observations.js'
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
  /** The caller's key, set by the auth middleware; absent above it (request id, errors, route check). */
  apiKey?: ApiKeyRecord
  /** What the request may quote, from the main thread (`WireRequest.quoteAllowance`); absent: no bound. */
  quoteAllowance?: QuoteAllowance
  /** What the request quoted, set by the quoting routes, for the main thread (`WireResponse.quotes`). */
  quotes?: QuoteCount
}

/**
 * What a request on a quoting route may still quote, set by the main thread (`rateLimit/admission.ts`) from the
 * key's rate limit and daily quote quota: a `getActions` batch of more `items` is refused (429 `RATE_LIMITED`, with
 * these details) before any item is quoted.
 */
export interface QuoteAllowance {
  /** The most items the request may quote (the request itself already counted as one). */
  readonly items: number
  /** The limit that binds (requests per window, or quotes per day), for the 429's details. */
  readonly limit: number
  readonly windowSeconds: number
  readonly retryAfterSeconds: number
}

/** What a request quoted: `items` counted against the rate limit, `recorded` against the daily quote quota. */
export interface QuoteCount {
  /** Items the request asked a quote for (1 for `getAction`, the batch's length for `getActions`). */
  readonly items: number
  /** Quotes recorded in the store. */
  readonly recorded: number
  /** A batch refused whole for being larger than its `QuoteAllowance` (nothing quoted). */
  readonly isOverAllowance?: true
}

export type AppContext = ParameterizedContext<AppState>

/**
 * The state below the auth middleware (`middleware/auth.ts`), which answers 401 for any request without a valid
 * key: there, the caller's key is always present. The routers of `createApp`'s `api` are typed with it
 * (`AuthenticatedRouter`), so their handlers read `ctx.state.apiKey` without checking it again.
 */
export interface AuthenticatedState extends AppState {
  apiKey: ApiKeyRecord
}

export type AuthenticatedContext = ParameterizedContext<AuthenticatedState>

declare module 'koa' {
  interface Request {
    /**
     * The raw request body as received by the main thread ('' when none): set by the worker's dispatcher
     * (`dispatch.ts`) from `WireRequest.body`. Parse it with `readJsonBody` (`routes/body.ts`).
     */
    rawBody: string
  }
}

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
  /**
   * Epoch ms (`Date.now()`) after which the main thread has answered 503 for this request (set by the pool). A
   * worker that only reaches the request later answers 503 at once instead of doing work no one will read.
   */
  answerBy?: number
  /** On quoting routes: what the request may quote (set by the main thread). */
  quoteAllowance?: QuoteAllowance
}

/** An HTTP response as it crosses back from a worker. */
export interface WireResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** The matched route's pattern (`/api/getAction`), for the metrics; absent when none matched. */
  route?: string
  /** What the worker measured since its previous answer (`metrics/observations.ts`), for the metrics. */
  observations?: Observations
  /** What a quoting route quoted, for the main thread's rate limit and quote quota. */
  quotes?: QuoteCount
}
