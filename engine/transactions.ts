/**
 * crossroute transactions: the transaction a quote is signed as, built per source VM. A separate entry from the
 * engine's (`index.ts`) because the builders import viem, which costs hundreds of milliseconds; research code that
 * only quotes never loads it.
 *
 * @example
 * import { createEngine, loadSnapshot } from 'crossroute'
 * import { transactionBuilderOf } from 'crossroute/transactions'
 * const engine = createEngine(loadSnapshot())
 * const quote = engine.quote(request)
 * const build = transactionBuilderOf(engine.snapshot.chains.get(request.srcChainId)!.vm)
 * const tx = build?.({
 *   snapshot: engine.snapshot, txId, quote, swapDirection: 'exact-amount-in', sender, deadline,
 * })
 */
export { transactionBuilderOf } from './vm/transactions.js'
export type { BuildTransactionParameters, SourceState, Transaction, TransactionBuilder } from './vm/transactions.js'
export { buildEvmTransaction, encodeRouterCall, routerCallValue, stepId } from './vm/evm/transaction.js'
export type { BuildEvmTransactionParameters, EvmTransaction, RouterCall } from './vm/evm/transaction.js'
export {
  MEMO_PROGRAM_ID,
  SIMULATED_RECENT_BLOCKHASH,
  SOLANA_COMPUTE_UNIT_LIMIT,
  SOLANA_TOKEN_PROGRAMS,
  buildSolanaTransaction,
} from './vm/solana/transaction.js'
export type { BuildSolanaTransactionParameters, SolanaSourceState, SolanaTransaction } from './vm/solana/transaction.js'
export { buildTronTransaction, tronAbiAddress } from './vm/tron/transaction.js'
export type { TronTransaction } from './vm/tron/transaction.js'
export { depositAddressOf } from './vm/depositAddress/index.js'
export type { DepositAddressDerivation } from './vm/depositAddress/index.js'
export { ROUTER_ABI, STEP_KIND, STEP_VENUE, SWAP_DIRECTION_CODE } from './vm/evm/routerAbi.js'
export { PLACEHOLDER_ROUTER_ADDRESS, assertRouterExecutes, quoteParts, stepExecution } from './vm/evm/routerParts.js'
export type { StepExecution } from './vm/evm/routerParts.js'
export { decodeChainAddress, encodeChainAddress } from './vm/chainAddress.js'
export { buildBitcoinTransaction } from './vm/bitcoin/transaction.js'
export type { BitcoinTransaction, BuildBitcoinTransactionParameters } from './vm/bitcoin/transaction.js'
export { bitcoinMemo, parseBitcoinMemo } from './vm/bitcoin/memo.js'
export type { BitcoinSourceState, BitcoinUtxo } from './vm/sourceState.js'
export {
  HYPERLIQUID_SIGNATURE_CHAIN_ID,
  SPOT_SEND_TYPES,
  buildHypercoreTransaction,
} from './vm/hypercore/transaction.js'
export type {
  BuildHypercoreTransactionParameters,
  HypercoreTransaction,
  SpotSendAction,
} from './vm/hypercore/transaction.js'
