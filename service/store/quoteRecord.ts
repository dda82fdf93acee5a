/**
 * The stored form of a quote (README "Size"): one byte of format, then the compressed text `<request JSON>\n<response
 * JSON>`. JSON text never contains a raw newline, so the first one separates the two; the response's text is kept
 * byte for byte, because getStatus embeds it unchanged.
 *
 * | format | body | written |
 * |---|---|---|
 * | 1 | raw deflate, level 1 | schema version 3 (read only now) |
 * | 2 | raw deflate, level 1, preset dictionary `QUOTE_RECORD_DICTIONARY_2` (32 KiB) | until 2026-11-24 (read only) |
 * | 3 | raw deflate, level 1, with the last 8 KiB of `QUOTE_RECORD_DICTIONARY_2` | since |
 *
 * A preset dictionary (RFC 1950 §2.2's FDICT, here with raw deflate) lets the first bytes of a record refer back to
 * text that every record shares — the keys, the snapshot's token objects, the router ABI's fixed words — instead
 * of spelling them out once per record. But deflate hashes the whole dictionary into its match tables on every
 * call: with 32 KiB that was half of a record's encoding time (~70 µs of ~150 µs on the request path). Format 3
 * keeps the last 8 KiB (the most recent text of the window, the cheapest to reference): ~1.7 KB instead of 1.45 KB
 * per record, still under plain deflate's ~2 KB, at the cost of plain deflate (`npm run bench:record`). A record
 * can only be read with the dictionary it was written with, so each dictionary is a format of its own, never
 * edited (a test pins dictionary 2's hash, which pins format 3's slice of it); a better one is a new format byte.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { QUOTE_RECORD_DICTIONARY_2 } from './quoteRecordDictionary.js'

/** The format new records are written in. */
export const QUOTE_RECORD_FORMAT = 3

/** Format 3's dictionary: the last 8 KiB of format 2's. */
const DICTIONARY_3_CHARACTERS = 8192

/** Deflate level 1: speed first, records are written on the request path (README "Size" has the comparison). */
const LEVEL = 1

/** Preset dictionaries by format byte (format 1 has none). */
const DICTIONARIES: Readonly<Record<number, Buffer | undefined>> = {
  1: undefined,
  2: Buffer.from(QUOTE_RECORD_DICTIONARY_2, 'latin1'),
  3: Buffer.from(QUOTE_RECORD_DICTIONARY_2.slice(-DICTIONARY_3_CHARACTERS), 'latin1'),
}

/** The JSON texts of a quote's request and response. */
export interface QuoteJson {
  readonly requestJson: string
  readonly responseJson: string
}

/**
 * Encodes a quote's request and response in the current format.
 *
 * @example decodeQuoteRecord(encodeQuoteRecord('{"a":1}', '{"b":2}')).responseJson // '{"b":2}'
 */
export function encodeQuoteRecord(requestJson: string, responseJson: string): Buffer {
  const deflated = deflateRawSync(`${requestJson}\n${responseJson}`, {
    level: LEVEL,
    dictionary: DICTIONARIES[QUOTE_RECORD_FORMAT],
  })
  const record = Buffer.allocUnsafe(deflated.length + 1)
  record[0] = QUOTE_RECORD_FORMAT
  deflated.copy(record, 1)
  return record
}

/**
 * Reads a record of any format back.
 *
 * @throws Error for an unknown format byte (a record written by newer code).
 */
export function decodeQuoteRecord(value: Uint8Array | ArrayBuffer): QuoteJson {
  const bytes = value instanceof Uint8Array ? value : new Uint8Array(value)
  const format = bytes[0]!
  if (!Object.hasOwn(DICTIONARIES, format)) throw new Error(`unknown quote record format ${String(format)}`)
  const dictionary = DICTIONARIES[format]
  const text = inflateRawSync(bytes.subarray(1), dictionary === undefined ? {} : { dictionary }).toString('utf8')
  const newline = text.indexOf('\n')
  return { requestJson: text.slice(0, newline), responseJson: text.slice(newline + 1) }
}
