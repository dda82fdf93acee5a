/**
 * `GET /getTransactions` through the real service, checked exactly against a generated data set: the rows are
 * written into the SQLite file through the store before the service starts (registered transactions in several
 * states, bare and expired quotes, two organizations, a retired app, wallets, chains, times with ties), and every
 * answer is compared with a reference computed here — totals, pages, order, and every combination of the filters.
 * Also: the details of tracked transactions (success with a txPath, failed, refund) as history renders them, and
 * the parameter errors.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../service/store/open.js'
import type { TransactionStatus } from '../../service/store/store.js'
import type { ApiKeyRecord } from '../../service/types.js'
import { type RunningService, startService } from '../helpers/startService.js'
import { type Reply, send } from './contract.js'

const START_TIMEOUT_MS = 90_000
const DAY = 86_400
const NOW = Math.floor(Date.now() / 1000)
const APPS: Record<string, { orgId: string; appName: string }> = {
  'alpha-web': { orgId: 'alpha', appName: 'Alpha Web' },
  'alpha-mobile': { orgId: 'alpha', appName: 'Alpha Mobile' },
  /** In the store, no longer in the keys file: listed by default, not selectable by `appIds`. */
  'alpha-legacy': { orgId: 'alpha', appName: 'Alpha Legacy' },
  'beta-app': { orgId: 'beta', appName: 'Beta App' },
}
const WALLETS = [
  '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  '0x5bd944e30b02A20eF6CDd65c7901aC080913953b',
  '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  '0x2222222222222222222222222222222222222222',
]
const SRC_CHAINS = [1, 10, 8453, 42161]
const DST_CHAINS = [10, 1151111081099710, 42161]
/**
 * Registration ages in seconds: spread over 60 days, never within 15 minutes of a period boundary (1, 7, 30 days
 * before now), so that the service's clock, a little later than the test's, puts every row in the same periods.
 */
const AGES = [
  60,
  3_600,
  50_000,
  86_400 + 3_600,
  3 * DAY,
  6 * DAY,
  7 * DAY + 7_200,
  12 * DAY,
  29 * DAY,
  31 * DAY,
  45 * DAY,
  59 * DAY,
]

interface Row {
  index: number
  txId: string
  appId: string
  orgId: string
  wallet: string
  srcChainId: number
  dstChainId: number
  registeredAt: number | null
  status: TransactionStatus
}

function generate(): Row[] {
  let state = 11
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!
  const appIds = Object.keys(APPS)
  return Array.from({ length: 420 }, (_, index): Row => {
    const appId = pick(appIds)
    const srcChainId = pick(SRC_CHAINS)
    const kind = next()
    return {
      index,
      txId: `0x${(index + 1).toString(16).padStart(64, '0')}`,
      appId,
      orgId: APPS[appId]!.orgId,
      wallet: pick(WALLETS),
      srcChainId,
      dstChainId: next() < 0.35 ? srcChainId : pick(DST_CHAINS),
      // Several rows share each age (ties, broken by the later quote first).
      registeredAt: kind < 0.85 ? NOW - pick(AGES) : null,
      // Bare quotes are all expired by `seed` (a live one answers `pending`: lifecycle.test.ts).
      status:
        kind < 0.85
          ? pick(['pending', 'success', 'success', 'failed', 'requires refund', 'refunded'] as const)
          : 'expired',
    }
  })
}

const rows = generate()
const hashOf = (row: Row) => `0x${'e'}${(row.index + 1).toString(16).padStart(63, '0')}`

/** A compact action response with the fields the details are computed from. */
function actionResponse(row: Row) {
  const token = (chainId: number, amount: string, usdAmount: number) => ({
    chainId,
    address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    isNative: false,
    amount,
    logo: '',
    svcCode: 'USDC',
    usdAmount,
  })
  return {
    tx: { to: '0xc7055c7055c7055C7055C7055C7055c7055C7055', data: '0x', value: '0', chainId: row.srcChainId },
    txId: row.txId,
    vmId: 'evm',
    amountIn: token(row.srcChainId, String(1_000_000 * (row.index + 1)), row.index + 1),
    amountOut: token(row.dstChainId, String(990_000 * (row.index + 1)), 0.99 * (row.index + 1)),
    estimatedTxTime: row.srcChainId === row.dstChainId ? 2 : 95,
  }
}

async function seed(databasePath: string, dataDir: string): Promise<void> {
  const store = await openStore({ dataDir, databasePath })
  try {
    for (const row of rows) {
      const app = APPS[row.appId]!
      const apiKey: ApiKeyRecord = {
        keyId: `key-${row.appId}`,
        appId: row.appId,
        orgId: app.orgId,
        appName: app.appName,
        affiliateId: `aff-${app.orgId}`,
        gasless: false,
        appFees: [],
      }
      await store.recordQuote({
        txId: row.txId,
        createdAt: (row.registeredAt ?? NOW - 40 * DAY) - 30,
        apiKey,
        actionRequest: { actionType: 'swap-action', sender: row.wallet, recipient: WALLETS[3] },
        actionResponseJson: JSON.stringify(actionResponse(row)),
        srcChainId: row.srcChainId,
        dstChainId: row.dstChainId,
        sender: row.wallet.toLowerCase(),
        vmId: 'evm',
      })
    }
    const registered = rows.filter((row) => row.registeredAt !== null)
    const outcomes = await store.registerTransactions(
      registered.map((row) => ({
        txId: row.txId,
        txHash: hashOf(row),
        chainId: row.srcChainId,
        vmId: 'evm',
        registeredAt: row.registeredAt!,
      })),
    )
    expect(outcomes.filter((outcome) => outcome.outcome !== 'registered')).toEqual([])
    for (const row of registered) {
      if (row.status === 'pending') continue
      const src = {
        chainId: row.srcChainId,
        txHash: hashOf(row),
        timestamp: String(row.registeredAt! + 5),
        nextBridge: row.srcChainId === row.dstChainId ? '' : 'across',
      }
      const dst = {
        chainId: row.dstChainId,
        txHash: `0xd${hashOf(row).slice(3)}`,
        timestamp: String(row.registeredAt! + 65),
        nextBridge: '',
      }
      const isDelivered = row.status === 'success' || row.status === 'refunded'
      await store.recordProgress(row.txId, {
        status: row.status,
        appendTxPath: isDelivered && row.srcChainId !== row.dstChainId ? [src, dst] : [src],
        ...(isDelivered ? { dstTxHash: dst.txHash, detail: { amountOut: String(980_000 * (row.index + 1)) } } : {}),
        ...(row.status === 'failed' ? { detail: { revertReason: 'slippage exceeded' } } : {}),
        nextCheckAt: row.status === 'requires refund' ? NOW + 60 : null,
        updatedAt: row.registeredAt! + 70,
      })
    }
    expect(await store.expireQuotes(NOW)).toBe(rows.filter((row) => row.registeredAt === null).length)
  } finally {
    await store.close()
  }
}

interface Filters {
  appIds?: string
  walletAddress?: string
  chainIds?: string
  period?: 'day' | 'week' | 'month' | 'allTime'
  startDate?: number
  endDate?: number
}

const PERIOD_SECONDS = { day: DAY, week: 7 * DAY, month: 30 * DAY, allTime: undefined }

/** The transactions `getTransactions` must list for `orgId` and `filters`, newest first. */
function reference(orgId: string, filters: Filters): Row[] {
  const apps = filters.appIds?.split(',')
  const chains = filters.chainIds?.split(',').map(Number)
  const window = PERIOD_SECONDS[filters.period ?? 'allTime']
  return rows
    .filter(
      (row) =>
        row.registeredAt !== null &&
        row.orgId === orgId &&
        (apps === undefined || apps.includes(row.appId)) &&
        (filters.walletAddress === undefined || row.wallet.toLowerCase() === filters.walletAddress.toLowerCase()) &&
        (chains === undefined || chains.includes(row.srcChainId) || chains.includes(row.dstChainId)) &&
        (window === undefined || row.registeredAt >= NOW - window) &&
        (filters.startDate === undefined || row.registeredAt >= filters.startDate) &&
        (filters.endDate === undefined || row.registeredAt <= filters.endDate),
    )
    .sort((a, b) => b.registeredAt! - a.registeredAt! || b.index - a.index)
}

interface History {
  txs: { txId: string; status: string; org: { appId: string }; [key: string]: unknown }[]
  pagination: { page: number; limit: number; total: number; totalPages: number }
}

let service: RunningService
let dataDir: string
const agent = new Agent({ keepAlive: true, maxSockets: 8 })

async function history(query: Record<string, string | number | undefined>, key = 'dev-key-alpha'): Promise<Reply> {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  return send(`${service.url}/getTransactions?${params}`, { headers: { 'x-api-key': key }, agent, timeoutMs: 30_000 })
}
async function historyOk(query: Record<string, string | number | undefined>, key?: string): Promise<History> {
  const reply = await history(query, key)
  expect(reply.status, reply.body.slice(0, 300)).toBe(200)
  return JSON.parse(reply.body) as History
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crossroute-history-'))
  await seed(join(dataDir, 'crossroute.sqlite'), dataDir)
  // The bare quotes are 40 days old: kept past the default retention (7 days) for this test.
  service = await startService({ DATA_DIR: dataDir, QUOTE_RETENTION_SECONDS: String(365 * 24 * 3600) })
}, START_TIMEOUT_MS)
afterAll(async () => {
  agent.destroy()
  await service?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the data set', () => {
  it('has ties, several pages, every status, bare and expired quotes, and a retired app', () => {
    const alpha = reference('alpha', {})
    expect(alpha.length).toBeGreaterThan(200)
    expect(new Set(alpha.map((row) => row.registeredAt)).size).toBe(AGES.length)
    expect(new Set(alpha.map((row) => row.status))).toEqual(
      new Set(['pending', 'success', 'failed', 'requires refund', 'refunded']),
    )
    expect(rows.filter((row) => row.registeredAt === null).length).toBeGreaterThan(30)
    expect(alpha.some((row) => row.appId === 'alpha-legacy')).toBe(true)
  })
})

describe('GET /getTransactions against the reference', () => {
  const appChoices = [undefined, 'alpha-web', 'alpha-mobile', 'alpha-web,alpha-mobile']
  const walletChoices = [undefined, WALLETS[0], '0x1111111111111111111111111111111111111111']
  const chainChoices = [undefined, '10', '8453,1151111081099710']
  const periodChoices = ['allTime', 'day', 'week', 'month'] as const
  const dateChoices = [{}, { startDate: NOW - 40 * DAY, endDate: NOW - 2 * DAY }]
  const combos: Filters[] = appChoices.flatMap((appIds) =>
    walletChoices.flatMap((walletAddress) =>
      chainChoices.flatMap((chainIds) =>
        periodChoices.flatMap((period) =>
          dateChoices.map((dates) => ({ appIds, walletAddress, chainIds, period, ...dates })),
        ),
      ),
    ),
  )

  it(`every combination of the filters (${combos.length}), as one page of 500: exact list, order and total`, async () => {
    let nonEmpty = 0
    for (let i = 0; i < combos.length; i += 8) {
      await Promise.all(
        combos.slice(i, i + 8).map(async (filters) => {
          const answer = await historyOk({ ...filters, limit: 500 })
          const expected = reference('alpha', filters)
          const label = JSON.stringify(filters)
          expect(
            answer.txs.map((tx) => tx.txId),
            label,
          ).toEqual(expected.map((row) => row.txId))
          expect(answer.pagination, label).toEqual({
            page: 1,
            limit: 500,
            total: expected.length,
            totalPages: Math.ceil(expected.length / 500),
          })
          if (expected.length > 0) nonEmpty += 1
        }),
      )
    }
    expect(nonEmpty).toBeGreaterThan(combos.length / 3)
  }, 120_000)

  it('pages: every page at limits 1, 7 and 25 put together is the whole list; past the last page, no rows', async () => {
    for (const filters of [
      {},
      { chainIds: '10,42161', period: 'month' as const },
      { walletAddress: WALLETS[1]!.toLowerCase() },
    ]) {
      const expected = reference('alpha', filters).map((row) => row.txId)
      for (const limit of [1, 7, 25]) {
        const totalPages = Math.ceil(expected.length / limit)
        const pages =
          limit === 1
            ? [1, 2, 3, Math.floor(totalPages / 2), totalPages]
            : Array.from({ length: totalPages }, (_, i) => i + 1)
        const answers = await Promise.all(pages.map((page) => historyOk({ ...filters, page, limit })))
        answers.forEach((answer, i) => {
          const page = pages[i]!
          expect(answer.pagination).toEqual({ page, limit, total: expected.length, totalPages })
          expect(answer.txs.map((tx) => tx.txId)).toEqual(expected.slice((page - 1) * limit, page * limit))
        })
        const beyond = await historyOk({ ...filters, page: totalPages + 1, limit })
        expect(beyond).toEqual({
          txs: [],
          pagination: { page: totalPages + 1, limit, total: expected.length, totalPages },
        })
      }
    }
  })

  it('defaults: page 1, limit 25, allTime, every app of the organization (a retired one too)', async () => {
    const answer = await historyOk({})
    const expected = reference('alpha', {})
    expect(answer.pagination).toEqual({
      page: 1,
      limit: 25,
      total: expected.length,
      totalPages: Math.ceil(expected.length / 25),
    })
    expect(answer.txs.map((tx) => tx.txId)).toEqual(expected.slice(0, 25).map((row) => row.txId))
    const legacy = expected.filter((row) => row.appId === 'alpha-legacy').length
    expect(legacy).toBeGreaterThan(0)
    const named = await historyOk({ appIds: 'alpha-web,alpha-mobile' })
    expect(named.pagination.total).toBe(expected.length - legacy)
  })

  it("organizations: beta sees beta's only, alpha-2 sees the same as alpha", async () => {
    const beta = await historyOk({ limit: 500 }, 'dev-key-beta')
    expect(beta.txs.map((tx) => tx.txId)).toEqual(reference('beta', {}).map((row) => row.txId))
    expect(new Set(beta.txs.map((tx) => tx.org.appId))).toEqual(new Set(['beta-app']))
    expect(await historyOk({ limit: 500, period: 'week' }, 'dev-key-alpha-2')).toEqual(
      await historyOk({ limit: 500, period: 'week' }),
    )
    const refused = await history({ appIds: 'beta-app' })
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body).error.details).toEqual({
      parameter: 'appIds',
      value: 'beta-app',
      reason: 'not an app of your organization',
    })
  })
})

describe('transactions as history renders them (SPEC §2.5)', () => {
  const detailsOf = async (row: Row) => {
    const answer = await historyOk({ limit: 500 }, row.orgId === 'beta' ? 'dev-key-beta' : 'dev-key-alpha')
    return answer.txs.find((tx) => tx.txId === row.txId)!
  }
  const first = (status: TransactionStatus, isBridge: boolean) =>
    rows.find(
      (row) => row.status === status && row.registeredAt !== null && (row.srcChainId !== row.dstChainId) === isBridge,
    )!

  it('a delivered bridge: txPath, real bridge time, source and destination transactions with the delivered amount', async () => {
    const row = first('success', true)
    const tx = await detailsOf(row)
    expect(tx).toMatchObject({
      status: 'success',
      sender: row.wallet,
      srcTxHash: hashOf(row),
      dstTxHash: `0xd${hashOf(row).slice(3)}`,
      bridgeDetails: {
        isBridge: true,
        bridgeTime: 60,
        txPath: [
          {
            chainId: row.srcChainId,
            txHash: hashOf(row),
            timestamp: String(row.registeredAt! + 5),
            nextBridge: 'across',
          },
          {
            chainId: row.dstChainId,
            txHash: `0xd${hashOf(row).slice(3)}`,
            timestamp: String(row.registeredAt! + 65),
            nextBridge: '',
          },
        ],
      },
      org: { appId: row.appId, appName: APPS[row.appId]!.appName, affiliateId: `aff-${row.orgId}` },
      usdValue: row.index + 1,
      srcTx: {
        toAddress: '0xc7055c7055c7055C7055C7055C7055c7055C7055',
        txHash: hashOf(row),
        chainId: row.srcChainId,
        value: '0',
        timestamp: row.registeredAt! + 5,
      },
      dstTx: {
        toAddress: WALLETS[3],
        chainId: row.dstChainId,
        value: '0',
        timestamp: row.registeredAt! + 65,
        paymentToken: {
          amount: String(980_000 * (row.index + 1)),
          usdAmount: expect.closeTo(0.98 * (row.index + 1), 6),
          chainId: row.dstChainId,
        },
      },
    })
    expect(tx.srcTx).not.toHaveProperty('revertReason')
  })

  it("a pending bridge: the quote's estimated time, no destination yet", async () => {
    const row = first('pending', true)
    expect(await detailsOf(row)).toMatchObject({
      status: 'pending',
      dstTxHash: '',
      dstTx: null,
      bridgeDetails: { isBridge: true, bridgeTime: 95, txPath: [] },
    })
  })

  it('a failed transaction carries its revert reason; a same-chain swap has no bridge time', async () => {
    const row = first('failed', false)
    expect(await detailsOf(row)).toMatchObject({
      status: 'failed',
      dstTx: null,
      bridgeDetails: { isBridge: false, bridgeTime: 0 },
      srcTx: { revertReason: 'slippage exceeded', txHash: hashOf(row) },
    })
  })

  it('refund states are answered as stored', async () => {
    expect(await detailsOf(first('requires refund', true))).toMatchObject({ status: 'requires refund', dstTx: null })
    expect(await detailsOf(first('refunded', true))).toMatchObject({
      status: 'refunded',
      dstTx: { paymentToken: { symbol: 'USDC' } },
    })
  })

  it('a bare quote is not listed, but getStatus by txId answers it (expired here)', async () => {
    const row = rows.find((candidate) => candidate.registeredAt === null && candidate.orgId === 'alpha')!
    const reply = await send(`${service.url}/getStatus?txId=${row.txId}`, {
      headers: { 'x-api-key': 'dev-key-alpha' },
      agent,
    })
    expect(JSON.parse(reply.body)).toMatchObject({ status: 'expired', srcTxHash: '', srcTx: null })
  })
})

describe('invalid parameters: 400 INVALID_PARAMETER with parameter, value and reason', () => {
  const cases: [Record<string, string>, string, string][] = [
    [{ appIds: 'nope' }, 'appIds', 'nope'],
    [{ appIds: 'alpha-legacy' }, 'appIds', 'alpha-legacy'],
    [{ appIds: 'alpha-web,' }, 'appIds', 'alpha-web,'],
    [{ walletAddress: '0x123' }, 'walletAddress', '0x123'],
    [
      { walletAddress: '0x8Ba1f109551bD432803012645Ac136ddd64DBA72' },
      'walletAddress',
      '0x8Ba1f109551bD432803012645Ac136ddd64DBA72',
    ],
    [{ chainIds: '10,x' }, 'chainIds', 'x'],
    [{ chainIds: '010' }, 'chainIds', '010'],
    [
      { chainIds: Array.from({ length: 33 }, (_, i) => i + 1).join(',') },
      'chainIds',
      Array.from({ length: 33 }, (_, i) => i + 1).join(','),
    ],
    [{ period: 'year' }, 'period', 'year'],
    [{ period: 'Day' }, 'period', 'Day'],
    [{ page: '0' }, 'page', '0'],
    [{ page: '1.5' }, 'page', '1.5'],
    [{ page: '-1' }, 'page', '-1'],
    [{ limit: '0' }, 'limit', '0'],
    [{ limit: '501' }, 'limit', '501'],
    [{ limit: 'ten' }, 'limit', 'ten'],
    [{ startDate: '2024-01-01' }, 'startDate', '2024-01-01'],
    [{ startDate: '1700000000000' }, 'startDate', '1700000000000'],
    [{ endDate: '-5' }, 'endDate', '-5'],
    [{ startDate: '200', endDate: '100' }, 'startDate', '200'],
  ]
  it.each(cases)('%j → %s', async (query, parameter, value) => {
    const reply = await history(query)
    expect(reply.status, reply.body).toBe(400)
    const { error } = JSON.parse(reply.body) as {
      error: { code: string; details: { parameter: string; value: string; reason: string } }
    }
    expect(error.code).toBe('INVALID_PARAMETER')
    expect(error.details).toMatchObject({ parameter, value, reason: expect.any(String) })
  })

  it('accepts the edges: limit 1 and 500, page far beyond the end, startDate = endDate, repeated appIds', async () => {
    expect((await historyOk({ limit: 1 })).txs).toHaveLength(1)
    expect((await historyOk({ limit: 500 })).pagination.limit).toBe(500)
    expect((await historyOk({ page: 1_000_000_000 })).txs).toEqual([])
    const at = reference('alpha', {})[0]!.registeredAt!
    expect((await historyOk({ startDate: at, endDate: at, limit: 500 })).txs.map((tx) => tx.txId)).toEqual(
      reference('alpha', { startDate: at, endDate: at }).map((row) => row.txId),
    )
    const repeated = await send(`${service.url}/getTransactions?appIds=alpha-web&appIds=alpha-mobile&limit=500`, {
      headers: { 'x-api-key': 'dev-key-alpha' },
      agent,
    })
    expect((JSON.parse(repeated.body) as History).pagination.total).toBe(
      reference('alpha', { appIds: 'alpha-web,alpha-mobile' }).length,
    )
  })
})
