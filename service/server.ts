/**
 * The main thread's HTTP server: accept, read the body within the limit, hand the request to the pool, write
 * the reply. No application logic runs here (DESIGN "The quote path"). The only answers this thread makes itself:
 * the probes (`probes.ts`: liveness and readiness must not queue behind quotes), and, in the SPEC §7.1 envelope,
 * 429 (the key's rate limit, counted here for every worker), 413 (body over the limit), 503 (queue full, or a
 * request past its deadline), 500 (the worker died) and 400 (HTTP that Node cannot parse, or a request not received
 * within the header and request timeouts); and the metrics (`metrics/`), aggregated here over every thread.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import { InvalidParameterError } from '../engine/errors/index.js'
import { type ApiError, InternalServerError, PayloadTooLargeError, ServiceUnavailableError } from './errors.js'
import type { ServiceConfig } from './config.js'
import { logError } from './log.js'
import { errorEnvelopeJson } from './middleware/errors.js'
import { REQUEST_ID_HEADER, requestIdFrom } from './middleware/requestId.js'
import type { QuotePool } from './pool.js'
import { type ProbeInputs, isProbe, probeReply } from './probes.js'
import { type MetricsEndpointOptions, METRICS_PATH, isMetricsRequest, metricsReply } from './metrics/metricsEndpoint.js'
import type { RateLimitCheck } from './rateLimit/keyRateLimits.js'
import type { StoreProbe } from './store/probe.js'
import type { WireRequest } from './types.js'
import { decodeResponse } from './wire.js'

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
  /** The per-key rate limits (`rateLimit/keyRateLimits.ts`); default: none. */
  readonly checkRateLimit?: RateLimitCheck
  /** The metrics: every answer is counted, and `GET /api/metrics` served (`metrics/`); default: none. */
  readonly metrics?: MetricsEndpointOptions
}

/** The route label of answers made before any route matched (main-thread errors, 404s). */
const NO_ROUTE = 'none'

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
    'bodyLimitBytes' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'threads'
  >,
  options: QuoteServerOptions = {},
): QuoteServer {
  const limitBytes = config.bodyLimitBytes
  let isClosing = false

  const metrics = options.metrics?.metrics
  /** Counts an answer: its route label, status, and seconds since `startedMs`. */
  const observe = (req: IncomingMessage, route: string, status: number, startedMs: number) =>
    metrics?.observeRequest(route, req.method ?? 'GET', status, (performance.now() - startedMs) / 1000)

  const forward = (req: IncomingMessage, res: ServerResponse, requestId: string, body: string, startedMs: number) => {
    req.headers[REQUEST_ID_HEADER] = requestId
    const request: WireRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers as Record<string, string>,
      body,
      remoteAddress: req.socket.remoteAddress ?? '',
    }
    pool.run(request).then(
      (text) => {
        try {
          const { status, headers, body: responseBody, route, observations } = decodeResponse(text)
          if (observations !== undefined) metrics?.absorb(observations)
          if (isClosing) headers.connection = 'close'
          res.writeHead(status, headers)
          res.end(responseBody)
          observe(req, route ?? NO_ROUTE, status, startedMs)
        } catch (error) {
          // A malformed reply or an invalid header value: a bug, but never an unhandled rejection.
          logError('request.reply-failed', error, { requestId, method: req.method, url: req.url })
          writeError(res, requestId, new InternalServerError())
          observe(req, NO_ROUTE, 500, startedMs)
        }
      },
      (error: unknown) => {
        if (error instanceof ServiceUnavailableError) {
          writeError(res, requestId, error, { 'retry-after': String(error.details.retryAfterSeconds) })
        } else {
          // The worker died with this request in flight (piscina replaces it); the details stay in the log.
          logError('request.worker-failed', error, { requestId, method: req.method, url: req.url })
          writeError(res, requestId, new InternalServerError())
        }
        observe(req, NO_ROUTE, res.statusCode, startedMs)
      },
    )
  }

  const writeError = (res: ServerResponse, requestId: string, error: ApiError, extra: Record<string, string> = {}) => {
    if (res.headersSent) return res.destroy()
    const body = errorEnvelopeJson(error)
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      [REQUEST_ID_HEADER]: requestId,
      ...extra,
    }
    if (isClosing) headers.connection = 'close'
    res.writeHead(error.status, headers)
    res.end(body)
  }

  const probeInputs: ProbeInputs = {
    readyWorkers: () => pool.readyWorkers,
    threads: config.threads,
    isStoreReachable: options.isStoreReachable ?? (async () => true),
  }
  const answerProbe = async (req: IncomingMessage, res: ServerResponse, requestId: string, startedMs: number) => {
    const { status, body } = await probeReply(req.url, probeInputs)
    observe(req, req.url?.split('?', 1)[0] ?? NO_ROUTE, status, startedMs)
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      [REQUEST_ID_HEADER]: requestId,
      // A probe's body, if it has one, is never read: the connection cannot be reused.
      ...(isClosing || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
        ? { connection: 'close' }
        : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const tooLarge = (req: IncomingMessage, res: ServerResponse, requestId: string, startedMs: number) => {
    // The rest of the body is never read: close the connection instead of draining it.
    writeError(res, requestId, new PayloadTooLargeError({ limitBytes }), { connection: 'close' })
    observe(req, NO_ROUTE, 413, startedMs)
  }

  const answerMetrics = (req: IncomingMessage, res: ServerResponse, requestId: string, startedMs: number) => {
    void metricsReply(req, options.metrics!).then(
      (reply) => {
        if ('status' in reply) {
          writeError(res, requestId, reply)
        } else {
          res.writeHead(200, {
            'content-type': reply.contentType,
            'content-length': String(Buffer.byteLength(reply.body)),
            'cache-control': 'no-store',
            [REQUEST_ID_HEADER]: requestId,
            ...(isClosing ? { connection: 'close' } : {}),
          })
          res.end(req.method === 'HEAD' ? undefined : reply.body)
        }
        observe(req, METRICS_PATH, res.statusCode, startedMs)
      },
      (error: unknown) => {
        logError('metrics.failed', error, { requestId })
        writeError(res, requestId, new InternalServerError())
        observe(req, METRICS_PATH, 500, startedMs)
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
    },
    (req, res) => {
      const startedMs = performance.now()
      const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER])
      // The probe catches its own failures (an unreachable store is an answer, "unreachable").
      if (isProbe(req.method, req.url)) return void answerProbe(req, res, requestId, startedMs)
      if (options.metrics !== undefined && isMetricsRequest(req.method, req.url)) {
        return answerMetrics(req, res, requestId, startedMs)
      }
      const { 'content-length': contentLength, 'transfer-encoding': transferEncoding } = req.headers
      const limited = options.checkRateLimit?.(req)
      if (limited !== undefined) {
        const retryAfter = { 'retry-after': String(limited.details.retryAfterSeconds) }
        // A body is never read: close the connection instead of draining it.
        const hasBody = contentLength !== undefined || transferEncoding !== undefined
        writeError(res, requestId, limited, hasBody ? { ...retryAfter, connection: 'close' } : retryAfter)
        return observe(req, NO_ROUTE, 429, startedMs)
      }
      // The common case, a GET: no body, no waiting for the request stream's end.
      if (contentLength === undefined && transferEncoding === undefined) {
        return forward(req, res, requestId, '', startedMs)
      }
      if (contentLength !== undefined && Number(contentLength) > limitBytes) {
        return tooLarge(req, res, requestId, startedMs)
      }

      const chunks: Buffer[] = []
      let receivedBytes = 0
      const onData = (chunk: Buffer) => {
        receivedBytes += chunk.length
        if (receivedBytes <= limitBytes) return void chunks.push(chunk)
        // A chunked body (no Content-Length) went over the limit: stop buffering and answer now.
        req.off('data', onData).off('end', onEnd)
        chunks.length = 0
        tooLarge(req, res, requestId, startedMs)
      }
      const onEnd = () => forward(req, res, requestId, Buffer.concat(chunks, receivedBytes).toString('utf8'), startedMs)
      req.on('data', onData).on('end', onEnd)
      // A client that aborts mid-body: nothing to answer, nothing to forward.
      req.on('error', () => req.off('end', onEnd))
    },
  )

  // Requests Node cannot parse never reach the handler above; answer them in the envelope too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    const reason =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'request headers are too large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'the request was not received in time'
          : 'malformed HTTP request'
    const body = errorEnvelopeJson(new InvalidParameterError({ parameter: 'request', value: '', reason }))
    metrics?.observeRequest(NO_ROUTE, 'other', 400, 0)
    socket.end(
      'HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n${REQUEST_ID_HEADER}: ${requestIdFrom(undefined)}\r\n` +
        `connection: close\r\n\r\n${body}`,
    )
  })

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
