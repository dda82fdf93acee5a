/**
 * `crossroute/service`: the quote service's building blocks, for running it inside another program (the
 * `npm start` program is `main.ts`, which wires exactly these). Needs the service's own dependencies, which
 * installing the engine does not bring: `npm install koa @koa/router koa-compose piscina libsql` (README
 * "Install and package").
 *
 * @example
 * import { createQuotePool, createQuoteServer, loadConfig, startTrackerThread } from 'crossroute/service'
 * const config = loadConfig()
 * const pool = createQuotePool(config)
 * const tracker = startTrackerThread(config)
 * await Promise.all([pool.ready, tracker.ready])
 * createQuoteServer(pool, config).server.listen(config.port, config.host)
 */
export { loadConfig, parseRpcUrls } from './config.js'
export type { RpcUrl, ServiceConfig } from './config.js'
export { createQuotePool } from './pool.js'
export type { CreateQuotePoolOptions, QuotePool } from './pool.js'
export { createQuoteServer } from './server.js'
export type { QuoteServer } from './server.js'
export { startTrackerThread } from './tracker/trackerThread.js'
export type { StartTrackerThreadOptions, TrackerThread } from './tracker/trackerThread.js'
export { API_PREFIX, createApp, loadAppDeps } from './app.js'
export type { AppDeps, CreateAppOptions } from './app.js'
export { openStore } from './store/open.js'
export type { Store } from './store/store.js'
export {
  API_ERROR_CLASSES,
  GeoBlockingError,
  InternalServerError,
  InvalidApiKeyError,
  MethodNotAllowedError,
  MissingApiKeyError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  SERVICE_ERROR_CLASSES,
  ServiceUnavailableError,
  WalletScreeningError,
} from './errors.js'
export type { ApiError, ApiErrorCode, ServiceErrorCode } from './errors.js'
export { errorEnvelope } from './middleware/errors.js'
export type { ErrorEnvelope } from './middleware/errors.js'
