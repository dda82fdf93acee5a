/**
 * `GET /api/metrics`: the Prometheus text format of the main thread's registry (`mainMetrics.ts`), which holds
 * every thread's metrics. Answered on the main thread, like the probes: a scrape never queues behind quotes.
 *
 * Protection: with `METRICS_TOKEN` set, a scrape must send `Authorization: Bearer <token>` (401 otherwise). Without
 * it, the metrics are open outside production (local use) and not served in production (404): set a token, or keep
 * the path off the public load balancer.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type ApiError, InvalidApiKeyError, MissingApiKeyError, NotFoundError } from '../errors.js'
import type { MainMetrics } from './mainMetrics.js'

/** The path of the metrics. */
export const METRICS_PATH = '/api/metrics'

/** Whether a request asks for the metrics (`GET` or `HEAD`, query ignored). */
export function isMetricsRequest(method: string | undefined, url: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && url?.split('?', 1)[0] === METRICS_PATH
}

/** What the endpoint needs. */
export interface MetricsEndpointOptions {
  readonly metrics: MainMetrics
  /** `METRICS_TOKEN`. */
  readonly token: string | undefined
  readonly production: boolean
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * The answer to a metrics request: the text, or the error to answer in the envelope.
 *
 * @example
 * const reply = await metricsReply(req, { metrics, token: config.metricsToken, production: config.production })
 */
export async function metricsReply(
  req: IncomingMessage,
  options: MetricsEndpointOptions,
): Promise<{ contentType: string; body: string } | ApiError> {
  if (options.token === undefined) {
    if (options.production) return new NotFoundError('Not found', { path: METRICS_PATH })
  } else {
    const presented = req.headers.authorization
    if (presented === undefined || presented === '') {
      return new MissingApiKeyError('GET /api/metrics needs the header Authorization: Bearer <METRICS_TOKEN>')
    }
    // Compared as digests: equal lengths for timingSafeEqual, and no timing signal about the token.
    if (!timingSafeEqual(digest(presented), digest(`Bearer ${options.token}`))) {
      return new InvalidApiKeyError('The metrics token is not valid')
    }
  }
  const { registry } = options.metrics
  return { contentType: registry.contentType, body: await registry.metrics() }
}
