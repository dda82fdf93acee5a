/**
 * The main thread's HTTP server: accept, admit the request from its headers (`rateLimit/admission.ts`), read the
 * body within the limits, hand the request to the pool, write the reply. No application logic runs here (DESIGN
 * "The quote path"). The only answers this thread makes itself: the probes (`probes.ts`: liveness and readiness
 * must not queue behind quotes), and, in the SPEC §7.1 envelope, 401 (no valid key on a route that needs one),
 * 429 (a key's rate limit or daily quote quota, or the per-address limit of requests without a valid key), 413
 * (body over the limit), 503 (queue full, a request past its deadline, over `MAX_CONNECTIONS` or
 * `MAX_BUFFERED_BYTES`), 500 (the worker died), 400 (HTTP that Node cannot parse, no `Host`, or a request not
 * received within the header and request timeouts) and 417 (an `Expect` other than `100-continue`); and the
 * metrics (`metrics/`), aggregated here over every thread.
 *
 * No body is read before the key is checked: a request without a valid key is answered (or forwarded, on a public
 * route or an unknown path, without its body) from its headers, so unauthenticated clients cannot make this thread
 * buffer anything.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import { InvalidParameterError } from '../engine/errors/index.js'
import {
  AT_CAPACITY_RETRY_AFTER_SECONDS,
  type ApiError,
  InternalServerError,
  ServiceUnavailableError,
} from './errors.js'
import type { ServiceConfig } from './config.js'
import { answerParserErrors, capConnections } from './connectionGuards.js'
import { logError } from './log.js'
import { REQUEST_ID_HEADER, requestIdFrom } from './middleware/requestId.js'
import type { QuotePool } from './pool.js'
import { isProbe } from './probes.js'
import { NO_ROUTE, createMainReplies, hasBody } from './mainReplies.js'
import { createBodyBuffer } from './bodyBuffer.js'
import { createPoolDispatch } from './poolDispatch.js'
import { type MetricsEndpointOptions, isMetricsRequest } from './metrics/metricsEndpoint.js'
import type { Admission, Admit, RefusalReason } from './rateLimit/admission.js'
import type { StoreProbe } from './store/probe.js'

/** The server and its graceful stop. */
export interface QuoteServer {
  readonly server: Server
  /**
   * Stops accepting connections and lets requests in flight finish; after `graceMs`, closes what is left.
   * Responses written meanwhile carry `Connection: close`, so keep-alive clients move on.
   * @returns whether everything finished in time (`drained`) or connections had to be cut (`forced`)
   */
  close(graceMs: number): Promise<'drained' | 'forced'>
}

/** What the server needs beyond the pool and the configuration. */
export interface QuoteServerOptions {
  /** Whether the store can be read, for readiness; default: always (a server without a store of its own). */
  readonly isStoreReachable?: StoreProbe
  /**
   * Admission from the headers: keys, rate limits, quote quotas (`rateLimit/admission.ts`); default: every request
   * is forwarded with its body (a server without keys of its own).
   */
  readonly admit?: Admit
  /** The metrics: every answer is counted, and `GET /api/metrics` served (`metrics/`); default: none. */
  readonly metrics?: MetricsEndpointOptions
}

/** Admission without keys: everything goes to a worker, body included. */
const FORWARD_ALL: Admission = Object.freeze({ kind: 'keyed', settle: () => undefined })

/**
 * Creates (does not start) the HTTP server in front of `pool`.
 *
 * @example
 * const { server, close } = createQuoteServer(pool, config)
 * server.listen(config.port, config.host)
 * process.once('SIGTERM', () => close(10_000).then(() => pool.destroy()))
 */
export function createQuoteServer(
  pool: QuotePool,
  config: Pick<
    ServiceConfig,
    | 'bodyLimitBytes'
    | 'headersTimeoutMs'
    | 'requestTimeoutMs'
    | 'keepAliveTimeoutMs'
    | 'threads'
    | 'maxConnections'
    | 'maxBufferedBytes'
  >,
  options: QuoteServerOptions = {},
): QuoteServer {
  const limitBytes = config.bodyLimitBytes
  let isClosing = false

  const metrics = options.metrics?.metrics
  /** Counts an answer: its route label, status, and seconds since `startedMs`. */
  const observe = (req: IncomingMessage, route: string, status: number, startedMs: number) =>
    metrics?.observeRequest(route, req.method ?? 'GET', status, (performance.now() - startedMs) / 1000)

  const { writeError, answerProbe, answerMetrics, tooLarge } = createMainReplies({
    isClosing: () => isClosing,
    observe,
    limitBytes,
    probeInputs: {
      readyWorkers: () => pool.readyWorkers,
      threads: config.threads,
      isStoreReachable: options.isStoreReachable ?? (async () => true),
    },
    metrics: options.metrics,
  })

  const forward = createPoolDispatch({ pool, isClosing: () => isClosing, observe, writeError, metrics })

  /** Refuses a request from the main thread: the envelope, counted by reason; a body is never read. */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    startedMs: number,
    error: ApiError,
    reason: RefusalReason,
  ) => {
    const extra: Record<string, string> = hasBody(req) ? { connection: 'close' } : {}
    const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
    if (typeof retryAfter === 'number') extra['retry-after'] = String(retryAfter)
    writeError(res, requestId, error, extra)
    metrics?.observeRefusal(reason)
    observe(req, NO_ROUTE, error.status, startedMs)
  }

  const atCapacity = (message: string) =>
    new ServiceUnavailableError({ retryAfterSeconds: AT_CAPACITY_RETRY_AFTER_SECONDS }, message)

  // Bodies held by this thread, over every connection: beyond `maxBufferedBytes`, 503.
  const bodies = createBodyBuffer({ limitBytes, maxBufferedBytes: config.maxBufferedBytes })
  /** Reads the body of an admitted request (within the limits), then forwards it. */
  const readBody = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    startedMs: number,
    admission: Admission,
  ) => {
    // A body that is not forwarded gives back what its admission reserved.
    const settle = () => admission.kind === 'keyed' && admission.settle(undefined)
    bodies.read(req, {
      onBody: (body) => forward(req, res, requestId, body, startedMs, admission),
      onTooLarge: () => {
        settle()
        tooLarge(req, res, requestId, startedMs)
      },
      onOverBuffered: () => {
        settle()
        const error = atCapacity('The service holds too many request bodies at once, retry shortly')
        refuse(req, res, requestId, startedMs, error, 'buffered_bytes')
      },
      onAbandon: settle,
    })
  }

  const admitted = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    startedMs: number,
    admission: Admission,
  ) => {
    if (admission.kind === 'refused') {
      return refuse(req, res, requestId, startedMs, admission.error, admission.reason)
    }
    // The common case, a GET: no body, no waiting for the request stream's end. A request without a valid key never
    // has its body read (it goes on without it).
    if (!hasBody(req) || admission.kind === 'anonymous') {
      return forward(req, res, requestId, '', startedMs, admission)
    }
    readBody(req, res, requestId, startedMs, admission)
  }

  const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
    const startedMs = performance.now()
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER])
    if (isOverCap(req.socket)) {
      const error = atCapacity('The service has too many open connections, retry shortly')
      return refuse(req, res, requestId, startedMs, error, 'connections')
    }
    // HTTP/1.1 requires Host (RFC 9112 §3.2); HTTP/1.0 may omit it.
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      const error = new InvalidParameterError({
        parameter: 'host',
        value: '',
        reason: 'HTTP/1.1 requires a Host header',
      })
      writeError(res, requestId, error, hasBody(req) ? { connection: 'close' } : {})
      return observe(req, NO_ROUTE, 400, startedMs)
    }
    // The probe catches its own failures (an unreachable store is an answer, "unreachable").
    if (isProbe(req.method, req.url)) return void answerProbe(req, res, requestId, startedMs)
    if (options.metrics !== undefined && isMetricsRequest(req.method, req.url)) {
      return answerMetrics(req, res, requestId, startedMs)
    }
    const admission = options.admit?.(req) ?? FORWARD_ALL
    if (!(admission instanceof Promise)) return admitted(req, res, requestId, startedMs, admission)
    admission.then(
      (verdict) => admitted(req, res, requestId, startedMs, verdict),
      (error: unknown) => {
        logError('request.admission-failed', error, { requestId })
        writeError(res, requestId, new InternalServerError(), { connection: 'close' })
        observe(req, NO_ROUTE, 500, startedMs)
      },
    )
  }

  const server = createServer(
    {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // How often Node checks those two timeouts (default 30 s): a timeout fires at most a second late.
      connectionsCheckingInterval: 1000,
      // Node answers a missing Host itself, with a bare 400 (no envelope, no request id): checked below instead.
      requireHostHeader: false,
    },
    handleRequest,
  )
  // Connections over `maxConnections`: their requests get 503 (and the connection is closed).
  const isOverCap = capConnections(server, config.maxConnections, () =>
    metrics?.observeRefusal('connections' satisfies RefusalReason),
  )

  // An `Expect` other than `100-continue` (Node would answer a bare 417): ignored, as RFC 9110 §10.1.1 allows.
  server.on('checkExpectation', handleRequest)

  // Requests Node cannot parse never reach the handler above; answer them in the envelope too.
  answerParserErrors(server, () => metrics?.observeRequest(NO_ROUTE, 'other', 400, 0))

  return {
    server,
    close(graceMs) {
      isClosing = true
      return new Promise((resolve) => {
        let outcome: 'drained' | 'forced' = 'drained'
        const timer = setTimeout(() => {
          outcome = 'forced'
          server.closeAllConnections()
        }, graceMs)
        // Node ≥ 19 closes idle keep-alive connections here; busy ones close after their response (Connection: close).
        server.close(() => {
          clearTimeout(timer)
          resolve(outcome)
        })
      })
    },
  }
}
