import bs58check from 'bs58check'
import { describe, expect, it } from 'vitest'
import { TRON_NATIVE_TOKEN, tronAddressProblem } from '../../../engine/vm/tron.js'

// research §2: USDT, the discontinued USDC; shared/data/ofac/sanctioned_addresses_TRX.txt and _USDT.txt
const VALID = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
  'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre',
  'TTUDyVhhpCC1xJoPmWzdjLAzeoPwbSABdr',
  'TEAqwfMhXLaomXhZ8KeMhx3njGmQEDnsUR',
]

describe('tronAddressProblem', () => {
  it.each([...VALID, TRON_NATIVE_TOKEN])('accepts %s', (address) => {
    expect(tronAddressProblem(address)).toBeUndefined()
  })

  it('knows the native sentinel as the zero account', () => {
    expect(bs58check.decode(TRON_NATIVE_TOKEN)).toEqual(Uint8Array.from([0x41, ...new Array(20).fill(0)]))
  })

  it('rejects a broken checksum', () => {
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe('bad checksum')
    expect(tronAddressProblem('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe('bad checksum')
  })

  it('rejects valid base58check with another version byte or length', () => {
    expect(tronAddressProblem('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('not a Tron address (0x41 prefix)') // Bitcoin
    const twentyBytes = bs58check.encode(Uint8Array.from([0x41, ...new Array(19).fill(7)]))
    expect(tronAddressProblem(twentyBytes)).toBe('wrong length: 20 bytes, expected 21')
    const tooLong = bs58check.encode(Uint8Array.from([0x41, ...new Array(40).fill(7)]))
    expect(tronAddressProblem(tooLong)).toMatch(/^wrong length: \d+ characters/)
  })

  it.each([
    ['empty', ''],
    ['hex form', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
    ['0x form', '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'],
    ['whitespace', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t '],
  ])('rejects %s as not base58', (_, address) => {
    expect(tronAddressProblem(address)).toBe('not valid base58')
  })
})
