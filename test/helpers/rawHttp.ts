/**
 * Raw HTTP for the service tests: one request over node:http with full control of the body's framing (unlike
 * fetch), and the SPEC §7.1 envelope checked field by field.
 */
import { request as httpRequest } from 'node:http'
import { expect } from 'vitest'

/** The form of a request id the service generates. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request over node:http (full control of the body's framing, unlike fetch). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | string[] } = {},
) {
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (text: string) => (body += text))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    // An array is sent as separate chunks without Content-Length (chunked transfer encoding).
    for (const chunk of [options.body ?? []].flat()) req.write(chunk)
    req.end()
  })
}

/** Asserts the SPEC §7.1 envelope field by field, and the headers every error response carries. */
export function expectEnvelope(
  reply: Reply,
  expected: { status: number; code: string; name: string; details?: unknown },
) {
  expect(reply.status).toBe(expected.status)
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(reply.headers['x-request-id']).toMatch(UUID)
  const envelope = JSON.parse(reply.body) as { success: unknown; error: Record<string, unknown> }
  expect(Object.keys(envelope)).toEqual(['success', 'error'])
  expect(envelope.success).toBe(false)
  const { error } = envelope
  const keys = ['code', 'name', 'message', 'title', 'statusCode', ...(expected.details ? ['details'] : []), 'timestamp']
  expect(Object.keys(error)).toEqual(keys)
  expect(error.code).toBe(expected.code)
  expect(error.name).toBe(expected.name)
  expect(error.message).toEqual(expect.any(String))
  expect(error.title).toEqual(expect.any(String))
  expect(error.statusCode).toBe(reply.status)
  if (expected.details) expect(error.details).toEqual(expected.details)
  expect(new Date(error.timestamp as string).toISOString()).toBe(error.timestamp)
  expect(Math.abs(Date.parse(error.timestamp as string) - Date.now())).toBeLessThan(60_000)
  return error
}
