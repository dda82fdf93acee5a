/**
 * `npm run tracker:deposit -- <txId|depositAddress> <amount>`: simulates a deposit of `amount` (base units of the
 * quote's input token) to a quote's deposit address (`simulatedDeposits.ts`), in the data directory of the service
 * (`DATA_DIR`, as the service reads it). The tracker's next tick registers it. Refused with `NODE_ENV=production`,
 * where the tracker has no simulated deposits.
 */
import { loadConfig } from '../config.js'
import { setSimulatedDeposit } from './simulatedDeposits.js'

const USAGE = 'usage: npm run tracker:deposit -- <txId|depositAddress> <amount in base units>'

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(1)
}

const [key, amount] = process.argv.slice(2)
if (key === undefined || amount === undefined) fail('txId (or deposit address) and amount are required')
const config = loadConfig()
if (config.production) fail('simulated deposits are for tests and demos: refused with NODE_ENV=production')
try {
  setSimulatedDeposit(config.dataDir, key, amount)
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
process.stdout.write(`${key}: simulated deposit of ${amount} (data directory ${config.dataDir})\n`)
