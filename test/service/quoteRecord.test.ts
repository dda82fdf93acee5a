import { createHash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { quoteRecordSamples } from '../../bench/quoteRecordSamples.js'
import { QUOTE_RECORD_FORMAT, decodeQuoteRecord, encodeQuoteRecord } from '../../service/store/quoteRecord.js'
import { QUOTE_RECORD_DICTIONARY_2 } from '../../service/store/quoteRecordDictionary.js'

/** Held-out records: another seed than the dictionary's training set (seed 7). */
const samples = quoteRecordSamples(12, 3).map((text) => {
  const newline = text.indexOf('\n')
  return { requestJson: text.slice(0, newline), responseJson: text.slice(newline + 1) }
})

describe('quote records', () => {
  it('format 3 round-trips real quotes byte for byte', () => {
    expect(QUOTE_RECORD_FORMAT).toBe(3)
    for (const sample of samples) {
      const record = encodeQuoteRecord(sample.requestJson, sample.responseJson)
      expect(record[0]).toBe(3)
      expect(decodeQuoteRecord(record)).toEqual(sample)
      expect(decodeQuoteRecord(new Uint8Array(record).buffer)).toEqual(sample)
    }
  })

  it("format 3 refers to its preset dictionary (the last 8 KiB of format 2's) and to no other", () => {
    const record = encodeQuoteRecord(samples[0]!.requestJson, samples[0]!.responseJson)
    expect(() => inflateRawSync(record.subarray(1))).toThrow()
    const whole = Buffer.from(QUOTE_RECORD_DICTIONARY_2, 'latin1')
    const expected = `${samples[0]!.requestJson}\n${samples[0]!.responseJson}`
    expect(inflateRawSync(record.subarray(1), { dictionary: whole.subarray(-8192) }).toString('utf8')).toBe(expected)
    // Another 8 KiB of the same text (its first): the references land elsewhere, and the text is not the record's.
    let misread: string | undefined
    try {
      misread = inflateRawSync(record.subarray(1), { dictionary: whole.subarray(0, 8192) }).toString('utf8')
    } catch {
      misread = undefined
    }
    expect(misread).not.toBe(expected)
  })

  it('records of format 2 (32 KiB dictionary, until 2026-11-24) still read', () => {
    const { requestJson, responseJson } = samples[2]!
    const body = deflateRawSync(`${requestJson}\n${responseJson}`, {
      level: 1,
      dictionary: Buffer.from(QUOTE_RECORD_DICTIONARY_2, 'latin1'),
    })
    expect(decodeQuoteRecord(Buffer.concat([Buffer.of(2), body]))).toEqual({ requestJson, responseJson })
  })

  it('held-out records stay under 2 KB on average (issue 11), every one under 3 KB', () => {
    const sizes = samples.map((sample) => encodeQuoteRecord(sample.requestJson, sample.responseJson).length)
    expect(sizes.reduce((sum, size) => sum + size, 0) / sizes.length).toBeLessThan(2_000)
    expect(Math.max(...sizes)).toBeLessThan(3_000)
  })

  it('the dictionary makes every held-out record smaller than format 1 (plain deflate at the same level)', () => {
    for (const sample of samples) {
      const plain = deflateRawSync(`${sample.requestJson}\n${sample.responseJson}`, { level: 1 }).length + 1
      expect(encodeQuoteRecord(sample.requestJson, sample.responseJson).length).toBeLessThan(plain)
    }
  })

  it('records of format 1 (schema version 3) still read', () => {
    const { requestJson, responseJson } = samples[1]!
    const format1 = Buffer.concat([Buffer.of(1), deflateRawSync(`${requestJson}\n${responseJson}`, { level: 1 })])
    expect(decodeQuoteRecord(format1)).toEqual({ requestJson, responseJson })
  })

  it('an unknown format byte is refused rather than misread', () => {
    expect(() => decodeQuoteRecord(Buffer.of(4, 0))).toThrow(/unknown quote record format 4/)
  })

  it("format 2's dictionary (and so format 3's slice of it) is pinned: stored records need these bytes", () => {
    expect(QUOTE_RECORD_DICTIONARY_2).toHaveLength(32_768)
    expect(createHash('sha256').update(QUOTE_RECORD_DICTIONARY_2, 'latin1').digest('hex')).toBe(
      '8425379c1420f0d37bf62bed1e3f9a72c669e220dc3be8884c8764c340ec208c',
    )
  })
})
