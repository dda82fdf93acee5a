/**
 * The format in which requests and responses cross the thread boundary between the main thread and the workers.
 *
 * Both directions are strings: structured cloning of a 5 KB object costs ~20 µs per side, a string < 1 µs
 * (shared/research/http-dispatch.md). The request is the JSON of a `WireRequest` (its body is small and usually
 * empty). The response is a header line followed by the body verbatim, so that the body (a quote of several KB)
 * is never escaped into JSON and parsed again on the main thread:
 *
 * ```
 * <status>[ <JSON of {route, observations}>]\n<JSON of the headers>\n<body>
 * ```
 *
 * JSON never contains a raw newline, so the first two newlines always delimit the header line. The optional part of
 * the status line carries what the main thread's metrics need (the matched route, the worker's observations) and
 * what a quoting route quoted (for the rate limit and the quote quota).
 *
 * No runtime imports on purpose: the main thread loads this without loading Koa or the engine.
 */
import type { WireRequest, WireResponse } from './types.js'

/**
 * Serializes a request for a worker (the pool does, in `run`).
 *
 * @example
 * piscina.run(encodeRequest({ method: 'GET', url: '/api/health', headers: {}, body: '', remoteAddress: '127.0.0.1' }))
 */
export function encodeRequest(request: WireRequest): string {
  return JSON.stringify(request)
}

/**
 * Parses a request serialized by `encodeRequest`. Header values that arrive as arrays (Node keeps `set-cookie`
 * as one) are joined with `, ` so that every value is a string, as `WireRequest` promises.
 *
 * @throws SyntaxError when the text is not JSON (a bug on the main thread, never client input).
 */
export function decodeRequest(text: string): WireRequest {
  const request = JSON.parse(text) as WireRequest
  const headers = request.headers as Record<string, string | string[]>
  for (const name in headers) {
    const value = headers[name]
    if (Array.isArray(value)) headers[name] = value.join(', ')
  }
  return request
}

/**
 * Serializes a response for the main thread.
 *
 * @example
 * encodeResponse({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' })
 * // '200\n{"content-type":"application/json"}\n{}'
 */
export function encodeResponse(response: WireResponse): string {
  const { route, observations, quotes } = response
  const meta =
    route === undefined && observations === undefined && quotes === undefined
      ? ''
      : ` ${JSON.stringify({ route, observations, quotes })}`
  return `${response.status}${meta}\n${JSON.stringify(response.headers)}\n${response.body}`
}

/**
 * Parses a response serialized by `encodeResponse`. Only the header line is parsed; the body is a slice.
 *
 * @throws SyntaxError when the text is not in the format above.
 */
export function decodeResponse(text: string): WireResponse {
  const statusEnd = text.indexOf('\n')
  const headersEnd = statusEnd < 0 ? -1 : text.indexOf('\n', statusEnd + 1)
  if (headersEnd < 0) throw new SyntaxError('malformed wire response: missing header line')
  const metaStart = text.indexOf(' ')
  const hasMeta = metaStart >= 0 && metaStart < statusEnd
  const status = Number(text.slice(0, hasMeta ? metaStart : statusEnd))
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new SyntaxError('malformed wire response: bad status')
  }
  const headers = JSON.parse(text.slice(statusEnd + 1, headersEnd)) as Record<string, string>
  const response: WireResponse = { status, headers, body: text.slice(headersEnd + 1) }
  if (!hasMeta) return response
  const meta = JSON.parse(text.slice(metaStart + 1, statusEnd)) as Pick<
    WireResponse,
    'route' | 'observations' | 'quotes'
  >
  if (meta.route !== undefined) response.route = meta.route
  if (meta.observations !== undefined) response.observations = meta.observations
  if (meta.quotes !== undefined) response.quotes = meta.quotes
  return response
}
