/**
 * The worker of `bench/poolBatch.ts`: parses a request's JSON, or a batch's (a JSON array), and answers a fixed JSON
 * body of getAction's reply size (14.5 KB) once per request, the batch's replies joined by `REPLY_SEPARATOR`.
 */
export const REPLY_SEPARATOR = '\u0000'
const BODY = JSON.stringify({ padding: 'x'.repeat(14_500) })

export default function answer(task: string): string {
  const requests: unknown = JSON.parse(task)
  return Array.isArray(requests) ? requests.map(() => BODY).join(REPLY_SEPARATOR) : BODY
}
