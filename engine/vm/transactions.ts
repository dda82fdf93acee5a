/**
 * The transaction builders per VM, kept apart from the light VM descriptors (`registry.ts`): builders encode with
 * viem, which takes hundreds of milliseconds to import, so only code that builds transactions pays for it (the
 * `transactions` entry). The Solana builder brings @solana/web3.js and @solana/spl-token, the Bitcoin builder
 * bitcoinjs-lib, behind the same entry.
 */
import { InvalidParameterError } from '../errors/index.js'
import type { Vm } from '../graph/types.js'
import { type BuildEvmTransactionParameters, type EvmTransaction, buildEvmTransaction } from './evm/transaction.js'
import { type SolanaTransaction, buildSolanaTransaction } from './solana/transaction.js'
import type { SourceState } from './sourceState.js'
import { type BitcoinTransaction, buildBitcoinTransaction } from './bitcoin/transaction.js'
import { type HypercoreTransaction, buildHypercoreTransaction } from './hypercore/transaction.js'
import { type TronTransaction, buildTronTransaction } from './tron/transaction.js'

export type { SourceState } from './sourceState.js'

/**
 * What every builder takes: the quote (with its fees), the request's parties, deadline and optional call, and the
 * source chain's state when its VM needs some (`SourceState`).
 */
export type BuildTransactionParameters = BuildEvmTransactionParameters & {
  readonly sourceState?: SourceState
  /** Solana only: the account that pays fees and rent and co-signs (SPEC §4.1 `solanaSponsor`). */
  readonly solanaSponsor?: string | undefined
}

/** The `tx` object of the action response (SPEC §2.4), by source VM. */
export type Transaction =
  EvmTransaction | TronTransaction | SolanaTransaction | BitcoinTransaction | HypercoreTransaction

/** Builds the one transaction the user signs for a quote whose source chain is of the builder's VM. */
export type TransactionBuilder = (parameters: BuildTransactionParameters) => Transaction

/** Builders by VM; a VM absent here has no transactions yet. */
const BUILDERS: Readonly<Partial<Record<Vm, TransactionBuilder>>> = Object.freeze({
  evm: buildEvmTransaction,
  solana: buildSolanaTransaction,
  bitcoin: withoutCall('bitcoin', buildBitcoinTransaction),
  hypercore: withoutCall('hypercore', buildHypercoreTransaction),
  tron: buildTronTransaction,
})

/**
 * The transaction builder of a source chain's VM.
 *
 * @param vm - the source chain's `vm`.
 * @returns the builder, or `undefined` for a VM without one (none today): the caller
 *   answers "not supported yet".
 *
 * @example
 * const build = transactionBuilderOf(snapshot.chains.get(8453)!.vm)
 * const tx = build?.({ snapshot, txId, quote, swapDirection: 'exact-amount-in', sender, deadline })
 */
export function transactionBuilderOf(vm: Vm): TransactionBuilder | undefined {
  return Object.hasOwn(BUILDERS, vm) ? BUILDERS[vm] : undefined
}

/**
 * A non-EVM builder that refuses `evm-calldata-tx`: its deposit (a PSBT, a spot send) has no room for the call,
 * which only the EVM router's `swapAndCall` carries.
 */
function withoutCall(vm: Vm, build: TransactionBuilder): TransactionBuilder {
  return (parameters) => {
    if (parameters.call !== undefined) {
      throw new InvalidParameterError({
        parameter: 'actionType',
        value: 'evm-calldata-tx',
        reason: `a ${vm} source transaction cannot carry a contract call: evm-calldata-tx needs an EVM source chain`,
      })
    }
    return build(parameters)
  }
}
