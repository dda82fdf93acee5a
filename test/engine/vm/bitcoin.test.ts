import { describe, expect, it, vi } from 'vitest'
import { BITCOIN_NATIVE_TOKEN, bitcoinAddressProblem } from '../../../engine/vm/bitcoin.js'

const VALID = {
  p2pkh: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis coinbase
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // BIP13-era example
  p2wpkh: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  p2wpkhBip173: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP173 vector
  p2tr: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', // BIP86 vector
  upperCaseBech32: 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
}
// shared/data/ofac/sanctioned_addresses_XBT.txt
const OFAC = [
  '123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX',
  '31nadacWrgPeAQxKRMabhn3fPhnhi3hjKa',
  'bc1q05aktddf9ce4p7hh3stgsf253m4vweu7nkhtmw',
  'bc1q202ajnhxgg9d9jjczmg0g4usp6haqldyy2eakl',
]
const TESTNET = 'testnet address; only Bitcoin mainnet is accepted'

describe('bitcoinAddressProblem', () => {
  it.each(Object.entries(VALID))('accepts %s', (_, address) => {
    expect(bitcoinAddressProblem(address)).toBeUndefined()
  })

  it.each(OFAC)('accepts %s', (address) => {
    expect(bitcoinAddressProblem(address)).toBeUndefined()
  })

  it.each([
    ['tb1 P2WPKH', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['tb1 P2TR', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c'],
    ['m… P2PKH', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['2… P2SH', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
  ])('rejects testnet %s, saying so', (_, address) => {
    expect(bitcoinAddressProblem(address)).toBe(TESTNET)
  })

  it('rejects regtest', () => {
    expect(bitcoinAddressProblem('bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw')).toBe(
      'regtest address; only Bitcoin mainnet is accepted',
    )
  })

  it('rejects broken checksums', () => {
    expect(bitcoinAddressProblem('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe('bad checksum')
    expect(bitcoinAddressProblem('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp')).toBe('bad checksum')
    // BIP350: a witness v1 program with a bech32 (not bech32m) checksum
    expect(bitcoinAddressProblem('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBe('bad checksum')
  })

  it('rejects mixed-case bech32', () => {
    expect(bitcoinAddressProblem('bc1qaR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('mixed-case bech32')
  })

  it('rejects witness versions and lengths with no standard output, without warning on the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(bitcoinAddressProblem('BC1SW50QGDZ25J')).toBe('unsupported segwit version 16') // BIP350 valid v16
      expect(bitcoinAddressProblem('bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBe('unsupported segwit version 2')
      expect(bitcoinAddressProblem('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y')).toBe(
        'not a taproot address (witness v1 program must be 32 bytes)',
      )
      // BIP173: a 16-byte witness v0 program
      expect(bitcoinAddressProblem('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toBe(
        'witness v0 program must be 20 or 32 bytes',
      )
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })

  it('rejects other chains and junk', () => {
    expect(bitcoinAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'not a Bitcoin address (version byte 0x41)',
    )
    for (const address of ['', ' ' + VALID.p2pkh, VALID.p2wpkh + '\n', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48']) {
      expect(bitcoinAddressProblem(address)).toBe('not a Bitcoin address (base58 or bech32)')
    }
  })

  it('rejects the native sentinel: it names a token, not an address', () => {
    expect(bitcoinAddressProblem(BITCOIN_NATIVE_TOKEN)).toBe('not a Bitcoin address (base58 or bech32)')
  })
})
