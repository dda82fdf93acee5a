import { type Hex, decodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { createEngine } from '../../../../engine/index.js'
import { loadSnapshotFile } from '../../../../engine/loader.js'
import {
  ROUTER_ABI,
  buildTronTransaction,
  transactionBuilderOf,
  tronAbiAddress,
} from '../../../../engine/transactions.js'

const engine = createEngine(loadSnapshotFile())
const TX_ID: Hex = `0x${'cd'.repeat(32)}`
const SENDER = 'TD63PfocedEstoByUVyEJ1SZJe9sD1bQHs'
const TRON = 728126428
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRX = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

function quote(srcToken: string, dstToken: string, amount: string) {
  return engine.quote({
    sender: SENDER,
    srcChainId: TRON,
    srcToken,
    dstChainId: TRON,
    dstToken,
    amount,
    swapDirection: 'exact-amount-in',
    slippage: 50,
  })
}

describe('tronAbiAddress', () => {
  it("is the base58check payload's 20 bytes after 0x41 (USDT's well-known hex 41a614f8…)", () => {
    expect(tronAbiAddress(USDT)).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')
  })

  it('maps the native sentinel to the zero address, the router ABI native token', () => {
    expect(tronAbiAddress(TRX)).toBe('0x0000000000000000000000000000000000000000')
  })
})

describe('buildTronTransaction', () => {
  it('is the builder of the tron VM', () => {
    expect(transactionBuilderOf('tron')).toBe(buildTronTransaction)
  })

  it('calls the base58 router with the quote in the EVM ABI; TRX input is sent as value', () => {
    const trxQuote = quote(TRX, USDT, '10000000')
    const tx = buildTronTransaction({
      snapshot: engine.snapshot,
      txId: TX_ID,
      quote: trxQuote,
      swapDirection: 'exact-amount-in',
      sender: SENDER,
      deadline: 1_700_000_000,
    })
    expect(tx.to).toBe(engine.snapshot.chains.get(TRON)!.routerAddress)
    expect(tx.value).toBe('10000000')
    const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: tx.data })
    expect(args[1]).toMatchObject({ amountIn: 10_000_000n, refundTo: getAddress(tronAbiAddress(SENDER)) })
  })

  it('refuses a quote from another VM', () => {
    const evmQuote = engine.quote({
      sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      srcChainId: 42161,
      srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      dstChainId: 42161,
      dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
      amount: '1000000',
      swapDirection: 'exact-amount-in',
      slippage: 50,
    })
    expect(() =>
      buildTronTransaction({
        snapshot: engine.snapshot,
        txId: TX_ID,
        quote: evmQuote,
        swapDirection: 'exact-amount-in',
        sender: SENDER,
        deadline: 1_700_000_000,
      }),
    ).toThrow(/tron source chain/)
  })
})
