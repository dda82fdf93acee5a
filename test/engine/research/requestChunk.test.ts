import { describe, expect, it } from 'vitest'
import { decodeRequestChunk, encodeRequestChunk } from '../../../engine/research/requestChunk.js'
import type { QuoteRequest } from '../../../engine/index.js'

const base = {
  sender: '0x1111111111111111111111111111111111111111',
  srcChainId: 42161,
  srcToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  dstChainId: 42161,
  dstToken: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  slippage: 50,
}

describe('request chunks', () => {
  it('carry a sweep of one pair as one template and one amounts string', () => {
    const requests = Array.from({ length: 1_000 }, (_, i) => ({ ...base, amount: String(i + 1) }))
    const chunk = encodeRequestChunk(requests)
    expect(chunk.templates).toEqual([base])
    expect(chunk.amounts.split(',')).toHaveLength(1_000)
    expect(decodeRequestChunk(chunk)).toEqual(requests)
  })

  it('give back mixed requests exactly, malformed and absent amounts included', () => {
    const requests = [
      { ...base, amount: 10n },
      { ...base, amount: '20' },
      { ...base, dstChainId: 10, amount: '30' },
      { ...base, amount: '1,000' },
      { ...base, amount: undefined },
      { ...base },
      null,
      { ...base, amount: 12 },
    ] as unknown as QuoteRequest[]
    const chunk = encodeRequestChunk(requests)
    expect(chunk.templates.length).toBe(7)
    expect(decodeRequestChunk(chunk)).toEqual([{ ...base, amount: '10' }, ...requests.slice(1)])
    expect(decodeRequestChunk(encodeRequestChunk([]))).toEqual([])
  })
})
