/**
 * The wire form of a chunk of quote requests sent to a `quoteParallel` worker. A study's requests mostly differ only
 * in their amount, so a chunk carries each distinct rest-of-the-request once (a template) and the amounts as one
 * comma-joined string: the structured clone copies a few objects and one string instead of thousands of objects.
 */
import type { QuoteRequest } from '../quote/types.js'

/** A request without its amount (or, for an amount that is not digits, with it: see `encodeRequestChunk`). */
export type RequestTemplate = Omit<QuoteRequest, 'amount'> & { readonly amount?: unknown }

/** A chunk of requests in wire form. */
export interface RequestChunk {
  /** The distinct requests-without-amount of the chunk. */
  readonly templates: readonly RequestTemplate[]
  /** Per request, the index of its template in `templates` (a typed array: cloned as one buffer). */
  readonly templateIndex: Uint32Array<ArrayBuffer>
  /** The requests' amounts, decimal strings joined with `,`. */
  readonly amounts: string
}

/**
 * Encodes `requests` as a chunk. Consecutive requests whose other fields are the same values (shallow: equal
 * primitives or the same array/object) share a template.
 *
 * @example encodeRequestChunk(requests.slice(0, 5_000)).templates.length // 1 for a sweep of one pair
 */
export function encodeRequestChunk(requests: readonly QuoteRequest[]): RequestChunk {
  const templates: RequestTemplate[] = []
  const templateIndex = new Uint32Array(requests.length)
  const amounts: string[] = new Array<string>(requests.length)
  let last: RequestTemplate | undefined
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i]!
    const amount: unknown = (request as Partial<QuoteRequest> | null)?.amount
    // Digits travel in the joined string; anything else (absent, malformed, a `,`) stays in its own template, as
    // given, so that the worker's engine answers it with the same error as in-process.
    const isDigits = typeof amount === 'bigint' || (typeof amount === 'string' && /^\d+$/.test(amount))
    const rest: RequestTemplate = isDigits ? withoutAmount(request) : request
    if (last === undefined || !isDigits || !sameFields(last, rest)) {
      last = isDigits ? rest : undefined
      templates.push(rest)
    }
    templateIndex[i] = templates.length - 1
    amounts[i] = isDigits ? String(amount) : ''
  }
  return { templates, templateIndex, amounts: amounts.join(',') }
}

/**
 * The requests of a chunk, in order.
 *
 * @example decodeRequestChunk(encodeRequestChunk(requests)) // requests, amounts as decimal strings
 */
export function decodeRequestChunk(chunk: RequestChunk): QuoteRequest[] {
  if (chunk.templateIndex.length === 0) return []
  const amounts = chunk.amounts.split(',')
  return amounts.map((amount, i) => {
    const template = chunk.templates[chunk.templateIndex[i]!]!
    return (amount === '' ? template : { ...template, amount }) as QuoteRequest
  })
}

function withoutAmount(request: QuoteRequest): RequestTemplate {
  const { amount: _amount, ...rest } = request
  return rest
}

function sameFields(a: RequestTemplate, b: RequestTemplate): boolean {
  const keysA = Object.keys(a) as (keyof RequestTemplate)[]
  if (keysA.length !== Object.keys(b).length) return false
  for (const key of keysA) if (a[key] !== b[key]) return false
  return true
}
