import { describe, expect, it } from 'vitest'
import type { Vm } from '../../../engine/graph/types.js'
import { decodeChainAddress, encodeChainAddress } from '../../../engine/vm/chainAddress.js'
import {
  ADDRESS_FAMILIES,
  VM_IDS,
  VM_MODULES,
  VMS,
  addressFamilyOf,
  isVm,
  isVmId,
  sameAddressFamily,
  txHashProblem,
  vmModuleOf,
  vmModuleOfFamily,
  vmModulesOfVmId,
} from '../../../engine/vm/registry.js'

const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const HEX_32 = 'ab'.repeat(32)

describe('VM registry', () => {
  it('has one module per Vm, each answering to its own name, frozen', () => {
    expect([...VMS].sort()).toEqual(['bitcoin', 'evm', 'hypercore', 'solana', 'tron'])
    for (const vm of VMS) {
      expect(vmModuleOf(vm).vm).toBe(vm)
      expect(Object.isFrozen(VM_MODULES[vm])).toBe(true)
    }
    expect(Object.isFrozen(VM_MODULES)).toBe(true)
  })

  it('maps VMs to the wire vmIds of SPEC §2, each vmId once', () => {
    expect(VM_IDS).toEqual(['evm', 'hypercore', 'solana', 'alt-vm'])
    expect(vmModulesOfVmId('alt-vm').map((module) => module.vm)).toEqual(['bitcoin', 'tron'])
    expect(isVmId('alt-vm')).toBe(true)
    expect(isVmId('bitcoin')).toBe(false)
  })

  it('knows VM names by own property only, and refuses unknown ones', () => {
    expect(isVm('tron')).toBe(true)
    expect(isVm('toString')).toBe(false)
    expect(() => vmModuleOf('cosmos' as Vm)).toThrow(RangeError)
  })

  it('puts EVM and HyperCore in one address family, every other VM in its own', () => {
    expect(sameAddressFamily('evm', 'hypercore')).toBe(true)
    expect(sameAddressFamily('evm', 'solana')).toBe(false)
    expect(sameAddressFamily('bitcoin', 'tron')).toBe(false)
    expect(VMS.map(addressFamilyOf)).toEqual(['evm', 'evm', 'solana', 'bitcoin', 'tron'])
  })

  it('lists each address family once, each answered by a module of that family', () => {
    expect(ADDRESS_FAMILIES).toEqual(['evm', 'solana', 'bitcoin', 'tron'])
    for (const family of ADDRESS_FAMILIES) expect(vmModuleOfFamily(family).addressFamily).toBe(family)
    expect(vmModuleOfFamily('evm').vm).toBe('evm')
    expect(() => vmModuleOfFamily('cosmos' as never)).toThrow(RangeError)
  })

  it('gives one canonical spelling per address: case folded only where the format ignores it', () => {
    const evm = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    expect(vmModuleOf('evm').canonicalAddress(evm)).toBe(evm.toLowerCase())
    expect(vmModuleOf('hypercore').canonicalAddress(evm)).toBe(evm.toLowerCase())
    expect(vmModuleOf('bitcoin').canonicalAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    )
    // Base58 (Bitcoin legacy, Tron, Solana): case is part of the address.
    expect(vmModuleOf('bitcoin').canonicalAddress('12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx')).toBe(
      '12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx',
    )
    expect(vmModuleOf('tron').canonicalAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    )
    // Bitcoin's lookup form keeps bech32 as given (snapshot and store keys); its canonical form does not.
    expect(vmModuleOf('bitcoin').normalizeAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(
      'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
    )
  })

  it('runs EVM calldata on EVM chains only (HyperCore shares the address format, not the EVM)', () => {
    expect(VMS.filter((vm) => VM_MODULES[vm].executesEvmCalldata)).toEqual(['evm'])
  })

  it('keeps the source-transaction flags of the quote (approvals on EVM and Tron; registration off EVM)', () => {
    expect(VMS.filter((vm) => VM_MODULES[vm].requiresTokenApproval)).toEqual(['evm', 'tron'])
    expect(VMS.filter((vm) => !VM_MODULES[vm].requiresRegisterTransaction)).toEqual(['evm'])
  })

  it('checks transaction hashes in each vmId format', () => {
    expect(txHashProblem('evm', `0x${HEX_32}`)).toBeUndefined()
    expect(txHashProblem('hypercore', `0x${HEX_32.toUpperCase()}`)).toBeUndefined()
    expect(txHashProblem('alt-vm', HEX_32)).toBeUndefined()
    expect(txHashProblem('solana', SIGNATURE)).toBeUndefined()
    expect(txHashProblem('evm', HEX_32)).toBe('must be 0x followed by 64 hex digits (a 32-byte transaction hash)')
    expect(txHashProblem('alt-vm', `0x${HEX_32}`)).toBe(
      'must be 64 hex digits without 0x (a Bitcoin or Tron transaction id)',
    )
    expect(txHashProblem('solana', '1'.repeat(65))).toBe('does not decode to a 64-byte signature')
    expect(txHashProblem('solana', `0x${HEX_32}`)).toBe(
      'must be a base58 transaction signature (64 bytes, 64 to 88 characters)',
    )
  })

  it('writes a 32-byte digest as a hash every VM accepts', () => {
    const digest = Uint8Array.from({ length: 32 }, (_, i) => i)
    for (const vm of VMS) expect(VM_MODULES[vm].txHashProblem(VM_MODULES[vm].txHashFromDigest(digest))).toBeUndefined()
  })

  it('encodes EVM addresses as their 20 bytes and decodes them checksummed', () => {
    expect(encodeChainAddress('evm', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    )
    expect(decodeChainAddress('evm', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    )
    expect(() => encodeChainAddress('evm', '0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toThrow(/bad checksum/)
    expect(() => encodeChainAddress('solana', '1'.repeat(33))).toThrow(/not a Solana address/)
  })
})
