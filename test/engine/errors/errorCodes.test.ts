import { describe, expect, it } from 'vitest'
import {
  AmountTooHighError,
  AmountTooLowError,
  type BaseError,
  CrossVmReceiverRequiredError,
  ExcessiveFeeError,
  InsufficientLiquidityError,
  InvalidAddressError,
  InvalidAmountZeroError,
  InvalidDstTokenError,
  InvalidParameterError,
  InvalidSrcTokenError,
  MissingRequiredFieldError,
  NoAvailableRouteError,
  type QuoteRequest,
  UnsupportedNetworkAndTokenPairError,
  UnsupportedNetworkError,
  UnsupportedNetworkPairError,
  UnsupportedSwapDirectionError,
  createEngine,
  loadSnapshot,
} from '../../../engine/index.js'
import {
  BSC,
  BSC_WBNB,
  ETH,
  ETH_DAI,
  ETH_LONELY,
  ETH_USDC,
  ETH_WETH,
  OP,
  OP_USDC,
  SENDER,
  SOLANA,
  SOL_RECIPIENT,
  SOL_USDC,
  miniSnapshot,
} from '../../helpers/miniSnapshot.js'
import { thrown } from '../../helpers/thrown.js'

const engine = createEngine(loadSnapshot(miniSnapshot()))

const base: QuoteRequest = {
  sender: SENDER,
  srcChainId: ETH,
  srcToken: ETH_USDC,
  dstChainId: ETH,
  dstToken: ETH_WETH,
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
  slippage: 50,
}

/** Asserts the spec's code, class name and HTTP status (SPEC §7.2), then returns the details for checks. */
function expectSpec(error: BaseError, code: string, name: string, status: number) {
  expect(error.code).toBe(code)
  expect(error.name).toBe(name)
  expect(error.status).toBe(status)
  expect(error.message.length).toBeGreaterThan(0)
  return error.details
}

describe('engine error codes (SPEC §7.2)', () => {
  it('the base request quotes (so each failure below is caused by the one field it changes)', () => {
    expect(BigInt(engine.quote(base).amountOut.amount)).toBeGreaterThan(0n)
  })

  it('AMOUNT_TOO_HIGH: above the bridge lane maximum, with the largest accepted amount', () => {
    const request = { ...base, dstChainId: OP, dstToken: OP_USDC, amount: '1500000000000' }
    const error = thrown(() => engine.quote(request), AmountTooHighError)
    expect(expectSpec(error, 'AMOUNT_TOO_HIGH', 'AmountTooHighError', 400)).toEqual({
      srcToken: ETH_USDC,
      dstToken: OP_USDC,
      srcChainId: ETH,
      dstChainId: OP,
      maxAmount: 1_000_000_000_000,
    })
    // The reported maximum is really accepted, and one unit more is not.
    expect(engine.quote({ ...request, amount: '1000000000000' }).amountIn.amount).toBe('1000000000000')
    thrown(() => engine.quote({ ...request, amount: '1000000000001' }), AmountTooHighError)
  })

  it('AMOUNT_TOO_LOW: below the bridge lane minimum, with the smallest accepted amount', () => {
    const request = { ...base, dstChainId: OP, dstToken: OP_USDC, amount: '999999' }
    const error = thrown(() => engine.quote(request), AmountTooLowError)
    expect(expectSpec(error, 'AMOUNT_TOO_LOW', 'AmountTooLowError', 400)).toEqual({
      srcToken: ETH_USDC,
      dstToken: OP_USDC,
      srcChainId: ETH,
      dstChainId: OP,
      minAmount: 1_000_000,
    })
    expect(engine.quote({ ...request, amount: '1000000' }).amountIn.amount).toBe('1000000')
  })

  it('CROSS_VM_RECEIVER_REQUIRED: EVM to Solana without a recipient', () => {
    const request = { ...base, dstChainId: SOLANA, dstToken: SOL_USDC }
    const error = thrown(() => engine.quote(request), CrossVmReceiverRequiredError)
    expect(expectSpec(error, 'CROSS_VM_RECEIVER_REQUIRED', 'CrossVmReceiverRequiredError', 400)).toEqual({
      srcChainId: ETH,
      dstChainId: SOLANA,
    })
  })

  it('EXCESSIVE_FEE: a 2 USDC flat bridge fee on a 3 USDC transfer', () => {
    const request = { ...base, dstChainId: SOLANA, dstToken: SOL_USDC, recipient: SOL_RECIPIENT, amount: '3000000' }
    const error = thrown(() => engine.quote(request), ExcessiveFeeError)
    expect(expectSpec(error, 'EXCESSIVE_FEE', 'ExcessiveFeeError', 400)).toBeUndefined()
    // At twice the flat fee the transfer goes through.
    expect(engine.quote({ ...request, amount: '4000000' }).bridgeFee.amount).toBe(
      String(2_000_000 + Math.ceil((2_000_000 * 8) / 10_000)),
    )
  })

  it('INSUFFICIENT_LIQUIDITY: more USDC out of the DAI pool than it holds', () => {
    const request = {
      ...base,
      srcToken: ETH_DAI,
      dstToken: ETH_USDC,
      swapDirection: 'exact-amount-out' as const,
      amount: '1000000000',
    }
    const error = thrown(() => engine.quote(request), InsufficientLiquidityError)
    expect(expectSpec(error, 'INSUFFICIENT_LIQUIDITY', 'InsufficientLiquidityError', 400)).toBeUndefined()
  })

  it('INVALID_ADDRESS_FORMAT: a malformed sender, with field, address and reason', () => {
    const error = thrown(() => engine.quote({ ...base, sender: '0x1234' }), InvalidAddressError)
    const details = expectSpec(error, 'INVALID_ADDRESS_FORMAT', 'InvalidAddressError', 400)
    expect(details).toMatchObject({ field: 'sender', address: '0x1234' })
    expect(details!.reason).toEqual(expect.any(String))
  })

  it('INVALID_AMOUNT_ZERO: amount 0', () => {
    const error = thrown(() => engine.quote({ ...base, amount: '0' }), InvalidAmountZeroError)
    expect(expectSpec(error, 'INVALID_AMOUNT_ZERO', 'InvalidAmountZeroError', 400)).toBeUndefined()
  })

  it('INVALID_SOURCE_TOKEN: a well-formed address that is no token of the source chain', () => {
    const error = thrown(() => engine.quote({ ...base, srcToken: BSC_WBNB }), InvalidSrcTokenError)
    expect(expectSpec(error, 'INVALID_SOURCE_TOKEN', 'InvalidSrcTokenError', 400)).toBeUndefined()
  })

  it('INVALID_DESTINATION_TOKEN: a well-formed address that is no token of the destination chain', () => {
    const error = thrown(() => engine.quote({ ...base, dstToken: BSC_WBNB }), InvalidDstTokenError)
    expect(expectSpec(error, 'INVALID_DESTINATION_TOKEN', 'InvalidDstTokenError', 400)).toBeUndefined()
  })

  it('INVALID_PARAMETER: slippage above 10000 bps, with parameter, value and reason', () => {
    const error = thrown(() => engine.quote({ ...base, slippage: 10_001 }), InvalidParameterError)
    const details = expectSpec(error, 'INVALID_PARAMETER', 'InvalidParameterError', 400)
    expect(details).toMatchObject({ parameter: 'slippage', value: '10001' })
    expect(details!.reason).toMatch(/10000/)
  })

  it('MISSING_REQUIRED_FIELD: no sender, with field and context', () => {
    const { sender: _, ...withoutSender } = base
    const error = thrown(() => engine.quote(withoutSender as QuoteRequest), MissingRequiredFieldError)
    expect(expectSpec(error, 'MISSING_REQUIRED_FIELD', 'MissingRequiredFieldError', 400)).toEqual({
      field: 'sender',
      context: 'quote',
    })
  })

  it('NO_AVAILABLE_ROUTE: same chain, a token no pool trades', () => {
    const error = thrown(() => engine.quote({ ...base, dstToken: ETH_LONELY }), NoAvailableRouteError)
    expect(expectSpec(error, 'NO_AVAILABLE_ROUTE', 'NoAvailableRouteError', 400)).toEqual({
      srcChainId: ETH,
      dstChainId: ETH,
      srcToken: ETH_USDC,
      dstToken: ETH_LONELY,
    })
  })

  it('UNSUPPORTED_NETWORK: an unknown chain id', () => {
    const error = thrown(() => engine.quote({ ...base, dstChainId: 424242 }), UnsupportedNetworkError)
    expect(expectSpec(error, 'UNSUPPORTED_NETWORK', 'UnsupportedNetworkError', 400)).toEqual({ chainId: 424242 })
  })

  it('UNSUPPORTED_NETWORK_PAIR: no lane reaches the destination chain', () => {
    const error = thrown(
      () => engine.quote({ ...base, dstChainId: BSC, dstToken: BSC_WBNB }),
      UnsupportedNetworkPairError,
    )
    expect(expectSpec(error, 'UNSUPPORTED_NETWORK_PAIR', 'UnsupportedNetworkPairError', 400)).toEqual({
      srcChainId: ETH,
      dstChainId: BSC,
    })
  })

  it('UNSUPPORTED_NETWORK_PAIR: the allowed bridges do not connect the chains', () => {
    const request = { ...base, dstChainId: OP, dstToken: OP_USDC, bridgeIds: ['across' as const] }
    thrown(() => engine.quote(request), UnsupportedNetworkPairError)
    expect(engine.quote({ ...request, bridgeIds: ['cctp'] }).bridgeIds).toEqual(['cctp'])
  })

  it('UNSUPPORTED_NETWORK_TOKEN_PAIR: connected chains, but nothing carries this token', () => {
    const request = { ...base, srcChainId: OP, srcToken: OP_USDC, dstChainId: ETH, dstToken: ETH_LONELY }
    const error = thrown(() => engine.quote(request), UnsupportedNetworkAndTokenPairError)
    expect(expectSpec(error, 'UNSUPPORTED_NETWORK_TOKEN_PAIR', 'UnsupportedNetworkAndTokenPairError', 400)).toEqual({
      srcChainId: OP,
      srcToken: OP_USDC,
      dstChainId: ETH,
      dstToken: ETH_LONELY,
    })
  })

  it('UNSUPPORTED_SWAP_DIRECTION: an unknown direction', () => {
    const error = thrown(
      () => engine.quote({ ...base, swapDirection: 'sideways' } as unknown as QuoteRequest),
      UnsupportedSwapDirectionError,
    )
    expect(expectSpec(error, 'UNSUPPORTED_SWAP_DIRECTION', 'UnsupportedSwapDirectionError', 400)).toEqual({
      swapDirection: 'sideways',
    })
  })
})
