import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import {
  AmountTooHighError,
  AmountTooLowError,
  type BaseError,
  CrossVmReceiverRequiredError,
  ERROR_CLASSES,
  type ErrorData,
  ExcessiveFeeError,
  GeoBlockingError,
  InsufficientLiquidityError,
  InternalServerError,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidApiKeyError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSnapshotError,
  InvalidSrcTokenError,
  MethodNotAllowedError,
  MissingApiKeyError,
  MissingRequiredFieldError,
  NoAvailableRouteError,
  NotFoundError,
  PayloadTooLargeError,
  PriceImpactTooHighError,
  ServiceUnavailableError,
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkError,
  UnsupportedNetworkPairError,
  UnsupportedSwapDirectionError,
  WalletScreeningError,
  errorFromData,
} from '../../../engine/index.js'

const pair = { srcToken: '0xa', dstToken: '0xb', srcChainId: 1, dstChainId: 10 }
/** One instance of every error class, with details in the spec's shape. */
const samples: BaseError[] = [
  new AmountTooHighError({ ...pair, maxAmount: 10n }),
  new AmountTooLowError({ ...pair, minAmount: 5n }),
  new CrossVmReceiverRequiredError({ srcChainId: 1, dstChainId: 1151111081099710 }),
  new ExcessiveFeeError(),
  new InsufficientLiquidityError(),
  new InvalidAddressError({ field: 'sender', address: '0x1', reason: 'too short' }),
  new InvalidAmountZeroError(),
  new InvalidDstTokenError(),
  new InvalidParameterError({ parameter: 'slippage', value: '-1', reason: 'below 0' }),
  new InvalidSrcTokenError(),
  new MissingRequiredFieldError({ field: 'amount', context: 'swap-action' }),
  new NoAvailableRouteError(pair),
  new UnsupportedNetworkError({ chainId: 5 }),
  new UnsupportedNetworkPairError({ srcChainId: 1, dstChainId: 56 }),
  new UnsupportedNetworkAndTokenPairError(pair),
  new UnsupportedSwapDirectionError({ swapDirection: 'up' }),
  new InvalidApiKeyError(),
  new MissingApiKeyError(),
  new GeoBlockingError({
    countryCode: 'KP',
    countryName: 'North Korea',
    reason: 'sanctioned',
    blockedAt: '2026-01-01T00:00:00.000Z',
  }),
  new WalletScreeningError({
    walletAddress: '0x1',
    chainId: 1,
    riskLevel: 'severe',
    reason: 'OFAC SDN',
    screenedAt: '2026-01-01T00:00:00.000Z',
  }),
  new MethodNotAllowedError({ method: 'DELETE' }),
  new NotFoundError('Not found', { path: '/api/nope' }),
  new PayloadTooLargeError({ limitBytes: 1024 }),
  new PriceImpactTooHighError({ estimatedPriceImpact: 95.99682353, maxPriceImpact: 15 }),
  new ServiceUnavailableError({ retryAfterSeconds: 1 }),
  new InternalServerError(),
  new InvalidSnapshotError({ entry: 'pools[0]', reason: 'zero reserve' }),
]

// A real worker thread that echoes what it receives: the data crosses the boundary twice (structured clone).
const worker = new Worker(
  "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m))",
  { eval: true },
)
afterAll(() => worker.terminate())

function roundTrip(data: ErrorData): Promise<ErrorData> {
  return new Promise((resolve) => {
    worker.once('message', resolve)
    worker.postMessage(data)
  })
}

describe('errors across a worker-thread boundary', () => {
  it('covers every error class', () => {
    expect(new Set(samples.map((error) => error.code))).toEqual(new Set(Object.keys(ERROR_CLASSES)))
  })

  it.each(samples.map((error) => [error.code, error] as const))(
    '%s survives as plain data and is rebuilt',
    async (_, error) => {
      const data = error.toData()
      expect(JSON.parse(JSON.stringify(data))).toEqual(data) // plain JSON, nothing lost
      const rebuilt = errorFromData(await roundTrip(data))
      expect(rebuilt).toBeInstanceOf(error.constructor)
      expect(rebuilt.code).toBe(error.code)
      expect(rebuilt.name).toBe(error.name)
      expect(rebuilt.status).toBe(error.status)
      expect(rebuilt.title).toBe(error.title)
      expect(rebuilt.message).toBe(error.message)
      expect(rebuilt.details).toEqual(error.details)
    },
  )

  it('an unknown code becomes an internal error rather than a crash', () => {
    const rebuilt = errorFromData({ code: 'NOT_A_CODE' as never, message: 'x' })
    expect(rebuilt).toBeInstanceOf(InternalServerError)
    expect(rebuilt.status).toBe(500)
  })
})
