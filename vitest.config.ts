import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // The package's own name, as users import it (README examples).
    alias: { crossroute: fileURLToPath(new URL('./engine/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Property tests are CPU-bound; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
  },
})
