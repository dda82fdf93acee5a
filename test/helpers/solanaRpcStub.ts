/**
 * A local Solana JSON-RPC server for tests: answers the methods the service uses (`getLatestBlockhash`,
 * `getAccountInfo`, `getSignatureStatuses`, `getBlockTime`, `getSignaturesForAddress`, `getTransaction` in the
 * `json` encoding) with the shapes of the real
 * API (https://solana.com/docs/rpc/http), from state the test sets. Every request is recorded.
 */
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'

/** A signature's status as `getSignatureStatuses` reports it (`null`: unknown to the node). */
export interface StubSignatureStatus {
  slot: number
  err: unknown
  confirmationStatus: 'processed' | 'confirmed' | 'finalized'
}

/** One entry of `getSignaturesForAddress`. */
export interface StubSignatureInfo {
  signature: string
  slot: number
  err: unknown
  memo: string | null
  blockTime: number | null
}

/** The stub's state and address; `close` stops it. */
export interface SolanaRpcStub {
  readonly url: string
  blockhash: string
  /** Account owners by address (the data is empty): `getAccountInfo` of anything else is `null`. */
  readonly owners: Map<string, string>
  readonly statuses: Map<string, StubSignatureStatus>
  readonly blockTimes: Map<number, number>
  readonly addressSignatures: Map<string, StubSignatureInfo[]>
  /** Transactions by signature, for `getTransaction` (its slot from `statuses`); others are `null`. */
  readonly transactions: Map<string, VersionedTransaction>
  /** Methods called, in order. */
  readonly calls: string[]
  close(): Promise<void>
}

const SLOT = 300_000_000

/**
 * Starts the stub on 127.0.0.1 and a free port.
 *
 * @example
 * const rpc = await startSolanaRpcStub()
 * rpc.statuses.set(signature, { slot: 5, err: null, confirmationStatus: 'confirmed' })
 */
export async function startSolanaRpcStub(): Promise<SolanaRpcStub> {
  const state = {
    blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
    owners: new Map<string, string>(),
    statuses: new Map<string, StubSignatureStatus>(),
    blockTimes: new Map<number, number>(),
    addressSignatures: new Map<string, StubSignatureInfo[]>(),
    transactions: new Map<string, VersionedTransaction>(),
    calls: [] as string[],
  }
  const context = { apiVersion: '2.2.0', slot: SLOT }
  const answer = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'getLatestBlockhash':
        return { context, value: { blockhash: state.blockhash, lastValidBlockHeight: SLOT + 150 } }
      case 'getAccountInfo': {
        const owner = state.owners.get(params[0] as string)
        const value = owner && {
          data: ['', 'base64'],
          executable: false,
          lamports: 1_461_600,
          owner,
          rentEpoch: 0,
          space: 0,
        }
        return { context, value: value ?? null }
      }
      case 'getSignatureStatuses':
        return {
          context,
          value: (params[0] as string[]).map((signature) => {
            const status = state.statuses.get(signature)
            if (status === undefined) return null
            const confirmations = status.confirmationStatus === 'finalized' ? null : 1
            const result = status.err === null ? { Ok: null } : { Err: status.err }
            return { ...status, confirmations, status: result }
          }),
        }
      case 'getBlockTime':
        return state.blockTimes.get(params[0] as number) ?? null
      case 'getSignaturesForAddress':
        return (state.addressSignatures.get(params[0] as string) ?? []).map((entry) => ({
          ...entry,
          confirmationStatus: 'finalized',
        }))
      case 'getTransaction': {
        const signature = params[0] as string
        const transaction = state.transactions.get(signature)
        return transaction === undefined
          ? null
          : transactionJson(transaction, state.statuses.get(signature)?.slot ?? SLOT)
      }
      default:
        return undefined
    }
  }
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: unknown; method: string; params?: unknown[] }
      state.calls.push(method)
      const result = answer(method, params ?? [])
      const reply =
        result === undefined
          ? { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
          : { jsonrpc: '2.0', id, result }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

/** A transaction as `getTransaction` answers it in the `json` encoding (a successful one, empty balances). */
function transactionJson(transaction: VersionedTransaction, slot: number): unknown {
  const { message } = transaction
  return {
    slot,
    blockTime: null,
    version: message.version === 'legacy' ? 'legacy' : message.version,
    meta: {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: [],
      postBalances: [],
      innerInstructions: [],
      logMessages: [],
      preTokenBalances: [],
      postTokenBalances: [],
      loadedAddresses: { writable: [], readonly: [] },
    },
    transaction: {
      signatures: transaction.signatures.map((signature) => bs58.encode(signature)),
      message: {
        accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
        header: message.header,
        recentBlockhash: message.recentBlockhash,
        instructions: message.compiledInstructions.map((instruction) => ({
          programIdIndex: instruction.programIdIndex,
          accounts: instruction.accountKeyIndexes,
          data: bs58.encode(instruction.data),
        })),
        addressTableLookups: message.addressTableLookups.map((lookup) => ({
          accountKey: lookup.accountKey.toBase58(),
          writableIndexes: lookup.writableIndexes,
          readonlyIndexes: lookup.readonlyIndexes,
        })),
      },
    },
  }
}
