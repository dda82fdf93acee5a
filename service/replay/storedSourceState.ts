/**
 * The source chain's state a stored quote was built with, read back from its own transaction: what `getAction`
 * fetched at the time (a Solana blockhash and token program, a Bitcoin sender's unspent outputs) is not stored
 * apart, but the transaction it went into is, and it holds exactly what the builder used.
 */
import { VersionedTransaction } from '@solana/web3.js'
import { Psbt } from 'bitcoinjs-lib'
import type { Vm } from '../../engine/index.js'
import { SOLANA_TOKEN_PROGRAMS, type SourceState } from '../../engine/transactions.js'

/**
 * The source state to rebuild a stored quote's transaction with, for the VMs whose builder takes some.
 *
 * - Solana: the message's recent blockhash, and the token program among its accounts (Token-2022 before Token: a
 *   Token-2022 transfer lists only its own program);
 * - Bitcoin: the PSBT's inputs as the sender's confirmed outputs. Coin selection takes the largest first and stops
 *   as soon as the payment and fee are covered, so given exactly the outputs it selected, it selects them again.
 *
 * @param tx - the stored response's `tx` (`data`: the base64 transaction or PSBT).
 * @returns `undefined` for a VM whose builder needs no state (EVM, Tron, HyperCore).
 * @example sourceStateOfStoredTx('solana', response.tx)?.solana?.recentBlockhash
 */
export function sourceStateOfStoredTx(vm: Vm | undefined, tx: { readonly data: string }): SourceState | undefined {
  return vm === undefined ? undefined : READERS[vm]?.(tx.data)
}

/** Reads the source state back from a stored transaction's `data`, per VM whose builder takes some. */
const READERS: Readonly<Partial<Record<Vm, (data: string) => SourceState>>> = Object.freeze({
  solana: (data: string): SourceState => {
    const message = VersionedTransaction.deserialize(Buffer.from(data, 'base64')).message
    const accounts = new Set(message.staticAccountKeys.map((key) => key.toBase58()))
    const tokenProgram = [...SOLANA_TOKEN_PROGRAMS].reverse().find((program) => accounts.has(program))
    return {
      vm: 'solana',
      solana: { recentBlockhash: message.recentBlockhash, ...(tokenProgram === undefined ? {} : { tokenProgram }) },
    }
  },
  bitcoin: (data: string): SourceState => {
    const psbt = Psbt.fromBase64(data)
    const utxos = psbt.txInputs.map((input, index) => ({
      txid: Buffer.from(input.hash).reverse().toString('hex'),
      vout: input.index,
      value: psbt.data.inputs[index]!.witnessUtxo!.value,
      confirmed: true,
    }))
    return { bitcoin: { utxos } }
  },
})
