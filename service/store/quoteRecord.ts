/**
 * The stored form of a quote (README "Size"): one byte of format, then the compressed text `<request JSON>\n<response
 * JSON>`. JSON text never contains a raw newline, so the first one separates the two; the response's text is kept
 * byte for byte, because getStatus embeds it unchanged.
 *
 * | format | body | written |
 * |---|---|---|
 * | 1 | raw deflate, level 1 | schema version 3 (read only now) |
 * | 2 | raw deflate, level 1, with the preset dictionary `QUOTE_RECORD_DICTIONARY_2` | since |
 *
 * A preset dictionary (RFC 1950 §2.2's FDICT, here with raw deflate) lets the first bytes of a record refer back to
 * text that every record shares — the keys, the snapshot's token objects, the router ABI's fixed words — instead
 * of spelling them out once per record: ~30 % smaller at the same level and about the same CPU
 * (`npm run bench:record`). A record can only be read with the dictionary it was written with, so each dictionary
 * is a format of its own, never edited (a test pins its hash); a better one is a new format byte.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { QUOTE_RECORD_DICTIONARY_2 } from './quoteRecordDictionary.js'

/** The format new records are written in. */
export const QUOTE_RECORD_FORMAT = 2

/** Deflate level 1: speed first, records are written on the request path (README "Size" has the comparison). */
const LEVEL = 1

/** Preset dictionaries by format byte (format 1 has none). */
const DICTIONARIES: Readonly<Record<number, Buffer | undefined>> = {
  1: undefined,
  2: Buffer.from(QUOTE_RECORD_DICTIONARY_2, 'latin1'),
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
