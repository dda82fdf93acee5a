/**
 * Addresses of any chain as ABI `bytes`: how the router's calldata carries destination tokens, recipients and
 * the tokens of steps on chains whose addresses are not 20-byte EVM addresses (`service/tx/README.md`).
 */
import { PublicKey } from '@solana/web3.js'
import bs58check from 'bs58check'
import { type Hex, bytesToHex, getAddress, hexToBytes, hexToString, stringToHex } from 'viem'
import type { Vm } from '../../engine/index.js'

/**
 * Encodes a valid address of a chain (as the engine accepted it) into the bytes the router ABI carries.
 * The VM comes from the chain id next to the field, so the bytes need no type tag:
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
export function encodeChainAddress(vm: Vm, address: string): Hex {
  switch (vm) {
    case 'evm':
    case 'hypercore':
      return getAddress(address).toLowerCase() as Hex
    case 'solana':
      return bytesToHex(new PublicKey(address).toBytes())
    case 'tron':
      return bytesToHex(bs58check.decode(address))
    case 'bitcoin':
      return stringToHex(address)
  }
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
 * decodeChainAddress('tron', encodeChainAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')) // 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
 */
export function decodeChainAddress(vm: Vm, bytes: Hex): string {
  switch (vm) {
    case 'evm':
    case 'hypercore':
      return getAddress(bytes)
    case 'solana':
      return new PublicKey(hexToBytes(bytes)).toBase58()
    case 'tron':
      return bs58check.encode(hexToBytes(bytes))
    case 'bitcoin':
      return hexToString(bytes)
  }
}
