import { describe, expect, it } from 'vitest'
import * as engine from '../../engine/index.js'
import { miniSnapshot } from '../helpers/miniSnapshot.js'

describe('public entry', () => {
  it('exports exactly this list (API changes show up in review)', () => {
    expect(Object.keys(engine).sort()).toEqual([
      'ADDRESS_FAMILIES',
      'AmountTooHighError',
      'AmountTooLowError',
      'ApplyTradeError',
      'BRIDGE_IDS',
      'BaseError',
      'CrossVmReceiverRequiredError',
      'DEFAULT_ENGINE_OPTIONS',
      'ERROR_CLASSES',
      'ExcessiveFeeError',
      'InsufficientFundsError',
      'InsufficientLiquidityError',
      'InvalidAddressError',
      'InvalidAmountZeroError',
      'InvalidDstTokenError',
      'InvalidParameterError',
      'InvalidSnapshotError',
      'InvalidSrcTokenError',
      'MissingRequiredFieldError',
      'NoAvailableRouteError',
      'PriceImpactTooHighError',
      'QuoteRequestSchema',
      'RouteNotExecutableError',
      'SNAPSHOT_ID_PATTERN',
      'UnsupportedNetworkAndTokenPairError',
      'UnsupportedNetworkError',
      'UnsupportedNetworkPairError',
      'UnsupportedSwapDirectionError',
      'VM_IDS',
      'addressFamilyOf',
      'addressProblem',
      'applyTrade',
      'canonicalSnapshotText',
      'compileValidator',
      'createEngine',
      'getBridgeInfo',
      'isBaseError',
      'isBridgeId',
      'isNativeSentinel',
      'isParsedQuoteRequest',
      'isVmId',
      'loadSnapshot',
      'normalizeAddress',
      'parseQuoteRequest',
      'parseValidQuoteRequest',
      'quoteMany',
      'quoteOne',
      'routeIds',
      'rules',
      'sameAddressFamily',
      'schemas',
      'snapshotIdOf',
      'sweep',
      'sweepPointOf',
      'tokenKey',
      'txHashProblem',
      'vmIdOf',
      'vmModuleOf',
      'vmModuleOfFamily',
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
