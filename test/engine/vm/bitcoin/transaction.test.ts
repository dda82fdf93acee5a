/**
 * The Bitcoin deposit PSBT against the quote, signed for real: built from a quote of the default snapshot, signed
 * with a test key (ecpair), its signatures verified, finalized and extracted; then the extracted transaction's
 * outputs, memo, fee and size are compared with the quote and the snapshot's fee rate.
 */
import { address, payments, script } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { InvalidAddressError, InvalidParameterError, type QuoteResult, createEngine } from '../../../../engine/index.js'
import { loadSnapshotFile } from '../../../../engine/loader.js'
import {
  type BitcoinTransaction,
  type BitcoinUtxo,
  buildBitcoinTransaction,
  parseBitcoinMemo,
  transactionBuilderOf,
} from '../../../../engine/transactions.js'
import { KEY, P2TR, P2WPKH, signPsbt } from '../../../helpers/bitcoinWallet.js'
import { thrown } from '../../../helpers/thrown.js'

const engine = createEngine(loadSnapshotFile())
const BTC = 20000000000001
const VAULT = engine.snapshot.chains.get(BTC)!.routerAddress
const FEE_RATE = engine.snapshot.chains.get(BTC)!.gasPrice
const ETH_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

const utxo = (n: number, value: bigint, confirmed = true): BitcoinUtxo => ({
  txid: n.toString(16).padStart(2, '0').repeat(32),
  vout: n % 3,
  value,
  confirmed,
})
const WALLET = [utxo(1, 40_000n), utxo(2, 3_000_000n), utxo(3, 900_000n), utxo(4, 50_000_000n, false)]

function quoteFor(sender: string, swapDirection: 'exact-amount-in' | 'exact-amount-out', amount: string) {
  return engine.quote({
    sender,
    srcChainId: BTC,
    srcToken: 'bitcoin',
    dstChainId: 1,
    dstToken: ETH_USDC,
    amount,
    swapDirection,
    slippage: 50,
    recipient: RECIPIENT,
  })
}

function build(sender: string, quote: QuoteResult, utxos: readonly BitcoinUtxo[] = WALLET) {
  return buildBitcoinTransaction({
    snapshot: engine.snapshot,
    quote,
    sender,
    recipient: RECIPIENT,
    sourceState: { bitcoin: { utxos } },
  })
}

function expectMatchesQuote(tx: BitcoinTransaction, quote: QuoteResult, sender: string) {
  const { psbt, signed } = signPsbt(tx.data, sender)
  const [vault, memo, change] = signed.outs
  expect(tx.to).toBe(VAULT)
  expect(address.fromOutputScript(vault!.script)).toBe(VAULT)
  expect(vault!.value).toBe(BigInt(quote.amountInMax.amount))
  expect(tx.value).toBe(quote.amountInMax.amount)
  // OP_RETURN <memo>: the destination asset, the recipient and amountOutMin.
  const [opcode, data] = script.decompile(memo!.script)!
  expect(opcode).toBe(script.OPS.OP_RETURN)
  expect(new TextDecoder().decode(data as Uint8Array)).toBe(tx.memo)
  expect(memo!.value).toBe(0n)
  expect(parseBitcoinMemo(tx.memo)).toEqual({
    asset: `ETH.USDC-${ETH_USDC.toUpperCase()}`,
    destination: RECIPIENT,
    limit: BigInt(quote.amountOutMin.amount),
  })
  expect(address.fromOutputScript(change!.script)).toBe(sender)
  // Fee: what the inputs do not pay out, at the snapshot's sat/vB on the size estimate, which bounds the real size.
  const spent = psbt.data.inputs.reduce((sum, input) => sum + input.witnessUtxo!.value, 0n)
  const paid = signed.outs.reduce((sum, output) => sum + output.value, 0n)
  expect(spent - paid).toBe(BigInt(tx.fee))
  expect(tx.feeRate).toBe(FEE_RATE.toString())
  expect(BigInt(tx.fee)).toBe(BigInt(tx.vsize) * FEE_RATE)
  expect(signed.virtualSize()).toBeLessThanOrEqual(tx.vsize)
  expect(signed.virtualSize()).toBeGreaterThanOrEqual(tx.vsize - signed.ins.length)
  return signed
}

describe('Bitcoin deposit PSBT', () => {
  it('is the builder of the bitcoin VM, which refuses evm-calldata-tx (a deposit cannot carry the call)', () => {
    const build = transactionBuilderOf('bitcoin')!
    const quote = quoteFor(P2WPKH, 'exact-amount-in', '1000000')
    const parameters = {
      snapshot: engine.snapshot,
      txId: `0x${'00'.repeat(32)}` as const,
      quote,
      swapDirection: 'exact-amount-in' as const,
      sender: P2WPKH,
      recipient: RECIPIENT,
      deadline: 1_800_000_000,
      sourceState: { bitcoin: { utxos: WALLET } },
    }
    expect(build(parameters)).toEqual(buildBitcoinTransaction(parameters))
    const call = { target: RECIPIENT, data: '0x' as const, value: 0n, erc20Spender: RECIPIENT, erc20Amount: 1n }
    expect(thrown(() => build({ ...parameters, call }), InvalidParameterError).details.parameter).toBe('actionType')
  })

  it('P2WPKH sender, exact-in: signs and finalizes; vault output, memo, change, fee and vsize are the quote’s', () => {
    const quote = quoteFor(P2WPKH, 'exact-amount-in', '1000000')
    const signed = expectMatchesQuote(build(P2WPKH, quote), quote, P2WPKH)
    // Largest confirmed output first: 3,000,000 sats pays 1,000,000 and its fee alone.
    expect(signed.ins).toHaveLength(1)
  })

  it('P2TR sender, exact-in: the wallet adds its internal key, signs with the tweaked key (key path)', () => {
    const quote = quoteFor(P2TR, 'exact-amount-in', '3500000')
    const signed = expectMatchesQuote(build(P2TR, quote), quote, P2TR)
    // 3,000,000 then 900,000: two inputs.
    expect(signed.ins).toHaveLength(2)
  })

  it('exact-out: the vault gets amountInMax and the memo’s limit is the exact amountOut', () => {
    const quote = quoteFor(P2WPKH, 'exact-amount-out', '500000000')
    expect(quote.amountOutMin.amount).toBe(quote.amountOut.amount)
    expectMatchesQuote(build(P2WPKH, quote), quote, P2WPKH)
  })

  it('a memo names a native destination as CHAIN.SYMBOL', () => {
    const quote = engine.quote({
      sender: P2WPKH,
      srcChainId: BTC,
      srcToken: 'bitcoin',
      dstChainId: 1,
      dstToken: '0x0000000000000000000000000000000000000000',
      amount: '1000000',
      swapDirection: 'exact-amount-in',
      slippage: 50,
      recipient: RECIPIENT,
    })
    expect(build(P2WPKH, quote).memo).toBe(`=:ETH.ETH:${RECIPIENT}:${quote.amountOutMin.amount}`)
  })

  it('refuses a sender it cannot spend from (P2PKH) and a refundTo other than the sender', () => {
    const p2pkh = payments.p2pkh({ pubkey: KEY.publicKey }).address!
    const quote = quoteFor(P2WPKH, 'exact-amount-in', '1000000')
    const error = thrown(() => build(p2pkh, quote), InvalidAddressError)
    expect(error.details).toMatchObject({ field: 'sender', address: p2pkh })
    const refund = () =>
      buildBitcoinTransaction({
        snapshot: engine.snapshot,
        quote,
        sender: P2WPKH,
        recipient: RECIPIENT,
        refundTo: P2TR,
        sourceState: { bitcoin: { utxos: WALLET } },
      })
    expect(thrown(refund, InvalidParameterError).details.parameter).toBe('refundTo')
  })
})
