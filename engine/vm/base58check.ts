/**
 * base58check — payload (version byte first) and a 4-byte double-SHA-256 checksum, written in base58 — the address
 * encoding of Bitcoin's P2PKH/P2SH and of Tron. The one place the engine decodes and encodes it (on the `bs58check`
 * package); the VM modules keep only their own rules (payload size, version bytes).
 */
import bs58check from 'bs58check'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const CHECKSUM_BYTES = 4
/** Most base58 characters a byte takes: log(256) / log(58). */
const CHARACTERS_PER_BYTE = Math.log(256) / Math.log(58)

/** A decoded payload, or why the text is not base58check of the expected size. */
export type Base58checkDecoded =
  | { readonly payload: Uint8Array; readonly problem?: undefined }
  | { readonly payload?: undefined; readonly problem: string }

/**
 * Decodes base58check text that should hold `payloadBytes` bytes (version byte included). The length is bounded
 * before decoding, because base58 decoding is quadratic in the length and the text is untrusted.
 *
 * @param text - the text as received.
 * @param payloadBytes - the payload size the caller's format has (21 for Bitcoin P2PKH/P2SH and Tron).
 * @returns `{payload}`, or `{problem}`: a short human reason (`'not valid base58'`, `'wrong length: …'`,
 *   `'bad checksum'`).
 *
 * @example
 * decodeBase58check('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 21).payload // Uint8Array [0x41, …] (21 bytes)
 * decodeBase58check('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 21).problem // 'bad checksum'
 */
export function decodeBase58check(text: string, payloadBytes: number): Base58checkDecoded {
  if (!BASE58.test(text)) return { problem: 'not valid base58' }
  const maxLength = Math.ceil((payloadBytes + CHECKSUM_BYTES) * CHARACTERS_PER_BYTE)
  if (text.length > maxLength) {
    return { problem: `wrong length: ${text.length} characters, at most ${maxLength} for ${payloadBytes} bytes` }
  }
  const payload = bs58check.decodeUnsafe(text)
  if (payload === undefined) return { problem: 'bad checksum' }
  if (payload.length !== payloadBytes) {
    return { problem: `wrong length: ${payload.length} bytes, expected ${payloadBytes}` }
  }
  return { payload: Uint8Array.from(payload) }
}

/**
 * The base58check text of a payload (version byte included).
 *
 * @example encodeBase58check(Uint8Array.from([0x41, ...new Array(20).fill(0)])) // 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
 */
export function encodeBase58check(payload: Uint8Array): string {
  return bs58check.encode(payload)
}
