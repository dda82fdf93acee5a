/**
 * The Solana transaction of a quote: a v0 `VersionedTransaction` that pays the input into the bridge's deposit
 * account (the chain's `routerAddress`, a vault) and names the stored quote in a memo (the `txId`); the quote's route,
 * receiver and bounds are recorded under that `txId`, so the transfer carries nothing else. Built with
 * @solana/web3.js and @solana/spl-token; pure: the recent blockhash and the mint's token program come in through
 * `SourceState` (`service/vm/sourceState.ts` reads them from `SOLANA_RPC_URL`). Fields: `README.md` beside this file.
 */
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import type { Chain } from '../../graph/types.js'
import type { BuildEvmTransactionParameters } from '../evm/transaction.js'
import { solanaModule } from '../solana.js'
import type { SourceState } from '../sourceState.js'
export type { SolanaSourceState } from '../sourceState.js'

/** The `tx` object of the action response for a Solana source chain (SPEC §2.4). */
export interface SolanaTransaction {
  /** The bridge's deposit account (vault) the input is paid into: the chain's `routerAddress`. */
  to: string
  /** The serialized, unsigned v0 `VersionedTransaction`, base64. */
  data: string
  /** Lamports the transaction moves to `to`: the input bound for SOL, else `"0"`. */
  value: string
  chainId: number
}

/** What `buildSolanaTransaction` needs: the shared parameters, the chain state and an optional fee sponsor. */
export type BuildSolanaTransactionParameters = Pick<
  BuildEvmTransactionParameters,
  'snapshot' | 'txId' | 'quote' | 'sender'
> & {
  readonly sourceState?: SourceState
  /** Pays the fees and the rent of created accounts, and signs with the sender (Solana same-chain swaps only). */
  readonly solanaSponsor?: string | undefined
}

/**
 * The blockhash used when no Solana RPC is configured (`SOLANA_RPC_URL` unset): base58 of 32 bytes `0x01`. A
 * transaction built on it decodes and signs but no cluster accepts it; the integrator replaces the blockhash (and
 * signs) before sending, or the operator configures an RPC.
 */
export const SIMULATED_RECENT_BLOCKHASH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'

/** The SPL Memo program (v2): logs the memo and checks that the accounts listed with it signed. */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

/** Compute units requested: measured use (test/engine/vm/solana) with headroom, so the priority fee stays small. */
export const SOLANA_COMPUTE_UNIT_LIMIT = Object.freeze({ native: 40_000, token: 80_000 })

/** Lamports per signature, the base fee the priority fee comes on top of. */
const BASE_FEE_LAMPORTS = 5_000n
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n
/** The programs a source token's mint may belong to: Token, then Token-2022 (base58). */
export const SOLANA_TOKEN_PROGRAMS: readonly string[] = Object.freeze([
  TOKEN_PROGRAM_ID.toBase58(),
  TOKEN_2022_PROGRAM_ID.toBase58(),
])

/**
 * Builds the deposit transaction of a quote whose source chain is Solana: compute budget, the input's transfer to
 * the vault (SOL with the System program; an SPL or Token-2022 token with `transferChecked` between associated
 * token accounts, the vault's created when missing), and a memo of the `txId` signed by the sender. The fee payer
 * is the sender, or `solanaSponsor` when given (then both must sign). The amount is `amountInMax` (= `amountIn`
 * for exact input); the vault returns what the route does not use to `refundTo`.
 *
 * @returns `{to, data, value, chainId}`: `data` is the unsigned v0 transaction, base64.
 * @throws Error when the source chain is not Solana or the token program is neither Token nor Token-2022 (a bug or a
 *   bad `SourceState`, not user input).
 *
 * @example
 * const tx = buildSolanaTransaction({ snapshot, txId, quote, sender, sourceState: { solana: { recentBlockhash } } })
 * const unsigned = VersionedTransaction.deserialize(Buffer.from(tx.data, 'base64'))
 */
export function buildSolanaTransaction(parameters: BuildSolanaTransactionParameters): SolanaTransaction {
  const { snapshot, quote, txId } = parameters
  const chain = snapshot.chains.get(quote.amountIn.chainId)
  if (chain?.vm !== solanaModule.vm) {
    throw new Error(`Solana transactions need a Solana source chain, got chain ${quote.amountIn.chainId}`)
  }
  const state = parameters.sourceState?.solana
  const sender = new PublicKey(parameters.sender)
  const payer = parameters.solanaSponsor === undefined ? sender : new PublicKey(parameters.solanaSponsor)
  const vault = new PublicKey(chain.routerAddress)
  const amount = BigInt(quote.amountInMax.amount)
  const isNative = quote.amountIn.isNative
  const transfer = isNative
    ? [SystemProgram.transfer({ fromPubkey: sender, toPubkey: vault, lamports: amount })]
    : tokenTransfer({ payer, sender, vault, amount, quote, tokenProgram: state?.tokenProgram })
  const computeUnits = isNative ? SOLANA_COMPUTE_UNIT_LIMIT.native : SOLANA_COMPUTE_UNIT_LIMIT.token
  const instructions = [
    ComputeBudgetProgram.setComputeUnitLimit({ units: computeUnits }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: microLamportsPerUnit(chain, computeUnits) }),
    ...transfer,
    new TransactionInstruction({
      programId: MEMO_PROGRAM_ID,
      keys: [],
      data: Buffer.from(txId, 'utf8'),
    }),
  ]
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: state?.recentBlockhash ?? SIMULATED_RECENT_BLOCKHASH,
    instructions,
  }).compileToV0Message()
  return {
    to: vault.toBase58(),
    data: Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'),
    value: isNative ? amount.toString() : '0',
    chainId: chain.chainId,
  }
}

/**
 * The priority fee per compute unit: the snapshot's fee per transaction (`gasPrice` × `swapGasUnits`, lamports)
 * less one signature's base fee, spread over the units requested, rounded down so the user never pays more than
 * the quote assumed.
 */
function microLamportsPerUnit(chain: Chain, computeUnits: number): bigint {
  const priorityLamports = chain.gasPrice * chain.swapGasUnits - BASE_FEE_LAMPORTS
  if (priorityLamports <= 0n) return 0n
  return (priorityLamports * MICRO_LAMPORTS_PER_LAMPORT) / BigInt(computeUnits)
}

interface TokenTransferParameters {
  readonly payer: PublicKey
  readonly sender: PublicKey
  readonly vault: PublicKey
  readonly amount: bigint
  readonly quote: BuildSolanaTransactionParameters['quote']
  readonly tokenProgram: string | undefined
}

/** The vault's associated token account (created idempotently, rent paid by the fee payer), then `transferChecked`. */
function tokenTransfer(parameters: TokenTransferParameters): TransactionInstruction[] {
  const { payer, sender, vault, amount, quote } = parameters
  const tokenProgram = parameters.tokenProgram ?? TOKEN_PROGRAM_ID.toBase58()
  if (!SOLANA_TOKEN_PROGRAMS.includes(tokenProgram)) {
    throw new Error(`the mint ${quote.amountIn.address} is owned by ${tokenProgram}, not a token program`)
  }
  const programId = new PublicKey(tokenProgram)
  const mint = new PublicKey(quote.amountIn.address)
  const source = getAssociatedTokenAddressSync(mint, sender, true, programId)
  // The vault may be a program-derived address: off the curve.
  const destination = getAssociatedTokenAddressSync(mint, vault, true, programId)
  return [
    createAssociatedTokenAccountIdempotentInstruction(payer, destination, vault, mint, programId),
    createTransferCheckedInstruction(source, mint, destination, sender, amount, quote.amountIn.decimals, [], programId),
  ]
}
