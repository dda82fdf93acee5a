/**
 * Serves some of the service's routers in-process, the way `createApp` mounts them but without the rest of the
 * chain: the real error middleware, an auth stub that establishes a fixed key (what `createAuth` would), the routers
 * under `/api`, over a fresh SQLite store in a temp dir, on 127.0.0.1 at a free port. For unit tests of routes that
 * need an engine, a key and a store; the HTTP contract end to end is `startService`'s.
 *
 * Import it dynamically after `vi.doMock` when a test mocks a module the routes import.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Koa from 'koa'
import { API_PREFIX } from '../../service/app.js'
import { errors } from '../../service/middleware/errors.js'
import { type AuthenticatedRouter, createRouter } from '../../service/routes/router.js'
import { openStore } from '../../service/store/open.js'
import type { Store } from '../../service/store/store.js'
import type { ApiKeyRecord, AppState, AuthenticatedState } from '../../service/types.js'

/** A key for tests: one app of one organization, no default fees. */
export const TEST_API_KEY: ApiKeyRecord = Object.freeze({
  keyId: 'key_1',
  appId: 'app_1',
  orgId: 'org_1',
  appName: 'Demo',
  affiliateId: 'aff_1',
  gasless: false,
  appFees: [],
})

/** What `serveRoutes` mounts. */
export interface ServeRoutesOptions {
  /** The routers, built over the store the helper opens (`getActionRoutes({ engine, store, config })`). */
  readonly routers: (store: Store) => readonly AuthenticatedRouter[]
  /** The caller's key, as the auth middleware would establish it; default `TEST_API_KEY`. */
  readonly apiKey?: ApiKeyRecord
}

/** A JSON answer. */
export interface JsonResponse {
  status: number
  headers: Headers
  body: Record<string, any>
}

/** The served routers. */
export interface ServedRoutes {
  /** The base URL, ending in `/api`. */
  readonly url: string
  readonly store: Store
  /** The store's SQLite file, to inspect with `openDatabase`. */
  readonly databasePath: string
  /** GETs `path` (below `/api`) with a query whose arrays become repeated parameters, and parses the JSON answer. */
  get(path: string, query?: Record<string, string | readonly string[]>): Promise<JsonResponse>
  /** Stops the server, closes the store and removes its directory. */
  close(): Promise<void>
}

/**
 * Serves routers under `/api` behind the error middleware and an auth stub.
 *
 * @example
 * const api = await serveRoutes({ routers: (store) => [getActionRoutes({ engine, store, config })] })
 * const { status, body } = await api.get('/getAction', { actionType: 'swap-action', … })
 * await api.close()
 */
export async function serveRoutes(options: ServeRoutesOptions): Promise<ServedRoutes> {
  const apiKey = options.apiKey ?? TEST_API_KEY
  const dataDir = mkdtempSync(join(tmpdir(), 'crossroute-routes-'))
  const databasePath = join(dataDir, 'test.sqlite')
  const store = await openStore({ dataDir, databasePath })
  const api = createRouter<AuthenticatedState>({ prefix: API_PREFIX })
  for (const router of options.routers(store)) api.use(router.routes())
  const app = new Koa<AppState>()
  app
    .use(errors())
    .use(async (ctx, next) => {
      ctx.state.apiKey = apiKey
      await next()
    })
    .use(api.routes())
  const server: Server = createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_PREFIX}`
  return {
    url,
    store,
    databasePath,
    async get(path, query = {}) {
      const search = new URLSearchParams()
      for (const [name, value] of Object.entries(query)) for (const item of [value].flat()) search.append(name, item)
      const response = await fetch(`${url}${path}?${search}`)
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as JsonResponse['body'],
      }
    },
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
