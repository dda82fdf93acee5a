/**
 * A real local EVM node, for `npm run localnet` and the tests: Hardhat Network (`hardhat node`, the `hardhat`
 * devDependency, installed from npm with everything else by `npm ci`; its EVM is a prebuilt binary shipped inside a
 * registry package), started as a child process on 127.0.0.1 with a free port (or a chosen one) and a chosen chain
 * id, stopped by its caller.
 *
 * Configuration: localnet/hardhat.config.cjs (`EVM_CHAIN_ID`). Automine is on (a transaction is mined when
 * sent); `evm_setAutomine` turns it off for tests of a pending transaction. Reverting transactions are mined with
 * receipt status 0.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CONFIG = fileURLToPath(new URL('./hardhat.config.cjs', import.meta.url))
const HARDHAT_CLI = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js')

/** Account #0 of Hardhat's default mnemonic (`test test … junk`), funded with 10 000 ETH on every start. Public. */
export const FUNDED_ACCOUNT = Object.freeze({
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
} as const)

/** Children still running; killed when this process exits. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** A running node. */
export interface EvmNode {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string
  readonly chainId: number
  /** Sends a raw JSON-RPC request (for `evm_mine`, `hardhat_setCode`…) and returns its result. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  /** Stops the node and waits for it to exit. */
  stop(): Promise<void>
}

/** Options of `startEvmNode`. */
export interface StartEvmNodeOptions {
  /** Default 42161 (Arbitrum One, a chain of the default snapshot). */
  readonly chainId?: number
  /** How long to wait for the node to answer JSON-RPC; default 60 s. */
  readonly timeoutMs?: number
  /** Port to listen on; default a free one (a taken port is then retried with another). */
  readonly port?: number
}

/**
 * Starts a Hardhat node and waits until it answers `eth_chainId` with `chainId`.
 *
 * @throws Error with the node's output when it exits or does not answer in time
 * @example
 * const node = await startEvmNode({ chainId: 42161 })
 * const client = createPublicClient({ transport: http(node.url) })
 * await node.stop()
 */
export async function startEvmNode(options: StartEvmNodeOptions = {}): Promise<EvmNode> {
  const chainId = options.chainId ?? 42161
  const timeoutMs = options.timeoutMs ?? 60_000
  // A port taken between freePort() and the node's listen is a race: try again with another.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(chainId, options.port ?? (await freePort()), timeoutMs)
    } catch (error) {
      if (options.port !== undefined || attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
}

async function startOnce(chainId: number, port: number, timeoutMs: number): Promise<EvmNode> {
  const child = spawn(
    process.execPath,
    [HARDHAT_CLI, '--config', CONFIG, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: ROOT,
      env: { ...process.env, EVM_CHAIN_ID: String(chainId), HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  running.add(child)
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output = (output + text).slice(-20_000)))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output = (output + text).slice(-20_000)))
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child)
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: T; error?: { message: string } }
    if (body.error !== undefined) throw new Error(`${method}: ${body.error.message}`)
    return body.result as T
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }

  const deadline = Date.now() + timeoutMs
  let hasExited = false
  void exited.then(() => (hasExited = true))
  while (true) {
    if (hasExited) throw new Error(`the EVM node exited before answering; output:\n${output}`)
    try {
      const answered = Number(await rpc<string>('eth_chainId'))
      if (answered !== chainId) {
        await stop()
        throw new Error(`the EVM node answers chain id ${answered}, expected ${chainId}`)
      }
      return { url, chainId, rpc, stop }
    } catch (error) {
      if (String(error).includes('answers chain id')) throw error
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`the EVM node did not answer within ${timeoutMs} ms; output:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
