/**
 * Transaction ids and hashes as `registerTxs`, `getStatus` and the store see them: the format of a source
 * transaction's hash on each VM (SPEC §4.2 `vmId`), and the one stored form of a hash.
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

/** The VM identifiers `registerTxs` accepts (SPEC §2.1). */
export const VM_IDS = ['evm', 'solana', 'alt-vm', 'hypercore'] as const
export type RegistrationVmId = (typeof VM_IDS)[number]

/** A `txId` as `getAction` issues them: `0x` + 64 hex digits (issued in lower case). */
export const TX_ID = /^0x[0-9a-fA-F]{64}$/

const HEX_0X_32_BYTES = /^0x[0-9a-fA-F]{64}$/
const HEX_32_BYTES = /^[0-9a-fA-F]{64}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** A 64-byte signature: 64 characters when every byte is zero (`1` each), at most 88. */
const SIGNATURE_MIN_LENGTH = 64
const SIGNATURE_MAX_LENGTH = 88
const SIGNATURE_BYTES = 64

/**
 * Whether a value is one of `VM_IDS`.
 * @example isVmId('alt-vm') // true
 */
export function isVmId(value: unknown): value is RegistrationVmId {
  return typeof value === 'string' && (VM_IDS as readonly string[]).includes(value)
}

/**
 * Why a string is not a transaction hash on a VM, or `undefined` when it is one (formats in the table above).
 *
 * @example
 * txHashProblem('evm', '0x' + 'ab'.repeat(32)) // undefined
 * txHashProblem('alt-vm', '0x' + 'ab'.repeat(32)) // 'must be 64 hex digits without 0x (a Bitcoin or Tron transaction id)'
 */
export function txHashProblem(vmId: RegistrationVmId, hash: string): string | undefined {
  switch (vmId) {
    case 'evm':
    case 'hypercore':
      return HEX_0X_32_BYTES.test(hash) ? undefined : 'must be 0x followed by 64 hex digits (a 32-byte transaction hash)'
    case 'alt-vm':
      return HEX_32_BYTES.test(hash) ? undefined : 'must be 64 hex digits without 0x (a Bitcoin or Tron transaction id)'
    case 'solana':
      if (!BASE58.test(hash) || hash.length < SIGNATURE_MIN_LENGTH || hash.length > SIGNATURE_MAX_LENGTH) {
        return 'must be a base58 transaction signature (64 bytes, 64 to 88 characters)'
      }
      return base58ByteLength(hash) === SIGNATURE_BYTES ? undefined : 'does not decode to a 64-byte signature'
  }
}

/**
 * Whether a string is a transaction hash on any VM: what `getStatus?txHash=` accepts.
 * @example isAnyTxHash('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW') // true
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

/** Bytes a base58 string decodes to: one per leading `1`, then the bytes of the number the rest encodes. */
function base58ByteLength(text: string): number {
  let leadingZeros = 0
  while (text[leadingZeros] === '1') leadingZeros += 1
  let value = 0n
  for (const character of text) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(character))
  return leadingZeros + (value === 0n ? 0 : Math.ceil(value.toString(16).length / 2))
}
