/**
 * What the main thread's server does at the connection level, before a request reaches its handler (`server.ts`):
 * the cap on open connections, and the envelope for requests Node's parser refuses and for `CONNECT`.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { InvalidParameterError } from '../engine/errors/index.js'
import { errorEnvelopeJson } from './middleware/errors.js'
import { REQUEST_ID_HEADER, requestIdFrom } from './middleware/requestId.js'

/** How long a connection over the cap may take to send its request (answered 503) before it is cut. */
const OVER_CAP_GRACE_MS = 1000

/**
 * Counts the server's open connections; one opened while `max` are open is flagged: its request is the handler's to
 * refuse (503 in the envelope), and it is cut after `OVER_CAP_GRACE_MS` if it sends none.
 *
 * @param onCut - called for a flagged connection cut without a request (for the metrics)
 * @returns whether a socket is over the cap
 * @example
 * const isOverCap = capConnections(server, 4096, () => metrics.observeRefusal('connections'))
 * if (isOverCap(req.socket)) // answer 503
 */
export function capConnections(server: Server, max: number, onCut: () => void): (socket: Socket) => boolean {
  let open = 0
  const overCap = new WeakSet<Socket>()
  // Before Node's own listener sets the connection up, so that the flag is there for its first request.
  server.prependListener('connection', (socket: Socket) => {
    if (open >= max) {
      overCap.add(socket)
      socket.setTimeout(OVER_CAP_GRACE_MS, () => {
        onCut()
        socket.destroy()
      })
      return
    }
    open += 1
    socket.once('close', () => (open -= 1))
  })
  return (socket) => overCap.has(socket)
}

/** Writes a 400 in the envelope, with a new request id, on a socket Node's HTTP server no longer handles; closes it. */
function endWith400(socket: Duplex, parameter: string, value: string, reason: string): void {
  const body = errorEnvelopeJson(new InvalidParameterError({ parameter, value, reason }))
  socket.end(
    'HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n${REQUEST_ID_HEADER}: ${requestIdFrom(undefined)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  )
}

/**
 * Answers what never reaches the request handler with a 400 in the envelope and a request id, where Node would
 * answer a bare 400 or close without a word: requests it cannot parse (malformed, headers too large, not received
 * within the timeouts; a reset connection is only closed) and `CONNECT` (a tunnel, which the service never serves).
 *
 * @param onAnswer - called for each 400 written (for the metrics)
 * @example answerParserErrors(server, () => metrics.observeRequest('none', 'other', 400, 0))
 */
export function answerParserErrors(server: Server, onAnswer: () => void): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    const reason =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'request headers are too large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'the request was not received in time'
          : 'malformed HTTP request'
    onAnswer()
    endWith400(socket, 'request', '', reason)
  })
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    onAnswer()
    endWith400(socket, 'method', 'CONNECT', 'CONNECT is not served: the service is no proxy')
  })
}
