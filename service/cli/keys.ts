/**
 * `npm run keys:<command> -- …`: API keys in the store the service uses (`DATABASE_PATH`, else
 * `<DATA_DIR>/crossroute.sqlite`). A running service picks every change up within `KEYS_REFRESH_MS` (2 s), in
 * every worker, without a restart.
 *
 * - `create --app <appId> --org <orgId> --name <appName> [--affiliate X] [--gasless] [--fee <bps>:<address>]…
 *   [--limit <requests>/<seconds>]`: prints the new key once on stdout (everything else goes to stderr, so
 *   `KEY=$(npm run -s keys:create -- …)` captures only the key). One `--fee` per address family the key charges
 *   on (an EVM receiver, a Solana one, …): a request from a chain of another family gets no default fee.
 * - `revoke <keyId>`: the key answers 401 from then on.
 * - `list [--json]`: every key (never a key itself: ids, grants, limits, revocations).
 * - `limit <keyId> <requests>/<seconds> | default`: the key's rate limit (`0/<seconds>`: unlimited).
 * - `quota <keyId> <quotes> | default`: the key's quota of quotes per UTC day (`0`: unlimited).
 * - `import <file>`: a keys file's keys (keys already stored are left as they are).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { createApiKey } from '../keys/createApiKey.js'
import { importKeysFile } from '../keys/importKeysFile.js'
import { feeFamiliesOf } from '../keys/keyFees.js'
import type { ApiKeyRow, RateLimit } from '../store/apiKeys.js'
import { openStore } from '../store/open.js'
import type { Store } from '../store/store.js'

const USAGE = `usage:
  npm run keys:create -- --app <appId> --org <orgId> --name <appName> [--affiliate <affiliateId>] [--gasless]
                         [--fee <bps>:<receiverAddress>]... [--limit <requests>/<seconds>]
    (one --fee per address family the key charges on, e.g. --fee 25:0x… --fee 25:<Solana address>;
     a request from a chain of a family without a receiver gets no default fee)
  npm run keys:revoke -- <keyId>
  npm run keys:list   -- [--json]
  npm run keys:limit  -- <keyId> <requests>/<seconds> | default
  npm run keys:quota  -- <keyId> <quotes per UTC day> | default
  npm run keys:import -- <keys file>`

/** A mistake in the command line: exit 2 with the usage. */
class UsageError extends Error {}

/** `<requests>/<seconds>`, e.g. `100/60`; `0/60` is unlimited. */
function parseLimit(text: string): RateLimit {
  const match = /^(\d{1,10})\/(\d{1,5})$/.exec(text)
  const requests = Number(match?.[1])
  const windowSeconds = Number(match?.[2])
  if (match === null || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new UsageError(`a limit is <requests>/<seconds> (seconds from 1 to 86400), got ${JSON.stringify(text)}`)
  }
  return { requests, windowSeconds }
}

/** `<quotes>`, e.g. `50000`; `0` is unlimited. */
function parseQuota(text: string): number {
  if (!/^\d{1,12}$/.test(text))
    throw new UsageError(`a quota is a number of quotes per day, got ${JSON.stringify(text)}`)
  return Number(text)
}

const describeQuota = (quota: number | null | undefined) =>
  quota === null || quota === undefined ? 'default' : quota === 0 ? 'unlimited' : `${quota}/day`

const describeLimit = (limit: RateLimit | null) =>
  limit === null ? 'default' : limit.requests === 0 ? 'unlimited' : `${limit.requests}/${limit.windowSeconds}s`

function describe(row: ApiKeyRow): string {
  const fees =
    row.appFees
      .map((fee) => `${feeFamiliesOf(fee.receiverAddress).join('+')}:${fee.bps}bps→${fee.receiverAddress}`)
      .join(' ') || '-'
  const state = row.revokedAt === null ? 'active' : `revoked ${new Date(row.revokedAt * 1000).toISOString()}`
  return [
    row.keyId,
    row.orgId,
    row.appId,
    JSON.stringify(row.appName),
    `affiliate=${row.affiliateId}`,
    row.gasless ? 'gasless' : '-',
    `fees=${fees}`,
    `limit=${describeLimit(row.rateLimit)}`,
    `quota=${describeQuota(row.dailyQuoteQuota)}`,
    row.isDevelopment ? 'development' : '-',
    state,
  ].join('\t')
}

async function create(store: Store, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      app: { type: 'string' },
      org: { type: 'string' },
      name: { type: 'string' },
      affiliate: { type: 'string' },
      gasless: { type: 'boolean', default: false },
      fee: { type: 'string', multiple: true, default: [] },
      limit: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  })
  const { app, org, name } = values
  if (app === undefined || org === undefined || name === undefined) {
    throw new UsageError('--app, --org and --name are required')
  }
  const appFees = values.fee.map((fee) => {
    const match = /^(\d+):(\S+)$/.exec(fee)
    if (match === null) throw new UsageError(`--fee must be <bps>:<receiverAddress>, got ${JSON.stringify(fee)}`)
    return { bps: Number(match[1]), receiverAddress: match[2] as string }
  })
  const { plaintextKey, record } = await createApiKey(store, {
    appId: app,
    orgId: org,
    appName: name,
    ...(values.affiliate === undefined ? {} : { affiliateId: values.affiliate }),
    gasless: values.gasless,
    appFees,
    rateLimit: values.limit === undefined ? null : parseLimit(values.limit),
  })
  console.error(
    `Created key ${record.keyId} for app ${record.appId} (org ${record.orgId}${record.gasless ? ', gasless' : ''}, ` +
      `limit ${describeLimit(record.rateLimit)}). The key is shown once, below; the store keeps only its hash.`,
  )
  console.log(plaintextKey)
}

async function run(store: Store, command: string, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: true,
  })
  const [first, second] = positionals
  const arity = { revoke: 1, list: 0, limit: 2, quota: 2, import: 1 }[command]
  if (arity === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)}`)
  if (positionals.length !== arity) throw new UsageError(`${command} takes ${arity} argument(s)`)
  if (command === 'list') {
    const rows = await store.listApiKeys()
    if (values.json)
      console.log(
        JSON.stringify(
          rows.map(({ keyHash: _hash, ...row }) => row),
          null,
          2,
        ),
      )
    else for (const row of rows) console.log(describe(row))
  } else if (command === 'revoke') {
    if (!(await store.revokeApiKey(first!, Math.floor(Date.now() / 1000)))) {
      throw new Error(`no active key has the id ${JSON.stringify(first)} (see npm run keys:list)`)
    }
    console.error(`Revoked ${first}: running services refuse it within KEYS_REFRESH_MS (default 2 s).`)
  } else if (command === 'limit') {
    const limit = second === 'default' ? null : parseLimit(second!)
    if (!(await store.setApiKeyRateLimit(first!, limit))) throw new Error(`no key has the id ${JSON.stringify(first)}`)
    console.error(`Key ${first}: limit ${describeLimit(limit)}.`)
  } else if (command === 'quota') {
    const quota = second === 'default' ? null : parseQuota(second!)
    if (!(await store.setApiKeyDailyQuoteQuota(first!, quota)))
      throw new Error(`no key has the id ${JSON.stringify(first)}`)
    console.error(`Key ${first}: quota ${describeQuota(quota)}.`)
  } else {
    const config = loadConfig()
    const path = resolve(first!)
    const stored = await importKeysFile(store, path, {
      production: config.production,
      createdAt: Math.floor(Date.now() / 1000),
    })
    console.error(`Imported ${stored} key(s) from ${path} (keys already stored were left as they are).`)
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  if (command === undefined || command === '--help' || command === '-h') {
    console.error(USAGE)
    return command === undefined ? 2 : 0
  }
  let store: Store | undefined
  try {
    store = await openStore(loadConfig())
    await (command === 'create' ? create(store, args) : run(store, command, args))
    return 0
  } catch (error) {
    const isUsage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    console.error(isUsage ? `${(error as Error).message}\n${USAGE}` : (error as Error).message)
    return isUsage ? 2 : 1
  } finally {
    await store?.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
