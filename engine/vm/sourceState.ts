/**
 * Chain state a source VM's transaction builder needs and the snapshot does not carry: what only the chain knows at
 * the moment of the request (a recent Solana blockhash, a Bitcoin sender's unspent outputs). The service fetches it
 * per request (`service/vm/sourceState.ts`) and passes it in, so builders stay pure functions of their parameters;
 * a library user passes it the same way. Each VM that needs state adds its own optional field.
 */
export interface SourceState {
  /** The VM the state was read for, checked by its builder. */
  readonly vm?: string
  /** A Solana source: the recent blockhash, and the source token's program (`engine/vm/solana/README.md`). */
  readonly solana?: SolanaSourceState
  /** A Bitcoin sender's unspent outputs (its UTXO provider's answer), for the PSBT's coin selection. */
  readonly bitcoin?: BitcoinSourceState
}

/** What a Solana builder needs from the chain at request time (`SourceState.solana`). */
export interface SolanaSourceState {
  /** A recent blockhash (base58); the transaction can land until it expires (about 150 slots, a minute). */
  readonly recentBlockhash: string
  /** The program that owns the source token's mint (Token or Token-2022), base58; default Token. Unused for SOL. */
  readonly tokenProgram?: string
}

/** What a Bitcoin builder needs from the chain: the sender's unspent outputs. */
export interface BitcoinSourceState {
  /** Every unspent output of the sender's address, in any order; unconfirmed ones are not spent. */
  readonly utxos: readonly BitcoinUtxo[]
}

/** One unspent output of the sender (Esplora's `GET /address/:address/utxo` item). */
export interface BitcoinUtxo {
  /** The funding transaction's id: 64 hex digits, in the usual (display, byte-reversed) order. */
  readonly txid: string
  /** The output's index in that transaction. */
  readonly vout: number
  /** Satoshis. */
  readonly value: bigint
  /** Whether the funding transaction is in a block. */
  readonly confirmed: boolean
}
