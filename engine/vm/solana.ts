/**
 * The Solana module: an address is any 32-byte public key in base58, on or off the ed25519 curve (program derived
 * addresses are off-curve and are valid destinations); a transaction hash is a 64-byte signature in base58.
 */
import bs58 from 'bs58'
import { keccak256 } from './codecs.js'
import type { VmModule } from './vmModule.js'

/** The native-token sentinel on Solana: the System Program id (LI.FI's convention, research §2). */
export const SOLANA_NATIVE_TOKEN = '11111111111111111111111111111111'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
/** 32 zero bytes encode to 32 characters (`1` each); 2^256 − 1 encodes to 44. */
const MIN_LENGTH = 32
const MAX_LENGTH = 44
const KEY_BYTES = 32
/** A 64-byte signature: 64 characters when every byte is zero (`1` each), at most 88. */
const SIGNATURE_MIN_LENGTH = 64
const SIGNATURE_MAX_LENGTH = 88
const SIGNATURE_BYTES = 64

/**
 * Why a string is not a Solana address, or `undefined` when it is one.
 *
 * The string must use only the base58 alphabet and decode to exactly 32 bytes. Base58 is a bijection between
 * strings and byte strings, leading `1`s standing for leading zero bytes, so a string passing both checks is the
 * canonical encoding of its key: padded or truncated forms decode to 33 or 31 bytes.
 *
 * @param address - the address as received.
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * solanaAddressProblem('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') // undefined (the USDC mint)
 * solanaAddressProblem('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
 * // → 'not valid base58 (looks like a 0x hex address)'
 */
export function solanaAddressProblem(address: string): string | undefined {
  if (!BASE58.test(address)) {
    return address.startsWith('0x') ? 'not valid base58 (looks like a 0x hex address)' : 'not valid base58'
  }
  if (address.length < MIN_LENGTH || address.length > MAX_LENGTH) {
    return `not a 32-byte key: ${address.length} characters, expected ${MIN_LENGTH} to ${MAX_LENGTH}`
  }
  return bs58.decodeUnsafe(address)?.length === KEY_BYTES ? undefined : 'does not decode to 32 bytes'
}

function signatureProblem(hash: string): string | undefined {
  if (!BASE58.test(hash) || hash.length < SIGNATURE_MIN_LENGTH || hash.length > SIGNATURE_MAX_LENGTH) {
    return 'must be a base58 transaction signature (64 bytes, 64 to 88 characters)'
  }
  // The length check above bounds the (quadratic) decode.
  return bs58.decodeUnsafe(hash)?.length === SIGNATURE_BYTES ? undefined : 'does not decode to a 64-byte signature'
}

/**
 * The Solana module: `vmId` `solana`, base58 keys, base58 signatures as transaction hashes.
 *
 * @example
 * solanaModule.txHashProblem('1'.repeat(64)) // undefined: 64 zero bytes
 */
export const solanaModule: VmModule = Object.freeze({
  vm: 'solana',
  vmId: 'solana',
  nativeToken: SOLANA_NATIVE_TOKEN,
  addressFamily: 'solana',
  requiresTokenApproval: false,
  requiresRegisterTransaction: true,
  executesEvmCalldata: false,
  executesSplits: false,
  acceptsFeeSponsor: true,
  addressProblem: solanaAddressProblem,
  // Case is part of a base58 address.
  normalizeAddress: (address: string) => address,
  canonicalAddress: (address: string) => address,
  txHashProblem: signatureProblem,
  // A signature is 64 bytes: the digest and the digest of the digest.
  txHashFromDigest: (digest: Uint8Array) => bs58.encode(Uint8Array.from([...digest, ...keccak256(digest)])),
  // The 32-byte public key, what programs and bridge messages use.
  addressBytes(address: string): Uint8Array {
    const bytes = bs58.decodeUnsafe(address)
    if (bytes?.length !== KEY_BYTES) throw new Error(`not a Solana address: ${address}`)
    return bytes
  },
  addressFromBytes: (bytes: Uint8Array) => bs58.encode(bytes),
})
