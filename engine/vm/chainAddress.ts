/**
 * Addresses of any chain as ABI `bytes`: how the router's calldata carries destination tokens, recipients and the
 * tokens of steps on chains whose addresses are not 20-byte EVM addresses (`engine/vm/evm/README.md`). Each VM
 * module says how its addresses become bytes (`VmModule.addressBytes`).
 */
import type { Vm } from '../graph/types.js'
import { bytesToHex, hexToBytes } from './codecs.js'
import { vmModuleOf } from './registry.js'

/**
 * Encodes a valid address of a chain (as the engine accepted it) into the bytes the router ABI carries. The VM
 * comes from the chain id next to the field, so the bytes need no type tag:
 *
 * - `evm`, `hypercore`: the 20 address bytes;
 * - `solana`: the 32-byte public key (base58-decoded), what programs and bridge messages use;
 * - `tron`: the 21-byte base58check payload (`0x41` ‖ 20 bytes);
 * - `bitcoin`: the UTF-8 text of the address (or of the native-token sentinel `bitcoin`): Bitcoin is reached
 *   through THORChain, whose memo carries the destination address as text, and the text keeps the script type.
 *
 * @param vm - the VM of the chain the address belongs to.
 * @param address - an address the engine validated for that VM (checksummed or lower-case on EVM).
 * @returns `0x`-prefixed hex of the bytes.
 * @throws Error when the address does not decode (it was not validated for this VM: a bug, not user input).
 *
 * @example
 * encodeChainAddress('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') // 0xc6fa7af3… (32 bytes)
 * encodeChainAddress('bitcoin', 'bitcoin') // '0x626974636f696e'
 */
export function encodeChainAddress(vm: Vm, address: string): `0x${string}` {
  return `0x${bytesToHex(vmModuleOf(vm).addressBytes(address))}`
}

/**
 * The inverse of `encodeChainAddress`: the address text from its ABI bytes (EVM addresses come back
 * EIP-55-checksummed). Used by tests and by anyone reading the router's calldata or events.
 *
 * @param vm - the VM of the chain the address belongs to.
 * @param bytes - the `bytes` value from the calldata.
 * @returns the address in its chain's usual notation.
 *
 * @example
 * decodeChainAddress('tron', encodeChainAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'))
 * // → 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
 */
export function decodeChainAddress(vm: Vm, bytes: `0x${string}`): string {
  return vmModuleOf(vm).addressFromBytes(hexToBytes(bytes))
}
