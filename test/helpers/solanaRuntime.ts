/**
 * An in-process Solana runtime for tests (litesvm: the real SVM with the System, Compute Budget, SPL Token,
 * Token-2022, Associated Token Account and Memo programs), with helpers to fund wallets, plant a mint at a snapshot
 * token's address, and run a transaction the service built after signing it.
 */
import {
  AccountLayout,
  ACCOUNT_SIZE,
  MINT_SIZE,
  MintLayout,
  getAssociatedTokenAddressSync,
  unpackAccount,
} from '@solana/spl-token'
import { type Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { setFlagsFromString } from 'node:v8'

// litesvm's linux-x64-gnu binding aborts the process (`std::bad_alloc`) after a few program executions
// (LiteSVM/litesvm#171): gdb shows it in V8's garbage collector, rehashing its allocation-site pretenuring
// feedback. Without that V8 optimisation (tests only) hundreds of executions run cleanly.
setFlagsFromString('--no-allocation-site-pretenuring')

/** A litesvm with its default programs; `sendBuilt` signs and runs a built transaction. */
export class SolanaRuntime {
  readonly svm = new LiteSVM()

  /** Gives `owner` lamports (airdrop, a real transaction of the runtime). */
  fund(owner: PublicKey, lamports: bigint): void {
    const result = this.svm.airdrop(owner, lamports)
    if (result instanceof FailedTransactionMetadata) throw new Error(`airdrop failed: ${result.toString()}`)
  }

  /** Lamports of an account; 0 when it does not exist. */
  lamports(account: PublicKey): bigint {
    return this.svm.getBalance(account) ?? 0n
  }

  /** Writes an initialized mint owned by `tokenProgram` at `mint` (a snapshot token's address). */
  plantMint(mint: PublicKey, decimals: number, tokenProgram: PublicKey): void {
    const data = Buffer.alloc(MINT_SIZE)
    MintLayout.encode(
      {
        mintAuthorityOption: 0,
        mintAuthority: PublicKey.default,
        supply: 10n ** 18n,
        decimals,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      data,
    )
    this.write(mint, data, tokenProgram)
  }

  /** Writes `owner`'s associated token account of `mint` holding `amount`; returns its address. */
  plantTokenAccount(mint: PublicKey, owner: PublicKey, amount: bigint, tokenProgram: PublicKey): PublicKey {
    const address = getAssociatedTokenAddressSync(mint, owner, true, tokenProgram)
    const data = Buffer.alloc(ACCOUNT_SIZE)
    AccountLayout.encode(
      {
        mint,
        owner,
        amount,
        delegateOption: 0,
        delegate: PublicKey.default,
        state: 1,
        isNativeOption: 0,
        isNative: 0n,
        delegatedAmount: 0n,
        closeAuthorityOption: 0,
        closeAuthority: PublicKey.default,
      },
      data,
    )
    this.write(address, data, tokenProgram)
    return address
  }

  /** The token balance of `owner`'s associated account of `mint`, or `undefined` when that account does not exist. */
  tokenBalance(mint: PublicKey, owner: PublicKey, tokenProgram: PublicKey): bigint | undefined {
    const address = getAssociatedTokenAddressSync(mint, owner, true, tokenProgram)
    const account = this.svm.getAccount(address)
    if (account === null) return undefined
    return unpackAccount(address, { ...account, data: Buffer.from(account.data) }, tokenProgram).amount
  }

  /** Decodes a built transaction (`tx.data`, base64), signs it with `signers` and runs it. */
  sendBuilt(data: string, signers: readonly Keypair[]): TransactionMetadata | FailedTransactionMetadata {
    const transaction = VersionedTransaction.deserialize(Buffer.from(data, 'base64'))
    transaction.sign([...signers])
    return this.svm.sendTransaction(transaction)
  }

  private write(address: PublicKey, data: Buffer, owner: PublicKey): void {
    const lamports = Number(this.svm.minimumBalanceForRentExemption(BigInt(data.length)))
    this.svm.setAccount(address, { lamports, data, owner, executable: false })
  }
}
