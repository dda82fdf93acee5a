/**
 * The size of a Bitcoin transaction before it is signed, in weight units (BIP141: non-witness bytes count 4, witness
 * bytes 1; virtual size = weight / 4 rounded up). Signatures are counted at their largest, so the estimate is an
 * upper bound of the signed transaction's size and the fee it pays never falls below the asked rate.
 */

/** The sender script types the builder spends: key-path spends whose witness size is known in advance. */
export type BitcoinInputType = 'p2wpkh' | 'p2tr'

/** Outpoint (36) + empty scriptSig length (1) + sequence (4): the non-witness bytes of a segwit input. */
const INPUT_BASE_BYTES = 41

/**
 * Witness bytes of each input type, signatures at their largest:
 * - P2WPKH: item count (1) + DER signature with its sighash byte (1 + 73) + compressed key (1 + 33) = 109;
 * - P2TR key path: item count (1) + Schnorr signature with an explicit sighash byte (1 + 65) = 67.
 */
const WITNESS_BYTES: Readonly<Record<BitcoinInputType, number>> = Object.freeze({ p2wpkh: 109, p2tr: 67 })

/** Version (4) + locktime (4): the fixed non-witness bytes of every transaction. */
const TX_BASE_BYTES = 8
/** Segwit marker and flag: two witness bytes. */
const SEGWIT_MARKER_WEIGHT = 2

/**
 * The weight of one input of a type, signed.
 *
 * @example inputWeight('p2wpkh') // 273: 41 × 4 + 109
 */
export function inputWeight(type: BitcoinInputType): number {
  return INPUT_BASE_BYTES * 4 + WITNESS_BYTES[type]
}

/**
 * The weight of an output paying to a script: value (8) + script length (varint) + script, all non-witness.
 *
 * @example outputWeight(22) // 124: a P2WPKH output, 31 bytes
 */
export function outputWeight(scriptBytes: number): number {
  return (8 + varIntBytes(scriptBytes) + scriptBytes) * 4
}

/**
 * The weight of a signed segwit transaction spending `inputCount` inputs of one type into outputs of the given
 * weights.
 *
 * @example transactionWeight('p2wpkh', 1, [outputWeight(22), outputWeight(22)]) // 561
 */
export function transactionWeight(type: BitcoinInputType, inputCount: number, outputWeights: readonly number[]) {
  const outputs = outputWeights.reduce((sum, weight) => sum + weight, 0)
  const counts = varIntBytes(inputCount) + varIntBytes(outputWeights.length)
  return (TX_BASE_BYTES + counts) * 4 + SEGWIT_MARKER_WEIGHT + inputCount * inputWeight(type) + outputs
}

/**
 * Virtual bytes of a weight: weight / 4, rounded up (BIP141), the unit fee rates are quoted in.
 *
 * @example virtualSize(561) // 141
 */
export function virtualSize(weight: number): number {
  return Math.ceil(weight / 4)
}

/** Bytes of Bitcoin's CompactSize encoding of `n`. */
function varIntBytes(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffff_ffff ? 5 : 9
}
