import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Property tests are CPU-bound; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
  },
})
