/**
 * Coin selection of the Bitcoin builder: largest confirmed outputs first, change only above the dust limit,
 * outputs costing more than they add left out, and `INSUFFICIENT_FUNDS` with what was needed and what there was.
 */
import { describe, expect, it } from 'vitest'
import { InsufficientFundsError } from '../../../../engine/index.js'
import type { BitcoinUtxo } from '../../../../engine/transactions.js'
import { selectCoins } from '../../../../engine/vm/bitcoin/coinSelection.js'
import { inputWeight, outputWeight, transactionWeight, virtualSize } from '../../../../engine/vm/bitcoin/vsize.js'
import { thrown } from '../../../helpers/thrown.js'

const SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const utxo = (id: string, value: bigint, confirmed = true): BitcoinUtxo => ({
  txid: id.repeat(64),
  vout: 0,
  value,
  confirmed,
})
/** A P2WPKH vault output and a 60-byte memo: the deposit's fixed outputs. */
const FIXED = [outputWeight(22), outputWeight(62)]
const base = {
  inputType: 'p2wpkh' as const,
  outputWeights: FIXED,
  changeWeight: outputWeight(22),
  dustLimit: 294n,
  feeRate: 4n,
  sender: SENDER,
  chainId: 20000000000001,
}
const vsizeOf = (inputs: number, outputs: readonly number[]) =>
  virtualSize(transactionWeight('p2wpkh', inputs, outputs))

describe('selectCoins', () => {
  it('takes the largest confirmed outputs first and returns the rest as change', () => {
    const utxos = [utxo('a', 10_000n), utxo('b', 70_000n), utxo('c', 60_000n), utxo('d', 900_000n, false)]
    const selection = selectCoins({ ...base, utxos, payment: 100_000n })
    expect(selection.inputs.map((input) => input.txid[0])).toEqual(['b', 'c'])
    const vsize = vsizeOf(2, [...FIXED, base.changeWeight])
    expect(selection).toMatchObject({
      vsize,
      fee: BigInt(vsize) * 4n,
      change: 130_000n - 100_000n - BigInt(vsize) * 4n,
    })
  })

  it('leaves a change below the dust limit to the miner, without a change output', () => {
    const vsize = vsizeOf(1, FIXED)
    // Exactly the payment, the fee without change, and 200 sats: below the 294-sat dust limit.
    const value = 50_000n + BigInt(vsize) * 4n + 200n
    const selection = selectCoins({ ...base, utxos: [utxo('a', value)], payment: 50_000n })
    expect(selection).toMatchObject({ change: 0n, vsize, fee: BigInt(vsize) * 4n + 200n })
  })

  it('skips outputs worth less than the fee of spending them', () => {
    const inputFee = BigInt(virtualSize(inputWeight('p2wpkh'))) * 4n
    const utxos = [utxo('a', 200_000n), utxo('b', inputFee)]
    const error = thrown(() => selectCoins({ ...base, utxos, payment: 200_000n }), InsufficientFundsError)
    expect(error.details.available).toBe('200000')
  })

  it('INSUFFICIENT_FUNDS names the sender, what the deposit needs and what is spendable', () => {
    const utxos = [utxo('a', 30_000n), utxo('b', 20_000n), utxo('c', 1_000_000n, false)]
    const error = thrown(() => selectCoins({ ...base, utxos, payment: 60_000n }), InsufficientFundsError)
    expect(error.code).toBe('INSUFFICIENT_FUNDS')
    expect(error.status).toBe(400)
    expect(error.details).toEqual({
      address: SENDER,
      chainId: 20000000000001,
      required: String(60_000n + BigInt(vsizeOf(2, FIXED)) * 4n),
      available: '50000',
    })
  })

  it('an empty wallet needs the payment and the fee of one input', () => {
    const error = thrown(() => selectCoins({ ...base, utxos: [], payment: 1_000n }), InsufficientFundsError)
    expect(error.details).toMatchObject({ required: String(1_000n + BigInt(vsizeOf(1, FIXED)) * 4n), available: '0' })
  })
})
