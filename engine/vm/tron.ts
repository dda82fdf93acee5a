/**
 * The Tron module: addresses are base58check of 21 bytes, the first being 0x41 (so every address reads `T…`,
 * 34 characters); transaction ids are 64 hex digits.
 */
import { decodeBase58check, encodeBase58check } from './base58check.js'
import { bytesToHex } from './codecs.js'
import type { VmModule } from './vmModule.js'

/** The native-token sentinel on Tron: the zero account in base58check (LI.FI's convention, research §2). */
export const TRON_NATIVE_TOKEN = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

const TRON_ADDRESS_PREFIX = 0x41
const PAYLOAD_BYTES = 21
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
  const { payload, problem } = decodeBase58check(address, PAYLOAD_BYTES)
  if (problem !== undefined) return problem
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
  // TRC-20 input is pulled with `transferFrom`: the router must be approved first, as for ERC-20.
  requiresTokenApproval: true,
  requiresRegisterTransaction: true,
  executesEvmCalldata: false,
  executesSplits: true,
  addressProblem: tronAddressProblem,
  normalizeAddress: (address: string) => address,
  canonicalAddress: (address: string) => address,
  txHashProblem: altVmTxHashProblem,
  txHashFromDigest: (digest: Uint8Array) => bytesToHex(digest),
  // The 21-byte base58check payload (0x41 ‖ 20 bytes).
  addressBytes(address: string): Uint8Array {
    const { payload } = decodeBase58check(address, PAYLOAD_BYTES)
    if (payload === undefined) throw new Error(`not a Tron address: ${address}`)
    return payload
  },
  addressFromBytes: encodeBase58check,
})
