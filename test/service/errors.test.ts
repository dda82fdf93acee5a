/**
 * Every error code's real `details` against its schema: one instance of every class, engine and service, rendered
 * as the service renders it (`errorEnvelope`), validated against the `error` schema the OpenAPI document generates
 * for its code (ajv, strict). With a negative control per code that has details, so a schema that accepts anything
 * fails the test.
 */
import { Value } from '@sinclair/typebox/value'
import { describe, expect, it } from 'vitest'
import {
  AmountTooHighError,
  AmountTooLowError,
  CrossVmReceiverRequiredError,
  ERROR_CLASSES,
  ExcessiveFeeError,
  InsufficientFundsError,
  InsufficientLiquidityError,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSnapshotError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  NoAvailableRouteError,
  PriceImpactTooHighError,
  RouteNotExecutableError,
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkError,
  UnsupportedNetworkPairError,
  UnsupportedSwapDirectionError,
} from '../../engine/index.js'
import { ERROR_DETAILS } from '../../engine/schema/errorDetails.js'
import {
  API_ERROR_CLASSES,
  type ApiError,
  type ApiErrorCode,
  GeoBlockingError,
  InternalServerError,
  InvalidApiKeyError,
  MethodNotAllowedError,
  MissingApiKeyError,
  GaslessNotEnabledError,
  SimulationRevertedError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  WalletScreeningError,
} from '../../service/errors.js'
import { errorEnvelope } from '../../service/middleware/errors.js'
import { buildOpenApiDocument } from '../../service/openapi/document.js'
import { API_ERROR_DETAILS } from '../../service/schema/errorEnvelope.js'
import { createContract } from './contract.js'

const pair = { srcToken: '0xa', dstToken: '0xb', srcChainId: 1, dstChainId: 10 }
const AT = '2026-01-01T00:00:00.000Z'

/** One instance of every error class, by code (a code without a sample does not type-check). */
const SAMPLES: Record<ApiErrorCode, ApiError[]> = {
  AMOUNT_TOO_HIGH: [new AmountTooHighError({ ...pair, maxAmount: 10n })],
  AMOUNT_TOO_LOW: [new AmountTooLowError({ ...pair, minAmount: 5n })],
  CROSS_VM_RECEIVER_REQUIRED: [new CrossVmReceiverRequiredError({ srcChainId: 1, dstChainId: 1151111081099710 })],
  EXCESSIVE_FEE: [new ExcessiveFeeError()],
  INSUFFICIENT_LIQUIDITY: [new InsufficientLiquidityError()],
  INSUFFICIENT_FUNDS: [
    new InsufficientFundsError({
      address: 'bc1qexample',
      chainId: 20000000000001,
      required: '12720',
      available: '500',
    }),
  ],
  INVALID_ADDRESS_FORMAT: [new InvalidAddressError({ field: 'sender', address: '0x1', reason: 'too short' })],
  INVALID_AMOUNT_ZERO: [new InvalidAmountZeroError()],
  INVALID_DESTINATION_TOKEN: [new InvalidDstTokenError()],
  INVALID_PARAMETER: [new InvalidParameterError({ parameter: 'slippage', value: '-1', reason: 'below 0' })],
  INVALID_SOURCE_TOKEN: [new InvalidSrcTokenError()],
  MISSING_REQUIRED_FIELD: [new MissingRequiredFieldError({ field: 'amount', context: 'swap-action' })],
  NO_AVAILABLE_ROUTE: [new NoAvailableRouteError(pair)],
  PRICE_IMPACT_TOO_HIGH: [new PriceImpactTooHighError({ estimatedPriceImpact: 95.99682353, maxPriceImpact: 15 })],
  ROUTE_NOT_EXECUTABLE: [
    new RouteNotExecutableError({
      chainId: 1,
      step: '1:curve:0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7',
      reason:
        'pool 1:curve:0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7 (curve, stableswap) is not a Uniswap V2 pair or V3 pool the router executes',
    }),
  ],
  UNSUPPORTED_NETWORK: [new UnsupportedNetworkError({ chainId: 5 })],
  UNSUPPORTED_NETWORK_PAIR: [new UnsupportedNetworkPairError({ srcChainId: 1, dstChainId: 56 })],
  UNSUPPORTED_NETWORK_TOKEN_PAIR: [new UnsupportedNetworkAndTokenPairError(pair)],
  UNSUPPORTED_SWAP_DIRECTION: [new UnsupportedSwapDirectionError({ swapDirection: 'up' })],
  INVALID_SNAPSHOT: [new InvalidSnapshotError({ entry: 'pools[0]', reason: 'zero reserve' })],
  INVALID_API_KEY: [new InvalidApiKeyError()],
  MISSING_API_KEY: [new MissingApiKeyError()],
  GEO_BLOCKED: [
    new GeoBlockingError({ countryCode: 'KP', countryName: 'North Korea', reason: 'sanctioned', blockedAt: AT }),
  ],
  GASLESS_NOT_ENABLED: [new GaslessNotEnabledError({ appId: 'alpha-mobile' })],
  SIMULATION_REVERTED: [
    new SimulationRevertedError({
      chainId: 31337,
      reason:
        'TransferFailed(0x5FbDB2315678afecb367f032d93F642f64180aa3, 0x1111111111111111111111111111111111111111, 1000)',
    }),
  ],
  WALLET_SCREENED: [
    new WalletScreeningError({
      walletAddress: '0x1',
      chainId: 1,
      riskLevel: 'severe',
      reason: 'OFAC SDN',
      screenedAt: AT,
    }),
  ],
  METHOD_NOT_ALLOWED: [new MethodNotAllowedError({ method: 'DELETE' })],
  // Both forms: an unknown path carries it, a resource not found (getStatus) does not.
  NOT_FOUND: [new NotFoundError('Not found', { path: '/api/nope' }), new NotFoundError('No transaction')],
  PAYLOAD_TOO_LARGE: [new PayloadTooLargeError({ limitBytes: 1024 })],
  RATE_LIMITED: [new RateLimitedError({ limit: 5, windowSeconds: 60, retryAfterSeconds: 42 })],
  SERVICE_UNAVAILABLE: [new ServiceUnavailableError({ retryAfterSeconds: 1 })],
  INTERNAL_SERVER_ERROR: [new InternalServerError()],
}

const contract = createContract(JSON.parse(JSON.stringify(buildOpenApiDocument())))
const cases = (Object.entries(SAMPLES) as [ApiErrorCode, ApiError[]][]).flatMap(([code, errors]) =>
  errors.map((error) => [code, error] as const),
)

describe('error details against their schemas', () => {
  it('a sample of every class, engine and service, under its own code', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(API_ERROR_CLASSES).sort())
    for (const [code, error] of cases) expect(error.code).toBe(code)
  })

  it.each(cases)("%s: the rendered error object fits its code's schema in the document", (code, error) => {
    const { errorName } = API_ERROR_CLASSES[code]
    const rendered = errorEnvelope(error).error
    expect(contract.validate(`#/components/schemas/${errorName}`, rendered)).toEqual([])
    expect(contract.validate('#/components/schemas/ErrorEnvelope', errorEnvelope(error))).toEqual([])
    // Negative control: details with a field missing, or on a code that has none, are refused.
    const details = rendered.details as Record<string, unknown> | undefined
    const altered =
      details === undefined
        ? { ...rendered, details: { extra: 1 } }
        : { ...rendered, details: Object.fromEntries(Object.entries(details).slice(1)) }
    expect(contract.validate(`#/components/schemas/${errorName}`, altered)).not.toEqual([])
  })

  it("the engine's details fit the engine's own schemas (TypeBox, no service involved)", () => {
    for (const code of Object.keys(ERROR_CLASSES) as (keyof typeof ERROR_CLASSES)[]) {
      const schema = ERROR_DETAILS[code]
      for (const error of SAMPLES[code]) {
        if (schema === undefined) expect(error.details, code).toBeUndefined()
        else expect(Value.Check(schema, error.details), code).toBe(true)
      }
    }
    expect(API_ERROR_DETAILS.NOT_FOUND).toBeDefined()
  })
})
