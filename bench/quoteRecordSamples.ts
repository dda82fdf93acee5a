/**
 * Quote records as `getAction` stores them (`<request JSON>\n<response JSON>`), for random EVM pairs of the default
 * snapshot: seeded, so the same call gives the same texts. The training set of the quote record's preset deflate
 * dictionary (`bench/quoteRecord.ts --write-dictionary`) and the held-out set it is measured on.
 */
import { fileURLToPath } from 'node:url'
import { addressProblem, createEngine } from '../engine/index.js'
import { loadSnapshotFile } from '../engine/loader.js'
import { buildActionParts, serializeAction } from '../service/routes/getAction.js'
import { checkActionChains, parseActionRequest } from '../service/routes/getActionRequest.js'
import { BENCH_API_KEY } from './historySample.js'

/** A snapshot id for quotes built outside the service (`snapshotIdOf` gives real ones). */
const SNAPSHOT_ID = '0123456789abcdef0123456789abcdef'

const SNAPSHOT = fileURLToPath(new URL('../fixtures/default.json', import.meta.url))
const SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

/**
 * `count` quote records of random pairs of EVM-format chains (a quarter exact-out), amounts of 1–5,000 whole
 * tokens; pairs without a route are skipped. The `txId` is random, as in the service.
 *
 * @param seed - the pseudo-random sequence (a linear congruential generator: reproducible, not secure).
 * @example quoteRecordSamples(40, 7).length // 40
 */
export function quoteRecordSamples(count: number, seed: number): string[] {
  const engine = createEngine(loadSnapshotFile(SNAPSHOT))
  const snapshot = engine.snapshot
  // Tokens of chains whose wallets the sender's address can be: EVM-format chains.
  const tokens = [...snapshot.tokens.values()].filter(
    (token) => addressProblem(snapshot.chains.get(token.chainId)!.vm, SENDER) === undefined,
  )
  let state = seed
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state % n
  }
  const hex = (bytes: number): string => Array.from({ length: bytes * 2 }, () => next(16).toString(16)).join('')
  const records: string[] = []
  while (records.length < count) {
    const from = tokens[next(tokens.length)]!
    const to = tokens[next(tokens.length)]!
    if (from === to) continue
    const query = {
      actionType: 'swap-action',
      sender: SENDER,
      srcChainId: String(from.chainId),
      srcToken: from.address,
      dstChainId: String(to.chainId),
      dstToken: to.address,
      slippage: '50',
      amount: String(10n ** BigInt(from.decimals) * BigInt(1 + next(5000))),
      swapDirection: next(4) === 0 ? 'exact-amount-out' : 'exact-amount-in',
    }
    try {
      const request = parseActionRequest(query, BENCH_API_KEY)
      checkActionChains(request, snapshot)
      const parts = buildActionParts(engine, request, {
        txId: `0x${hex(32)}`,
        deadline: 1_800_000_000,
        snapshotId: SNAPSHOT_ID,
      })
      records.push(`${JSON.stringify(request)}\n${serializeAction(parts)}`)
    } catch {
      // No route for this pair or amount: draw another.
    }
  }
  return records
}
