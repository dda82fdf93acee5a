/**
 * `npm run tracker:outcome -- <txId> <outcome>`: injects the outcome of one transaction for the simulated chain
 * observer (simulatedOutcomes.ts), in the data directory of the service (`DATA_DIR`, as the service reads it).
 * Outcomes: `success`, `failed`, `requires-refund` (or `"requires refund"`), `refunded`. Refused with
 * `NODE_ENV=production`, where the tracker ignores injected outcomes anyway.
 */
import { loadConfig } from '../config.js'
import { SIMULATED_OUTCOMES, type SimulatedOutcome, setSimulatedOutcome } from './simulatedOutcomes.js'

const USAGE = `usage: npm run tracker:outcome -- <txId> <${SIMULATED_OUTCOMES.map((outcome) => outcome.replace(' ', '-')).join('|')}>`

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(1)
}

const [txId, outcomeText] = process.argv.slice(2)
if (txId === undefined || outcomeText === undefined) fail('txId and outcome are required')
const config = loadConfig()
if (config.production) fail('injected outcomes are for tests and demos: refused with NODE_ENV=production')
const outcome = outcomeText.replace('-', ' ') as SimulatedOutcome
try {
  setSimulatedOutcome(config.dataDir, txId, outcome)
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
process.stdout.write(`${txId}: simulated outcome ${outcome} (data directory ${config.dataDir})\n`)
