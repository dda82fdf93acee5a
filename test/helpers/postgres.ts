/**
 * A database of its own for a test: created on the run's PostgreSQL server (`postgresServer.ts`, the vitest global
 * setup) and dropped after, so test files running in parallel never see each other's rows.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/** A fresh, empty database and its connection string; `drop()` removes it (closing what is still connected). */
export interface TestDatabase {
  readonly url: string
  drop(): Promise<void>
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * Creates an empty database on the test server.
 *
 * @example
 * const database = await createTestDatabase()
 * const store = await openStore({ ...config, databaseUrl: database.url })
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `crossroute_test_${randomBytes(6).toString('hex')}`
  await admin((client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  }
}

/**
 * Runs one statement on a connection of its own to `url`, for what the Store interface does not expose (a schema
 * check, a row's raw columns); returns its rows.
 *
 * @example const [row] = await queryDatabase(database.url, 'SELECT count(*)::int AS n FROM transactions')
 */
export async function queryDatabase<R = Record<string, unknown>>(
  url: string,
  text: string,
  values: readonly unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values as unknown[])).rows as R[]
  } finally {
    await client.end()
  }
}
