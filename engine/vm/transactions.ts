/**
 * The transaction builders per VM, kept apart from the light VM descriptors (`registry.ts`): builders encode with
 * viem, which takes hundreds of milliseconds to import, so only code that builds transactions pays for it (the
 * `transactions` entry). A Solana or Bitcoin builder would bring @solana/web3.js or bitcoinjs-lib (today dev-only)
 * back into `dependencies`, behind the same entry.
 */
import type { Vm } from '../graph/types.js'
import { type BuildEvmTransactionParameters, type EvmTransaction, buildEvmTransaction } from './evm/transaction.js'
import type { SourceState } from './sourceState.js'
import { type TronTransaction, buildTronTransaction } from './tron/transaction.js'

export type { SourceState } from './sourceState.js'

/**
 * What every builder takes: the quote (with its fees), the request's parties, deadline and optional call, and the
 * source chain's state when its VM needs some (`SourceState`).
 */
export type BuildTransactionParameters = BuildEvmTransactionParameters & { readonly sourceState?: SourceState }

/** The `tx` object of the action response (SPEC §2.4), by source VM. Grows as VMs get builders. */
export type Transaction = EvmTransaction | TronTransaction

/** Builds the one transaction the user signs for a quote whose source chain is of the builder's VM. */
export type TransactionBuilder = (parameters: BuildTransactionParameters) => Transaction

/** Builders by VM; a VM absent here has no transactions yet. */
const BUILDERS: Readonly<Partial<Record<Vm, TransactionBuilder>>> = Object.freeze({
  evm: buildEvmTransaction,
  tron: buildTronTransaction,
})

/**
 * The transaction builder of a source chain's VM.
 *
 * @param vm - the source chain's `vm`.
 * @returns the builder, or `undefined` when the VM has none yet (Solana, Bitcoin, HyperCore): the caller
 *   answers "not supported yet".
 *
 * @example
 * const build = transactionBuilderOf(snapshot.chains.get(8453)!.vm)
 * const tx = build?.({ snapshot, txId, quote, swapDirection: 'exact-amount-in', sender, deadline })
 */
export function transactionBuilderOf(vm: Vm): TransactionBuilder | undefined {
  return Object.hasOwn(BUILDERS, vm) ? BUILDERS[vm] : undefined
}
