/**
 * The EVM module: address rules (EIP-55), hashes and ABI bytes of EVM chains. HyperCore reuses them
 * (`hypercore.ts`): it has the same 20-byte hex addresses.
 */
import { bytesToHex, hexToBytes, keccak256 } from './codecs.js'
import type { VmModule } from './vmModule.js'

/** The native-token sentinel on EVM-format chains: the zero address (LI.FI's convention, research §2). */
export const EVM_NATIVE_TOKEN = '0x0000000000000000000000000000000000000000'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HAS_LOWER_CASE_HEX = /[a-f]/
const HEX_0X_32_BYTES = /^0x[0-9a-fA-F]{64}$/

/**
 * Why a string is not an EVM address, or `undefined` when it is one.
 *
 * All-lower-case and all-upper-case hex carry no checksum (EIP-55) and are accepted as they are; mixed case must
 * be a valid EIP-55 checksum.
 *
 * @param address - the address as received.
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * evmAddressProblem('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // undefined
 * evmAddressProblem('0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // 'bad checksum'
 * evmAddressProblem('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') // 'not a 0x-prefixed 20-byte hex address'
 */
export function evmAddressProblem(address: string): string | undefined {
  // The regex rejects most bad input before anything is hashed.
  if (!HEX_ADDRESS.test(address)) return 'not a 0x-prefixed 20-byte hex address'
  if (!HAS_LOWER_CASE_HEX.test(address.slice(2))) return undefined
  // All lower case carries no checksum either; mixed case must be exactly the EIP-55 form.
  if (address.slice(2) === address.slice(2).toLowerCase()) return undefined
  return checksumAddress(address) === address ? undefined : 'bad checksum'
}

/**
 * The EIP-55 checksummed form of a 20-byte hex address: a hex letter is upper case where the keccak-256 of the
 * lower-case hex text has a nibble ≥ 8.
 *
 * @param address - `0x` and 40 hex digits, any case.
 * @returns the checksummed address.
 * @example checksumAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
 * // → '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
 */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = keccak256(lower)
  let result = '0x'
  for (let i = 0; i < 40; i += 1) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f
    result += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!
  }
  return result
}

/** The rules shared by every 20-byte-hex VM (EVM chains and HyperCore), without their identity. */
export const EVM_FORMAT_RULES = {
  nativeToken: EVM_NATIVE_TOKEN,
  addressFamily: 'evm',
  addressProblem: evmAddressProblem,
  // Case only carries the checksum.
  normalizeAddress: (address: string): string => address.toLowerCase(),
  canonicalAddress: (address: string): string => address.toLowerCase(),
  txHashProblem: (hash: string): string | undefined =>
    HEX_0X_32_BYTES.test(hash) ? undefined : 'must be 0x followed by 64 hex digits (a 32-byte transaction hash)',
  txHashFromDigest: (digest: Uint8Array): string => `0x${bytesToHex(digest)}`,
  addressBytes(address: string): Uint8Array {
    const problem = evmAddressProblem(address)
    if (problem !== undefined) throw new Error(`not an EVM address (${problem}): ${address}`)
    return hexToBytes(address)
  },
  addressFromBytes: (bytes: Uint8Array): string => checksumAddress(`0x${bytesToHex(bytes)}`),
} as const satisfies Partial<VmModule>

/**
 * The EVM module (every EVM chain): `vmId` `evm`, ERC-20 approvals, transactions observed through the router.
 *
 * @example
 * evmModule.addressProblem('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // undefined
 * evmModule.vmId // 'evm'
 */
export const evmModule: VmModule = Object.freeze({
  ...EVM_FORMAT_RULES,
  vm: 'evm',
  vmId: 'evm',
  requiresTokenApproval: true,
  requiresRegisterTransaction: false,
  executesEvmCalldata: true,
  executesSplits: true,
})
