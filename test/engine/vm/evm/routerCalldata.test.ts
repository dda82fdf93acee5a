import fc from 'fast-check'
import { type Hex, encodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { ROUTER_ABI } from '../../../../engine/transactions.js'
import { type RouterCalldataParameters, encodeRouterCalldata } from '../../../../engine/vm/evm/routerCalldata.js'

/** The reference: viem's generic encoder over the ABI. */
function viemCalldata({ txId, order, parts, fees, call }: RouterCalldataParameters): Hex {
  return call === undefined
    ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swap', args: [txId, order, parts, fees] })
    : encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapAndCall', args: [txId, order, parts, fees, call] })
}

const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as Hex
/** Hex bytes in lower, upper or mixed case (viem keeps the digits' case in `bytes`, so must we). */
const hexBytes = (minLength: number, maxLength: number) =>
  fc
    .tuple(fc.uint8Array({ minLength, maxLength }), fc.constantFrom('lower', 'upper', 'mixed'))
    .map(([bytes, letterCase]) => {
      const hex = hexOf(bytes)
      if (letterCase === 'lower') return hex
      if (letterCase === 'upper') return `0x${hex.slice(2).toUpperCase()}` as Hex
      return `0x${[...hex.slice(2)].map((digit, index) => (index % 3 ? digit : digit.toUpperCase())).join('')}` as Hex
    })
/** An address lower case or EIP-55 checksummed (both valid for viem). */
const address = fc
  .tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean())
  .map(([bytes, isChecksummed]) => (isChecksummed ? getAddress(hexOf(bytes)) : hexOf(bytes)))
/** Unsigned integers of a width, the edges (0, 1, max) drawn often. */
const uint = (bits: number) => {
  const max = (1n << BigInt(bits)) - 1n
  return fc.oneof(fc.constantFrom(0n, 1n, max), fc.bigInt({ min: 0n, max }))
}
/** Chain-address bytes as the builder makes them: 20 (EVM), 21 (Tron), 32 (Solana) bytes, or text (Bitcoin). */
const chainAddress = fc.oneof(hexBytes(20, 20), hexBytes(21, 21), hexBytes(32, 32), hexBytes(0, 90))

const parametersArbitrary: fc.Arbitrary<RouterCalldataParameters> = fc.record({
  txId: hexBytes(32, 32),
  order: fc.record({
    tokenIn: address,
    amountIn: uint(256),
    amountInMax: uint(256),
    protocolFee: uint(256),
    dstChainId: uint(64),
    tokenOut: chainAddress,
    amountOut: uint(256),
    amountOutMin: uint(256),
    recipient: chainAddress,
    refundTo: address,
    swapDirection: fc.integer({ min: 0, max: 255 }),
    deadline: uint(64),
  }),
  parts: fc.array(
    fc.record({
      amountIn: uint(256),
      amountOut: uint(256),
      steps: fc.array(
        fc.record({
          kind: fc.integer({ min: 0, max: 255 }),
          venue: fc.integer({ min: 0, max: 255 }),
          chainId: uint(64),
          dstChainId: uint(64),
          id: hexBytes(32, 32),
          pool: address,
          fee: fc.oneof(fc.constantFrom(0, 2 ** 24 - 1), fc.integer({ min: 0, max: 2 ** 24 - 1 })),
          tokenIn: chainAddress,
          tokenOut: chainAddress,
          amountIn: uint(256),
          amountOut: uint(256),
        }),
        { maxLength: 6 },
      ),
    }),
    { maxLength: 4 },
  ),
  fees: fc.array(fc.record({ receiver: address, amount: uint(256) }), { maxLength: 10 }),
  call: fc.option(
    fc.record({
      target: address,
      data: hexBytes(0, 300),
      value: uint(256),
      erc20Spender: address,
      erc20Amount: uint(256),
    }),
    { nil: undefined },
  ),
})

const TX_ID: Hex = `0x${'ab'.repeat(32)}`
const ADDRESS: Hex = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const BASE: RouterCalldataParameters = {
  txId: TX_ID,
  order: {
    tokenIn: ADDRESS,
    amountIn: 1n,
    amountInMax: 1n,
    protocolFee: 0n,
    dstChainId: 42161n,
    tokenOut: ADDRESS,
    amountOut: 1n,
    amountOutMin: 1n,
    recipient: ADDRESS,
    refundTo: ADDRESS,
    swapDirection: 0,
    deadline: 1_700_000_000n,
  },
  parts: [],
  fees: [],
}
const STEP = {
  kind: 0,
  venue: 2,
  chainId: 42161n,
  dstChainId: 42161n,
  id: TX_ID,
  pool: ADDRESS,
  fee: 500,
  tokenIn: ADDRESS,
  tokenOut: ADDRESS,
  amountIn: 1n,
  amountOut: 1n,
}

describe('encodeRouterCalldata', () => {
  it('is byte for byte viem’s encodeFunctionData on 3,000 generated routes (swap and swapAndCall, 0–4 parts of 0–6 steps)', () => {
    fc.assert(
      fc.property(parametersArbitrary, (parameters) => {
        expect(encodeRouterCalldata(parameters)).toBe(viemCalldata(parameters))
      }),
      { numRuns: 3_000 },
    )
  })

  it('encodes an empty route and empty bytes as viem does', () => {
    const empty = { ...BASE, order: { ...BASE.order, tokenOut: '0x' as Hex, recipient: '0x' as Hex } }
    expect(encodeRouterCalldata(empty)).toBe(viemCalldata(empty))
    const call = { target: ADDRESS, data: '0x' as Hex, value: 0n, erc20Spender: ADDRESS, erc20Amount: 0n }
    expect(encodeRouterCalldata({ ...empty, call })).toBe(viemCalldata({ ...empty, call }))
  })

  it.each([
    ['uint256 above 2^256 − 1', { order: { ...BASE.order, amountIn: 1n << 256n } }],
    ['negative uint256', { order: { ...BASE.order, amountOut: -1n } }],
    ['uint64 above 2^64 − 1', { order: { ...BASE.order, deadline: 1n << 64n } }],
    ['uint8 above 255', { order: { ...BASE.order, swapDirection: 256 } }],
    ['a bad checksum', { order: { ...BASE.order, refundTo: ADDRESS.replace('b', 'B') as Hex } }],
    ['a short address', { fees: [{ receiver: '0x1234' as Hex, amount: 1n }] }],
    ['a 31-byte bytes32', { txId: `0x${'ab'.repeat(31)}` as Hex }],
    ['uint24 above 2^24 − 1', { parts: [{ amountIn: 1n, amountOut: 1n, steps: [{ ...STEP, fee: 2 ** 24 }] }] }],
    ['a short pool address', { parts: [{ amountIn: 1n, amountOut: 1n, steps: [{ ...STEP, pool: '0x12' as Hex }] }] }],
  ])('refuses what viem refuses: %s', (_name, change) => {
    const parameters = { ...BASE, ...change } as RouterCalldataParameters
    expect(() => viemCalldata(parameters)).toThrow()
    expect(() => encodeRouterCalldata(parameters)).toThrow(Error)
  })

  it('refuses odd-length hex in bytes (viem would pad it)', () => {
    const parameters = { ...BASE, order: { ...BASE.order, recipient: '0x123' as Hex } }
    expect(() => encodeRouterCalldata(parameters)).toThrow(/order\.recipient/)
  })
})
