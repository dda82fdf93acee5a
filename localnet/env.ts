/**
 * `npm run -s localnet:env [-- FILE]`: prints the `serviceEnv` of a localnet description file (default
 * `data/localnet/localnet.json`) as `NAME=value` lines, for `env $(npm run -s localnet:env) npm start`.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { LocalnetDescription } from './startLocalnet.js'

const file = resolve(process.argv[2] ?? 'data/localnet/localnet.json')
try {
  const { serviceEnv } = JSON.parse(readFileSync(file, 'utf8')) as LocalnetDescription
  for (const [name, value] of Object.entries(serviceEnv)) console.log(`${name}=${value}`)
} catch (error) {
  console.error(`localnet:env: cannot read ${file} (${(error as Error).message}); is npm run localnet running?`)
  process.exitCode = 1
}
