/**
 * Deterministic transaction hashes for the legs the simulated chain observer invents: the same transaction and
 * leg always give the same hash, and the hash has the format of the leg's chain (what an explorer link expects).
 */
import { type Hex, keccak256, stringToHex } from 'viem'
import type { Vm } from '../../engine/index.js'

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * The simulated hash of one leg of a tracked transaction: `keccak256("<txId>:<leg>")` in the chain's format.
 *
 * | VM | format |
 * |---|---|
 * | `evm`, `hypercore` | `0x` and 64 hex digits |
 * | `bitcoin`, `tron` | 64 hex digits, no prefix (txid) |
 * | `solana` | base58 of 64 bytes (a signature), 87–88 characters |
 *
 * @param leg - a stable name of the leg within the transaction (`delivery-1`, `refund`)
 * @example simulatedTxHash('evm', '0x3f…', 'delivery-1') // '0x9a…' (66 characters)
 */
export function simulatedTxHash(vm: Vm, txId: string, leg: string): string {
  const digest = keccak256(stringToHex(`${txId}:${leg}`))
  switch (vm) {
    case 'evm':
    case 'hypercore':
      return digest
    case 'bitcoin':
    case 'tron':
      return digest.slice(2)
    case 'solana':
      // A signature is 64 bytes: the digest and the digest of the digest.
      return base58(hexBytes(digest + keccak256(digest).slice(2)))
  }
}

function hexBytes(hex: Hex | string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
}

/** Bitcoin-alphabet base58 (leading zero bytes become `1`s), as Solana writes signatures. */
export function base58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  let leadingZeros = 0
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros += 1
  return '1'.repeat(leadingZeros) + text
}
