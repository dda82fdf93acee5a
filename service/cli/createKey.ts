/**
 * `npm run keys:create -- --app <appId> --org <orgId> --name <appName> [--affiliate X] [--gasless]
 *   [--fee <bps>:<receiverAddress>]… [--file path]`
 *
 * Creates an API key, appends its hashed record to the keys file (default: `KEYS_FILE`, else `data/keys.json`;
 * created as a production file when absent) and prints the key once on stdout. Everything else goes to stderr,
 * so `KEY=$(npm run -s keys:create -- …)` captures only the key.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createApiKey } from '../keys/createApiKey.js'

const USAGE =
  'usage: npm run keys:create -- --app <appId> --org <orgId> --name <appName> ' +
  '[--affiliate <affiliateId>] [--gasless] [--fee <bps>:<receiverAddress>]... [--file <path>]'

function main(): number {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        app: { type: 'string' },
        org: { type: 'string' },
        name: { type: 'string' },
        affiliate: { type: 'string' },
        gasless: { type: 'boolean', default: false },
        fee: { type: 'string', multiple: true, default: [] },
        file: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (values.help) {
    console.error(USAGE)
    return 0
  }
  const { app, org, name } = values
  if (app === undefined || org === undefined || name === undefined) {
    console.error(`--app, --org and --name are required\n${USAGE}`)
    return 2
  }
  const appFees = []
  for (const fee of values.fee) {
    const match = /^(\d+):(\S+)$/.exec(fee)
    if (match === null) {
      console.error(`--fee must be <bps>:<receiverAddress>, got ${JSON.stringify(fee)}\n${USAGE}`)
      return 2
    }
    appFees.push({ bps: Number(match[1]), receiverAddress: match[2] as string })
  }
  const file = resolve(values.file ?? (process.env.KEYS_FILE || 'data/keys.json'))
  try {
    const { plaintextKey, record, createdFile } = createApiKey({
      file,
      appId: app,
      orgId: org,
      appName: name,
      ...(values.affiliate === undefined ? {} : { affiliateId: values.affiliate }),
      gasless: values.gasless,
      appFees,
    })
    console.error(
      `${createdFile ? 'Created' : 'Updated'} ${file}: key ${record.keyId} for app ${record.appId} (org ${record.orgId}` +
        `${record.gasless ? ', gasless' : ''}). The key is shown once, below; the file keeps only its hash.`,
    )
    console.log(plaintextKey)
    return 0
  } catch (error) {
    console.error((error as Error).message)
    return 1
  }
}

process.exitCode = main()
