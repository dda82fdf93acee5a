/**
 * `npm run router:deploy` (service/cli/deployRouter.ts) as a user runs it, against a real Hardhat node with real
 * WETH9 and Uniswap factories: the router lands at the printed address with the constructor's arguments, the
 * printed line is the `ROUTER_ADDRESSES` entry, and the key is never printed.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type Address, getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARTIFACTS, clientsOf, deploy } from '../../fixtures/localnet/contracts.js'
import { type EvmNode, FUNDED_ACCOUNT, startEvmNode } from '../helpers/evmNode.js'
import { loadRouterArtifact } from '../../service/cli/routerDeployment.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

function deployCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'service/cli/deployRouter.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DEPLOYER_PRIVATE_KEY: '', NODE_NO_WARNINGS: '1', ...env } },
      (error, stdout, stderr) =>
        resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }),
    ),
  )
}

let node: EvmNode
let weth: Address
let v2: Address
let v3: Address
beforeAll(async () => {
  node = await startEvmNode({ chainId: 31337 })
  const clients = clientsOf(node)
  weth = await deploy(clients, ARTIFACTS.weth9)
  v2 = await deploy(clients, ARTIFACTS.v2Factory, [clients.account])
  v3 = await deploy(clients, ARTIFACTS.v3Factory)
}, 120_000)
afterAll(async () => {
  await node?.stop()
})

describe('npm run router:deploy', () => {
  it('deploys the router and prints the ROUTER_ADDRESSES entry, never the key', async () => {
    const args = ['--rpc', node.url, '--weth', weth, '--v2-factory', v2, '--v3-factory', v3]
    const run = await deployCli(args, { DEPLOYER_PRIVATE_KEY: FUNDED_ACCOUNT.privateKey })
    expect(run.status, run.stderr).toBe(0)
    const match = /^ROUTER_ADDRESSES=31337=(0x[0-9a-fA-F]{40})\n$/.exec(run.stdout)
    expect(match, run.stdout).not.toBeNull()
    const address = match![1] as Address
    expect(address).toBe(getAddress(address))
    // The constructor's arguments are the router's immutables.
    const read = (functionName: string) =>
      clientsOf(node).publicClient.readContract({ address, abi: loadRouterArtifact().abi, functionName })
    expect([await read('weth'), await read('uniswapV2Factory'), await read('uniswapV3Factory')]).toEqual(
      [weth, v2, v3].map((address) => getAddress(address)),
    )
    expect(run.stderr).toContain(`router deployed on chain 31337 at ${address}`)
    const keyDigits = FUNDED_ACCOUNT.privateKey.slice(2)
    expect(run.stdout + run.stderr).not.toContain(keyDigits)
  }, 60_000)

  it('takes the key from --private-key too; refuses missing arguments (exit 2) and a dead node (exit 1)', async () => {
    const args = ['--rpc', node.url, '--weth', weth, '--v2-factory', v2, '--v3-factory', v3]
    const flag = await deployCli([...args, '--private-key', FUNDED_ACCOUNT.privateKey])
    expect(flag.status, flag.stderr).toBe(0)
    expect(flag.stdout).toMatch(/^ROUTER_ADDRESSES=31337=0x[0-9a-fA-F]{40}\n$/)

    const noKey = await deployCli(args)
    expect(noKey.status).toBe(2)
    expect(noKey.stderr).toContain('missing: DEPLOYER_PRIVATE_KEY or --private-key')
    const noRpc = await deployCli(args.slice(2), { DEPLOYER_PRIVATE_KEY: FUNDED_ACCOUNT.privateKey })
    expect(noRpc.status).toBe(2)
    expect(noRpc.stderr).toContain('missing: rpc')

    const dead = await deployCli(['--rpc', 'http://127.0.0.1:9', ...args.slice(2)], {
      DEPLOYER_PRIVATE_KEY: FUNDED_ACCOUNT.privateKey,
    })
    expect(dead.status).toBe(1)
    expect(dead.stderr).toContain('cannot deploy the router')
    expect(dead.stdout + dead.stderr).not.toContain(FUNDED_ACCOUNT.privateKey.slice(2))
    const badKey = await deployCli(args, { DEPLOYER_PRIVATE_KEY: '0x1234' })
    expect([badKey.status, badKey.stderr]).toEqual([1, expect.stringContaining('0x followed by 64 hex digits')])
  }, 90_000)
})
