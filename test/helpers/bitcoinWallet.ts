/**
 * A test Bitcoin wallet (ecpair over @bitcoinerlab/secp256k1): one key, its P2WPKH and P2TR addresses, and how a
 * wallet signs a deposit PSBT — signatures verified, inputs finalized, the transaction extracted.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { Psbt, type Transaction, crypto, initEccLib, payments, toXOnly } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { expect } from 'vitest'

// What the builder does too: P2TR addresses need an elliptic-curve library.
initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
/** The test key (private key 0x0101…01). */
export const KEY = ECPair.fromPrivateKey(new Uint8Array(32).fill(1))
const INTERNAL_KEY = toXOnly(KEY.publicKey)
/** The key's P2WPKH (bc1q…) address. */
export const P2WPKH = payments.p2wpkh({ pubkey: KEY.publicKey }).address!
/** The key's P2TR (bc1p…) address, key path only. */
export const P2TR = payments.p2tr({ internalPubkey: INTERNAL_KEY }).address!

/**
 * Signs every input of a base64 PSBT as the key's wallet would (P2TR: adds its internal key, signs with the tweaked
 * key), asserts the signatures verify, finalizes and extracts.
 *
 * @example const { signed } = signPsbt(tx.data, P2WPKH); signed.getId()
 */
export function signPsbt(base64: string, sender: string): { psbt: Psbt; signed: Transaction } {
  const psbt = Psbt.fromBase64(base64)
  if (sender === P2TR) {
    psbt.data.inputs.forEach((_, index) => psbt.updateInput(index, { tapInternalKey: INTERNAL_KEY }))
    psbt.signAllInputs(KEY.tweak(crypto.taggedHash('TapTweak', INTERNAL_KEY)))
    const verify = (pubkey: Uint8Array, hash: Uint8Array, signature: Uint8Array) =>
      ecc.verifySchnorr(hash, pubkey, signature)
    expect(psbt.validateSignaturesOfAllInputs(verify)).toBe(true)
  } else {
    psbt.signAllInputs(KEY)
    const verify = (pubkey: Uint8Array, hash: Uint8Array, signature: Uint8Array) => ecc.verify(hash, pubkey, signature)
    expect(psbt.validateSignaturesOfAllInputs(verify)).toBe(true)
  }
  psbt.finalizeAllInputs()
  return { psbt, signed: psbt.extractTransaction() }
}
