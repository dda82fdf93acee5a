/**
 * Solana as a source chain through the real service (main thread, piscina workers, tracker thread, SQLite): the
 * transaction `getAction` answers is decoded, signed and run in a real Solana runtime (litesvm), registered, and
 * tracked to its end — by the simulated observer (no Solana node configured), and by the Solana RPC observer against
 * a local server speaking Solana JSON-RPC (which also serves the recent blockhash and the mint's program).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token'
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { FailedTransactionMetadata } from 'litesvm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMULATED_RECENT_BLOCKHASH } from '../../engine/transactions.js'
import { inspectDatabase, valueOf } from '../helpers/sqlite.js'
import { SolanaRuntime } from '../helpers/solanaRuntime.js'
import { type SolanaRpcStub, startSolanaRpcStub } from '../helpers/solanaRpcStub.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Action, call, getStatus, waitForStatus } from './trackerApi.js'

const SOLANA = '1151111081099710'
const SOL = '11111111111111111111111111111111'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const VAULT = new PublicKey('535ZwjB96wqNksjtgb6vU9E8J7mcsAFRiUdYcCCr6ame')
const USDC_MINT = new PublicKey(USDC)
const FEE_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const TRACKING = { SIMULATED_TIME_SCALE: '0.001', TRACKER_INTERVAL_MS: '20' }

interface SolanaAction extends Action {
  vmId: string
  requiresRegisterTransaction: boolean
  amountIn: { amount: string }
  amountInMax: { amount: string }
}

let rpc: SolanaRpcStub
let simulated: RunningService
let observed: RunningService
const dataDirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crossroute-solana-'))
  dataDirs.push(dir)
  return dir
}
beforeAll(async () => {
  rpc = await startSolanaRpcStub()
  ;[simulated, observed] = await Promise.all([
    startService({ DATA_DIR: dataDir(), ...TRACKING }),
    startService({ DATA_DIR: dataDir(), ...TRACKING, SOLANA_RPC_URL: rpc.url, RPC_URLS: `${SOLANA}=${rpc.url}` }),
  ])
}, 90_000)
afterAll(async () => {
  await Promise.all([simulated?.stop(), observed?.stop(), rpc?.close()])
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

async function getSolanaAction(service: RunningService, query: Record<string, string>, apiKey?: string) {
  const search = new URLSearchParams({
    actionType: 'swap-action',
    slippage: '50',
    srcChainId: SOLANA,
    // The development key's default fee receiver is an EVM address: fees are paid in the source token, on Solana.
    appFees: JSON.stringify([{ bps: 25, receiverAddress: FEE_RECEIVER }]),
    ...query,
  })
  return call<SolanaAction & { error?: { code: string; details: unknown } }>(
    service,
    `/getAction?${search}`,
    apiKey === undefined ? {} : { apiKey },
  )
}

async function register(service: RunningService, txId: string, txHash: string, apiKey?: string) {
  const { status, body } = await call(service, '/registerTxs', {
    method: 'POST',
    body: [{ txId, txHash, chainId: Number(SOLANA), vmId: 'solana' }],
    ...(apiKey === undefined ? {} : { apiKey }),
  })
  expect([status, body]).toEqual([200, [{ success: true, error: null, code: null }]])
}

const decoded = (action: SolanaAction) => VersionedTransaction.deserialize(Buffer.from(action.tx.data, 'base64'))

describe('Solana source, simulated chain (no Solana node configured)', () => {
  it('answers a v0 transaction on the simulated blockhash; registered, it ends in success', async () => {
    const sender = Keypair.generate().publicKey.toBase58()
    const { status, body } = await getSolanaAction(simulated, {
      sender,
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({ vmId: 'solana', requiresRegisterTransaction: true })
    expect(body.tx).toMatchObject({ to: VAULT.toBase58(), value: body.amountIn.amount, chainId: Number(SOLANA) })
    const { message } = decoded(body)
    expect(message.recentBlockhash).toBe(SIMULATED_RECENT_BLOCKHASH)
    expect(message.staticAccountKeys[0]!.toBase58()).toBe(sender)
    const signature = bs58.encode(Buffer.alloc(64, 7))
    await register(simulated, body.txId, signature)
    const { details, seen } = await waitForStatus(simulated, body.txId, ['success', 'failed'])
    expect(seen.at(-1)).toBe('success')
    expect(details).toMatchObject({ srcTxHash: signature, srcChainId: Number(SOLANA) })
  })
})

describe('Solana source, with a Solana node (SOLANA_RPC_URL and RPC_URLS)', () => {
  it('SOL exact-in: the transaction runs in a Solana runtime, and its signature is tracked to success', async () => {
    const runtime = new SolanaRuntime()
    rpc.blockhash = runtime.svm.latestBlockhash()
    const sender = Keypair.generate()
    runtime.fund(sender.publicKey, 10n ** 10n)
    const { status, body } = await getSolanaAction(observed, {
      sender: sender.publicKey.toBase58(),
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '2000000000',
      swapDirection: 'exact-amount-in',
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(decoded(body).message.recentBlockhash).toBe(rpc.blockhash)
    const result = runtime.sendBuilt(body.tx.data, [sender])
    if (result instanceof FailedTransactionMetadata) throw new Error(result.toString())
    expect(runtime.lamports(VAULT)).toBe(BigInt(body.amountIn.amount))
    expect(result.logs()).toContain(`Program log: Memo (len 66): "${body.txId}"`)
    const signature = bs58.encode(result.signature())
    rpc.statuses.set(signature, { slot: 310, err: null, confirmationStatus: 'confirmed' })
    // The node serves the transaction that ran: the observer finds the quote's memo in it.
    rpc.transactions.set(signature, decoded(body))
    rpc.blockTimes.set(310, Math.floor(Date.now() / 1000))
    await register(observed, body.txId, signature)
    const { details } = await waitForStatus(observed, body.txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'success', srcTxHash: signature, dstTxHash: signature })
    expect(rpc.calls).toContain('getSignatureStatuses')
  })

  it('Token-2022 USDC exact-out with a sponsor: both must sign, the sponsor pays the fees', async () => {
    const runtime = new SolanaRuntime()
    rpc.blockhash = runtime.svm.latestBlockhash()
    rpc.owners.set(USDC, TOKEN_2022_PROGRAM_ID.toBase58())
    const [sender, sponsor] = [Keypair.generate(), Keypair.generate()]
    runtime.fund(sender.publicKey, 10n ** 9n)
    runtime.fund(sponsor.publicKey, 10n ** 10n)
    runtime.plantMint(USDC_MINT, 6, TOKEN_2022_PROGRAM_ID)
    runtime.plantTokenAccount(USDC_MINT, sender.publicKey, 10n ** 12n, TOKEN_2022_PROGRAM_ID)
    const { status, body } = await getSolanaAction(observed, {
      sender: sender.publicKey.toBase58(),
      solanaSponsor: sponsor.publicKey.toBase58(),
      srcToken: USDC,
      dstChainId: SOLANA,
      dstToken: SOL,
      amount: '100000000',
      swapDirection: 'exact-amount-out',
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.tx.value).toBe('0')
    expect(decoded(body).message.header.numRequiredSignatures).toBe(2)
    expect(runtime.sendBuilt(body.tx.data, [sender])).toBeInstanceOf(FailedTransactionMetadata)
    const senderLamports = runtime.lamports(sender.publicKey)
    const result = runtime.sendBuilt(body.tx.data, [sponsor, sender])
    if (result instanceof FailedTransactionMetadata) throw new Error(result.toString())
    expect(runtime.tokenBalance(USDC_MINT, VAULT, TOKEN_2022_PROGRAM_ID)).toBe(BigInt(body.amountInMax.amount))
    expect(runtime.lamports(sender.publicKey)).toBe(senderLamports)
  })

  it("one signature, two organizations: the squatter's earlier registration blocks nothing and ends failed", async () => {
    const swap = {
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
    }
    const victim = await getSolanaAction(observed, { sender: Keypair.generate().publicKey.toBase58(), ...swap })
    const squatter = await getSolanaAction(
      observed,
      { sender: Keypair.generate().publicKey.toBase58(), ...swap },
      'dev-key-beta',
    )
    expect([victim.status, squatter.status]).toEqual([200, 200])
    // The victim's transaction (its memo: the victim's txId) is on chain; organization beta registers it first.
    const signature = bs58.encode(Buffer.alloc(64, 11))
    rpc.statuses.set(signature, { slot: 312, err: null, confirmationStatus: 'confirmed' })
    rpc.transactions.set(signature, decoded(victim.body))
    await register(observed, squatter.body.txId, signature, 'dev-key-beta')
    // Tracked before the victim registers: the memo names another quote, so it fails rather than claim the transaction.
    const squatted = await waitForStatus(observed, squatter.body.txId, ['success', 'failed'], 20_000, 'dev-key-beta')
    expect(squatted.details).toMatchObject({ status: 'failed', bridgeDetails: { txPath: [] } })
    await register(observed, victim.body.txId, signature)
    const { details } = await waitForStatus(observed, victim.body.txId, ['success', 'failed'])
    expect(details).toMatchObject({ status: 'success', srcTxHash: signature })
  })

  it('a transaction that failed on chain ends failed, with the runtime error', async () => {
    const { body } = await getSolanaAction(observed, {
      sender: Keypair.generate().publicKey.toBase58(),
      srcToken: SOL,
      dstChainId: SOLANA,
      dstToken: USDC,
      amount: '1000000000',
      swapDirection: 'exact-amount-in',
    })
    const signature = bs58.encode(Buffer.alloc(64, 9))
    rpc.statuses.set(signature, {
      slot: 311,
      err: { InstructionError: [2, { Custom: 1 }] },
      confirmationStatus: 'confirmed',
    })
    await register(observed, body.txId, signature)
    await waitForStatus(observed, body.txId, ['success', 'failed'])
    expect(await getStatus(observed, body.txId)).toMatchObject({
      status: 'failed',
      srcTx: { revertReason: '{"InstructionError":[2,{"Custom":1}]}' },
    })
  })

  it('refuses solanaSponsor off a Solana same-chain swap, and records nothing for it', async () => {
    const databasePath = join(dataDirs[1]!, 'crossroute.sqlite')
    const count = () =>
      inspectDatabase(databasePath, (db) => Number(valueOf(db.prepare('SELECT count(*) FROM transactions'))))
    const sender = Keypair.generate().publicKey.toBase58()
    const bridge = {
      sender,
      srcToken: USDC,
      dstChainId: '8453',
      dstToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    }
    const before = count()
    const refused = await getSolanaAction(observed, {
      ...bridge,
      recipient: '0x1111111111111111111111111111111111111111',
      amount: '100000000',
      swapDirection: 'exact-amount-in',
      solanaSponsor: Keypair.generate().publicKey.toBase58(),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      details: { parameter: 'solanaSponsor', reason: expect.stringMatching(/only for Solana same-chain swaps/) },
    })
    const accepted = await getSolanaAction(observed, {
      ...bridge,
      recipient: '0x1111111111111111111111111111111111111111',
      amount: '100000000',
      swapDirection: 'exact-amount-in',
    })
    expect(accepted.status).toBe(200)
    await expect.poll(count).toBe(before + 1)
  })
})
