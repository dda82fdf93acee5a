/**
 * The pure parts of the lifecycle routes, in-process: hash formats per VM (`txHash.ts`), the `getTransactions`
 * query with a fixed clock (period windows to the second), the `getStatus` query, and the details rules
 * (`transactionDetails.ts`), including that the spliced JSON equals a plain serialization.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidParameterError, MissingRequiredFieldError } from '../../engine/index.js'
import { parseStatusQuery } from '../../service/routes/getStatus.js'
import { parseHistoryQuery } from '../../service/routes/getTransactions.js'
import { toTransactionDetails, transactionDetailsJson } from '../../service/routes/transactionDetails.js'
import { isAnyTxHash, normalizeTxHash, txHashProblem } from '../../service/routes/txHash.js'
import { openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'
import { thrown } from '../helpers/thrown.js'

const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const HEX = 'ab'.repeat(32)

/** Base58 of bytes (the reference encoder the decoder's byte count is checked against). */
function base58(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = alphabet[Number(value % 58n)]! + text
    value /= 58n
  }
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros += 1
  return '1'.repeat(zeros) + text
}

describe('txHashProblem', () => {
  it("accepts each VM's format and refuses the others", () => {
    expect(txHashProblem('evm', `0x${HEX}`)).toBeUndefined()
    expect(txHashProblem('evm', `0x${HEX.toUpperCase()}`)).toBeUndefined()
    expect(txHashProblem('hypercore', `0x${HEX}`)).toBeUndefined()
    expect(txHashProblem('alt-vm', HEX)).toBeUndefined()
    expect(txHashProblem('solana', SIGNATURE)).toBeUndefined()
    for (const [vm, hash] of [
      ['evm', HEX],
      ['hypercore', SIGNATURE],
      ['alt-vm', `0x${HEX}`],
      ['solana', `0x${HEX}`],
      ['solana', HEX.replace('a', '0')],
    ] as const) {
      expect(txHashProblem(vm, hash), `${vm} ${hash}`).toEqual(expect.any(String))
    }
  })

  it('solana: exactly 64 bytes, whatever the leading zero bytes (checked against a reference encoder)', () => {
    for (const [length, leadingZeros, isValid] of [
      [64, 0, true],
      [64, 1, true],
      [64, 5, true],
      [64, 64, true],
      [63, 0, false],
      [65, 0, false],
      [32, 0, false],
    ] as const) {
      const bytes = new Uint8Array(length).fill(0xcd)
      bytes.fill(0, 0, leadingZeros)
      const encoded = base58(bytes)
      const problem = txHashProblem('solana', encoded)
      expect(problem === undefined, `${length} bytes, ${leadingZeros} zero: ${encoded}`).toBe(isValid)
    }
    expect(txHashProblem('solana', '1'.repeat(64))).toBeUndefined()
    expect(txHashProblem('solana', 'z'.repeat(88))).toBe('does not decode to a 64-byte signature')
  })

  it('isAnyTxHash and normalizeTxHash: hex in lower case, base58 unchanged', () => {
    expect(isAnyTxHash(SIGNATURE) && isAnyTxHash(HEX) && isAnyTxHash(`0x${HEX}`)).toBe(true)
    expect(isAnyTxHash('0x1234') || isAnyTxHash('')).toBe(false)
    expect(normalizeTxHash(`0x${HEX.toUpperCase()}`)).toBe(`0x${HEX}`)
    expect(normalizeTxHash(HEX.toUpperCase())).toBe(HEX)
    expect(normalizeTxHash(SIGNATURE)).toBe(SIGNATURE)
  })
})

describe('parseHistoryQuery (clock fixed at NOW)', () => {
  const NOW = 1_800_000_000
  const parse = (query: Record<string, string | string[]>) =>
    parseHistoryQuery(query, 'alpha', ['alpha-web', 'alpha-mobile'], NOW)

  it('defaults: every app, allTime, page 1, limit 25', () => {
    expect(parse({})).toEqual({ filter: { orgId: 'alpha' }, page: 1, limit: 25 })
  })

  it('period windows end now; dates combine with them (the later start wins)', () => {
    expect(parse({ period: 'day' }).filter).toEqual({ orgId: 'alpha', registeredFrom: NOW - 86_400 })
    expect(parse({ period: 'week' }).filter.registeredFrom).toBe(NOW - 7 * 86_400)
    expect(parse({ period: 'month' }).filter.registeredFrom).toBe(NOW - 30 * 86_400)
    expect(parse({ period: 'allTime' }).filter.registeredFrom).toBeUndefined()
    expect(parse({ period: 'day', startDate: String(NOW - 3_600) }).filter.registeredFrom).toBe(NOW - 3_600)
    expect(parse({ period: 'day', startDate: String(NOW - 90_000), endDate: String(NOW - 100) }).filter).toEqual({
      orgId: 'alpha',
      registeredFrom: NOW - 86_400,
      registeredTo: NOW - 100,
    })
    expect(parse({ startDate: '0', endDate: '0' }).filter).toEqual({ orgId: 'alpha', registeredTo: 0 })
  })

  it('filters: apps (comma-separated or repeated, deduplicated), lookup form of the wallet, chains', () => {
    expect(parse({ appIds: ['alpha-web,alpha-mobile', 'alpha-web'] }).filter.appIds).toEqual([
      'alpha-web',
      'alpha-mobile',
    ])
    expect(parse({ walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }).filter.sender).toBe(
      '0x8ba1f109551bd432803012645ac136ddd64dba72',
    )
    expect(parse({ walletAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }).filter.sender).toBe(
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    )
    expect(parse({ chainIds: '10,1151111081099710,10' }).filter.chainIds).toEqual([10, 1151111081099710])
  })

  it('refuses what is invalid with parameter, value and reason', () => {
    for (const [query, parameter] of [
      [{ appIds: 'beta-app' }, 'appIds'],
      [{ walletAddress: 'bitcoin' }, 'walletAddress'],
      [{ walletAddress: '0x0000000000000000000000000000000000000000' }, 'walletAddress'],
      [{ chainIds: '1,,2' }, 'chainIds'],
      [{ period: 'year' }, 'period'],
      [{ page: '01' }, 'page'],
      [{ limit: '1e2' }, 'limit'],
      [{ startDate: '253402300800' }, 'startDate'],
      [{ startDate: '5', endDate: '4' }, 'startDate'],
      [{ period: ['day', 'week'] }, 'period'],
    ] as const) {
      const error = thrown(() => parse(query as Record<string, string>), InvalidParameterError) as InvalidParameterError
      expect(error.details, JSON.stringify(query)).toMatchObject({ parameter, reason: expect.any(String) })
    }
  })
})

describe('parseStatusQuery', () => {
  it('needs txId or txHash; normalizes both', () => {
    expect(thrown(() => parseStatusQuery({}), MissingRequiredFieldError).details).toEqual({
      field: 'txId',
      context: 'getStatus: txId or txHash',
    })
    expect(parseStatusQuery({ txId: `0x${HEX.toUpperCase()}`, chainId: '10' })).toEqual({
      txId: `0x${HEX}`,
      chainId: 10,
    })
    expect(parseStatusQuery({ txHash: HEX.toUpperCase() })).toEqual({ txHash: HEX })
    expect(
      thrown(() => parseStatusQuery({ txHash: SIGNATURE, chainId: '0' }), InvalidParameterError).details,
    ).toMatchObject({ parameter: 'chainId' })
  })
})

describe('transaction details', () => {
  let dir: string
  let store: Store
  const T = 1_700_000_000
  const txId = (n: number) => `0x${String(n).padStart(64, '0')}`
  const token = (chainId: number, amount: string, usdAmount: number, isNative = false) => ({
    chainId,
    address: '0x0000000000000000000000000000000000000000',
    name: 'Ether',
    symbol: 'ETH',
    decimals: 18,
    isNative,
    amount,
    logo: '',
    svcCode: 'ETH',
    usdAmount,
  })
  const response = (n: number, dstChainId: number) => ({
    tx: { to: '0xc7055c7055c7055C7055C7055C7055c7055C7055', data: '0x', value: '1000', chainId: 1 },
    txId: txId(n),
    vmId: 'evm',
    amountIn: token(1, '1000', 3),
    amountOut: token(dstChainId, '900', 2.7, true),
    estimatedTxTime: 120,
    note: 'quoted "as is" $& \u2028',
  })
  const stored = async (n: number) => (await store.getByTxId(txId(n), 'org'))!

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crossroute-details-'))
    store = await openStore({ dataDir: dir, databasePath: join(dir, 's.sqlite') })
    const apiKey = {
      keyId: 'k',
      appId: 'app',
      orgId: 'org',
      appName: 'App',
      affiliateId: 'aff',
      gasless: false,
      appFees: [],
    }
    const request = (n: number) =>
      n === 4
        ? { actionType: 'evm-calldata-tx', sender: '0xSender', to: '0xTarget' }
        : { actionType: 'swap-action', sender: '0xSender', recipient: '0xRecipient' }
    for (const [n, dst] of [
      [1, 10],
      [2, 10],
      [3, 1],
      [4, 10],
    ] as const) {
      await store.recordQuote({
        txId: txId(n),
        createdAt: T,
        apiKey,
        actionRequest: request(n),
        actionResponseJson: JSON.stringify(response(n, dst)),
        srcChainId: 1,
        dstChainId: dst,
        sender: '0xsender',
        vmId: 'evm',
      })
    }
    await store.registerTransactions(
      [1, 2, 4].map((n) => ({
        txId: txId(n),
        txHash: `0x${String(n).repeat(64)}`,
        chainId: 1,
        vmId: 'evm',
        registeredAt: T + 10,
      })),
    )
    const hops = [
      { chainId: 1, txHash: '0x1', timestamp: String(T + 12), nextBridge: 'across' },
      { chainId: 10, txHash: '0x2', timestamp: String(T + 80), nextBridge: '' },
    ]
    await store.recordProgress(txId(1), {
      status: 'success',
      appendTxPath: hops,
      dstTxHash: '0x2',
      detail: { amountOut: '450', srcValue: '999' },
      nextCheckAt: null,
      updatedAt: T + 90,
    })
    await store.recordProgress(txId(4), {
      status: 'failed',
      appendTxPath: [hops[0]!],
      detail: { revertReason: 'out of gas' },
      nextCheckAt: null,
      updatedAt: T + 90,
    })
  })
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a delivered bridge: real bridge time, src value and delivered amount from the tracker, native value on the destination', async () => {
    const details = toTransactionDetails(await stored(1))
    expect(details.bridgeDetails).toEqual({ isBridge: true, bridgeTime: 68, txPath: (await stored(1)).txPath })
    expect(details.srcTx).toEqual({
      toAddress: '0xc7055c7055c7055C7055C7055C7055c7055C7055',
      txHash: `0x${'1'.repeat(64)}`,
      chainId: 1,
      value: '999',
      timestamp: T + 12,
      paymentToken: {
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        amount: '1000',
        address: '0x0000000000000000000000000000000000000000',
        chainId: 1,
        isNative: false,
        usdAmount: 3,
      },
    })
    expect(details.dstTx).toMatchObject({
      toAddress: '0xRecipient',
      txHash: '0x2',
      chainId: 10,
      value: '450',
      timestamp: T + 80,
      paymentToken: { amount: '450', usdAmount: 1.35 },
    })
  })

  it("pending: the estimate; quoted: pending without a source transaction; failed: the revert reason, a call's target", async () => {
    expect(toTransactionDetails(await stored(2))).toMatchObject({
      status: 'pending',
      bridgeDetails: { bridgeTime: 120, txPath: [] },
      srcTx: { value: '1000', timestamp: T + 10 },
      dstTx: null,
    })
    expect(toTransactionDetails(await stored(3))).toMatchObject({
      status: 'pending',
      srcTxHash: '',
      srcTx: null,
      bridgeDetails: { isBridge: false, bridgeTime: 0 },
    })
    expect(toTransactionDetails(await stored(4)).srcTx).toMatchObject({ revertReason: 'out of gas' })
    await store.recordProgress(txId(4), { dstTxHash: '0x9', updatedAt: T + 95 })
    expect(toTransactionDetails(await stored(4)).dstTx).toMatchObject({
      toAddress: '0xTarget',
      revertReason: 'out of gas',
      timestamp: T + 95,
    })
  })

  it('transactionDetailsJson is exactly JSON.stringify of the details (registered: gzip; quoted: text)', async () => {
    for (const n of [1, 2, 3, 4])
      expect(transactionDetailsJson(await stored(n))).toBe(JSON.stringify(toTransactionDetails(await stored(n))))
  })
})
