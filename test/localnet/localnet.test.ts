/**
 * `npm run localnet` as a user runs it (the real script, a real Hardhat node from npm): the description file has
 * exactly its fields; the chain holds what they say (router code, pools, a funded account); the snapshot file is
 * built from the chain, follows it block by block, and splits a few million USDC across the pools; SIGTERM stops
 * the script and its node.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { USER_FUNDS } from '../../fixtures/localnet/deployLocalnet.js'
import type { LocalnetDescription } from '../../fixtures/localnet/startLocalnet.js'
import { loadRouterArtifact } from '../../service/cli/routerDeployment.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

let dir: string
let child: ChildProcess
let stdout = ''
let stderr = ''
let port: number
let description: LocalnetDescription
let exited: Promise<number | null>
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crossroute-localnet-'))
  port = await freePort()
  child = spawn(
    process.execPath,
    ['--import', 'tsx', 'fixtures/localnet/main.ts', '--out', join(dir, 'net.json'), '--port', String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const deadline = Date.now() + 150_000
  while (!stdout.includes('\n')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`localnet did not start:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  description = JSON.parse(readFileSync(stdout.trim(), 'utf8')) as LocalnetDescription
}, 180_000)
afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run localnet', () => {
  it('prints the path of a file with exactly the documented fields', () => {
    expect(stdout.trim()).toBe(join(dir, 'net.json'))
    expect(Object.keys(description).sort()).toEqual(
      ['account', 'chainId', 'routerAddress', 'rpcUrl', 'serviceEnv', 'tokens'].sort(),
    )
    expect(description).toMatchObject({ rpcUrl: `http://127.0.0.1:${port}`, chainId: 31337 })
    expect(Object.keys(description.account).sort()).toEqual(['address', 'privateKey'])
    expect(Object.keys(description.tokens)).toEqual(expect.arrayContaining(['USDC', 'WETH']))
    expect(description.serviceEnv).toEqual({
      SNAPSHOT_PATH: join(dir, 'net.snapshot.json'),
      SNAPSHOT_WATCH: '1',
      SNAPSHOT_WATCH_DEBOUNCE_MS: '50',
      RPC_URLS: `31337=http://127.0.0.1:${port}`,
      ROUTER_ADDRESSES: `31337=${description.routerAddress}`,
    })
  })

  it('runs the router at routerAddress and funds the account with ETH, WETH and USDC', async () => {
    const client = createPublicClient({ transport: http(description.rpcUrl) })
    const { abi } = loadRouterArtifact()
    const read = (functionName: string) =>
      client.readContract({ address: description.routerAddress, abi, functionName }) as Promise<Address>
    expect(await read('weth')).toBe(description.tokens.WETH)
    const snapshot = loadSnapshotFile(description.serviceEnv.SNAPSHOT_PATH!)
    const [v2Factory, v3Factory] = [await read('uniswapV2Factory'), await read('uniswapV3Factory')]
    for (const pool of snapshot.pools) {
      const factory = (await client.readContract({
        address: pool.address as Address,
        abi: [
          { type: 'function', name: 'factory', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' },
        ],
        functionName: 'factory',
      })) as Address
      expect(factory).toBe(pool.protocol === 'uniswap-v2' ? v2Factory : v3Factory)
    }
    const { address } = description.account
    expect(await client.getBalance({ address })).toBe(USER_FUNDS.eth)
    const balanceOf = (token: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    expect(await balanceOf(description.tokens.WETH!)).toBe(USER_FUNDS.weth)
    expect(await balanceOf(description.tokens.USDC!)).toBe(USER_FUNDS.usdc)
    expect(await balanceOf(description.tokens.DAI!)).toBe(USER_FUNDS.dai)
    const decimals = (token: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
    expect([await decimals(description.tokens.USDC!), await decimals(description.tokens.WETH!)]).toEqual([6, 18])
  })

  it('builds the snapshot from the chain (a V2 pair and V3 pools of two fee tiers) and splits 3M USDC across them', () => {
    const snapshot = loadSnapshotFile(description.serviceEnv.SNAPSHOT_PATH!)
    expect(snapshot.chains.get(31337)?.routerAddress).toBe(description.routerAddress)
    expect(snapshot.pools.map((pool) => [pool.protocol, pool.kind]).sort()).toEqual([
      ['uniswap-v2', 'constantProduct'],
      ['uniswap-v2', 'constantProduct'],
      ['uniswap-v3', 'concentrated'],
      ['uniswap-v3', 'concentrated'],
    ])
    const request = {
      sender: description.account.address,
      srcChainId: 31337,
      srcToken: description.tokens.USDC!,
      dstChainId: 31337,
      dstToken: description.tokens.WETH!,
      amount: String(3_000_000n * 10n ** 6n),
      swapDirection: 'exact-amount-in' as const,
      slippage: 50,
    }
    const split = createEngine(snapshot).quote({ ...request, maxSplits: 3 })
    expect(split.splits?.length).toBeGreaterThanOrEqual(2)
    const single = createEngine(snapshot).quote(request)
    expect(BigInt(split.amountOut.amount)).toBeGreaterThan(BigInt(single.amountOut.amount))
  })

  it('rebuilds the snapshot when a block is mined', async () => {
    const path = description.serviceEnv.SNAPSHOT_PATH!
    const before = statSync(path).mtimeMs
    const client = createPublicClient({ transport: http(description.rpcUrl) })
    await client.request({ method: 'evm_mine' as never, params: [] as never })
    const deadline = Date.now() + 20_000
    while (statSync(path).mtimeMs === before) {
      if (Date.now() > deadline) throw new Error('the snapshot was not rebuilt')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })

  it('stops itself and its node on SIGTERM', async () => {
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    await expect(fetch(description.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
  }, 30_000)
})

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()))
    })
  })
}
