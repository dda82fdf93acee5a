import { describe, expect, it } from 'vitest'
import * as engine from '../../engine/index.js'
import { miniSnapshot } from '../helpers/miniSnapshot.js'

describe('public entry', () => {
  it('exports exactly this list (API changes show up in review)', () => {
    expect(Object.keys(engine).sort()).toEqual([
      'AmountTooHighError',
      'AmountTooLowError',
      'BRIDGE_IDS',
      'BaseError',
      'CrossVmReceiverRequiredError',
      'DEFAULT_ENGINE_OPTIONS',
      'ERROR_CLASSES',
      'ExcessiveFeeError',
      'GeoBlockingError',
      'InsufficientLiquidityError',
      'InternalServerError',
      'InvalidAddressError',
      'InvalidAmountZeroError',
      'InvalidApiKeyError',
      'InvalidDstTokenError',
      'InvalidParameterError',
      'InvalidSnapshotError',
      'InvalidSrcTokenError',
      'MethodNotAllowedError',
      'MissingApiKeyError',
      'MissingRequiredFieldError',
      'NoAvailableRouteError',
      'NotFoundError',
      'PayloadTooLargeError',
      'PriceImpactTooHighError',
      'QuoteRequestSchema',
      'ServiceUnavailableError',
      'UnsupportedNetworkAndTokenPairError',
      'UnsupportedNetworkError',
      'UnsupportedNetworkPairError',
      'UnsupportedSwapDirectionError',
      'VM_IDS',
      'WalletScreeningError',
      'addressFamilyOf',
      'addressProblem',
      'compileValidator',
      'createEngine',
      'errorFromData',
      'getBridgeInfo',
      'isBaseError',
      'isBridgeId',
      'isNativeSentinel',
      'isParsedQuoteRequest',
      'isVmId',
      'loadSnapshot',
      'normalizeAddress',
      'parseQuoteRequest',
      'rules',
      'sameAddressFamily',
      'schemas',
      'tokenKey',
      'txHashProblem',
      'vmIdOf',
      'vmModuleOf',
      'walletAddressProblem',
    ])
  })

  it('createEngine checks its options and names the bad one', () => {
    const snapshot = engine.loadSnapshot(miniSnapshot())
    expect(() => engine.createEngine(snapshot, { protocolFeeBps: -1 })).toThrow(/protocolFeeBps/)
    expect(() => engine.createEngine(snapshot, { maxBridgeHops: 3 })).toThrow(/maxBridgeHops/)
    expect(engine.createEngine(snapshot).options.maxPoolsPerChain).toBe(3)
  })
})
