/**
 * `npm run localnet [-- --out FILE] [--port N] [--chain-id N]`: a local EVM chain anyone can quote and trade on
 * (README "Local chain"). Starts a Hardhat node (default 127.0.0.1:8545, chain 31337), deploys real Uniswap V2/V3,
 * WETH9, a 6-decimal USDC and the crossroute router, seeds the pools, funds an account, builds the snapshot from the
 * chain and rebuilds it at every block, and writes the description file (default `data/localnet/localnet.json`;
 * the snapshot goes beside it). Runs until SIGINT or SIGTERM, which stop the node too.
 *
 * Development tool: needs the devDependencies (hardhat, the Uniswap artifacts).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { snapshotPathBeside, startLocalnet } from './startLocalnet.js'

const USAGE = 'usage: npm run localnet [-- --out FILE] [--port N] [--chain-id N]'

function integer(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!/^[0-9]+$/.test(raw) || value < 1 || value > max) throw new Error(`--${name} must be from 1 to ${max}`)
  return value
}

async function main(): Promise<number> {
  let out: string
  let port: number
  let chainId: number
  try {
    const { values } = parseArgs({
      options: { out: { type: 'string' }, port: { type: 'string' }, 'chain-id': { type: 'string' } },
    })
    out = resolve(values.out ?? 'data/localnet/localnet.json')
    port = integer('port', values.port, 8545, 65_535)
    chainId = integer('chain-id', values['chain-id'], 31337, 2 ** 32)
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  console.error(`starting a Hardhat node on 127.0.0.1:${port} (chain ${chainId}) and deploying…`)
  const localnet = await startLocalnet({
    chainId,
    port,
    snapshotPath: snapshotPathBeside(out),
    onError: (error) => console.error(`snapshot rebuild failed: ${(error as Error).message}`),
  })
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify(localnet.description, null, 2)}\n`)
  const { description } = localnet
  console.log(out)
  console.error(
    [
      `localnet ready: ${description.rpcUrl} (chain ${description.chainId})`,
      `router ${description.routerAddress}; USDC ${description.tokens.USDC}; WETH ${description.tokens.WETH}`,
      `funded account ${description.account.address} (key in the file: a public Hardhat test key)`,
      `snapshot ${description.serviceEnv.SNAPSHOT_PATH}, rebuilt at every block`,
      `start the service on it: env $(npm run -s localnet:env -- ${out}) npm start`,
      'Ctrl-C stops the chain.',
    ].join('\n'),
  )
  await new Promise<void>((resolveStop) => {
    process.once('SIGINT', () => resolveStop())
    process.once('SIGTERM', () => resolveStop())
  })
  await localnet.stop()
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`localnet: ${(error as Error).message}`)
    process.exit(1)
  },
)
