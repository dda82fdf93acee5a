/**
 * The Solana RPC observer against a local server speaking Solana JSON-RPC (test/helpers/solanaRpcStub.ts): a
 * source transaction confirmed, failed, not yet seen, dropped; a delivery found by the vault's memo; a node that
 * does not answer.
 */
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEMO_PROGRAM_ID, depositAddressOf } from '../../engine/transactions.js'
import { createSolanaRpcObserver } from '../../service/tracker/solanaRpcObserver.js'
import { rpcObserverFactoryOf } from '../../service/tracker/rpcObservers.js'
import type { Leg } from '../../service/tracker/trackingPlan.js'
import { type SolanaRpcStub, startSolanaRpcStub } from '../helpers/solanaRpcStub.js'

const SOLANA = 1151111081099710
const VAULT = '535ZwjB96wqNksjtgb6vU9E8J7mcsAFRiUdYcCCr6ame'
const TX_ID = `0x${'5e'.repeat(32)}` as const
const SIGNATURE = '5'.repeat(87)
const NOW = 1_800_000_000
const source: Leg = {
  index: 0,
  kind: 'source',
  chainId: SOLANA,
  vm: 'solana',
  blockTimeMs: 400,
  nextBridge: '',
  viaBridge: '',
  isLast: true,
  expectedSeconds: 0.4,
}
const delivery: Leg = { ...source, index: 1, kind: 'delivery', viaBridge: 'cctp', expectedSeconds: 960 }

/** A v0 transaction (unsigned: the observer reads its message) of a payer and these instructions. */
function transactionOf(...instructions: TransactionInstruction[]): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: Keypair.generate().publicKey,
    recentBlockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
    instructions,
  }).compileToV0Message()
  return new VersionedTransaction(message)
}
/** A well-formed signature (base58 of 64 bytes). */
const signatureOf = (byte: number) => bs58.encode(Buffer.alloc(64, byte))
/** The memo instruction a quote's transaction carries (engine/vm/solana/transaction.ts): the txId as text. */
const memo = (text: string) =>
  new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text) })
const pay = (to: string) =>
  SystemProgram.transfer({ fromPubkey: Keypair.generate().publicKey, toPubkey: new PublicKey(to), lamports: 1 })

let rpc: SolanaRpcStub
beforeAll(async () => {
  rpc = await startSolanaRpcStub()
})
afterAll(() => rpc.close())

const observer = () =>
  createSolanaRpcObserver({ chainId: SOLANA, url: rpc.url, routerAddress: VAULT, notFoundTimeoutSeconds: 300 })
const observeSource = (signature: string, since = NOW - 10) =>
  observer().observe({ txId: TX_ID, leg: source, srcTxHash: signature, since, now: NOW })

describe('the Solana RPC observer', () => {
  it('is the RPC observer of the solana VM', () => {
    expect(rpcObserverFactoryOf('solana')).toBe(createSolanaRpcObserver)
  })

  it('confirms a source transaction the node reports confirmed, at its slot time', async () => {
    rpc.statuses.set(SIGNATURE, { slot: 301, err: null, confirmationStatus: 'confirmed' })
    rpc.transactions.set(SIGNATURE, transactionOf(pay(VAULT), memo(TX_ID)))
    rpc.blockTimes.set(301, NOW - 5)
    expect(await observeSource(SIGNATURE)).toEqual({
      status: 'confirmed',
      txHash: SIGNATURE,
      timestamp: NOW - 5,
      detail: { srcBlockNumber: 301 },
    })
    expect(rpc.calls).toContain('getSignatureStatuses')
  })

  it("fails a confirmed transaction that executes another quote, or none: it is not this quote's", async () => {
    const cases = [
      [signatureOf(2), transactionOf(pay(VAULT), memo(`0x${'ab'.repeat(32)}`))],
      [signatureOf(3), transactionOf(pay(VAULT))],
    ] as const
    for (const [signature, transaction] of cases) {
      rpc.statuses.set(signature, { slot: 304, err: null, confirmationStatus: 'confirmed' })
      rpc.transactions.set(signature, transaction)
      expect(await observeSource(signature)).toEqual({
        status: 'failed',
        timestamp: expect.any(Number),
        reason: `transaction ${signature} does not execute quote ${TX_ID}: no memo of it, no payment to its deposit address`,
      })
    }
    expect(rpc.calls).toContain('getTransaction')
  })

  it("confirms a payment to the quote's deposit address (no memo), and waits while the node has no transaction", async () => {
    const signature = signatureOf(4)
    rpc.statuses.set(signature, { slot: 305, err: null, confirmationStatus: 'confirmed' })
    expect(await observeSource(signature)).toMatchObject({ status: 'pending' })
    rpc.transactions.set(signature, transactionOf(pay(depositAddressOf({ vm: 'solana', routerAddress: VAULT }, TX_ID))))
    expect(await observeSource(signature)).toMatchObject({ status: 'confirmed', txHash: signature })
  })

  it('fails a source transaction that failed on chain, with the runtime error', async () => {
    const signature = '6'.repeat(87)
    rpc.statuses.set(signature, {
      slot: 302,
      err: { InstructionError: [2, { Custom: 1 }] },
      confirmationStatus: 'finalized',
    })
    rpc.blockTimes.set(302, NOW - 4)
    expect(await observeSource(signature)).toEqual({
      status: 'failed',
      timestamp: NOW - 4,
      txHash: signature,
      reason: 'transaction failed in slot 302',
      revertReason: '{"InstructionError":[2,{"Custom":1}]}',
    })
  })

  it('waits for a signature not seen yet or only processed, and fails it as dropped after the timeout', async () => {
    const unseen = '7'.repeat(87)
    expect(await observeSource(unseen)).toMatchObject({ status: 'pending', checkAt: expect.any(Number) })
    rpc.statuses.set('8'.repeat(87), { slot: 303, err: null, confirmationStatus: 'processed' })
    expect(await observeSource('8'.repeat(87))).toMatchObject({ status: 'pending' })
    expect(await observeSource(unseen, NOW - 301)).toEqual({
      status: 'failed',
      timestamp: NOW,
      reason: expect.stringMatching(/not found on chain 1151111081099710 within 300 s \(dropped/),
    })
  })

  it('fails a hash that is no Solana signature without asking the node', async () => {
    const calls = rpc.calls.length
    expect(await observeSource('0xabc')).toMatchObject({ status: 'failed' })
    expect(rpc.calls.length).toBe(calls)
  })

  it("finds a delivery into Solana: the vault's successful transaction whose memo carries the txId", async () => {
    const deliveredSignature = '9'.repeat(87)
    rpc.addressSignatures.set(VAULT, [
      { signature: 'A'.repeat(87), slot: 400, err: null, memo: '[66] 0x' + '00'.repeat(32), blockTime: NOW - 2 },
      { signature: 'B'.repeat(87), slot: 401, err: { Custom: 1 }, memo: `[66] ${TX_ID}`, blockTime: NOW - 2 },
      { signature: deliveredSignature, slot: 402, err: null, memo: `[66] ${TX_ID}`, blockTime: NOW - 1 },
    ])
    const observed = await observer().observe({
      txId: TX_ID,
      leg: delivery,
      srcTxHash: SIGNATURE,
      since: NOW - 100,
      now: NOW,
    })
    expect(observed).toEqual({
      status: 'confirmed',
      txHash: deliveredSignature,
      timestamp: NOW - 1,
      detail: { dstBlockNumber: 402 },
    })
    const other = `0x${'77'.repeat(32)}`
    expect(
      await observer().observe({ txId: other, leg: delivery, srcTxHash: SIGNATURE, since: NOW - 100, now: NOW }),
    ).toMatchObject({ status: 'pending' })
    expect(
      await observer().observe({ txId: other, leg: delivery, srcTxHash: SIGNATURE, since: NOW - 10_000, now: NOW }),
    ).toMatchObject({ status: 'failed', reason: expect.stringMatching(/no vault transaction with the memo/) })
  })

  it('keeps a leg pending when the node does not answer', async () => {
    const down = createSolanaRpcObserver({ chainId: SOLANA, url: 'http://127.0.0.1:1', requestTimeoutMs: 1000 })
    expect(
      await down.observe({ txId: TX_ID, leg: source, srcTxHash: SIGNATURE, since: NOW - 10, now: NOW }),
    ).toMatchObject({
      status: 'pending',
    })
  })
})
