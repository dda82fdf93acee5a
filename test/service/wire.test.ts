import { describe, expect, it } from 'vitest'
import { decodeRequest, decodeResponse, encodeRequest, encodeResponse } from '../../service/wire.js'

describe('wire format across the thread boundary', () => {
  it('round-trips a response whose body and headers contain newlines and JSON', () => {
    const response = {
      status: 201,
      headers: { 'x-a': 'line\nbreak', 'content-type': 'application/json' },
      body: '{"a":\n"b"}\n\n',
    }
    const text = encodeResponse(response)
    expect(text.startsWith('201\n{')).toBe(true)
    expect(decodeResponse(text)).toEqual(response)
  })

  it('carries the matched route and the worker observations on the status line, for the metrics', () => {
    const response = {
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: '{"a":"x\\ny"}\n200 {"route":"not this"}',
      route: '/api/getAction',
      observations: {
        quoteSeconds: [0.0012],
        storeSeconds: { recordQuoteSoon: [0.0003] },
        transactions: { quoted: 1 },
      },
    }
    const text = encodeResponse(response)
    expect(text.split('\n', 1)[0]).toMatch(/^201 \{/)
    expect(decodeResponse(text)).toEqual(response)
    expect(decodeResponse(encodeResponse({ status: 204, headers: {}, body: '' }))).toEqual({
      status: 204,
      headers: {},
      body: '',
    })
  })

  it('keeps an empty body empty', () => {
    expect(decodeResponse(encodeResponse({ status: 204, headers: {}, body: '' }))).toEqual({
      status: 204,
      headers: {},
      body: '',
    })
  })

  it('rejects text that is not a response', () => {
    expect(() => decodeResponse('200')).toThrow(SyntaxError)
    expect(() => decodeResponse('abc\n{}\n')).toThrow(/bad status/)
    expect(() => decodeResponse('200\n{oops\nbody')).toThrow(SyntaxError)
  })

  it('round-trips a request and joins repeated header values into one string', () => {
    const request = {
      method: 'POST',
      url: '/api/x?a=1',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      remoteAddress: '::1',
    }
    expect(decodeRequest(encodeRequest(request))).toEqual(request)
    const repeated = JSON.stringify({ ...request, headers: { 'set-cookie': ['a=1', 'b=2'] } })
    expect(decodeRequest(repeated).headers).toEqual({ 'set-cookie': 'a=1, b=2' })
  })
})
