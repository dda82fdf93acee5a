/**
 * Simulated deposits (tests and demos), and the simulated deposit watcher that sees them: the embedded default on
 * every chain without an RPC deposit watcher. A deposit is injected per quote, by its `txId` or its deposit address,
 * as one small file `<DATA_DIR>/simulated-deposits/<txId or address>` holding the amount in base units — written
 * with `npm run tracker:deposit -- <txId|depositAddress> <amount>` (`setSimulatedDepositCli.ts`) or
 * `setSimulatedDeposit`. The tracker's next tick registers it as the deposit transaction
 * `simulatedTxHash(vm, txId, 'deposit')`, at that time, and follows the transaction like any other (the simulated
 * observer confirms the source leg one block later).
 *
 * Like injected outcomes, production ignores them: with `NODE_ENV=production` the tracker has no simulated deposit
 * watcher and the CLI refuses to write.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Vm } from '../../engine/index.js'
import type { DetectedDeposit } from './depositRule.js'
import type { DepositWatcher } from './depositWatcher.js'
import { writeFileAtomically } from './simulatedOutcomes.js'
import { simulatedTxHash } from './simulatedTxHash.js'

/** The folder under `DATA_DIR` that holds simulated deposits. */
export const SIMULATED_DEPOSITS_DIR = 'simulated-deposits'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** A file name that cannot leave the folder: txIds and the addresses of every VM (hex, base58, bech32). */
const KEY = /^[0-9A-Za-z]{20,100}$/
const AMOUNT = /^[1-9][0-9]{0,77}$/

/**
 * Injects a deposit of `amount` (base units) to the deposit address of a quote.
 *
 * @param key - the quote's `txId`, or its `depositAddress` (an EVM one in any case).
 * @throws Error for a key that is neither, or an amount that is not a positive integer.
 * @example setSimulatedDeposit(dataDir, action.depositAddress, '100000000')
 */
export function setSimulatedDeposit(dataDir: string, key: string, amount: string): void {
  const name = EVM_ADDRESS.test(key) ? key.toLowerCase() : key
  if (!KEY.test(name)) {
    throw new Error(`expected a txId or a deposit address, got ${JSON.stringify(key)}`)
  }
  if (!AMOUNT.test(amount))
    throw new Error(`amount must be a positive integer in base units, got ${JSON.stringify(amount)}`)
  writeFileAtomically(join(dataDir, SIMULATED_DEPOSITS_DIR), name, `${amount}\n`)
}

/**
 * The amount injected for a quote, by its `txId` or its deposit address (lookup form); `undefined` when none.
 *
 * @example readSimulatedDeposit(dataDir, watch.txId, watch.address) // 100000000n
 */
export function readSimulatedDeposit(dataDir: string, txId: string, address: string): bigint | undefined {
  for (const name of [txId, address]) {
    if (!KEY.test(name)) continue
    let text: string
    try {
      text = readFileSync(join(dataDir, SIMULATED_DEPOSITS_DIR, name), 'utf8').trim()
    } catch {
      continue
    }
    if (AMOUNT.test(text)) return BigInt(text)
  }
  return undefined
}

/** Options of `createSimulatedDepositWatcher`. */
export interface SimulatedDepositWatcherOptions {
  readonly chainId: number
  readonly vm: Vm
  /** Where the injected deposits are (`DATA_DIR`). */
  readonly dataDir: string
}

/**
 * The simulated deposit watcher of one chain: a watched quote with an injected deposit has received it, now.
 *
 * @example createSimulatedDepositWatcher({ chainId: 8453, vm: 'evm', dataDir: config.dataDir })
 */
export function createSimulatedDepositWatcher(options: SimulatedDepositWatcherOptions): DepositWatcher {
  const { chainId, vm, dataDir } = options
  return {
    name: 'simulated',
    chainId,
    scansBlocks: false,
    async scan({ listWatches, now }) {
      const deposits: DetectedDeposit[] = []
      for (const watch of await listWatches()) {
        const amount = readSimulatedDeposit(dataDir, watch.txId, watch.address)
        if (amount === undefined) continue
        const txHash = simulatedTxHash(vm, watch.txId, 'deposit')
        deposits.push({ txId: watch.txId, txHash, amount, timestamp: Math.floor(now) })
      }
      return { deposits }
    },
  }
}
