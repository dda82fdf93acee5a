/**
 * `npm run router:deploy -- --rpc <url> --weth <address> --v2-factory <address> --v3-factory <address>`: deploys the
 * crossroute router to the chain behind `--rpc` (routerDeployment.ts) and prints, on stdout, the
 * `ROUTER_ADDRESSES` entry that makes the service's `tx.to` on that chain this router.
 *
 * The deployer's key comes from `DEPLOYER_PRIVATE_KEY` (preferred: it stays out of the shell history and the
 * process list) or `--private-key`; it is never printed. Exit 2 on a usage mistake, 1 when the deployment fails.
 */
import { parseArgs } from 'node:util'
import type { Address, Hex } from 'viem'
import { deployRouter } from './routerDeployment.js'

const USAGE = `usage:
  DEPLOYER_PRIVATE_KEY=0x… npm run router:deploy -- --rpc <url> --weth <address> --v2-factory <address> --v3-factory <address>
  (or --private-key 0x… instead of DEPLOYER_PRIVATE_KEY)`

async function main(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        rpc: { type: 'string' },
        weth: { type: 'string' },
        'v2-factory': { type: 'string' },
        'v3-factory': { type: 'string' },
        'private-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (values.help === true) {
    console.error(USAGE)
    return 0
  }
  const privateKey = (values['private-key'] as string | undefined) ?? process.env.DEPLOYER_PRIVATE_KEY
  const missing = ['rpc', 'weth', 'v2-factory', 'v3-factory'].filter((name) => typeof values[name] !== 'string')
  if (privateKey === undefined || privateKey === '') missing.push('DEPLOYER_PRIVATE_KEY or --private-key')
  if (missing.length > 0) {
    console.error(`missing: ${missing.join(', ')}\n${USAGE}`)
    return 2
  }
  try {
    const deployment = await deployRouter({
      rpcUrl: values.rpc as string,
      privateKey: privateKey as Hex,
      weth: values.weth as Address,
      uniswapV2Factory: values['v2-factory'] as Address,
      uniswapV3Factory: values['v3-factory'] as Address,
    })
    console.error(
      `router deployed on chain ${deployment.chainId} at ${deployment.address} ` +
        `(transaction ${deployment.transactionHash}, ${deployment.gasUsed} gas); configure the service with:`,
    )
    console.log(`ROUTER_ADDRESSES=${deployment.chainId}=${deployment.address}`)
    return 0
  } catch (error) {
    // viem's messages name the request, never the key; ours never hold it either.
    console.error(`cannot deploy the router: ${(error as Error).message}`)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
