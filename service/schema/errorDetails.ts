/**
 * The `details` of the errors only the HTTP service answers (SPEC §5, §7.2, and this project's 404/405/413/503), as
 * schemas: the `details` types of `service/errors.ts` are their `Static`s and the OpenAPI error schemas are generated
 * from them. The engine's codes have theirs in `engine/schema/errorDetails.ts`.
 */
import { type Static, type TObject, type TOptional, Type } from '@sinclair/typebox'
import { ChainId } from '../../engine/schema/scalars.js'
import { DISPLAY_MAX_CHARS } from '../../engine/errors/index.js'

const dateTime = Type.String({ format: 'date-time' })

/** `GEO_BLOCKED`. */
export const GeoBlockedDetails = Type.Object(
  {
    countryCode: Type.String({
      description: 'ISO 3166-1 alpha-2 code from the trusted country header.',
      examples: ['KP'],
    }),
    countryName: Type.String(),
    reason: Type.String(),
    blockedAt: dateTime,
  },
  { additionalProperties: false },
)
export type GeoBlockedDetails = Static<typeof GeoBlockedDetails>

/** `WALLET_SCREENED`. */
export const WalletScreenedDetails = Type.Object(
  {
    walletAddress: Type.String(),
    chainId: ChainId,
    riskLevel: Type.String(),
    reason: Type.String(),
    screenedAt: dateTime,
  },
  { additionalProperties: false },
)
export type WalletScreenedDetails = Static<typeof WalletScreenedDetails>

/** `METHOD_NOT_ALLOWED`. */
export const MethodNotAllowedDetails = Type.Object(
  { method: Type.String({ examples: ['POST'] }) },
  { additionalProperties: false },
)
export type MethodNotAllowedDetails = Static<typeof MethodNotAllowedDetails>

/** `NOT_FOUND`: for an unknown path; absent for a resource that is not found (`getStatus`). */
export const NotFoundDetails = Type.Object(
  {
    path: Type.String({
      maxLength: DISPLAY_MAX_CHARS,
      description: `The path requested (at most ${DISPLAY_MAX_CHARS} characters: a longer one is cut and ends in \`…\`).`,
    }),
  },
  { additionalProperties: false },
)
export type NotFoundDetails = Static<typeof NotFoundDetails>

/** `PAYLOAD_TOO_LARGE`. */
export const PayloadTooLargeDetails = Type.Object(
  { limitBytes: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
)
export type PayloadTooLargeDetails = Static<typeof PayloadTooLargeDetails>

/** `SERVICE_UNAVAILABLE`. */
export const ServiceUnavailableDetails = Type.Object(
  { retryAfterSeconds: Type.Integer({ minimum: 0, description: 'Same as the `Retry-After` header.' }) },
  { additionalProperties: false },
)
export type ServiceUnavailableDetails = Static<typeof ServiceUnavailableDetails>

/** `RATE_LIMITED`: the key made its limit of requests in the current window (README "Rate limits"). */
export const RateLimitedDetails = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, description: 'Requests the key may make per window (on this replica).' }),
    windowSeconds: Type.Integer({ minimum: 1, description: 'The length of the window, in seconds.' }),
    retryAfterSeconds: Type.Integer({
      minimum: 1,
      description: 'Seconds until the window ends and requests are counted again; same as the `Retry-After` header.',
    }),
  },
  { additionalProperties: false },
)
export type RateLimitedDetails = Static<typeof RateLimitedDetails>

/** `GASLESS_NOT_ENABLED`: `gasless=true` with an API key that does not have gasless enabled (SPEC §5.5). */
export const GaslessNotEnabledDetails = Type.Object(
  { appId: Type.String({ description: "The key's app." }) },
  { additionalProperties: false },
)
export type GaslessNotEnabledDetails = Static<typeof GaslessNotEnabledDetails>

/** `SIMULATION_REVERTED`: `simulate=true` and the quote's transaction reverts on its source chain (README). */
export const SimulationRevertedDetails = Type.Object(
  {
    chainId: Type.Integer({ minimum: 1, description: 'The source chain the transaction was simulated on.' }),
    reason: Type.String({
      description:
        "Why it reverts: the router's custom error with its arguments (`TransferFailed(0x…, 0x…, 1000000)`), an " +
        "`Error(string)` message, a `Panic` code, or the node's own words when it refused the call.",
    }),
  },
  { additionalProperties: false },
)
export type SimulationRevertedDetails = Static<typeof SimulationRevertedDetails>

/** The service's codes. */
export type ServiceErrorCode =
  | 'INVALID_API_KEY'
  | 'MISSING_API_KEY'
  | 'GEO_BLOCKED'
  | 'WALLET_SCREENED'
  | 'GASLESS_NOT_ENABLED'
  | 'SIMULATION_REVERTED'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR'

/**
 * The `details` schema of every service code; `undefined` for a code without details, `Type.Optional(…)` for
 * details that may be absent. Typed by `ServiceErrorCode`: a code added does not type-check until it is declared here.
 */
export const SERVICE_ERROR_DETAILS: Readonly<Record<ServiceErrorCode, TObject | TOptional<TObject> | undefined>> = {
  INVALID_API_KEY: undefined,
  MISSING_API_KEY: undefined,
  GEO_BLOCKED: GeoBlockedDetails,
  WALLET_SCREENED: WalletScreenedDetails,
  GASLESS_NOT_ENABLED: GaslessNotEnabledDetails,
  SIMULATION_REVERTED: SimulationRevertedDetails,
  METHOD_NOT_ALLOWED: MethodNotAllowedDetails,
  NOT_FOUND: Type.Optional(NotFoundDetails),
  PAYLOAD_TOO_LARGE: PayloadTooLargeDetails,
  RATE_LIMITED: RateLimitedDetails,
  SERVICE_UNAVAILABLE: ServiceUnavailableDetails,
  INTERNAL_SERVER_ERROR: undefined,
}
