import { PublicKey } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { SOLANA_NATIVE_TOKEN, solanaAddressProblem } from '../../../engine/vm/solana.js'

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
const WSOL = 'So11111111111111111111111111111111111111112'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

describe('solanaAddressProblem', () => {
  it.each([USDC, USDT, WSOL, TOKEN_PROGRAM, SOLANA_NATIVE_TOKEN])('accepts %s', (address) => {
    expect(solanaAddressProblem(address)).toBeUndefined()
  })

  it('accepts an off-curve program derived address', () => {
    // The associated token account of USDC for the USDC mint itself: a PDA of the associated-token program.
    const [pda] = PublicKey.findProgramAddressSync(
      [new PublicKey(USDC).toBytes(), new PublicKey(TOKEN_PROGRAM).toBytes(), new PublicKey(USDC).toBytes()],
      new PublicKey('ATokenGPvbdGVxr1b9hvZbsiqW5xWH25efTNsLJA8knL'),
    )
    expect(PublicKey.isOnCurve(pda.toBytes())).toBe(false)
    expect(solanaAddressProblem(pda.toBase58())).toBeUndefined()
  })

  it('rejects strings outside the base58 alphabet', () => {
    expect(solanaAddressProblem('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1O')).toBe('not valid base58') // O
    expect(solanaAddressProblem('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1l')).toBe('not valid base58') // l
    expect(solanaAddressProblem(' ' + USDC)).toBe('not valid base58')
    expect(solanaAddressProblem(USDC + '\t')).toBe('not valid base58')
    expect(solanaAddressProblem('')).toBe('not valid base58')
  })

  it('names a 0x address for what it is', () => {
    expect(solanaAddressProblem('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(
      'not valid base58 (looks like a 0x hex address)',
    )
  })

  it('rejects base58 that is not exactly 32 bytes', () => {
    // 31 zero bytes; 33 zero bytes (a padded System Program id); the USDC mint with a leading zero byte
    expect(solanaAddressProblem('1'.repeat(31))).toMatch(/^not a 32-byte key: 31 characters/)
    expect(solanaAddressProblem('1'.repeat(33))).toBe('does not decode to 32 bytes')
    expect(solanaAddressProblem('1' + USDC)).toMatch(/^not a 32-byte key: 45 characters/)
    // in the length window but too large (58^44 > 2^256) or too small (58^32 < 2^192)
    expect(solanaAddressProblem('z'.repeat(44))).toBe('does not decode to 32 bytes')
    expect(solanaAddressProblem('2'.repeat(32))).toBe('does not decode to 32 bytes')
  })
})
