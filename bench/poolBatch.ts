/**
 * The thread hop alone, one piscina task per request against one task per batch (`npm run bench:pool-batch`): the
 * measurement behind the "batched dispatch" proposal of issue 11 (bench/README.md, "Request path: where it stands").
 *
 * Each server is node:http on the main thread and 2 piscina workers (8 tasks each, FIFO, as the service's pool) that
 * answer a fixed JSON body of getAction's reply size (14.5 KB) after parsing the request's JSON. `single` posts one
 * task per request, as the service does; `batch` gathers the requests that arrive in one turn of the main thread and
 * posts them as one task per worker, whose result holds every reply. No Koa, no route work: what the hop itself
 * costs, and what batching saves of it. Servers run in child processes, interleaved round by round; autocannon, 64
 * connections, 1 s warm-up, 5 s measured.
 *
 * Options: `--rounds 3`, `--duration 5` (s). Internal: `--serve single|batch` runs one server.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { Piscina } from 'piscina'
import { REPLY_SEPARATOR } from './poolBatchWorker.js'

const WORKER = new URL(`./poolBatchWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url)

interface Pending {
  readonly request: string
  readonly reply: (body: string) => void
}

function serve(mode: 'single' | 'batch'): void {
  const pool = new Piscina<string, string>({
    filename: WORKER.href,
    // From the sources, the worker loads its module through tsx (as engine/parallel.ts does).
    execArgv: WORKER.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [],
    minThreads: 2,
    maxThreads: 2,
    concurrentTasksPerWorker: 8,
    stricterFIFO: true,
    idleTimeout: Number.POSITIVE_INFINITY,
    recordTiming: false,
  })
  let pending: Pending[] = []
  const flush = () => {
    const batch = pending
    pending = []
    const half = Math.ceil(batch.length / 2)
    for (const part of [batch.slice(0, half), batch.slice(half)]) {
      if (part.length === 0) continue
      void pool.run(`[${part.map((item) => item.request).join(',')}]`).then((text) => {
        const bodies = text.split(REPLY_SEPARATOR)
        part.forEach((item, index) => item.reply(bodies[index]!))
      })
    }
  }
  const server = createServer((req, res) => {
    const request = JSON.stringify({ method: req.method, url: req.url, headers: req.headers })
    const reply = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) })
      res.end(body)
    }
    if (mode === 'single') return void pool.run(request).then(reply)
    if (pending.length === 0) setImmediate(flush)
    pending.push({ request, reply })
  })
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`)
  })
}

/** Starts one server process and resolves with its port and a way to stop it. */
async function start(mode: string): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--serve', mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString())
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)))
  })
  return { port, stop: () => child.kill('SIGKILL') }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '5' },
    },
  })
  if (values.serve === 'single' || values.serve === 'batch') return serve(values.serve)
  const rows: { round: number; mode: string; requestsPerSecond: number; p50Ms: number; p99Ms: number }[] = []
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const mode of ['single', 'batch']) {
      const server = await start(mode)
      const url = `http://127.0.0.1:${server.port}/`
      await autocannon({ url, connections: 64, duration: 1 })
      const result = await autocannon({ url, connections: 64, duration: Number(values.duration) })
      server.stop()
      const { average } = result.requests
      rows.push({
        round,
        mode,
        requestsPerSecond: Math.round(average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
      })
    }
  }
  console.table(rows)
}

await main()
