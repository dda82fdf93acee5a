/**
 * Deterministic transaction hashes for the legs the simulated chain observer invents: the same transaction and
 * leg always give the same hash, and the hash has the format of the leg's chain (what an explorer link expects).
 */
import { type Vm, vmModuleOf } from '../../engine/index.js'
import { keccak_256 } from '@noble/hashes/sha3'

/**
 * The simulated hash of one leg of a tracked transaction: `keccak256("<txId>:<leg>")` in the chain's format, as
 * its VM module writes a 32-byte digest (EVM and HyperCore `0x` + 64 hex digits; Bitcoin and Tron 64 hex digits;
 * Solana a base58 64-byte signature, the digest and the digest of the digest).
 *
 * @param vm - the leg's chain's VM.
 * @param txId - the tracked transaction.
 * @param leg - a stable name of the leg within the transaction (`delivery-1`, `refund`)
 * @returns the hash.
 * @example simulatedTxHash('evm', '0x3f…', 'delivery-1') // '0x9a…' (66 characters)
 */
export function simulatedTxHash(vm: Vm, txId: string, leg: string): string {
  return vmModuleOf(vm).txHashFromDigest(keccak_256(new TextEncoder().encode(`${txId}:${leg}`)))
}
