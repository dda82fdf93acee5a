import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One real PostgreSQL server for the run (or TEST_DATABASE_URL's): test/helpers/postgresServer.ts.
    globalSetup: ['test/helpers/postgresServer.ts'],
    testTimeout: 30_000,
    // Property tests are CPU-bound; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
  },
})
