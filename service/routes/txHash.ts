/**
 * Transaction ids and hashes as `registerTxs`, `getStatus` and the store see them. The format of a source
 * transaction's hash belongs to its VM (`engine/vm/*`, asked through the engine's `txHashProblem`):
 *
 * | vmId | chains | hash |
 * |---|---|---|
 * | `evm` | EVM chains | `0x` + 64 hex digits (32 bytes) |
 * | `hypercore` | HyperCore | `0x` + 64 hex digits (as on HyperEVM) |
 * | `solana` | Solana | a transaction signature: base58 of exactly 64 bytes (usually 87–88 characters) |
 * | `alt-vm` | Bitcoin, Tron | 64 hex digits without `0x` (a Bitcoin txid, a Tron transaction id) |
 *
 * Hex hashes are case-insensitive and stored in lower case; base58 signatures are case-sensitive and stored as
 * given. So a retry that changes the case of an EVM hash is the same registration.
 */
import { VM_IDS, type VmId, isVmId, txHashProblem } from '../../engine/index.js'

export { VM_IDS, isVmId, txHashProblem }

/** The VM identifiers `registerTxs` accepts (SPEC §2.1): the engine's one `VmId`. */
export type RegistrationVmId = VmId

const HEX_0X_32_BYTES = /^0x[0-9a-fA-F]{64}$/
const HEX_32_BYTES = /^[0-9a-fA-F]{64}$/

/**
 * Whether a string is a transaction hash on any VM: what `getStatus?txHash=` accepts.
 * @example isAnyTxHash('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')
 * // → true
 */
export function isAnyTxHash(hash: string): boolean {
  return VM_IDS.some((vmId) => txHashProblem(vmId, hash) === undefined)
}

/**
 * The stored form of a valid hash: lower case when hex, unchanged when base58. Depends only on the string, so
 * `getStatus` (which does not know the VM) finds what `registerTxs` stored.
 *
 * @example normalizeTxHash('0xABCD…') // '0xabcd…'
 */
export function normalizeTxHash(hash: string): string {
  return HEX_0X_32_BYTES.test(hash) || HEX_32_BYTES.test(hash) ? hash.toLowerCase() : hash
}
