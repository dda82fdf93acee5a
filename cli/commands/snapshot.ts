/**
 * `crossroute snapshot build|validate|stats|generate`: snapshots from chain state (the chain builder), checked by the
 * engine's loader, summarised, or synthetic (the fixtures' seeded generator).
 */
import { writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import type { Snapshot } from '../../engine/index.js'
import { loadSnapshotFile } from '../../engine/loader.js'
import { badOption } from '../errors.js'
import { printJson, table } from '../output.js'

/** A snapshot's size: totals, and tokens, pools by kind and outgoing lanes per chain. */
export interface SnapshotStats {
  readonly name: string
  readonly chains: number
  readonly tokens: number
  readonly pools: number
  readonly lanes: number
  readonly perChain: readonly {
    chainId: number
    name: string
    tokens: number
    pools: Record<string, number>
    lanesOut: number
  }[]
}

/**
 * The size of a loaded snapshot.
 *
 * @example snapshotStats(loadSnapshotFile()).pools // 86
 */
export function snapshotStats(snapshot: Snapshot): SnapshotStats {
  const tokens = [...snapshot.tokens.values()]
  return {
    name: snapshot.name,
    chains: snapshot.chains.size,
    tokens: tokens.length,
    pools: snapshot.pools.length,
    lanes: snapshot.lanes.length,
    perChain: [...snapshot.chains.values()].map((chain) => {
      const pools: Record<string, number> = {}
      for (const pool of snapshot.pools)
        if (pool.chainId === chain.chainId) pools[pool.kind] = (pools[pool.kind] ?? 0) + 1
      return {
        chainId: chain.chainId,
        name: chain.name,
        tokens: tokens.filter((token) => token.chainId === chain.chainId).length,
        pools,
        lanesOut: snapshot.lanes.filter((lane) => lane.srcChainId === chain.chainId).length,
      }
    }),
  }
}

/**
 * Registers the `snapshot` commands on the program.
 *
 * @example crossroute snapshot stats --snapshot my.json
 */
export function registerSnapshot(program: Command, run: (action: () => unknown) => Promise<void>): void {
  const snapshot = program.command('snapshot').description('build, check, summarise or generate snapshot files')

  snapshot
    .command('build')
    .description('read the configured Uniswap V2/V3 pools over JSON-RPC and write a snapshot')
    .requiredOption('--config <file>', 'pools per chain, RPC URLs, USD prices, lanes (ChainSnapshotConfig JSON)')
    .requiredOption('--out <file>', 'snapshot file to write')
    .option('--json', 'print JSON instead of a table')
    .action((options: { config: string; out: string; json?: boolean }) =>
      run(async () => {
        // Loaded here: the chain builder brings viem's clients, which no other command needs.
        const { buildSnapshotFromChain, readChainSnapshotConfig, writeSnapshotFile } =
          await import('../../engine/chain.js')
        let config
        try {
          config = readChainSnapshotConfig(options.config)
        } catch (cause) {
          throw badOption('--config', options.config, `cannot read a JSON configuration (${(cause as Error).message})`)
        }
        const built = await buildSnapshotFromChain(config)
        writeSnapshotFile(options.out, built.json)
        const blocks = Object.fromEntries(
          Object.entries(built.blockNumbers).map(([id, block]) => [id, block.toString()]),
        )
        report(options, { file: options.out, blockNumbers: blocks, ...snapshotStats(built.snapshot) })
      }),
    )

  snapshot
    .command('validate')
    .description("check a snapshot file against the loader's rules (exit 1 with INVALID_SNAPSHOT naming the entry)")
    .argument('<file>', 'snapshot JSON file')
    .option('--json', 'print JSON instead of a table')
    .action((file: string, options: { json?: boolean }) =>
      run(() => {
        const stats = snapshotStats(loadSnapshotFile(file))
        if (options.json === true) printJson({ valid: true, file, ...stats })
        else
          process.stdout.write(
            `${file}: valid (${stats.chains} chains, ${stats.tokens} tokens, ${stats.pools} pools, ${stats.lanes} lanes)\n`,
          )
      }),
    )

  snapshot
    .command('stats')
    .description('tokens, pools by kind and lanes per chain')
    .argument('[file]', "snapshot JSON file (default: the package's default snapshot)")
    .option('--json', 'print JSON instead of a table')
    .action((file: string | undefined, options: { json?: boolean }) =>
      run(() => report(options, snapshotStats(loadSnapshotFile(file)))),
    )

  snapshot
    .command('generate')
    .description('write a seeded synthetic snapshot of N pools over the default chains, tokens and lanes')
    .requiredOption('--pools <n>', 'number of pools')
    .requiredOption('--out <file>', 'snapshot file to write')
    .option('--seed <n>', 'generator seed', '1')
    .option('--json', 'print JSON instead of a table')
    .action((options: { pools: string; seed: string; out: string; json?: boolean }) =>
      run(async () => {
        const { generateSnapshot } = await import('../../fixtures/generate.js')
        const pools = Number(options.pools)
        const seed = Number(options.seed)
        if (!Number.isSafeInteger(pools) || pools < 1 || pools > 10_000_000) {
          throw badOption('--pools', options.pools, 'must be an integer from 1 to 10000000')
        }
        if (!Number.isSafeInteger(seed)) throw badOption('--seed', options.seed, 'must be an integer')
        writeFileSync(options.out, JSON.stringify(generateSnapshot({ pools, seed })))
        report(options, { file: options.out, ...snapshotStats(loadSnapshotFile(options.out)) })
      }),
    )
}

function report(
  options: { json?: boolean },
  stats: SnapshotStats & { file?: string; blockNumbers?: Record<string, string> },
): void {
  if (options.json === true) {
    printJson(stats)
    return
  }
  const kinds = [...new Set(stats.perChain.flatMap((chain) => Object.keys(chain.pools)))].sort()
  const rows = stats.perChain.map((chain) => [
    String(chain.chainId),
    chain.name,
    String(chain.tokens),
    ...kinds.map((kind) => String(chain.pools[kind] ?? 0)),
    String(chain.lanesOut),
  ])
  const title = `${stats.file === undefined ? '' : `${stats.file}: `}${stats.name} — ${stats.chains} chains, ${stats.tokens} tokens, ${stats.pools} pools, ${stats.lanes} lanes\n`
  process.stdout.write(title + table(['chain', 'name', 'tokens', ...kinds, 'lanes out'], rows))
}
