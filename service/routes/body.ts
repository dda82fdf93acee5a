/**
 * The request body, for routes that take one. The main thread has already read it with its size limit; the worker's
 * dispatcher hands it over as `ctx.request.rawBody` (declared in `types.ts`), so routes never touch the transport.
 */
import type { Request } from 'koa'
import { InvalidParameterError } from '../../engine/index.js'
import { MAX_JSON_DEPTH, isJsonTooDeep } from '../schema/jsonDepth.js'

const TOO_DEEP = `arrays and objects nested deeper than ${MAX_JSON_DEPTH} levels`

/**
 * Parses the JSON body of a request (`ctx.request.rawBody`). The content type must be `application/json` (or a
 * `+json` type) and the body well-formed JSON nested at most `MAX_JSON_DEPTH` deep, checked on the text before it
 * is parsed (`schema/jsonDepth.ts`): nothing downstream ever walks a deeper value. Its size is bounded before it
 * gets here: the main thread refuses a body over `BODY_LIMIT_BYTES` with 413.
 *
 * @param ctx - the request's context (only `ctx.request` is read).
 * @returns the parsed value, unvalidated: validate its shape before use
 * @throws InvalidParameterError (400 `INVALID_PARAMETER`, parameter `body`) on a wrong content type, an empty, a
 *   malformed or a too deeply nested body
 * @example
 * router.post('/registerTxs', (ctx) => { const input = readJsonBody(ctx); … })
 */
export function readJsonBody(ctx: { readonly request: Request }): unknown {
  const raw = ctx.request.rawBody ?? ''
  const type = ctx.request.type
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new InvalidParameterError({ parameter: 'body', value: type, reason: 'content type must be application/json' })
  }
  if (raw.trim() === '') {
    throw new InvalidParameterError({ parameter: 'body', value: '', reason: 'a JSON body is required' })
  }
  if (isJsonTooDeep(raw)) {
    throw new InvalidParameterError({ parameter: 'body', value: raw, reason: TOO_DEEP })
  }
  try {
    return JSON.parse(raw) as unknown
  } catch {
    throw new InvalidParameterError({ parameter: 'body', value: raw, reason: 'body is not valid JSON' })
  }
}
