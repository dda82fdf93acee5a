/**
 * The Tron module: addresses are base58check of 21 bytes, the first being 0x41 (so every address reads `T…`,
 * 34 characters); transaction ids are 64 hex digits.
 */
import bs58check from 'bs58check'
import { bytesToHex } from './codecs.js'
import type { VmModule } from './vmModule.js'

/** The native-token sentinel on Tron: the zero account in base58check (LI.FI's convention, research §2). */
export const TRON_NATIVE_TOKEN = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const TRON_ADDRESS_PREFIX = 0x41
const PAYLOAD_BYTES = 21
/** 25 bytes (payload and 4-byte checksum) never take more than 35 base58 characters. */
const MAX_LENGTH = 35
const HEX_32_BYTES = /^[0-9a-fA-F]{64}$/

/**
 * Why a string is not a Tron address, or `undefined` when it is one.
 *
 * @param address - the address as received (base58check form; the hex `41…` form is not accepted).
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t') // undefined (USDT)
 * tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u') // 'bad checksum'
 * tronAddressProblem('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') // 'not a Tron address (0x41 prefix)'
 */
export function tronAddressProblem(address: string): string | undefined {
  if (!BASE58.test(address)) return 'not valid base58'
  // Bounds the quadratic base58 decode before it runs on long input.
  if (address.length > MAX_LENGTH) return `wrong length: ${address.length} characters, a Tron address has 34`
  const payload = bs58check.decodeUnsafe(address)
  if (payload === undefined) return 'bad checksum'
  if (payload.length !== PAYLOAD_BYTES) return `wrong length: ${payload.length} bytes, expected ${PAYLOAD_BYTES}`
  if (payload[0] !== TRON_ADDRESS_PREFIX) return 'not a Tron address (0x41 prefix)'
  return undefined
}

/**
 * Why a string is not a Bitcoin or Tron transaction id (64 hex digits, no `0x`), or `undefined`. Shared by the two
 * `alt-vm` VMs.
 *
 * @example altVmTxHashProblem('ab'.repeat(32)) // undefined
 */
export function altVmTxHashProblem(hash: string): string | undefined {
  return HEX_32_BYTES.test(hash) ? undefined : 'must be 64 hex digits without 0x (a Bitcoin or Tron transaction id)'
}

/**
 * The Tron module: `vmId` `alt-vm`, base58check addresses, hex transaction ids.
 *
 * @example
 * tronModule.addressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t') // undefined
 */
export const tronModule: VmModule = Object.freeze({
  vm: 'tron',
  vmId: 'alt-vm',
  nativeToken: TRON_NATIVE_TOKEN,
  addressFamily: 'tron',
  requiresTokenApproval: false,
  requiresRegisterTransaction: true,
  executesEvmCalldata: false,
  addressProblem: tronAddressProblem,
  normalizeAddress: (address: string) => address,
  canonicalAddress: (address: string) => address,
  txHashProblem: altVmTxHashProblem,
  txHashFromDigest: (digest: Uint8Array) => bytesToHex(digest),
  // The 21-byte base58check payload (0x41 ‖ 20 bytes).
  addressBytes: (address: string) => Uint8Array.from(bs58check.decode(address)),
  addressFromBytes: (bytes: Uint8Array) => bs58check.encode(bytes),
})
