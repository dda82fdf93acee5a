/**
 * Address rules of EVM-format chains (every EVM chain, and HyperCore, which uses the same 20-byte hex form).
 */
import { isAddress } from 'viem'

/** The native-token sentinel on EVM-format chains: the zero address (LI.FI's convention, research §2). */
export const EVM_NATIVE_TOKEN = '0x0000000000000000000000000000000000000000'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HAS_LOWER_CASE_HEX = /[a-f]/

/**
 * Why a string is not an EVM address, or `undefined` when it is one.
 *
 * All-lower-case and all-upper-case hex carry no checksum (EIP-55) and are accepted as they are; mixed case must
 * be a valid EIP-55 checksum, checked by viem's `isAddress`.
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
  // The regex rejects most bad input before viem hashes anything.
  if (!HEX_ADDRESS.test(address)) return 'not a 0x-prefixed 20-byte hex address'
  // viem accepts all-lower case without a checksum but not all-upper case, which EIP-55 treats the same way.
  if (!HAS_LOWER_CASE_HEX.test(address.slice(2))) return undefined
  return isAddress(address, { strict: true }) ? undefined : 'bad checksum'
}
