/**
 * The answers the main thread writes itself (`server.ts`): an error in the SPEC §7.1 envelope, the probes, the
 * metrics, and 413 for a body over the limit. Each carries the request id, and `Connection: close` while the server
 * is closing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type ApiError, InternalServerError, PayloadTooLargeError } from './errors.js'
import { logError } from './log.js'
import { errorEnvelopeJson } from './middleware/errors.js'
import { REQUEST_ID_HEADER } from './middleware/requestId.js'
import { type MetricsEndpointOptions, METRICS_PATH, metricsReply } from './metrics/metricsEndpoint.js'
import { type ProbeInputs, probeReply } from './probes.js'

/** The route label of answers made before any route matched (main-thread errors, 404s). */
export const NO_ROUTE = 'none'

/** Whether a request announces a body (which must then be read, or the connection closed). */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined

/** What the replies need from the server. */
export interface MainRepliesOptions {
  /** Whether the server is closing (replies then close their connection). */
  readonly isClosing: () => boolean
  /** Counts an answer: its route label, status, and seconds since `startedMs`. */
  readonly observe: (req: IncomingMessage, route: string, status: number, startedMs: number) => void
  /** The body limit, named in the 413. */
  readonly limitBytes: number
  readonly probeInputs: ProbeInputs
  /** The metrics endpoint; `answerMetrics` is called only when it is set. */
  readonly metrics?: MetricsEndpointOptions
}

/**
 * The main thread's own replies, bound to one server.
 *
 * @example
 * const { writeError } = createMainReplies({ isClosing: () => false, observe, limitBytes, probeInputs })
 * writeError(res, requestId, new ServiceUnavailableError({ retryAfterSeconds: 1 }), { 'retry-after': '1' })
 */
export function createMainReplies({ isClosing, observe, limitBytes, probeInputs, metrics }: MainRepliesOptions) {
  const writeError = (res: ServerResponse, requestId: string, error: ApiError, extra: Record<string, string> = {}) => {
    if (res.headersSent) return res.destroy()
    const body = errorEnvelopeJson(error)
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      [REQUEST_ID_HEADER]: requestId,
      ...extra,
    }
    if (isClosing()) headers.connection = 'close'
    res.writeHead(error.status, headers)
    res.end(body)
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
      ...(isClosing() || hasBody(req) ? { connection: 'close' } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const tooLarge = (req: IncomingMessage, res: ServerResponse, requestId: string, startedMs: number) => {
    // The rest of the body is never read: close the connection instead of draining it.
    writeError(res, requestId, new PayloadTooLargeError({ limitBytes }), { connection: 'close' })
    observe(req, NO_ROUTE, 413, startedMs)
  }

  const answerMetrics = (req: IncomingMessage, res: ServerResponse, requestId: string, startedMs: number) => {
    void metricsReply(req, metrics!).then(
      (reply) => {
        if ('status' in reply) {
          writeError(res, requestId, reply)
        } else {
          res.writeHead(200, {
            'content-type': reply.contentType,
            'content-length': String(Buffer.byteLength(reply.body)),
            'cache-control': 'no-store',
            [REQUEST_ID_HEADER]: requestId,
            ...(isClosing() ? { connection: 'close' } : {}),
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

  return { writeError, answerProbe, answerMetrics, tooLarge }
}
