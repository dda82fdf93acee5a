/**
 * The optional packages behind some CLI features. The package's `dependencies` are the engine's only; what the
 * service, worker threads or plots need is an optional peer dependency (README "Install and package"), which
 * `npm i crossroute` does not install. A feature checks its packages before loading anything, and stops with
 * `MISSING_PACKAGES` naming every one that is missing and the command that adds them.
 */
import { BaseError } from '../engine/errors/index.js'

/**
 * The packages each feature needs beyond `npm i crossroute`: the list the README's "Optional packages per
 * feature" table shows (the package test installs each list into a fresh project and runs the feature).
 */
export const FEATURE_PACKAGES = Object.freeze({
  /** `crossroute serve` on the default SQLite store: HTTP, worker threads, SQLite, logs, metrics, Solana/Bitcoin. */
  serve: Object.freeze([
    'koa',
    '@koa/router',
    'koa-compose',
    'piscina',
    'libsql',
    'pino',
    'prom-client',
    '@solana/web3.js',
    '@solana/spl-token',
    'bitcoinjs-lib',
    '@bitcoinerlab/secp256k1',
  ]),
  /** `crossroute serve` with `DATABASE_URL` (PostgreSQL): the serve list and the `pg` driver. */
  'serve with DATABASE_URL': Object.freeze(['pg']),
  /** `crossroute batch` on worker threads (20,000 requests or more, or `--threads n`). */
  'batch on worker threads': Object.freeze(['piscina']),
  /** `--plot` / `--route-plot` of `sweep`. */
  plots: Object.freeze(['vega', 'vega-lite']),
} satisfies Record<string, readonly string[]>)

/** A feature of `FEATURE_PACKAGES`. */
export type Feature = keyof typeof FEATURE_PACKAGES

/** Details of `MISSING_PACKAGES`. */
export type MissingPackagesDetails = {
  readonly feature: string
  /** The missing packages, comma-separated. */
  readonly packages: string
  /** The command that installs them. */
  readonly install: string
}

/**
 * A CLI feature needs optional packages that are not installed (CLI only: the HTTP API never answers it). Exit 1.
 */
export class MissingPackagesError extends BaseError<MissingPackagesDetails, string> {
  static override readonly code = 'MISSING_PACKAGES'
  static override readonly status = 500
  static override readonly title = 'Missing packages'
  static override readonly errorName = 'MissingPackagesError'
  constructor(feature: string, packages: readonly string[]) {
    const install = `npm install ${packages.join(' ')}`
    super(`${feature} needs packages that are not installed: ${packages.join(', ')}. Add them: ${install}`, {
      feature,
      packages: packages.join(', '),
      install,
    })
  }
}

/** Whether `name` resolves from this package (where the CLI's own imports look for it). */
function installed(name: string): boolean {
  try {
    import.meta.resolve(name)
    return true
  } catch {
    return false
  }
}

/**
 * Checks that the packages of `features` are installed.
 *
 * @param features - the features the command is about to use.
 * @param label - how the message names what was asked (default: the features).
 * @throws MissingPackagesError naming every missing package.
 * @example requirePackages(['serve'], 'crossroute serve')
 */
export function requirePackages(features: readonly Feature[], label = features.join(', ')): void {
  const missing = [...new Set(features.flatMap((feature) => FEATURE_PACKAGES[feature]))].filter(
    (name) => !installed(name),
  )
  if (missing.length > 0) throw new MissingPackagesError(label, missing)
}

/**
 * The package a failed `import()` could not find (`ERR_MODULE_NOT_FOUND` "Cannot find package 'x'"), else
 * `undefined`: a safety net for a package the lists above miss, reported as `MISSING_PACKAGES` too.
 *
 * @example missingPackageOf(error) // 'pino'
 */
export function missingPackageOf(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  if (code !== 'ERR_MODULE_NOT_FOUND') return undefined
  return /Cannot find package '([^']+)'/.exec(message ?? '')?.[1]
}
