/**
 * Small byte and hash helpers shared by the VM modules (no dependency heavier than @noble/hashes).
 */
import { keccak_256 } from '@noble/hashes/sha3'

const HEX_DIGITS = /^(0x)?([0-9a-fA-F]{2})*$/

/**
 * Lower-case hex of bytes, without prefix.
 * @example bytesToHex(new Uint8Array([1, 255])) // '01ff'
 */
export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

/**
 * Bytes of a hex string, with or without `0x`.
 * @throws Error for an odd length or a non-hex digit (a caller's bug: inputs were validated before).
 * @example hexToBytes('0x01ff') // Uint8Array [1, 255]
 */
export function hexToBytes(hex: string): Uint8Array {
  if (!HEX_DIGITS.test(hex)) throw new Error(`not hex bytes: ${hex.slice(0, 20)}`)
  return Uint8Array.from(Buffer.from(hex.startsWith('0x') ? hex.slice(2) : hex, 'hex'))
}

/**
 * keccak-256 of bytes, or of a string's UTF-8 bytes.
 * @example bytesToHex(keccak256('')) // 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
 */
export function keccak256(input: Uint8Array | string): Uint8Array {
  return keccak_256(typeof input === 'string' ? new TextEncoder().encode(input) : input)
}
