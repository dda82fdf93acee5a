/**
 * `crossroute serve`: starts the quote service (`service/main`) in this process, its settings from the environment
 * (README "Configuration") with the options below taking precedence.
 */
import type { Command } from 'commander'
import { type Feature, MissingPackagesError, missingPackageOf, requirePackages } from '../packages.js'

interface ServeOptions {
  port?: string
  host?: string
  snapshot?: string
  threads?: string
}

/**
 * Registers `serve` on the program.
 *
 * @example crossroute serve --port 3000 --snapshot my.json
 */
export function registerServe(program: Command, run: (action: () => unknown) => Promise<void>): void {
  program
    .command('serve')
    .description(
      'start the HTTP quote service (needs optional packages: README "Install and package"; ' +
        'MISSING_PACKAGES names those not installed)',
    )
    .option('--port <n>', 'port (PORT; default 3000, 0 for any free port)')
    .option('--host <address>', 'address to listen on (HOST; default 127.0.0.1, 0.0.0.0 with NODE_ENV=production)')
    .option('--snapshot <file>', 'snapshot file (SNAPSHOT_PATH)')
    .option('--threads <n>', 'worker threads (THREADS)')
    .action((options: ServeOptions) =>
      run(async () => {
        const settings: [string, string | undefined][] = [
          ['PORT', options.port],
          ['HOST', options.host],
          ['SNAPSHOT_PATH', options.snapshot],
          ['THREADS', options.threads],
        ]
        for (const [name, value] of settings) if (value !== undefined) process.env[name] = value
        // The service's packages are optional peers of `crossroute`: name what is missing before loading any.
        const postgres = (process.env.DATABASE_URL ?? '') !== ''
        const features: Feature[] = postgres ? ['serve', 'serve with DATABASE_URL'] : ['serve']
        const label = `crossroute serve${postgres ? ' with DATABASE_URL' : ''}`
        requirePackages(features, label)
        // The service validates these (config.ts) and exits 1 with the reason on a bad value.
        const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
        try {
          await import(new URL(`../../service/main${extension}`, import.meta.url).href)
        } catch (error) {
          const missing = missingPackageOf(error)
          throw missing === undefined ? error : new MissingPackagesError(label, [missing])
        }
      }),
    )
}
