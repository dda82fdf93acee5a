/**
 * The Bitcoin transaction of a quote: an unsigned PSBT (BIP174) that pays the bridge's vault, carries the swap memo
 * in an `OP_RETURN` output and returns the change to the sender, built with bitcoinjs-lib from the sender's
 * unspent outputs (`SourceState.bitcoin`). Pure: the outputs come in, the PSBT goes out. Imported through the
 * `transactions` entry only.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { Psbt, address as bitcoinAddress, initEccLib, payments } from 'bitcoinjs-lib'
import { InvalidAddressError, InvalidParameterError } from '../../errors/index.js'
import type { Snapshot } from '../../graph/types.js'
import type { QuoteResult } from '../../quote/types.js'
import { bitcoinModule } from '../bitcoin.js'
import type { SourceState } from '../sourceState.js'
import { selectCoins } from './coinSelection.js'
import { bitcoinMemo } from './memo.js'
import { type BitcoinInputType, outputWeight } from './vsize.js'

// Taproot outputs need an elliptic-curve library to check their keys (bitcoinjs-lib's documented set-up).
initEccLib(ecc)

/** The `tx` of a quote whose source chain is Bitcoin. */
export interface BitcoinTransaction {
  /** The bridge's vault (the chain's `routerAddress`): the deposit's receiver. */
  to: string
  /** The unsigned PSBT, base64 (BIP174): every input has its `witnessUtxo`. */
  data: string
  /** Satoshis paid to the vault, decimal string: `amountIn` (exact-in) or `amountInMax` (exact-out). */
  value: string
  chainId: number
  /** The `OP_RETURN` memo, as text (`=:ASSET:DESTINATION:LIMIT`, `engine/vm/bitcoin/memo.ts`). */
  memo: string
  /** Satoshis left to the miner, decimal string: Σ inputs − Σ outputs. */
  fee: string
  /** Satoshis per virtual byte the fee was computed at: the chain's `gasPrice` in the snapshot. */
  feeRate: string
  /** Virtual bytes of the signed transaction, at most (signatures counted at their largest). */
  vsize: number
}

/** What `buildBitcoinTransaction` needs: the quote, its parties, and the sender's unspent outputs. */
export interface BuildBitcoinTransactionParameters {
  snapshot: Snapshot
  quote: QuoteResult
  sender: string
  recipient?: string | undefined
  refundTo?: string | undefined
  sourceState?: SourceState | undefined
}

/**
 * Dust limits of change outputs (Bitcoin Core's at its 3 sat/vB dust relay fee): a smaller change is left to the
 * miner.
 */
const DUST_LIMITS: Readonly<Record<BitcoinInputType, bigint>> = Object.freeze({ p2wpkh: 294n, p2tr: 330n })

/**
 * Builds the deposit PSBT of a quote. Outputs, in order: the vault (`value` satoshis), the memo (`OP_RETURN`,
 * 0 satoshis), the change to the sender when there is any (`coinSelection.ts`). Inputs are the selected outputs of
 * the sender, each with its `witnessUtxo`; a P2TR signer adds its `tapInternalKey` before signing, as wallets do
 * (the address holds only the tweaked key).
 *
 * @throws InvalidAddressError when the sender is not a P2WPKH or P2TR address (no other script is spent).
 * @throws InvalidParameterError when `refundTo` is not the sender: the vault refunds to the first input's address.
 * @throws InsufficientFundsError when the sender's confirmed outputs do not pay the deposit and its fee.
 * @throws Error when the source chain is not Bitcoin or no unspent outputs were given: a bug, not user input.
 *
 * @example
 * const tx = buildBitcoinTransaction({ snapshot, quote, sender: 'bc1q…', recipient: '0x…',
 *   sourceState: { bitcoin: { utxos } } })
 * Psbt.fromBase64(tx.data).txOutputs[0].value // BigInt(tx.value)
 */
export function buildBitcoinTransaction(parameters: BuildBitcoinTransactionParameters): BitcoinTransaction {
  const { snapshot, quote, sender } = parameters
  const chain = snapshot.chains.get(quote.amountIn.chainId)
  if (chain?.vm !== bitcoinModule.vm) {
    throw new Error(`Bitcoin transactions need a Bitcoin source chain, got chain ${quote.amountIn.chainId}`)
  }
  const utxos = parameters.sourceState?.bitcoin?.utxos
  if (utxos === undefined) throw new Error('Bitcoin transactions need the sender’s unspent outputs (sourceState)')
  if (parameters.refundTo && parameters.refundTo !== sender) {
    throw new InvalidParameterError({
      parameter: 'refundTo',
      value: parameters.refundTo,
      reason: 'a Bitcoin deposit is refunded to its sender (the first input’s address); omit refundTo',
    })
  }
  const { script: senderScript, type: inputType } = senderOutput(sender)
  const payment = BigInt(quote.amountInMax.amount)
  const memo = bitcoinMemo(snapshot, quote, parameters.recipient || sender)
  const memoScript = payments.embed({ data: [new TextEncoder().encode(memo)] }).output!
  const vaultScript = bitcoinAddress.toOutputScript(chain.routerAddress)
  const selection = selectCoins({
    utxos,
    inputType,
    payment,
    outputWeights: [outputWeight(vaultScript.length), outputWeight(memoScript.length)],
    changeWeight: outputWeight(senderScript.length),
    dustLimit: DUST_LIMITS[inputType],
    feeRate: chain.gasPrice,
    sender,
    chainId: chain.chainId,
  })
  const psbt = new Psbt()
  for (const utxo of selection.inputs) {
    psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: senderScript, value: utxo.value } })
  }
  psbt.addOutput({ script: vaultScript, value: payment })
  psbt.addOutput({ script: memoScript, value: 0n })
  if (selection.change > 0n) psbt.addOutput({ script: senderScript, value: selection.change })
  return {
    to: chain.routerAddress,
    data: psbt.toBase64(),
    value: payment.toString(),
    chainId: chain.chainId,
    memo,
    fee: selection.fee.toString(),
    feeRate: chain.gasPrice.toString(),
    vsize: selection.vsize,
  }
}

/** The sender's output script and its type; refuses the scripts the builder cannot size or sign for. */
function senderOutput(sender: string): { script: Uint8Array; type: BitcoinInputType } {
  let script: Uint8Array | undefined
  try {
    script = bitcoinAddress.toOutputScript(sender)
  } catch {
    script = undefined
  }
  // OP_0 <20 bytes>: P2WPKH; OP_1 <32 bytes>: P2TR.
  if (script?.length === 22 && script[0] === 0x00 && script[1] === 0x14) return { script, type: 'p2wpkh' }
  if (script?.length === 34 && script[0] === 0x51 && script[1] === 0x20) return { script, type: 'p2tr' }
  throw new InvalidAddressError({
    field: 'sender',
    address: sender,
    reason: 'a Bitcoin sender must be a P2WPKH (bc1q…, 20-byte program) or P2TR (bc1p…) address',
  })
}
