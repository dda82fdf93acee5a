import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import bs58check from 'bs58check'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase58check, encodeBase58check } from '../../../engine/vm/base58check.js'

const ROOT = join(import.meta.dirname, '../../..')

describe('base58check', () => {
  it('round-trips any 21-byte payload, leading zero bytes included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 21, maxLength: 21 }), (payload) => {
        const text = encodeBase58check(payload)
        expect(text.length).toBeLessThanOrEqual(35)
        expect(decodeBase58check(text, 21)).toEqual({ payload })
      }),
    )
    // Bitcoin P2PKH (version 0x00): the leading zero byte is a leading `1`.
    expect(decodeBase58check('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 21).payload?.[0]).toBe(0x00)
  })

  it('gives the reason for text that is not base58check of the expected size', () => {
    expect(decodeBase58check('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 21)).toEqual({ problem: 'bad checksum' })
    expect(decodeBase58check('0x41', 21)).toEqual({ problem: 'not valid base58' })
    expect(decodeBase58check('', 21)).toEqual({ problem: 'not valid base58' })
    const twentyBytes = encodeBase58check(new Uint8Array(20).fill(7))
    expect(decodeBase58check(twentyBytes, 21)).toEqual({ problem: 'wrong length: 20 bytes, expected 21' })
    // Refused on its length before the (quadratic) decode.
    expect(decodeBase58check('z'.repeat(10_000), 21)).toEqual({
      problem: 'wrong length: 10000 characters, at most 35 for 21 bytes',
    })
  })

  it('is the only base58check code of the engine: no other module imports bs58check', () => {
    const sources = readdirSync(join(ROOT, 'engine'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    )
    const importers = sources.filter((file) =>
      /from\s+['"]bs58check['"]/.test(readFileSync(join(ROOT, 'engine', file), 'utf8')),
    )
    expect(importers).toEqual([join('vm', 'base58check.ts')])
    // Same bytes as the package's own decoder (the reference), so the wrapper adds rules, not a codec.
    expect(decodeBase58check('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 21).payload).toEqual(
      Uint8Array.from(bs58check.decode('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')),
    )
  })
})
