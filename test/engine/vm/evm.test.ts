import { describe, expect, it } from 'vitest'
import { EVM_NATIVE_TOKEN, evmAddressProblem } from '../../../engine/vm/evm.js'

// research/fixtures.md §2 (checksummed as published)
const TOKENS = [
  '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', // USDC Ethereum
  '0xdAC17F958D2ee523a2206206994597C13D831ec7', // USDT Ethereum
  '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', // WETH
  '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', // USDC BSC (18 decimals)
  '0x4200000000000000000000000000000000000006', // WETH OP (no letters)
  '0xb88339CB7199b77E23DB6E890353E22632Ba630f', // USDC HyperEVM
  '0x5555555555555555555555555555555555555555', // WHYPE
]
// shared/data/ofac: sanctioned_addresses_ETH.txt (checksummed), _USDT.txt (lower case), _ARB.txt
const OFAC = [
  '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1',
  '0x03893a7c7463AE47D46bc7f091665f1893656003',
  '0x983a81ca6FB1e441266D2FbcB7D8E530AC2E05A2',
  '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff',
  '0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c',
]

describe('evmAddressProblem', () => {
  it.each([...TOKENS, ...OFAC])('accepts %s', (address) => {
    expect(evmAddressProblem(address)).toBeUndefined()
  })

  it('accepts all-lower and all-upper hex, which carry no checksum', () => {
    expect(evmAddressProblem('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBeUndefined()
    expect(evmAddressProblem('0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48')).toBeUndefined()
  })

  it('rejects mixed case with a broken EIP-55 checksum', () => {
    // one letter's case flipped in each
    expect(evmAddressProblem('0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe('bad checksum')
    expect(evmAddressProblem('0xdAC17F958D2ee523a2206206994597C13D831eC7')).toBe('bad checksum')
    expect(evmAddressProblem('0x01e2919679362dFBC9ee1644Ba9C6da6D6245Bb1')).toBe('bad checksum')
  })

  it.each([
    ['empty', ''],
    ['no 0x prefix', 'A0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    ['upper-case 0X prefix', '0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48'],
    ['19 bytes', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB'],
    ['21 bytes', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB4800'],
    ['non-hex digit', '0xg0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    ['leading space', ' 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
    ['trailing newline', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\n'],
    ['a Solana key', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['a Tron address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['32-byte hex', '0x' + 'ab'.repeat(32)],
  ])('rejects %s', (_, address) => {
    expect(evmAddressProblem(address)).toBe('not a 0x-prefixed 20-byte hex address')
  })

  it('treats the zero-address sentinel as a well-formed address', () => {
    expect(EVM_NATIVE_TOKEN).toBe('0x' + '0'.repeat(40))
    expect(evmAddressProblem(EVM_NATIVE_TOKEN)).toBeUndefined()
  })
})
