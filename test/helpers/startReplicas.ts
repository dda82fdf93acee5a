/**
 * N replicas of the real service (`startService`: `node --import tsx service/main.ts`, each its own main thread,
 * workers and tracker thread) on distinct ports, sharing one store: what a deployment behind a load balancer runs.
 *
 * The store is a parameter (`ReplicaBackend`): its environment (`DATA_DIR` / `DATABASE_PATH` for one SQLite file in
 * WAL mode, which several processes on one machine may share; `DATABASE_URL` for PostgreSQL) is given to every
 * replica, and to the CLIs a test runs against the same store (`backend.env`). Every replica also shares one
 * `DATA_DIR`, where simulated outcomes and deposits are injected.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase } from './postgres.js'
import { type RunningService, type ServiceExit, startService } from './startService.js'

/** A store the replicas share, and how to remove it. */
export interface ReplicaStore {
  /** Environment of every replica and CLI on this store (always with the shared `DATA_DIR`). */
  readonly env: Readonly<Record<string, string>>
  /** Removes the store and the shared `DATA_DIR` (after the replicas stopped). */
  dispose(): Promise<void>
}

/** A kind of shared store: a name for the test's title and a factory of fresh, empty stores. */
export interface ReplicaBackend {
  readonly name: string
  create(): Promise<ReplicaStore>
}

/**
 * One SQLite file shared by every replica (`DATA_DIR/crossroute.sqlite`). `DATABASE_PATH` is set empty so that the
 * runner's own value never leaks in.
 *
 * @example const store = await SQLITE_REPLICAS.create()
 */
export const SQLITE_REPLICAS: ReplicaBackend = {
  name: 'SQLite (one file, WAL, several processes)',
  async create() {
    const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-replicas-'))
    return {
      env: { DATA_DIR: dataDir, DATABASE_PATH: '' },
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  },
}

/**
 * A database of its own on the test run's PostgreSQL server (`createTestDatabase`), as `DATABASE_URL` of every
 * replica (`openStore` chooses the PostgreSQL store by it).
 *
 * @example const store = await POSTGRES_REPLICAS.create()
 */
export const POSTGRES_REPLICAS: ReplicaBackend = {
  name: 'PostgreSQL',
  async create() {
    const database = await createTestDatabase()
    const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-replicas-'))
    return {
      env: { DATA_DIR: dataDir, DATABASE_PATH: '', DATABASE_URL: database.url },
      async dispose() {
        await database.drop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  },
}

/** Running replicas. */
export interface Replicas {
  /** In start order; `replicas[i].url` ends in `/api`. */
  readonly replicas: readonly RunningService[]
  /** The replicas still running (not stopped or killed through `kill`). */
  alive(): RunningService[]
  /** `kill -9` of one replica; resolves once it exited. */
  kill(index: number): Promise<ServiceExit>
  /** Stops every replica still running (SIGTERM) and disposes of the store. */
  stop(): Promise<void>
}

/**
 * Starts `count` replicas on `store`, at once (the first to open the store migrates it; the others wait for its
 * lock and find nothing to do).
 *
 * @param env - environment of every replica, over the store's (e.g. `SIMULATED_TIME_SCALE`, `TRACKER_LEASE_SECONDS`)
 * @throws Error when one fails to start (the others are stopped)
 * @example
 * const cluster = await startReplicas(3, await SQLITE_REPLICAS.create(), { THREADS: '1' })
 * await fetch(`${cluster.replicas[0]!.url}/health`)
 * await cluster.stop()
 */
export async function startReplicas(
  count: number,
  store: ReplicaStore,
  env: Record<string, string> = {},
): Promise<Replicas> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startService({ ...store.env, ...env }, { timeoutMs: 120_000 })),
  )
  const replicas = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const failure = started.find((outcome) => outcome.status === 'rejected')
  if (failure !== undefined) {
    await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')))
    await store.dispose()
    throw failure.reason
  }
  const killed = new Set<number>()
  return {
    replicas,
    alive: () => replicas.filter((_, index) => !killed.has(index)),
    async kill(index) {
      killed.add(index)
      return replicas[index]!.stop('SIGKILL')
    },
    async stop() {
      await Promise.all(replicas.map((replica) => replica.stop()))
      await store.dispose()
    },
  }
}
