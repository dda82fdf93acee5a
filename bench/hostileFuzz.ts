/**
 * The fuzz pass of `bench/hostile.ts`: N generated hostile requests (default 100,000) over every endpoint, sent
 * `concurrency` at a time on keep-alive connections, counting 5xx answers and error answers that are not the
 * spec's envelope (SPEC §7.1). Seeded (`seed`), so a run can be repeated; the first few offenders are kept verbatim.
 *
 * What it sends: getAction queries with one parameter broken (oversized, non-ASCII, nested `appFees`, …); bodies on
 * every POST endpoint nested up to 25,000 deep (in a field, inside a valid item, or whole), oversized strings and
 * keys, truncated or random JSON, wrong content types; unknown paths, wrong methods, bad or missing keys. The test
 * suite's `test/service/fuzz.test.ts` checks the same kinds with fast-check and the OpenAPI document; this pass is
 * for volume.
 */
import { Agent, request } from 'node:http'
import { GET_ACTION_QUERY, KEYS } from './hostilePatterns.js'

/** What the pass saw. */
export interface FuzzSummary {
  readonly requests: number
  readonly seconds: number
  readonly statuses: Readonly<Record<string, number>>
  readonly fiveXx: number
  /** 4xx/5xx answers whose body is not an error envelope whose `statusCode` is the status. */
  readonly nonEnvelope: number
  /** Requests that got no answer (socket error, or no answer within 10 s). */
  readonly failed: number
  /** Up to 5 offending requests (cut) with their answers (cut). */
  readonly samples: readonly string[]
}

interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!
  return { next, int, pick }
}

const nestedCache = new Map<string, string>()
/** Arrays or objects nested `depth` deep (cached: a few depths, reused). */
function nested(depth: number, kind: 'arrays' | 'objects'): string {
  const key = `${kind}${depth}`
  let text = nestedCache.get(key)
  if (text === undefined) {
    text = kind === 'arrays' ? '['.repeat(depth) + ']'.repeat(depth) : '{"k":'.repeat(depth) + '1' + '}'.repeat(depth)
    nestedCache.set(key, text)
  }
  return text
}

const TX_ID = `0x${'1'.repeat(64)}`
const TX_HASH = `0x${'2'.repeat(64)}`
const POST_BODIES: readonly { path: string; body: (value: string) => string }[] = [
  { path: '/registerTxs', body: (v) => `{"txId":${v},"vmId":"evm","txHash":"${TX_HASH}","chainId":8453}` },
  { path: '/registerTxs', body: (v) => `[{"txId":"${TX_ID}","vmId":"evm","txHash":"${TX_HASH}","chainId":${v}}]` },
  { path: '/getActions', body: (v) => `{"requests":${v}}` },
  { path: '/getActions', body: (v) => `{"requests":[{"actionType":"swap-action","appFees":[{"bps":${v}}]}]}` },
  { path: '/relayGasless', body: (v) => `{"txId":"${TX_ID}","signatures":${v}}` },
  { path: '/workflows/venue/createOrFetchVenueUser', body: (v) => `{"address":${v}}` },
  { path: '/workflows/venue/createOrFetchVenueUser', body: (v) => `{"address":{"a":[${v}]}}` },
]
const BAD_VALUES = ['', '-1', '1e3', 'NaN', '0x', '１０', 'x'.repeat(40), '[', '{"a":1}', '%00', 'ä']
const PATHS = ['/', '/api', '/api/x', '/api/getAction/x', '/api//getAction', '/api/__test/crash', '/api/%E0%A4%A']
const METHODS = ['PUT', 'DELETE', 'PATCH', 'POST', 'GET']

/** One hostile request, drawn from `random`. */
function hostileRequest(random: ReturnType<typeof generator>): FuzzRequest {
  const key = random.next() < 0.95 ? KEYS.legitimate : random.pick(['', 'bad-key', 'x'.repeat(2000)])
  const headers: Record<string, string> = key === '' ? {} : { 'x-api-key': key }
  const kind = random.int(0, 9)
  if (kind <= 3) {
    // getAction with one parameter broken.
    const query = { ...GET_ACTION_QUERY }
    const name = random.pick(Object.keys(query).concat(['appFees', 'bridgeIds', 'recipient']))
    const value = random.pick([
      () => random.pick(BAD_VALUES),
      () => 'x'.repeat(random.int(100, 8000)),
      () => nested(random.pick([33, 500, 5000]), 'arrays'),
    ])()
    if (value.startsWith('[[')) {
      // Nested JSON unescaped, as a client may write it (escaped, 5,000 levels would pass Node's 16 KB head).
      delete query[name]
      return { method: 'GET', path: `/api/getAction?${new URLSearchParams(query)}&${name}=${value}`, headers }
    }
    return { method: 'GET', path: `/api/getAction?${new URLSearchParams({ ...query, [name]: value })}`, headers }
  }
  if (kind <= 8) {
    const endpoint = random.pick(POST_BODIES)
    const value = random.pick([
      () => nested(random.pick([33, 100, 1000, 20_000, 25_000]), random.pick(['arrays', 'objects'] as const)),
      () => JSON.stringify(random.pick(['a', '0', ' ', 'é', '"']).repeat(random.int(1000, 60_000))),
      () => random.pick(['1', 'null', 'true', '"x"', '[]', '{}', '[1,2,3]', '{"a":{"b":[]}}']),
    ])()
    let body = random.next() < 0.1 ? value : endpoint.body(value)
    if (random.next() < 0.1) body = body.slice(0, Math.floor(body.length * random.next()))
    const type = random.next() < 0.9 ? 'application/json' : random.pick(['text/plain', 'application/xml', ''])
    return { method: 'POST', path: `/api${endpoint.path}`, headers: { ...headers, 'content-type': type }, body }
  }
  return { method: random.pick(METHODS), path: random.pick(PATHS), headers }
}

/** Whether `text` is the error envelope of an answer with `status`. */
function isEnvelope(text: string, status: number): boolean {
  try {
    const body = JSON.parse(text) as { success?: unknown; error?: { code?: unknown; statusCode?: unknown } }
    return body.success === false && typeof body.error?.code === 'string' && body.error.statusCode === status
  } catch {
    return false
  }
}

/**
 * Sends `total` hostile requests, `concurrency` at a time, to the service at `url` (its `/api` URL).
 *
 * @example const summary = await fuzzPass('http://127.0.0.1:3000/api', 100_000, 32, 20261127)
 */
export async function fuzzPass(url: string, total: number, concurrency: number, seed: number): Promise<FuzzSummary> {
  const { hostname, port } = new URL(url)
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const random = generator(seed)
  const statuses: Record<string, number> = {}
  const samples: string[] = []
  let sent = 0
  let fiveXx = 0
  let nonEnvelope = 0
  let failed = 0
  const started = Date.now()
  const one = (fuzz: FuzzRequest) =>
    new Promise<void>((resolve) => {
      const note = (what: string) => {
        if (samples.length < 5)
          samples.push(
            `${fuzz.method} ${fuzz.path.slice(0, 120)} ${fuzz.body?.slice(0, 80) ?? ''} → ${what.slice(0, 200)}`,
          )
      }
      const headers =
        fuzz.body === undefined
          ? fuzz.headers
          : { ...fuzz.headers, 'content-length': String(Buffer.byteLength(fuzz.body)) }
      const req = request(
        { host: hostname, port, method: fuzz.method, path: fuzz.path, headers, agent, timeout: 10_000 },
        (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
          res.on('end', () => {
            const status = res.statusCode ?? 0
            statuses[status] = (statuses[status] ?? 0) + 1
            if (status >= 500) {
              fiveXx += 1
              note(`${status} ${text}`)
            }
            if (status >= 400 && !isEnvelope(text, status)) {
              nonEnvelope += 1
              note(`not an envelope: ${status} ${text}`)
            }
            resolve()
          })
        },
      )
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')))
      req.on('error', (error) => {
        failed += 1
        note(`no answer: ${error.message}`)
        resolve()
      })
      req.end(fuzz.body)
    })
  const worker = async () => {
    while (sent < total) {
      sent += 1
      await one(hostileRequest(random))
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  agent.destroy()
  return { requests: sent, seconds: (Date.now() - started) / 1000, statuses, fiveXx, nonEnvelope, failed, samples }
}
