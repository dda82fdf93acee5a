/**
 * The hostile clients of `bench/hostile.ts`, one per pattern of issue 24. Each runs in a child process of its own
 * (`node --import tsx bench/hostile.ts --role <pattern> --url <…/api> --duration <s>`), so that its event loop never
 * delays the legitimate client's timings; it prints `started` when its clients are running, then one JSON line
 * (`PatternSummary`) when its time is up.
 */
import { connect, type Socket } from 'node:net'
import autocannon from 'autocannon'

/** What a pattern did, as the child reports it. */
export interface PatternSummary {
  readonly requests: number
  /** Answers by HTTP status. */
  readonly statuses: Readonly<Record<string, number>>
  /** Pattern-specific figures (quotes served on a limited key, connections held, …). */
  readonly extra: Readonly<Record<string, number>>
}

/** The patterns, by the letter the issue gives them. */
export const PATTERNS = ['nested', 'invalidKeys', 'slowBodies', 'batches', 'overload'] as const
export type Pattern = (typeof PATTERNS)[number]

/** What a pattern is given: the service's `/api` URL, how long to run, and its size. */
export interface PatternOptions {
  readonly url: string
  readonly durationSeconds: number
  /** Clients (connections) of the pattern. */
  readonly connections: number
  /** Requests per second for the paced patterns (`nested`); 0: as fast as they go. */
  readonly rate: number
}

/** The default size of each pattern (the figures). */
export const PATTERN_DEFAULTS: Readonly<Record<Pattern, { connections: number; rate: number; label: string }>> = {
  nested: { connections: 16, rate: 100, label: '(a) 40 KB nested-JSON getActions on a valid key, 100 req/s' },
  invalidKeys: { connections: 64, rate: 0, label: '(b) flood of invalid API keys' },
  slowBodies: { connections: 300, rate: 0, label: '(c) 300 unauthenticated connections holding partial bodies' },
  batches: { connections: 16, rate: 0, label: '(d) getActions batches of 25 on a key limited to 5/60 s' },
  overload: { connections: 512, rate: 0, label: '(e) 512 clients ignoring Retry-After, MAX_QUEUE=64' },
}

/** 20,000 nested arrays: the 40 KB body of the reproduction. */
export const NESTED_BODY = `{"requests":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
/** A valid getAction (1,000 USDC → WETH on Arbitrum), as `bench/http.ts` asks it. */
export const GET_ACTION_QUERY: Readonly<Record<string, string>> = {
  actionType: 'swap-action',
  srcChainId: '42161',
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dstChainId: '42161',
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  amount: '1000000000',
  swapDirection: 'exact-amount-in',
  slippage: '50',
  sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
}
/** Keys (fixtures/keys.dev.json): the legitimate client's, the hostile valid one's, and the limited one's. */
export const KEYS = { legitimate: 'dev-key-alpha', hostile: 'dev-key-alpha-2', limited: 'dev-key-beta' } as const

/**
 * Runs one pattern for its duration.
 *
 * @example await runPattern('nested', { url, durationSeconds: 10, connections: 16, rate: 100 })
 */
export async function runPattern(pattern: Pattern, options: PatternOptions): Promise<PatternSummary> {
  switch (pattern) {
    case 'nested':
      return cannon(options, '/getActions', {
        method: 'POST',
        headers: { 'x-api-key': KEYS.hostile, 'content-type': 'application/json' },
        body: NESTED_BODY,
      })
    case 'invalidKeys':
      return cannon(options, `/getAction?${new URLSearchParams(GET_ACTION_QUERY)}`, {
        headers: { 'x-api-key': 'not-a-key-0000000000000000' },
      })
    case 'overload':
      return cannon(options, `/getAction?${new URLSearchParams(GET_ACTION_QUERY)}`, {
        headers: { 'x-api-key': KEYS.hostile },
      })
    case 'batches':
      return batches(options)
    case 'slowBodies':
      return slowBodies(options)
  }
}

/**
 * autocannon with `options`, counting the answers by status (autocannon itself only counts non-2xx).
 *
 * @example const { result, statuses } = await cannonCounting({ url, connections: 4, duration: 5 })
 */
export function cannonCounting(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {}
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ result, statuses }),
    )
    instance.on('response', (_client: unknown, status: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1
    })
  })
}

/** autocannon on one request, as fast as it goes or paced at `options.rate`. */
async function cannon(
  options: PatternOptions,
  path: string,
  request: { method?: 'POST'; headers: Record<string, string>; body?: string },
): Promise<PatternSummary> {
  const running = cannonCounting({
    url: `${options.url}${path}`,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.rate > 0 ? { overallRate: options.rate } : {}),
    ...request,
  })
  started()
  const { result, statuses } = await running
  return { requests: result.requests.total, statuses, extra: { errors: result.errors, timeouts: result.timeouts } }
}

/** `connections` loops posting batches of 25 getAction requests on the limited key; counts the quotes answered. */
async function batches(options: PatternOptions): Promise<PatternSummary> {
  const item = { ...GET_ACTION_QUERY, srcChainId: 42161, dstChainId: 42161, slippage: 50 }
  const body = JSON.stringify({ requests: Array.from({ length: 25 }, () => item) })
  const statuses: Record<string, number> = {}
  let requests = 0
  let quotes = 0
  const endAt = Date.now() + options.durationSeconds * 1000
  const loop = async () => {
    while (Date.now() < endAt) {
      const reply = await fetch(`${options.url}/getActions`, {
        method: 'POST',
        headers: { 'x-api-key': KEYS.limited, 'content-type': 'application/json' },
        body,
      })
      const text = await reply.text()
      requests += 1
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1
      if (reply.status === 200) quotes += text.split('{"status":200,').length - 1
    }
  }
  started()
  await Promise.all(Array.from({ length: options.connections }, loop))
  return { requests, statuses, extra: { quotesServed: quotes } }
}

/**
 * `connections` sockets that send a getActions head announcing ~1 MB, 64 KB of it, then 1 KB every 2 s, without a
 * key; a socket the service closes is replaced, so that `connections` stay held for the whole duration.
 */
async function slowBodies(options: PatternOptions): Promise<PatternSummary> {
  const { hostname, port } = new URL(options.url)
  const head =
    'POST /api/getActions HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${1_000_000}\r\n\r\n`
  const first = `{"requests":[${' '.repeat(64 * 1024)}`
  const sockets = new Set<Socket>()
  const statuses: Record<string, number> = {}
  let opened = 0
  let closedByServer = 0
  let isOver = false
  const open = () => {
    opened += 1
    const socket = connect(Number(port), hostname, () => socket.write(head + first))
    sockets.add(socket)
    socket.setEncoding('latin1').on('data', (text: string) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]
      if (status !== undefined) statuses[status] = (statuses[status] ?? 0) + 1
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      sockets.delete(socket)
      if (isOver) return
      closedByServer += 1
      setTimeout(open, 100) // not at once: a service refusing connections would otherwise be reconnected in a loop
    })
  }
  for (let index = 0; index < options.connections; index++) open()
  const dribble = setInterval(() => {
    for (const socket of sockets) if (socket.writable) socket.write(' '.repeat(1024))
  }, 2000)
  started()
  await new Promise((resolve) => setTimeout(resolve, options.durationSeconds * 1000))
  isOver = true
  clearInterval(dribble)
  for (const socket of sockets) socket.destroy()
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0)
  return { requests, statuses, extra: { connectionsOpened: opened, closedByServer } }
}

function started(): void {
  process.stdout.write('started\n')
}
