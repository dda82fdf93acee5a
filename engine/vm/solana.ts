/**
 * Address rules of Solana: an address is any 32-byte public key in base58, on or off the ed25519 curve (program
 * derived addresses are off-curve and are valid destinations).
 */
import { PublicKey } from '@solana/web3.js'

/** The native-token sentinel on Solana: the System Program id (LI.FI's convention, research §2). */
export const SOLANA_NATIVE_TOKEN = '11111111111111111111111111111111'

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
/** 32 zero bytes encode to 32 characters (`1` each); 2^256 − 1 encodes to 44. */
const MIN_LENGTH = 32
const MAX_LENGTH = 44

/**
 * Why a string is not a Solana address, or `undefined` when it is one.
 *
 * The string must use only the base58 alphabet and decode (`new PublicKey`) to exactly 32 bytes. Base58 is a
 * bijection between strings and byte strings, leading `1`s standing for leading zero bytes, so a string passing
 * both checks is the canonical encoding of its key: padded or truncated forms decode to 33 or 31 bytes.
 *
 * @param address - the address as received.
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * solanaAddressProblem('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') // undefined (the USDC mint)
 * solanaAddressProblem('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // 'not valid base58 (looks like a 0x hex address)'
 */
export function solanaAddressProblem(address: string): string | undefined {
  if (!BASE58.test(address)) {
    return address.startsWith('0x') ? 'not valid base58 (looks like a 0x hex address)' : 'not valid base58'
  }
  if (address.length < MIN_LENGTH || address.length > MAX_LENGTH) {
    return `not a 32-byte key: ${address.length} characters, expected ${MIN_LENGTH} to ${MAX_LENGTH}`
  }
  try {
    new PublicKey(address)
  } catch {
    return 'does not decode to 32 bytes'
  }
  return undefined
}
