/**
 * What a hostile body costs (issue 24: "the nested body must cost < 1 ms of worker time"), two ways:
 *
 * - `readJsonBody` (the one body reader of every POST route) in this process, µs per call, on the 40 KB body of
 *   20,000 nested arrays (refused by the depth check before `JSON.parse`), on valid bodies, and on a 1 MB string; and
 *   `JSON.parse` alone on the nested body, which is what a request paid before the walk that overflowed;
 * - worker CPU per request through the running service (`bench/threadCpu.ts`: /proc thread times of the two
 *   busiest non-main threads, so an upper bound), for the nested body and for a valid `getAction`.
 */
import autocannon from 'autocannon'
import type { RunningService } from '../test/helpers/startService.js'
import { readJsonBody } from '../service/routes/body.js'
import { GET_ACTION_QUERY, KEYS, NESTED_BODY } from './hostilePatterns.js'
import { splitThreadCpu, threadCpuMicros } from './threadCpu.js'

/** The figures, by what was measured. */
export interface BodyCost {
  readonly parseMicros: Readonly<Record<string, number>>
  readonly workerMicrosPerRequest: Readonly<Record<string, number | null>>
}

const ITEM = { ...GET_ACTION_QUERY, srcChainId: 42161, dstChainId: 42161, slippage: 50 }
const BODIES: Readonly<Record<string, string>> = {
  'getActions, 40 KB nested (refused)': NESTED_BODY,
  'getActions, 25 valid items (9 KB)': JSON.stringify({ requests: Array.from({ length: 25 }, () => ITEM) }),
  'registerTxs, one registration (0.2 KB)': JSON.stringify({
    txId: `0x${'1'.repeat(64)}`,
    vmId: 'evm',
    txHash: `0x${'2'.repeat(64)}`,
    chainId: 8453,
  }),
  'venue user, 1 MB string address': `{"address":"${'a'.repeat(1_000_000)}"}`,
}

/** Median µs per call of `run`, over 5 rounds of `calls` calls (after a warm-up round). */
function microsPerCall(run: () => void, calls: number): number {
  const rounds: number[] = []
  for (let round = 0; round < 6; round++) {
    const started = process.hrtime.bigint()
    for (let call = 0; call < calls; call++) run()
    if (round > 0) rounds.push(Number(process.hrtime.bigint() - started) / calls / 1000)
  }
  rounds.sort((a, b) => a - b)
  return Math.round(rounds[2]! * 10) / 10
}

/** Worker CPU µs per request of `amount` requests (8 connections), or null without /proc. */
async function workerMicros(
  service: RunningService,
  path: string,
  request: { method?: 'POST'; headers: Record<string, string>; body?: string },
  amount: number,
): Promise<number | null> {
  const pid = service.process.pid!
  const before = threadCpuMicros(pid)
  const result = await autocannon({ url: `${service.url}${path}`, connections: 8, amount, ...request })
  const after = threadCpuMicros(pid)
  if (before === null || after === null) return null
  return Math.round(splitThreadCpu(pid, before, after, 2).workers / result.requests.total)
}

/**
 * Measures both ways against `service` (2 workers).
 *
 * @example const cost = await measureBodyCost(service)
 */
export async function measureBodyCost(service: RunningService): Promise<BodyCost> {
  const parseMicros: Record<string, number> = {}
  for (const [name, body] of Object.entries(BODIES)) {
    const ctx = { request: { rawBody: body, type: 'application/json' } } as Parameters<typeof readJsonBody>[0]
    const calls = body.length > 100_000 ? 20 : 2_000
    parseMicros[name] = microsPerCall(() => {
      try {
        readJsonBody(ctx)
      } catch {
        // the refusal is what is timed
      }
    }, calls)
  }
  parseMicros['JSON.parse alone, 40 KB nested (the old path)'] = microsPerCall(() => JSON.parse(NESTED_BODY), 50)
  const nested = { method: 'POST' as const, headers: { 'x-api-key': KEYS.hostile, 'content-type': 'application/json' } }
  const getAction = `/getAction?${new URLSearchParams(GET_ACTION_QUERY)}`
  await workerMicros(service, getAction, { headers: { 'x-api-key': KEYS.legitimate } }, 200) // warm-up
  return {
    parseMicros,
    workerMicrosPerRequest: {
      'POST /getActions, 40 KB nested (400)': await workerMicros(
        service,
        '/getActions',
        { ...nested, body: NESTED_BODY },
        2_000,
      ),
      'GET /getAction, valid (200)': await workerMicros(
        service,
        getAction,
        { headers: { 'x-api-key': KEYS.legitimate } },
        1_000,
      ),
    },
  }
}
