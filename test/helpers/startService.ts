/**
 * Starts the real service (`node --import tsx service/main.ts`) as a child process, for tests and benchmarks
 * that exercise the HTTP contract end to end: real main thread, real piscina pool, real workers.
 *
 * Defaults: `PORT=0` (the port is parsed from the listening line), `HOST=127.0.0.1`, `THREADS=2`, `DATA_DIR` in a
 * fresh temp dir, and the test-only routes enabled (`CROSSROUTE_TEST_ROUTES=1`; see service/routes/testRoutes.ts).
 * `NODE_ENV` is cleared so that the runner's value does not leak in; pass it in `env` to test production.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const LISTENING = /crossroute listening on (http:\/\/\S+)/

/** Children still running; killed when the test process exits, so that a failed test never leaks a service. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** How a child process ended. */
export interface ServiceExit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** Options of `spawnService` / `startService`. */
export interface SpawnServiceOptions {
  /** Script and arguments run with `node --import tsx`; default `['service/main.ts']` (benchmarks run others). */
  readonly entry?: readonly string[]
  /** How long `startService` waits for the listening line; default 60 s (workers load the engine: seconds). */
  readonly timeoutMs?: number
}

/** A child process running the service, with its output collected. */
export interface ServiceProcess {
  readonly process: ChildProcess
  /** Everything written to stdout / stderr so far. */
  stdout(): string
  stderr(): string
  /** Settles when the process exits. */
  readonly exited: Promise<ServiceExit>
}

/** A service that is listening. */
export interface RunningService extends ServiceProcess {
  /** The printed URL, ending in `/api` (e.g. `http://127.0.0.1:40123/api`). */
  readonly url: string
  /** Sends `signal` (default SIGTERM) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<ServiceExit>
}

/**
 * Spawns the service without waiting for it to listen (for tests of refusals to start).
 *
 * @example
 * const service = spawnService({ NODE_ENV: 'production' })
 * expect((await service.exited).code).toBe(1)
 */
export function spawnService(env: Record<string, string> = {}, options: SpawnServiceOptions = {}): ServiceProcess {
  // A fresh data directory (SQLite file) per service, removed when it exits, unless the caller names one.
  const dataDir = env.DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'crossroute-test-')) : undefined
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.entry ?? ['service/main.ts'])], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: '0',
      HOST: '127.0.0.1',
      THREADS: '2',
      ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }),
      CROSSROUTE_TEST_ROUTES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => {
    running.delete(child)
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exited = new Promise<ServiceExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  return { process: child, stdout: () => stdout, stderr: () => stderr, exited }
}

/**
 * Spawns the service and waits for its listening line.
 *
 * @param env - environment variables over the defaults above
 * @throws Error with the process's stderr when it exits or times out before listening
 * @example
 * const service = await startService({ THREADS: '1' })
 * const response = await fetch(`${service.url}/health`)
 * await service.stop()
 */
export async function startService(
  env: Record<string, string> = {},
  options: SpawnServiceOptions = {},
): Promise<RunningService> {
  const timeoutMs = options.timeoutMs ?? 60_000
  const spawned = spawnService(env, options)
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      spawned.process.kill('SIGKILL')
      reject(new Error(`service did not listen within ${timeoutMs} ms; stderr:\n${spawned.stderr()}`))
    }, timeoutMs)
    const onData = () => {
      const match = LISTENING.exec(spawned.stdout())
      if (match === null) return
      clearTimeout(timer)
      spawned.process.stdout?.off('data', onData)
      resolve(match[1]!)
    }
    spawned.process.stdout?.on('data', onData)
    void spawned.exited.then((exit) => {
      clearTimeout(timer)
      reject(new Error(`service exited (${exit.code ?? exit.signal}) before listening; stderr:\n${spawned.stderr()}`))
    })
  })
  return {
    ...spawned,
    url,
    async stop(signal = 'SIGTERM') {
      if (spawned.process.exitCode === null && spawned.process.signalCode === null) spawned.process.kill(signal)
      return spawned.exited
    },
  }
}
