/**
 * History at volume (`npm run bench:history`): fills a temporary SQLite file with 1,000,000 registered
 * transactions over several organizations, apps, wallets and chains, then times `getTransactions` pages through
 * the store (`listTransactions`: count + page, as the route calls it) and prints each query's plan.
 *
 * Options: `--rows N` (default 1,000,000), `--time-ms N` per task (default 1000), `--db PATH` to keep and reuse
 * a filled file (filled when absent; deleted afterwards only when the bench created it in a temp dir).
 *
 * The rows are written the way the store writes registered rows (`compressJson` of a real action response, the
 * same one for every row: ~1.5 KB) through a plain connection in one transaction with prepared statements and
 * the indexes dropped, then the migration's indexes are re-created. The timings are warm-cache figures: the file
 * was just written, so the OS holds it in memory.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Bench } from 'tinybench'
import { type Database, openDatabase, valueOf } from '../service/store/database.js'
import { historyQuery } from '../service/store/history.js'
import { compressJson } from '../service/store/rows.js'
import { openStore } from '../service/store/open.js'
import type { HistoryFilter, Store } from '../service/store/store.js'
import { machineState, formatTable } from './report.js'
import { formatBytes, formatMs, statsOf } from './stats.js'
import { SAMPLE_ACTION_REQUEST, sampleActionResponse } from './historySample.js'

const DAY = 86_400
const args = new Map<string, string>()
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '')
const ROWS = Number(args.get('rows') ?? 1_000_000)
const TIME_MS = Number(args.get('time-ms') ?? 1000)

/** Organizations and their share of the rows; three apps each, 60/30/10. */
const ORGS = [
  { id: 'org-0', share: 0.5 },
  { id: 'org-1', share: 0.3 },
  { id: 'org-2', share: 0.15 },
  { id: 'org-3', share: 0.05 },
]
const APP_SHARES = [0.6, 0.3, 0.1]
const EVM_CHAINS = [1, 10, 56, 137, 8453, 42161, 43114, 999]
const DST_ONLY_CHAINS = [1151111081099710, 20000000000001, 728126428]
const WALLETS = 50_000
/** One wallet with many transactions (0.5 % of all rows), in org-0. */
const HEAVY_WALLET = walletAddress(0)
const HISTORY_DAYS = 400
/** Stands for the last page of a case; replaced by ceil(total / limit) before timing. */
const LAST_PAGE = -1

function walletAddress(index: number): string {
  return `0x${index.toString(16).padStart(40, '0')}`
}

/** A deterministic generator (mulberry32), so that every run fills the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function pick<T>(values: readonly T[], shares: readonly number[], r: number): T {
  let acc = 0
  for (let i = 0; i < values.length; i += 1) {
    acc += shares[i]!
    if (r < acc) return values[i]!
  }
  return values[values.length - 1]!
}

/** Fills `path` (schema from `openStore`) with `rows` registered transactions; returns the seconds taken. */
async function fill(path: string, rows: number, now: number): Promise<{ insertSeconds: number; indexSeconds: number }> {
  await (await openStore({ dataDir: join(path, '..'), databasePath: path })).close()
  const db = openDatabase(path)
  db.exec('PRAGMA synchronous = OFF')
  db.exec('PRAGMA cache_size = -262144')
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL",
    )
    .all() as { name: string; sql: string }[]
  for (const { name } of indexes) db.exec(`DROP INDEX ${name}`)
  const insert = db.prepare(`
    INSERT INTO transactions (tx_id, org_id, app_id, key_id, app_name, affiliate_id, sender, src_chain_id, dst_chain_id, vm_id,
      created_at, status, updated_at, registered_at, registered_vm_id, src_tx_chain_id, src_tx_hash, dst_tx_hash, next_check_at,
      tx_path, action_request, action_response)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'evm', ?, ?, ?, ?, 'evm', ?, ?, ?, ?, '[]', ?, ?)`)
  const request = JSON.stringify(SAMPLE_ACTION_REQUEST)
  const response = compressJson(JSON.stringify(sampleActionResponse()))
  const next = random(20_261_122)
  const started = performance.now()
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const org = pick(
        ORGS,
        ORGS.map((o) => o.share),
        next(),
      )
      const appIndex = pick([0, 1, 2], APP_SHARES, next())
      const appId = `${org.id}-app-${appIndex}`
      const sender =
        org.id === 'org-0' && next() < 0.01 ? HEAVY_WALLET : walletAddress(1 + Math.floor(next() * WALLETS))
      const srcChainId = EVM_CHAINS[Math.floor(next() * EVM_CHAINS.length)]!
      const r = next()
      const dstChainId =
        r < 0.4
          ? srcChainId
          : r < 0.9
            ? EVM_CHAINS[Math.floor(next() * EVM_CHAINS.length)]!
            : DST_ONLY_CHAINS[Math.floor(next() * 3)]!
      const registeredAt = now - Math.floor(next() * HISTORY_DAYS * DAY)
      const isPending = next() < 0.02
      const hash = `0x${i.toString(16).padStart(64, '0')}`
      insert.run(
        `0x${(i + 0x10000000).toString(16).padStart(64, 'a')}`,
        org.id,
        appId,
        `key-${appId}`,
        `App ${appId}`,
        `aff-${org.id}`,
        sender,
        srcChainId,
        dstChainId,
        registeredAt - 30,
        isPending ? 'pending' : 'success',
        registeredAt + 60,
        registeredAt,
        srcChainId,
        hash,
        isPending ? null : hash.replace('0x0', '0xd'),
        isPending ? registeredAt + 30 : null,
        request,
        response,
      )
    }
  })()
  const inserted = performance.now()
  for (const { sql } of indexes) db.exec(sql)
  db.close()
  return { insertSeconds: (inserted - started) / 1000, indexSeconds: (performance.now() - inserted) / 1000 }
}

interface Case {
  name: string
  filter: HistoryFilter
  page: number
  limit: number
}

function cases(now: number): Case[] {
  const org = 'org-0'
  return [
    { name: 'first page, org-0 (50 %)', filter: { orgId: org }, page: 1, limit: 25 },
    { name: 'first page, org-3 (5 %)', filter: { orgId: 'org-3' }, page: 1, limit: 25 },
    { name: 'first page, limit 500', filter: { orgId: org }, page: 1, limit: 500 },
    { name: 'deep page 10,000 (offset 249,975)', filter: { orgId: org }, page: 10_000, limit: 25 },
    { name: 'last page', filter: { orgId: org }, page: LAST_PAGE, limit: 25 },
    { name: 'one app', filter: { orgId: org, appIds: ['org-0-app-2'] }, page: 1, limit: 25 },
    { name: 'two apps', filter: { orgId: org, appIds: ['org-0-app-1', 'org-0-app-2'] }, page: 1, limit: 25 },
    { name: 'wallet (~10 txs)', filter: { orgId: org, sender: walletAddress(4242) }, page: 1, limit: 25 },
    { name: 'heavy wallet (~5,000 txs)', filter: { orgId: org, sender: HEAVY_WALLET }, page: 1, limit: 25 },
    { name: 'chain 10 (src or dst)', filter: { orgId: org, chainIds: [10] }, page: 1, limit: 25 },
    { name: 'chain Solana (dst only, ~3 %)', filter: { orgId: org, chainIds: [1151111081099710] }, page: 1, limit: 25 },
    { name: 'chains 10 + 8453', filter: { orgId: org, chainIds: [10, 8453] }, page: 1, limit: 25 },
    { name: 'period day', filter: { orgId: org, registeredFrom: now - DAY }, page: 1, limit: 25 },
    { name: 'period week', filter: { orgId: org, registeredFrom: now - 7 * DAY }, page: 1, limit: 25 },
    { name: 'period month', filter: { orgId: org, registeredFrom: now - 30 * DAY }, page: 1, limit: 25 },
    {
      name: 'date range (10 days, 100 days ago)',
      filter: { orgId: org, registeredFrom: now - 100 * DAY, registeredTo: now - 90 * DAY },
      page: 1,
      limit: 25,
    },
    { name: 'wallet + chain', filter: { orgId: org, sender: HEAVY_WALLET, chainIds: [10] }, page: 1, limit: 25 },
    {
      name: 'app + month + chain',
      filter: { orgId: org, appIds: ['org-0-app-1'], registeredFrom: now - 30 * DAY, chainIds: [42161] },
      page: 1,
      limit: 25,
    },
  ]
}

/** The plan lines of a statement (`EXPLAIN QUERY PLAN`), joined. */
function planOf(db: Database, sql: string, params: unknown[]): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join(' | ')
}

async function main(): Promise<void> {
  const machine = machineState()
  const ownDir = args.has('db') ? undefined : mkdtempSync(join(tmpdir(), 'crossroute-history-'))
  const path = args.get('db') ?? join(ownDir!, 'history.sqlite')
  const now = Math.floor(Date.now() / 1000)
  console.log(`history bench: ${ROWS.toLocaleString('en')} transactions in ${path}`)
  if (!existsSync(path)) {
    const { insertSeconds, indexSeconds } = await fill(path, ROWS, now)
    console.log(
      `filled in ${insertSeconds.toFixed(1)} s (insert, one transaction) + ${indexSeconds.toFixed(1)} s (indexes); file ${formatBytes(statSync(path).size)}`,
    )
  }
  const store: Store = await openStore({ dataDir: join(path, '..'), databasePath: path })
  const inspect = openDatabase(path)
  try {
    const bench = new Bench({ time: TIME_MS, iterations: 5, warmup: true, warmupIterations: 2 })
    const all = await Promise.all(
      cases(now).map(async (c) =>
        c.page === LAST_PAGE
          ? { ...c, page: Math.ceil((await store.listTransactions(c.filter, 1, 1)).total / c.limit) }
          : c,
      ),
    )
    for (const c of all) {
      // Checked once before timing: a full page (or the remainder), newest first, every row matching.
      const { transactions, total } = await store.listTransactions(c.filter, c.page, c.limit)
      const expected = Math.max(0, Math.min(c.limit, total - (c.page - 1) * c.limit))
      if (transactions.length !== expected)
        throw new Error(`${c.name}: ${transactions.length} rows, expected ${expected} of ${total}`)
      for (let i = 1; i < transactions.length; i += 1) {
        if (transactions[i]!.registeredAt! > transactions[i - 1]!.registeredAt!)
          throw new Error(`${c.name}: not newest first`)
      }
      if (transactions.some((t) => t.orgId !== c.filter.orgId)) throw new Error(`${c.name}: another org's row`)
      bench.add(`history: ${c.name} (${ROWS.toLocaleString('en')})`, async () => {
        await store.listTransactions(c.filter, c.page, c.limit)
      })
      // The same two statements on a plain connection, rows left undecoded: what SQLite alone costs.
      const query = historyQuery(c.filter)
      const count = inspect.prepare(query.count.sql)
      const page = inspect.prepare(query.page.sql).raw()
      bench.add(`history sql: ${c.name} (${ROWS.toLocaleString('en')})`, () => {
        valueOf(count, ...query.count.params)
        page.all(...query.page.params, c.limit, (c.page - 1) * c.limit)
      })
    }
    await bench.run()

    const totals = await Promise.all(all.map(async (c) => (await store.listTransactions(c.filter, 1, 1)).total))
    const rows = all.map((c, i) => {
      const stats = statsOf(bench.tasks[2 * i])
      const sql = statsOf(bench.tasks[2 * i + 1])
      const total = totals[i]!
      return [
        c.name,
        total.toLocaleString('en'),
        String(c.page),
        String(c.limit),
        formatMs(stats.medianMs),
        formatMs(stats.p99Ms),
        formatMs(sql.medianMs),
        String(stats.samples),
      ]
    })
    const header = [
      'query (listTransactions: count + page)',
      'total',
      'page',
      'limit',
      'median',
      'p99',
      'SQL only',
      'samples',
    ]
    console.log(`\n${formatTable(header, rows)}`)
    console.log('SQL only: the same count and page statements with the rows left undecoded (no gunzip, no JSON.parse).')

    console.log('\nquery plans (EXPLAIN QUERY PLAN; count | page):')
    for (const c of all) {
      const query = historyQuery(c.filter)
      const count = planOf(inspect, query.count.sql, query.count.params)
      const page = planOf(inspect, query.page.sql, [...query.page.params, c.limit, (c.page - 1) * c.limit])
      console.log(`- ${c.name}\n    count: ${count}\n    page:  ${page}`)
    }
    console.log(
      `\nnode ${machine.node}, ${machine.cpuCount} × ${machine.cpuModel}, load average at start ${machine.loadAverageAtStart.join(' ')}`,
    )
  } finally {
    inspect.close()
    await store.close()
    if (ownDir !== undefined) rmSync(ownDir, { recursive: true, force: true })
  }
}

await main()
