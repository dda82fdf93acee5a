import { type Hex, decodeFunctionData, getAddress, keccak256, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  type QuoteRequest,
  type QuoteResult,
  RouteNotExecutableError,
  createEngine,
  loadSnapshot,
} from '../../../../engine/index.js'
import {
  ROUTER_ABI,
  STEP_KIND,
  STEP_VENUE,
  SWAP_DIRECTION_CODE,
  buildEvmTransaction,
  decodeChainAddress,
  encodeChainAddress,
  stepId,
  transactionBuilderOf,
} from '../../../../engine/transactions.js'
import {
  ETH,
  ETH_USDC,
  ETH_WETH,
  OP,
  OP_USDC,
  OP_WETH,
  SENDER,
  SOLANA,
  SOL_RECIPIENT,
  SOL_USDC,
  SOL_WSOL,
  ZERO,
  miniSnapshot,
} from '../../../helpers/miniSnapshot.js'
import { thrown } from '../../../helpers/thrown.js'

const engine = createEngine(loadSnapshot(miniSnapshot()), { protocolFeeBps: 5 })
const TX_ID: Hex = `0x${'ab'.repeat(32)}`
const DEADLINE = 1_700_000_000
const ROUTER = '0xc7055c7055c7055C7055C7055C7055c7055C7055'
const FEE_A = '0x2222222222222222222222222222222222222222'
const FEE_B = '0x3333333333333333333333333333333333333333'
const REFUND = '0x4444444444444444444444444444444444444444'

function build(
  request: Omit<QuoteRequest, 'sender' | 'slippage'>,
  extra: Partial<Parameters<typeof buildEvmTransaction>[0]> = {},
) {
  const full: QuoteRequest = { sender: SENDER, slippage: 50, ...request }
  const quote = engine.quote(full)
  const tx = buildEvmTransaction({
    snapshot: engine.snapshot,
    txId: TX_ID,
    quote,
    swapDirection: (full.swapDirection ?? 'exact-amount-in') as 'exact-amount-in',
    sender: SENDER,
    recipient: full.recipient,
    refundTo: full.refundTo,
    deadline: DEADLINE,
    ...extra,
  })
  return { quote, tx, decoded: decodeFunctionData({ abi: ROUTER_ABI, data: tx.data }) }
}

/** The calldata's order, steps and fees must be the quote's figures, unchanged. */
function expectQuoteEncoded(
  quote: QuoteResult,
  args: readonly unknown[],
  recipientVm: 'evm' | 'solana',
  recipient: string,
) {
  const [txId, order, parts, fees] = args as [
    Hex,
    Record<string, unknown>,
    { amountIn: bigint; amountOut: bigint; steps: Record<string, unknown>[] }[],
    Record<string, unknown>[],
  ]
  // A single route is one part: its first hop's input, the quote's output, the quote's steps.
  expect(parts).toHaveLength(1)
  expect(parts[0]!.amountIn).toBe(BigInt(quote.steps[0]!.amountIn))
  expect(parts[0]!.amountOut).toBe(BigInt(quote.amountOut.amount))
  const steps = parts[0]!.steps
  expect(txId).toBe(TX_ID)
  expect(order).toMatchObject({
    tokenIn: getAddress(quote.amountIn.address),
    amountIn: BigInt(quote.amountIn.amount),
    amountInMax: BigInt(quote.amountInMax.amount),
    protocolFee: BigInt(quote.protocolFee.amount),
    dstChainId: BigInt(quote.amountOut.chainId),
    amountOut: BigInt(quote.amountOut.amount),
    amountOutMin: BigInt(quote.amountOutMin.amount),
    deadline: BigInt(DEADLINE),
  })
  expect(decodeChainAddress(recipientVm, order.tokenOut as Hex)).toBe(quote.amountOut.address)
  expect(decodeChainAddress(recipientVm, order.recipient as Hex)).toBe(recipient)
  expect(steps).toEqual(
    quote.steps.map((step) => ({
      kind: STEP_KIND[step.type],
      // The mini snapshot's pools have no contract address: the router cannot execute them.
      venue: STEP_VENUE.none,
      chainId: BigInt(step.chainId),
      dstChainId: BigInt(step.dstChainId),
      id: stepId(step),
      pool: zeroAddress,
      fee: 0,
      tokenIn: encodeChainAddress(engine.snapshot.chains.get(step.chainId)!.vm, step.tokenIn),
      tokenOut: encodeChainAddress(engine.snapshot.chains.get(step.dstChainId)!.vm, step.tokenOut),
      amountIn: BigInt(step.amountIn),
      amountOut: BigInt(step.amountOut),
    })),
  )
  expect(fees).toEqual(
    quote.appFees.map((fee) => ({ receiver: getAddress(fee.receiverAddress), amount: BigInt(fee.amount.amount) })),
  )
  expect(fees.reduce((sum, fee) => sum + (fee.amount as bigint), 0n)).toBe(BigInt(quote.applicationFee.amount))
}

describe('buildEvmTransaction', () => {
  it('exact-in ERC-20: swap() carrying the quote, value 0, to the source router', () => {
    const appFees = [
      { bps: 20, receiverAddress: FEE_A },
      { bps: 7, receiverAddress: FEE_B },
    ]
    const { quote, tx, decoded } = build({
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
      appFees,
      refundTo: REFUND,
    })
    expect(tx).toMatchObject({ to: ROUTER, value: '0', chainId: ETH })
    expect(decoded.functionName).toBe('swap')
    expectQuoteEncoded(quote, decoded.args, 'evm', getAddress(SENDER))
    const [, order, [part], fees] = decoded.args
    const steps = part!.steps
    expect(order.amountIn).toBe(1_000_000_000n)
    expect(order.amountInMax).toBe(order.amountIn)
    expect(order.swapDirection).toBe(SWAP_DIRECTION_CODE['exact-amount-in'])
    expect(order.refundTo).toBe(getAddress(REFUND))
    expect(steps.map((step) => step.kind)).toEqual([STEP_KIND.bridge, STEP_KIND.swap])
    // ceil(1e9 × 20 / 1e4) and ceil(1e9 × 7 / 1e4), receivers in request order.
    expect(fees).toEqual([
      { receiver: getAddress(FEE_A), amount: 2_000_000n },
      { receiver: getAddress(FEE_B), amount: 700_000n },
    ])
  })

  it('exact-out: amountOut is the requested amount, amountInMax above amountIn', () => {
    const { quote, tx, decoded } = build({
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      amount: '100000000000000000',
      swapDirection: 'exact-amount-out',
    })
    expect(tx.value).toBe('0')
    expectQuoteEncoded(quote, decoded.args, 'evm', getAddress(SENDER))
    const [, order] = decoded.args
    expect(order.amountOut).toBe(100_000_000_000_000_000n)
    expect(order.amountOutMin).toBe(order.amountOut)
    expect(order.amountInMax > order.amountIn).toBe(true)
    expect(order.swapDirection).toBe(SWAP_DIRECTION_CODE['exact-amount-out'])
  })

  it('native input: tx.value is the input bound (exact-in: amountIn; exact-out: amountInMax)', () => {
    const exactIn = build({
      srcChainId: ETH,
      srcToken: ZERO,
      dstChainId: OP,
      dstToken: OP_USDC,
      amount: '1000000000000000000',
      swapDirection: 'exact-amount-in',
    })
    expect(exactIn.tx.value).toBe('1000000000000000000')
    expect(exactIn.decoded.args[1].tokenIn).toBe(ZERO)
    expect(exactIn.decoded.args[2][0]!.steps[0]!.kind).toBe(STEP_KIND.wrap)
    expect(exactIn.decoded.args[2][0]!.steps[0]!.id).toBe(`0x${'0'.repeat(64)}`)
    expectQuoteEncoded(exactIn.quote, exactIn.decoded.args, 'evm', getAddress(SENDER))

    const exactOut = build({
      srcChainId: ETH,
      srcToken: ZERO,
      dstChainId: OP,
      dstToken: OP_USDC,
      amount: '500000000',
      swapDirection: 'exact-amount-out',
    })
    expect(exactOut.tx.value).toBe(exactOut.quote.amountInMax.amount)
    expect(BigInt(exactOut.tx.value) > BigInt(exactOut.quote.amountIn.amount)).toBe(true)
  })

  it('a Solana recipient and destination token travel as their 32-byte keys', () => {
    const { quote, decoded } = build({
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: SOLANA,
      dstToken: SOL_USDC,
      recipient: SOL_RECIPIENT,
      amount: '100000000',
      swapDirection: 'exact-amount-in',
    })
    expectQuoteEncoded(quote, decoded.args, 'solana', SOL_RECIPIENT)
    const [, order, [part]] = decoded.args
    expect((order.recipient.length - 2) / 2).toBe(32)
    expect(decodeChainAddress('solana', part!.steps[0]!.tokenOut)).toBe(SOL_USDC)
    expect(order.dstChainId).toBe(BigInt(SOLANA))
  })

  it('with a call: swapAndCall() carrying the call fields', () => {
    const call = {
      target: '0x5555555555555555555555555555555555555555',
      data: '0xa9059cbb00' as Hex,
      value: 0n,
      erc20Spender: '0x6666666666666666666666666666666666666666',
      erc20Amount: 250_000_000n,
    }
    const { quote, tx, decoded } = build(
      {
        srcChainId: ETH,
        srcToken: ETH_USDC,
        dstChainId: OP,
        dstToken: OP_USDC,
        amount: '250000000',
        swapDirection: 'exact-amount-out',
      },
      { swapDirection: 'exact-amount-out', call },
    )
    expect(tx.to).toBe(ROUTER)
    expect(decoded.functionName).toBe('swapAndCall')
    expectQuoteEncoded(quote, decoded.args, 'evm', getAddress(SENDER))
    expect(decoded.args[4]).toEqual({
      ...call,
      target: getAddress(call.target),
      erc20Spender: getAddress(call.erc20Spender),
    })
  })

  it("takes the fee amounts from the quote, not from bps; refuses fees that are not the quote's", () => {
    const request: Omit<QuoteRequest, 'sender' | 'slippage'> = {
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      amount: '1000000007',
      swapDirection: 'exact-amount-in',
      appFees: [
        { bps: 20, receiverAddress: FEE_A },
        { bps: 7, receiverAddress: FEE_B },
      ],
    }
    const { quote } = build(request)
    // A quote whose fee amounts differ from ceil(amountIn × bps / 10000), total kept consistent: the calldata
    // carries them as they are.
    const moved = structuredClone(quote)
    moved.appFees[0]!.amount.amount = '2000000'
    moved.appFees[1]!.amount.amount = '700002'
    const tx = buildEvmTransaction({
      snapshot: engine.snapshot,
      txId: TX_ID,
      quote: moved,
      swapDirection: 'exact-amount-in',
      sender: SENDER,
      deadline: DEADLINE,
    })
    expect(decodeFunctionData({ abi: ROUTER_ABI, data: tx.data }).args[3]).toEqual([
      { receiver: getAddress(FEE_A), amount: 2_000_000n },
      { receiver: getAddress(FEE_B), amount: 700_002n },
    ])

    const inconsistent = structuredClone(quote)
    inconsistent.appFees[0]!.amount.amount = '1'
    expect(() => build(request, { quote: inconsistent })).toThrow(/application fees sum to/)
    expect(() => build(request, { appFees: [{ bps: 20, receiverAddress: FEE_A }] })).toThrow(/not the fees the quote/)
    expect(() => build(request, { appFees: request.appFees })).not.toThrow()
  })

  it('refuses a non-EVM source chain', () => {
    const quote = engine.quote({
      sender: SOL_RECIPIENT,
      srcChainId: SOLANA,
      srcToken: SOL_USDC,
      dstChainId: SOLANA,
      dstToken: SOL_WSOL,
      amount: '100000000',
      swapDirection: 'exact-amount-in',
      slippage: 50,
    })
    expect(() =>
      buildEvmTransaction({
        snapshot: engine.snapshot,
        txId: TX_ID,
        quote,
        swapDirection: 'exact-amount-in',
        sender: SOL_RECIPIENT,
        deadline: DEADLINE,
      }),
    ).toThrow(/evm source chain/)
  })
})

/**
 * keccak256 of the calldata of fixed requests (the mini snapshot, protocol fee 5 bps, `TX_ID`, `DEADLINE`), first
 * recorded while the builder still derived the application fees from their bps (taking the amounts from the quote must
 * not move a byte), re-recorded once when the ABI gained `Part[]` and the steps' execution fields (the router
 * contract). Amounts are odd on purpose, so that every fee is rounded up (1,000,000,007 × 20 bps → 2,000,001).
 */
const CALLDATA_CASES: {
  name: string
  request: Omit<QuoteRequest, 'sender' | 'slippage'>
  call?: Parameters<typeof buildEvmTransaction>[0]['call']
  keccak: Hex
}[] = [
  {
    name: 'exact-in ERC-20, two fees',
    request: {
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      amount: '1000000007',
      swapDirection: 'exact-amount-in',
      appFees: [
        { bps: 20, receiverAddress: FEE_A },
        { bps: 7, receiverAddress: FEE_B },
      ],
      refundTo: REFUND,
    },
    keccak: '0x697cacf66d20a8b65ad8f51f6e30267576d95f5f894882f6119dddaf05941416',
  },
  {
    name: 'exact-out ERC-20, two fees',
    request: {
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_WETH,
      amount: '100000000000000003',
      swapDirection: 'exact-amount-out',
      appFees: [
        { bps: 13, receiverAddress: FEE_A },
        { bps: 1, receiverAddress: FEE_B },
      ],
    },
    keccak: '0x4af08005c6dcafcdc5888477fc4a502f187911ac5045fbf0d06c1d208f0c41e4',
  },
  {
    name: 'exact-in native, no fees',
    request: {
      srcChainId: ETH,
      srcToken: ZERO,
      dstChainId: OP,
      dstToken: OP_USDC,
      amount: '1000000000000000000',
      swapDirection: 'exact-amount-in',
    },
    keccak: '0x4368860f235b53330d2f584fce43f45b80f8546f92a61c8e6f3f6b256e438ac2',
  },
  {
    name: 'exact-out native, one fee',
    request: {
      srcChainId: ETH,
      srcToken: ZERO,
      dstChainId: OP,
      dstToken: OP_USDC,
      amount: '500000000',
      swapDirection: 'exact-amount-out',
      appFees: [{ bps: 33, receiverAddress: FEE_B }],
    },
    keccak: '0xa57fcbf482828da2a077eda6b5a196a4e45d24e41ef2a371979f1b74964c47b1',
  },
  {
    name: 'Solana recipient, one fee',
    request: {
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: SOLANA,
      dstToken: SOL_USDC,
      recipient: SOL_RECIPIENT,
      amount: '100000000',
      swapDirection: 'exact-amount-in',
      appFees: [{ bps: 9, receiverAddress: FEE_A }],
    },
    keccak: '0xf5ce72e6c0e23382df90d48eb07fc9f36db1ee497076bd67e59c131863a83bc0',
  },
  {
    name: 'swapAndCall, two fees',
    request: {
      srcChainId: ETH,
      srcToken: ETH_USDC,
      dstChainId: OP,
      dstToken: OP_USDC,
      amount: '250000000',
      swapDirection: 'exact-amount-out',
      appFees: [
        { bps: 25, receiverAddress: FEE_A },
        { bps: 3, receiverAddress: FEE_B },
      ],
    },
    call: {
      target: '0x5555555555555555555555555555555555555555',
      data: '0xa9059cbb00',
      value: 0n,
      erc20Spender: '0x6666666666666666666666666666666666666666',
      erc20Amount: 250_000_000n,
    },
    keccak: '0x45acaebf78b069c810ed221a510ca446aa10c66c28822e19ad0777c09564c21d',
  },
]

describe('calldata of fixed requests', () => {
  it.each(CALLDATA_CASES)('$name: unchanged bytes', ({ request, call, keccak }) => {
    const { tx } = build(request, { swapDirection: request.swapDirection as 'exact-amount-in', call })
    expect(keccak256(tx.data)).toBe(keccak)
  })
})

describe('transactionBuilderOf', () => {
  it('gives the EVM builder for EVM chains and a builder for every other VM', () => {
    expect(transactionBuilderOf('evm')).toBe(buildEvmTransaction)
    for (const vm of ['solana', 'bitcoin', 'hypercore', 'tron'] as const) expect(transactionBuilderOf(vm)).toBeDefined()
  })
})

describe('chain addresses as bytes', () => {
  const cases = [
    ['evm', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 20],
    ['hypercore', '0x2000000000000000000000000000000000000000', 20],
    ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 32],
    ['solana', '11111111111111111111111111111111', 32],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 21],
    ['bitcoin', 'bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5', 42],
    ['bitcoin', 'bitcoin', 7],
  ] as const
  it.each(cases)('%s %s round-trips through %i bytes', (vm, address, length) => {
    const bytes = encodeChainAddress(vm, address)
    expect((bytes.length - 2) / 2).toBe(length)
    expect(decodeChainAddress(vm, bytes)).toBe(address)
  })
})

describe('a real router refuses, at quote time, the routes it cannot execute', () => {
  const REAL_ROUTER = '0x000000000000000000000000000000000000c0fe'
  const PAIR = '0x00000000000000000000000000000000000000a1'
  /** The mini snapshot on a real router, with the ETH USDC/WETH pool changed by `pool`. */
  function engineWith(pool: Record<string, unknown>) {
    const json = miniSnapshot()
    for (const chain of json.chains) if (chain.vm === 'evm') chain.routerAddress = REAL_ROUTER
    json.pools = json.pools.map((entry) =>
      entry.id === 'eth-usdc-weth' ? ({ ...entry, ...pool } as typeof entry) : entry,
    )
    return createEngine(loadSnapshot(json), { protocolFeeBps: 5 })
  }
  const buildOn = (real: ReturnType<typeof engineWith>, request: Omit<QuoteRequest, 'sender' | 'slippage'>) =>
    buildEvmTransaction({
      snapshot: real.snapshot,
      txId: TX_ID,
      quote: real.quote({ sender: SENDER, slippage: 50, ...request }),
      swapDirection: 'exact-amount-in',
      sender: SENDER,
      deadline: DEADLINE,
    })
  const usdcToWeth = {
    srcChainId: ETH,
    srcToken: ETH_USDC,
    dstChainId: ETH,
    dstToken: ETH_WETH,
    amount: '1000000000',
    swapDirection: 'exact-amount-in',
  } as const

  it('a pool without a contract address: ROUTE_NOT_EXECUTABLE naming the pool', () => {
    const error = thrown(() => buildOn(engineWith({}), usdcToWeth), RouteNotExecutableError)
    expect(error.code).toBe('ROUTE_NOT_EXECUTABLE')
    expect(error.details).toEqual({
      chainId: ETH,
      step: 'eth-usdc-weth',
      reason: 'pool eth-usdc-weth has no contract address in the snapshot',
    })
  })

  it('a pool of another protocol (here a SushiSwap pair): refused, the router has no adapter for it', () => {
    const error = thrown(
      () => buildOn(engineWith({ address: PAIR, protocol: 'sushiswap' }), usdcToWeth),
      RouteNotExecutableError,
    )
    expect(error.details.reason).toMatch(/not a Uniswap V2 pair or V3 pool/)
  })

  it('a bridge hop: refused (the router does not call bridges yet)', () => {
    const error = thrown(
      () =>
        buildOn(engineWith({ address: PAIR }), {
          ...usdcToWeth,
          dstChainId: OP,
          dstToken: OP_USDC,
        }),
      RouteNotExecutableError,
    )
    expect(error.details).toMatchObject({ chainId: ETH, step: 'cctp-eth-op-usdc' })
    expect(error.details.reason).toMatch(/bridge hops \(cctp\)/)
  })

  it('a Uniswap V2 pair with its address: built, the step naming the pair and venue V2', () => {
    const tx = buildOn(engineWith({ address: PAIR }), usdcToWeth)
    expect(tx.to).toBe(REAL_ROUTER)
    const [, , [part]] = decodeFunctionData({ abi: ROUTER_ABI, data: tx.data }).args as unknown as [
      unknown,
      unknown,
      { steps: { venue: number; pool: string; fee: number }[] }[],
    ]
    expect(part!.steps).toMatchObject([{ venue: STEP_VENUE.uniswapV2, pool: getAddress(PAIR), fee: 0 }])
  })

  it('the fixture’s placeholder router refuses nothing: the same route is encoded with venue none', () => {
    const { decoded } = build(usdcToWeth)
    expect(decoded.args[2][0]!.steps).toMatchObject([{ venue: STEP_VENUE.none, pool: zeroAddress }])
  })
})
