/**
 * Composition of the Koa app that each worker runs (DESIGN "The quote path"). Built once per worker.
 *
 * The chain, top to bottom:
 *
 * | step | what it does |
 * |---|---|
 * | `requestId` | `ctx.state.requestId` and the `x-request-id` header, before anything can fail |
 * | `errors` | every error below becomes the SPEC §7.1 envelope |
 * | `routeCheck` | 404 for an unknown path, 405 (+ `Allow`) for a wrong method, 204 for `OPTIONS` |
 * | public routes | `GET /api/health`, `GET /api/openapi.json`: the only routes that need no key (`routeTableOf`) |
 * | `auth` | `x-api-key` (SPEC §5) |
 * | `compliance` | geo-blocking and wallet screening (SPEC §5.6) |
 * | API routes | everything else under `/api` |
 */
import { createRouter } from './routes/router.js'
import Koa from 'koa'
import type Router from '@koa/router'
import type { Engine } from '../engine/index.js'
import type { ServiceConfig } from './config.js'
import { instrumentStore } from './metrics/observations.js'
import { type LoadedSnapshot, loadEngineFile } from './snapshots/workerSnapshot.js'
import { requestLog } from './middleware/requestLog.js'
import { sourceStateFetchers } from './vm/sourceState.js'
import { keySeeding } from './keys/importKeysFile.js'
import { type KeyCache, createKeyCache } from './keys/keyRing.js'
import { createAuth } from './middleware/auth.js'
import { createCompliance } from './middleware/compliance.js'
import { errors } from './middleware/errors.js'
import { requestId } from './middleware/requestId.js'
import { routeCheck } from './middleware/routeCheck.js'
import { getActionRoutes } from './routes/getAction.js'
import { createEvmSimulator } from './vm/evmSimulation.js'
import { getActionsRoutes } from './routes/getActions.js'
import { getStatusRoutes } from './routes/getStatus.js'
import { getTransactionsRoutes } from './routes/getTransactions.js'
import { healthRoutes } from './routes/health.js'
import { openapiRoutes } from './routes/openapi.js'
import { registerTxsRoutes } from './routes/registerTxs.js'
import { relayGaslessRoutes } from './routes/relayGasless.js'
import { gaslessProviderOf } from './gasless/provider.js'
import { testRoutes } from './routes/testRoutes.js'
import { venueRoutes } from './routes/venue.js'
import { venueUserRoutes } from './routes/venueUser.js'
import { workflowStatusRoutes } from './routes/workflowStatus.js'
import { openStore } from './store/open.js'
import { withoutQuoteRecords } from './withoutQuoteRecords.js'
import type { Store } from './store/store.js'
import type { AppState, AuthenticatedState } from './types.js'
import type { RouteEntry } from './routeAccess.js'
import { MAX_BATCH_ACTIONS } from './schema/getActions.js'
import type { VenueReads } from './venue/venue.js'
import { venueFromConfig } from './venue/venueFromConfig.js'

/** The base path of every route (SPEC: the production base URL ends in `/api`). */
export const API_PREFIX = '/api'

/** What the app is built from; each worker builds its own (`loadAppDeps`). */
export interface AppDeps {
  readonly engine: Engine
  /** The id of the engine's snapshot (`snapshotIdOf`): every quote names it. */
  readonly snapshotId: string
  /** One connection per worker (SQLite): state shared between workers lives here, never in a worker's memory. */
  readonly store: Store
  /** The keys, from the store, kept current (`keys/keyRing.ts`): wait for `keys.ready` before serving. */
  readonly keys: KeyCache
  readonly config: ServiceConfig
  /** The prediction-market venue's reads: the fixture venue, or the real one by configuration. */
  readonly venue: VenueReads
}

/** Options of `createApp`. */
export interface CreateAppOptions {
  /** Mount the test-only routes (`routes/testRoutes.ts`). Refused in production. Default false. */
  readonly testRoutes?: boolean
}

/**
 * Builds the service's Koa app from its dependencies. Pure composition: no I/O beyond what the middleware
 * factories do at construction (the compliance lists).
 *
 * @throws Error when `testRoutes` is asked for in production
 * @example
 * const app = createApp(loadAppDeps(loadConfig()))
 * const dispatch = createDispatcher(app)
 */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Koa<AppState> {
  const { config, engine, snapshotId, keys, store, venue } = deps
  if (options.testRoutes === true && config.production) {
    throw new Error('Refusing to mount the test-only routes in production')
  }

  const publicApi = createRouter({ prefix: API_PREFIX })
  publicApi.use(healthRoutes().routes(), openapiRoutes().routes())

  // Mounted below `createAuth` only: its routes are typed with the key present (`AuthenticatedState`).
  const api = createRouter<AuthenticatedState>({ prefix: API_PREFIX })
  const compliance = createCompliance(config, { snapshot: engine.snapshot })
  const { screenAddresses } = compliance
  const actionDeps = {
    engine,
    snapshotId,
    store,
    config,
    sourceStateFetchers: sourceStateFetchers(config),
    screenAddresses,
    simulator: createEvmSimulator(config),
  }
  const getActionRouter = getActionRoutes(actionDeps)
  const getActionsRouter = getActionsRoutes(actionDeps)
  api.use(getActionRouter.routes())
  api.use(getActionsRouter.routes())
  api.use(
    registerTxsRoutes({ store }).routes(),
    relayGaslessRoutes({ store, provider: gaslessProviderOf(config.gaslessProviderUrl) }).routes(),
    getStatusRoutes({ store }).routes(),
    getTransactionsRoutes({ store, keys }).routes(),
    venueRoutes({ venue }).routes(),
  )
  api.use(venueUserRoutes({ store, screenAddresses }).routes(), workflowStatusRoutes({ store }).routes())
  if (options.testRoutes === true) api.use(testRoutes().routes())

  const app = new Koa<AppState>()
  app
    .use(requestId())
    .use(requestLog())
    .use(errors())
    .use(routeCheck([publicApi, api]))
    .use(publicApi.routes())
    .use(createAuth(keys))
    .use(compliance)
    .use(api.routes())
  const quoting = new Map<string, number>([
    ...pathsOf(getActionRouter, API_PREFIX).map((path) => [path, 1] as const),
    ...pathsOf(getActionsRouter, API_PREFIX).map((path) => [path, MAX_BATCH_ACTIONS] as const),
  ])
  routeTables.set(
    app,
    Object.freeze([...describeRoutes(publicApi, true, quoting), ...describeRoutes(api, false, quoting)]),
  )
  return app
}

/** The route tables of the apps `createApp` built. */
const routeTables = new WeakMap<Koa<AppState>, readonly RouteEntry[]>()

/** The layers of a router that are routes (plain `use` layers have no methods). */
const routeLayers = (router: Router<AppState> | Router<AuthenticatedState>) =>
  router.stack.filter((layer) => layer.methods.length > 0)

/** Route paths are strings here: every route of the service has a literal path. */
const pathsOf = (router: Router<AuthenticatedState>, prefix: string) =>
  routeLayers(router).map((layer) => prefix + String(layer.path))

/** One entry per method of each route (`HEAD` left out: it goes wherever `GET` does). */
function describeRoutes(
  router: Router<AppState> | Router<AuthenticatedState>,
  isPublic: boolean,
  quoting: ReadonlyMap<string, number>,
): RouteEntry[] {
  return routeLayers(router).flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        path: String(layer.path),
        isPublic,
        maxQuotes: quoting.get(String(layer.path)) ?? 0,
      })),
  )
}

/**
 * The routes of an app built by `createApp`: the routers mounted above the auth middleware are public, the others
 * need a key; `getAction` records one quote, `getActions` a batch. The workers report it to the main thread
 * (`routeAccess.ts`), which then answers a request without a valid key on a keyed route itself.
 *
 * @param app - an app `createApp` returned
 * @returns its routes, or an empty list for an app built some other way
 * @example routeTableOf(createApp(deps)).find((route) => route.path === '/api/health')?.isPublic // true
 */
export function routeTableOf(app: Koa<AppState>): readonly RouteEntry[] {
  return routeTables.get(app) ?? []
}

/**
 * Loads what `createApp` needs, once per worker: the snapshot and the engine over it (`SNAPSHOT_PATH`, unless
 * `snapshot` is given: the one the main thread published), the store, and the key cache over the store (which first
 * imports `KEYS_FILE`, by default the development keys).
 *
 * @throws InvalidSnapshotError for a bad snapshot; the store's errors (file cannot be opened, migration fails).
 *   `keys.ready` rejects with the keys' (unreadable or invalid keys file, `DevelopmentKeysInProductionError`).
 * @example
 * const deps = await loadAppDeps(loadConfig())
 * await deps.keys.ready
 */
export async function loadAppDeps(
  config: ServiceConfig,
  snapshot: LoadedSnapshot = loadEngineFile(config.snapshotPath, config),
): Promise<AppDeps> {
  // Quote and store calls are timed for the metrics (`metrics/observations.ts`).
  const { engine, snapshotId } = snapshot
  const opened = await openStore(config)
  const store = instrumentStore(config.benchNoStore ? withoutQuoteRecords(opened) : opened)
  const keys = createKeyCache(store, { refreshMs: config.keysRefreshMs, ...keySeeding(store, config) })
  return { engine, snapshotId, store, keys, config, venue: await venueFromConfig(config.venue, store) }
}
