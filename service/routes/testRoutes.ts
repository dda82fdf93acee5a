/**
 * TEST-ONLY routes under `/api/__test/`, for the service tests that need a slow request, a dying worker or an
 * unexpected exception. Mounted only when `CROSSROUTE_TEST_ROUTES=1` and never in production (`NODE_ENV=production`
 * makes `testRoutesEnabled` false, and `createApp` refuses the combination outright). They sit behind
 * authentication like every other route.
 *
 * - `GET /__test/sleep?ms=N`: answers `{ms, threadId}` after N ms (at most 30 000) without blocking the worker.
 * - `GET /__test/spin?ms=N`: blocks the worker's thread for N ms (at most 30 000): a worker stuck in a loop.
 * - `GET /__test/crash`: ends the worker thread (`process.exit(1)` in a worker ends only that thread).
 * - `GET /__test/throw`: throws a plain `Error` whose message must not reach the client.
 * - `GET /__test/thread`: `{threadId}` of the worker that answered.
 * - `POST /__test/echo`: `{body}`, the JSON body as parsed by `readJsonBody`.
 * - `GET /__test/body?bytes=N`: a JSON body of N bytes (at most 1 MiB), built once per size and served as a string,
 *   as getAction serves its reply: what the pool, Koa and the middleware cost without any route's own work
 *   (`npm run bench:http`'s dispatch ceiling).
 */
import { createRouter } from './router.js'
import { setTimeout as sleep } from 'node:timers/promises'
import { isMainThread, threadId } from 'node:worker_threads'
import Router from '@koa/router'
import type { ServiceConfig } from '../config.js'
import type { AppState } from '../types.js'
import { readJsonBody } from './body.js'

/** The environment variable that enables the routes (value `1`). */
export const TEST_ROUTES_VARIABLE = 'CROSSROUTE_TEST_ROUTES'

const MAX_SLEEP_MS = 30_000
const MAX_BODY_BYTES = 1 << 20

/**
 * Whether the test routes are enabled: `CROSSROUTE_TEST_ROUTES=1` and not production.
 *
 * @example
 * createApp(deps, { testRoutes: testRoutesEnabled(config) })
 */
export function testRoutesEnabled(
  config: Pick<ServiceConfig, 'production'>,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  return env[TEST_ROUTES_VARIABLE] === '1' && !config.production
}

/**
 * The test-only router (no prefix; mounted under `/api`).
 *
 * @example
 * if (testRoutesEnabled(config)) api.use(testRoutes().routes())
 */
export function testRoutes(): Router<AppState> {
  const router = createRouter()
  router.get('/__test/sleep', async (ctx) => {
    const ms = Math.min(Math.max(Number(ctx.query.ms) || 0, 0), MAX_SLEEP_MS)
    await sleep(ms)
    ctx.body = { ms, threadId }
  })
  router.get('/__test/spin', (ctx) => {
    const ms = Math.min(Math.max(Number(ctx.query.ms) || 0, 0), MAX_SLEEP_MS)
    const until = Date.now() + ms
    while (Date.now() < until);
    ctx.body = { ms, threadId }
  })
  router.get('/__test/crash', () => {
    // On the main thread (an inline app) this would end the whole process: refuse instead.
    if (isMainThread) throw new Error('test crash route called on the main thread')
    process.exit(1)
  })
  router.get('/__test/throw', () => {
    throw new Error('test failure with internal details: /secret/path')
  })
  router.get('/__test/thread', (ctx) => {
    ctx.body = { threadId }
  })
  router.post('/__test/echo', (ctx) => {
    ctx.body = { body: readJsonBody(ctx) }
  })
  const bodies = new Map<number, string>()
  router.get('/__test/body', (ctx) => {
    const bytes = Math.min(Math.max(Math.trunc(Number(ctx.query.bytes)) || 0, 14), MAX_BODY_BYTES)
    let body = bodies.get(bytes)
    if (body === undefined) bodies.set(bytes, (body = JSON.stringify({ padding: 'x'.repeat(bytes - 14) })))
    ctx.set('Cache-Control', 'no-store')
    ctx.type = 'json'
    ctx.body = body
  })
  return router
}
