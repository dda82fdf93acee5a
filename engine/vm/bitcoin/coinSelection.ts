/**
 * Coin selection of the Bitcoin builder: which of the sender's unspent outputs pay for the deposit, and what comes
 * back as change. Largest first, deterministic:
 *
 * 1. only confirmed outputs are candidates (a bridge vault counts confirmations; an unconfirmed parent could be
 *    replaced), and only those worth more than the fee of spending them at the asked rate;
 * 2. candidates are taken by value, largest first (ties by txid, then vout), until they pay the payment plus the
 *    fee of the transaction as it would be with them;
 * 3. the rest comes back as a change output when it is at least the dust limit of the sender's script; below that
 *    there is no change output and the rest goes to the miner (the transaction is smaller then, so it always pays
 *    at least the asked rate).
 *
 * Fewest inputs for the amount, so the smallest fee among selections of this kind; it does not try to avoid change
 * (branch and bound): a deposit's amount is rarely the sum of some outputs.
 */
import { InsufficientFundsError } from '../../errors/index.js'
import type { BitcoinUtxo } from '../sourceState.js'
import { type BitcoinInputType, inputWeight, transactionWeight, virtualSize } from './vsize.js'

/** What `selectCoins` needs. */
export interface SelectCoinsParameters {
  readonly utxos: readonly BitcoinUtxo[]
  /** The sender's script type: the size of each input. */
  readonly inputType: BitcoinInputType
  /** Satoshis the non-change outputs pay out (the deposit; the memo output carries 0). */
  readonly payment: bigint
  /** Weights of the outputs every selection has (the deposit and its memo). */
  readonly outputWeights: readonly number[]
  /** Weight of the change output, paid only when there is change. */
  readonly changeWeight: number
  /** Smallest change worth an output (the sender script's dust limit), satoshis. */
  readonly dustLimit: bigint
  /** Satoshis per virtual byte. */
  readonly feeRate: bigint
  /** For the error: who is paying, and on which chain. */
  readonly sender: string
  readonly chainId: number
}

/** The selection: inputs in spending order, the fee, the change (0 when none) and the virtual size. */
export interface CoinSelection {
  readonly inputs: readonly BitcoinUtxo[]
  /** Satoshis the transaction leaves to the miner: Σ inputs − payment − change. */
  readonly fee: bigint
  /** Satoshis back to the sender; 0 means no change output. */
  readonly change: bigint
  /** Virtual bytes of the signed transaction, at most (signatures counted at their largest). */
  readonly vsize: number
}

/**
 * Selects the inputs and change of a payment (see the module comment for the rules).
 *
 * @throws InsufficientFundsError when every candidate together does not pay the payment and its fee; `required` is
 *   what that would take, `available` the candidates' sum.
 *
 * @example
 * selectCoins({ utxos, inputType: 'p2wpkh', payment: 100_000n, outputWeights: [124, 160], changeWeight: 124,
 *   dustLimit: 294n, feeRate: 4n, sender, chainId: 20000000000001 })
 * // → { inputs: [largest], fee: 824n, change: …, vsize: 206 }
 */
export function selectCoins(parameters: SelectCoinsParameters): CoinSelection {
  const { inputType, payment, outputWeights, changeWeight, dustLimit, feeRate } = parameters
  const inputFee = BigInt(virtualSize(inputWeight(inputType))) * feeRate
  const candidates = parameters.utxos.filter((utxo) => utxo.confirmed && utxo.value > inputFee).sort(byValueDescending)
  const inputs: BitcoinUtxo[] = []
  let total = 0n
  for (const utxo of candidates) {
    inputs.push(utxo)
    total += utxo.value
    const withChange = virtualSize(transactionWeight(inputType, inputs.length, [...outputWeights, changeWeight]))
    const change = total - payment - BigInt(withChange) * feeRate
    if (change >= dustLimit) return { inputs, fee: total - payment - change, change, vsize: withChange }
    const withoutChange = virtualSize(transactionWeight(inputType, inputs.length, outputWeights))
    if (total >= payment + BigInt(withoutChange) * feeRate) {
      return { inputs, fee: total - payment, change: 0n, vsize: withoutChange }
    }
  }
  const vsize = virtualSize(transactionWeight(inputType, Math.max(inputs.length, 1), outputWeights))
  throw new InsufficientFundsError({
    address: parameters.sender,
    chainId: parameters.chainId,
    required: (payment + BigInt(vsize) * feeRate).toString(),
    available: total.toString(),
  })
}

function byValueDescending(a: BitcoinUtxo, b: BitcoinUtxo): number {
  if (a.value !== b.value) return a.value > b.value ? -1 : 1
  if (a.txid !== b.txid) return a.txid < b.txid ? -1 : 1
  return a.vout - b.vout
}
