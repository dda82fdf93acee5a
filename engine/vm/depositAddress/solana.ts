/**
 * Deposit addresses on Solana: a program-derived address of the Solana router program, seeded with `"deposit"` and
 * the quote's `txId`. No key owns it; only the program can move what arrives there, along the stored order.
 */
import { PublicKey } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'

/** The first seed of every deposit PDA. */
export const SOLANA_DEPOSIT_SEED = 'deposit'

/**
 * The deposit address of a quote on Solana: `PublicKey.findProgramAddressSync(["deposit", txId], router)`.
 *
 * @param routerProgram - the router program id (base58).
 * @param txId - the quote's `txId` (32 bytes, the second seed).
 * @returns the PDA in base58.
 *
 * @example
 * solanaDepositAddress('535ZwjB96wqNksjtgb6vU9E8J7mcsAFRiUdYcCCr6ame', txId) // base58, off the ed25519 curve
 */
export function solanaDepositAddress(routerProgram: string, txId: Hex): string {
  const seeds = [new TextEncoder().encode(SOLANA_DEPOSIT_SEED), hexToBytes(txId)]
  const [address] = PublicKey.findProgramAddressSync(seeds, new PublicKey(routerProgram))
  return address.toBase58()
}
