import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm'
import { beforeEach, describe, expect, it } from 'vitest'
import { type QuoteRequest, createEngine } from '../../../../engine/index.js'
import { loadSnapshotFile } from '../../../../engine/loader.js'
import {
  MEMO_PROGRAM_ID,
  SIMULATED_RECENT_BLOCKHASH,
  SOLANA_COMPUTE_UNIT_LIMIT,
  buildSolanaTransaction,
  transactionBuilderOf,
} from '../../../../engine/transactions.js'
import { SolanaRuntime } from '../../../helpers/solanaRuntime.js'

const engine = createEngine(loadSnapshotFile())
const SOLANA = 1151111081099710
const SOL = '11111111111111111111111111111111'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const BASE = 8453
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const solana = engine.snapshot.chains.get(SOLANA)!
const VAULT = new PublicKey(solana.routerAddress)
const TX_ID = `0x${'c3'.repeat(32)}` as const
const USDC_MINT = new PublicKey(USDC)

let runtime: SolanaRuntime
let sender: Keypair
beforeEach(() => {
  runtime = new SolanaRuntime()
  sender = Keypair.generate()
  runtime.fund(sender.publicKey, 10n ** 10n)
})

function build(request: Omit<QuoteRequest, 'sender' | 'slippage' | 'srcChainId'>, extra: object = {}) {
  const quote = engine.quote({ sender: sender.publicKey.toBase58(), slippage: 50, srcChainId: SOLANA, ...request })
  const tx = buildSolanaTransaction({
    snapshot: engine.snapshot,
    txId: TX_ID,
    quote,
    sender: sender.publicKey.toBase58(),
    sourceState: { vm: 'solana', solana: { recentBlockhash: runtime.svm.latestBlockhash() } },
    ...extra,
  })
  return { quote, tx, message: VersionedTransaction.deserialize(Buffer.from(tx.data, 'base64')).message }
}

function succeeded(result: TransactionMetadata | FailedTransactionMetadata): TransactionMetadata {
  if (result instanceof FailedTransactionMetadata) throw new Error(`transaction failed: ${result.toString()}`)
  return result
}

/** The error's name of a failed transaction (litesvm's objects are native: never handed to vitest's printer). */
function failure(result: TransactionMetadata | FailedTransactionMetadata): string {
  return result instanceof FailedTransactionMetadata ? result.toString().match(/err: (\w+)/)![1]! : 'success'
}

function expectMemo(result: TransactionMetadata) {
  expect(result.logs()).toContain(`Program log: Memo (len ${TX_ID.length}): "${TX_ID}"`)
}

function instructionsOf(message: VersionedTransaction['message']): TransactionInstruction[] {
  return TransactionMessage.decompile(message).instructions
}

describe('buildSolanaTransaction', () => {
  it('is the builder of the solana VM', () => {
    expect(transactionBuilderOf('solana')).toBe(buildSolanaTransaction)
  })

  it('moves SOL into the vault with a memo of the txId, exact input, in a real Solana runtime', () => {
    const { quote, tx, message } = build({
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '2000000000',
      swapDirection: 'exact-amount-in',
    })
    expect(tx).toMatchObject({ to: VAULT.toBase58(), value: quote.amountIn.amount, chainId: SOLANA })
    expect(message.version).toBe(0)
    expect(message.staticAccountKeys[0]!.equals(sender.publicKey)).toBe(true)
    expect(message.header.numRequiredSignatures).toBe(1)
    const before = runtime.lamports(sender.publicKey)
    const result = succeeded(runtime.sendBuilt(tx.data, [sender]))
    expect(runtime.lamports(VAULT)).toBe(BigInt(quote.amountIn.amount))
    const fee = before - runtime.lamports(sender.publicKey) - BigInt(quote.amountIn.amount)
    expect(fee).toBeGreaterThanOrEqual(5000n)
    expectMemo(result)
    expect(result.computeUnitsConsumed()).toBeLessThanOrEqual(BigInt(SOLANA_COMPUTE_UNIT_LIMIT.native))
  })

  it('pays amountInMax for exact output', () => {
    const { quote, tx } = build({
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '100000000',
      swapDirection: 'exact-amount-out',
    })
    expect(BigInt(quote.amountInMax.amount)).toBeGreaterThan(BigInt(quote.amountIn.amount))
    expect(tx.value).toBe(quote.amountInMax.amount)
    succeeded(runtime.sendBuilt(tx.data, [sender]))
    expect(runtime.lamports(VAULT)).toBe(BigInt(quote.amountInMax.amount))
  })

  it('asks for its compute budget, priced from the snapshot fee per transaction', () => {
    const { message } = build({
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '2000000000',
      swapDirection: 'exact-amount-in',
    })
    const [limit, price, , memo] = instructionsOf(message)
    expect(limit!.programId.equals(ComputeBudgetProgram.programId)).toBe(true)
    expect(ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit!).units).toBe(SOLANA_COMPUTE_UNIT_LIMIT.native)
    const priority = solana.gasPrice * solana.swapGasUnits - 5000n
    const microLamports = (priority * 1_000_000n) / BigInt(SOLANA_COMPUTE_UNIT_LIMIT.native)
    expect(BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(price!).microLamports)).toBe(microLamports)
    expect(memo!.programId.equals(MEMO_PROGRAM_ID)).toBe(true)
    expect(memo!.data.toString('utf8')).toBe(TX_ID)
  })

  for (const [name, program] of [
    ['SPL Token', TOKEN_PROGRAM_ID],
    ['Token-2022', TOKEN_2022_PROGRAM_ID],
  ] as const) {
    it(`moves ${name} USDC into the vault's associated account, creating it when missing (bridge to Base)`, () => {
      runtime.plantMint(USDC_MINT, 6, program)
      runtime.plantTokenAccount(USDC_MINT, sender.publicKey, 5_000_000_000n, program)
      const request = {
        srcToken: USDC,
        dstChainId: BASE,
        dstToken: BASE_USDC,
        amount: '1000000000',
        swapDirection: 'exact-amount-in',
        recipient: '0x1111111111111111111111111111111111111111',
      } as const
      const extra = {
        sourceState: {
          vm: 'solana',
          solana: { recentBlockhash: runtime.svm.latestBlockhash(), tokenProgram: program.toBase58() },
        },
      }
      const { quote, tx } = build(request, extra)
      expect(tx).toMatchObject({ to: VAULT.toBase58(), value: '0', chainId: SOLANA })
      expect(runtime.tokenBalance(USDC_MINT, VAULT, program)).toBeUndefined()
      expectMemo(succeeded(runtime.sendBuilt(tx.data, [sender])))
      expect(runtime.tokenBalance(USDC_MINT, VAULT, program)).toBe(BigInt(quote.amountIn.amount))
      expect(runtime.tokenBalance(USDC_MINT, sender.publicKey, program)).toBe(5_000_000_000n - 1_000_000_000n)
      // The vault's account exists now: the idempotent create lets a second deposit through.
      runtime.svm.expireBlockhash()
      const second = build(request, {
        sourceState: {
          vm: 'solana',
          solana: { ...extra.sourceState.solana, recentBlockhash: runtime.svm.latestBlockhash() },
        },
      })
      const result = succeeded(runtime.sendBuilt(second.tx.data, [sender]))
      expect(runtime.tokenBalance(USDC_MINT, VAULT, program)).toBe(2n * BigInt(quote.amountIn.amount))
      expect(result.computeUnitsConsumed()).toBeLessThanOrEqual(BigInt(SOLANA_COMPUTE_UNIT_LIMIT.token))
    })
  }

  it('with a sponsor: the sponsor pays fees and rent, and both signatures are required', () => {
    const sponsor = Keypair.generate()
    runtime.fund(sponsor.publicKey, 10n ** 10n)
    runtime.plantMint(USDC_MINT, 6, TOKEN_PROGRAM_ID)
    runtime.plantTokenAccount(USDC_MINT, sender.publicKey, 50_000_000n, TOKEN_PROGRAM_ID)
    const { quote, tx, message } = build(
      { srcToken: USDC, dstChainId: SOLANA, dstToken: SOL, amount: '20000000', swapDirection: 'exact-amount-in' },
      { solanaSponsor: sponsor.publicKey.toBase58() },
    )
    expect(message.staticAccountKeys[0]!.equals(sponsor.publicKey)).toBe(true)
    expect(message.header.numRequiredSignatures).toBe(2)
    expect(failure(runtime.sendBuilt(tx.data, [sender]))).toBe('SignatureFailure')
    expect(failure(runtime.sendBuilt(tx.data, [sponsor]))).toBe('SignatureFailure')
    const senderLamports = runtime.lamports(sender.publicKey)
    const sponsorLamports = runtime.lamports(sponsor.publicKey)
    expectMemo(succeeded(runtime.sendBuilt(tx.data, [sponsor, sender])))
    expect(runtime.lamports(sender.publicKey)).toBe(senderLamports)
    expect(runtime.lamports(sponsor.publicKey)).toBeLessThan(sponsorLamports - 10_000n)
    expect(runtime.tokenBalance(USDC_MINT, VAULT, TOKEN_PROGRAM_ID)).toBe(BigInt(quote.amountIn.amount))
  })

  it('carries the simulated blockhash when no chain state is given', () => {
    const quote = engine.quote({
      sender: sender.publicKey.toBase58(),
      slippage: 50,
      srcChainId: SOLANA,
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
    })
    const tx = buildSolanaTransaction({
      snapshot: engine.snapshot,
      txId: TX_ID,
      quote,
      sender: sender.publicKey.toBase58(),
    })
    const { message } = VersionedTransaction.deserialize(Buffer.from(tx.data, 'base64'))
    expect(message.recentBlockhash).toBe(SIMULATED_RECENT_BLOCKHASH)
  })

  it('refuses a mint owned by no token program, and a non-Solana source chain', () => {
    expect(() =>
      build(
        { srcToken: USDC, dstChainId: SOLANA, dstToken: SOL, amount: '20000000', swapDirection: 'exact-amount-in' },
        { sourceState: { solana: { recentBlockhash: SIMULATED_RECENT_BLOCKHASH, tokenProgram: SOL } } },
      ),
    ).toThrow(/not a token program/)
    const quote = engine.quote({
      sender: '0x1111111111111111111111111111111111111111',
      slippage: 50,
      srcChainId: BASE,
      srcToken: BASE_USDC,
      dstChainId: BASE,
      dstToken: '0x0000000000000000000000000000000000000000',
      amount: '1000000',
      swapDirection: 'exact-amount-in',
    })
    expect(() =>
      buildSolanaTransaction({ snapshot: engine.snapshot, txId: TX_ID, quote, sender: VAULT.toBase58() }),
    ).toThrow(/Solana source chain/)
  })
})
