import { describe, expect, it } from 'vitest'
import type { Vm } from '../../../engine/graph/types.js'
import * as addresses from '../../../engine/vm/addresses.js'
import {
  addressProblem,
  isNativeSentinel,
  NATIVE_TOKEN_SENTINELS,
  normalizeAddress,
  vmIdOf,
  walletAddressProblem,
} from '../../../engine/vm/addresses.js'

const VMS: readonly Vm[] = ['evm', 'solana', 'bitcoin', 'tron', 'hypercore']
const SAMPLE: Record<Vm, string> = {
  evm: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  hypercore: '0xb88339CB7199b77E23DB6E890353E22632Ba630f',
  solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
}

describe('addresses module', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(addresses).sort()).toEqual([
      'NATIVE_TOKEN_SENTINELS',
      'addressProblem',
      'isNativeSentinel',
      'normalizeAddress',
      'vmIdOf',
      'walletAddressProblem',
    ])
  })
})

describe('addressProblem', () => {
  it.each(VMS)('accepts a real %s address', (vm) => {
    expect(addressProblem(vm, SAMPLE[vm])).toBeUndefined()
  })

  it('dispatches by VM: each address is valid on its own VM only', () => {
    for (const vm of VMS) {
      for (const other of VMS) {
        const sameFormat = (vm === 'evm' || vm === 'hypercore') && (other === 'evm' || other === 'hypercore')
        if (other === vm || sameFormat) continue
        expect(addressProblem(vm, SAMPLE[other]), `${other} address on ${vm}`).toBeTypeOf('string')
      }
    }
  })

  it.each(VMS)('accepts the %s native sentinel as a token address', (vm) => {
    expect(addressProblem(vm, NATIVE_TOKEN_SENTINELS[vm])).toBeUndefined()
  })

  it('accepts `bitcoin` only on Bitcoin', () => {
    expect(addressProblem('bitcoin', 'bitcoin')).toBeUndefined()
    for (const vm of VMS.filter((v) => v !== 'bitcoin')) expect(addressProblem(vm, 'bitcoin')).toBeTypeOf('string')
  })

  it.each(VMS)('rejects empty and whitespace-padded input on %s', (vm) => {
    expect(addressProblem(vm, '')).toBe('empty')
    expect(addressProblem(vm, ` ${SAMPLE[vm]}`)).toBe('contains whitespace')
    expect(addressProblem(vm, `${SAMPLE[vm]}\n`)).toBe('contains whitespace')
    expect(addressProblem(vm, '\u00a0' + SAMPLE[vm])).toBe('contains whitespace')
  })

  it("passes on the VM rule's reason", () => {
    expect(addressProblem('evm', '0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe('bad checksum')
    expect(addressProblem('hypercore', '0xB88339CB7199b77E23DB6E890353E22632Ba630f')).toBe('bad checksum')
    expect(addressProblem('solana', SAMPLE.evm)).toBe('not valid base58 (looks like a 0x hex address)')
    expect(addressProblem('evm', SAMPLE.solana)).toBe('not a 0x-prefixed 20-byte hex address')
    expect(addressProblem('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toMatch(/testnet/)
    expect(addressProblem('tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('not a Tron address (0x41 prefix)')
  })
})

describe('walletAddressProblem', () => {
  it.each(VMS)('rejects the %s native sentinel', (vm) => {
    expect(walletAddressProblem(vm, NATIVE_TOKEN_SENTINELS[vm])).toBe('the native-token sentinel, not a wallet address')
  })

  it.each(VMS)('otherwise agrees with addressProblem on %s', (vm) => {
    expect(walletAddressProblem(vm, SAMPLE[vm])).toBeUndefined()
    expect(walletAddressProblem(vm, '')).toBe('empty')
    expect(walletAddressProblem(vm, SAMPLE[vm] + 'x')).toBe(addressProblem(vm, SAMPLE[vm] + 'x'))
  })
})

describe('normalizeAddress', () => {
  it('lower-cases EVM-format addresses', () => {
    expect(normalizeAddress('evm', SAMPLE.evm)).toBe('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
    expect(normalizeAddress('hypercore', SAMPLE.hypercore)).toBe('0xb88339cb7199b77e23db6e890353e22632ba630f')
    expect(normalizeAddress('evm', SAMPLE.evm.toUpperCase().replace('0X', '0x'))).toBe(
      normalizeAddress('evm', SAMPLE.evm),
    )
  })

  it('keeps case elsewhere, where it is part of the address', () => {
    for (const vm of ['solana', 'bitcoin', 'tron'] as const) expect(normalizeAddress(vm, SAMPLE[vm])).toBe(SAMPLE[vm])
    expect(normalizeAddress('bitcoin', 'bitcoin')).toBe('bitcoin')
  })
})

describe('vmIdOf', () => {
  it('maps each VM to its wire id', () => {
    expect(Object.fromEntries(VMS.map((vm) => [vm, vmIdOf(vm)]))).toEqual({
      evm: 'evm',
      solana: 'solana',
      bitcoin: 'alt-vm',
      tron: 'alt-vm',
      hypercore: 'hypercore',
    })
  })
})

describe('isNativeSentinel', () => {
  it("knows each VM's sentinel", () => {
    expect(isNativeSentinel('evm', '0x0000000000000000000000000000000000000000')).toBe(true)
    expect(isNativeSentinel('hypercore', '0x0000000000000000000000000000000000000000')).toBe(true)
    expect(isNativeSentinel('solana', '11111111111111111111111111111111')).toBe(true)
    expect(isNativeSentinel('bitcoin', 'bitcoin')).toBe(true)
    expect(isNativeSentinel('tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true)
  })

  it("is false for real tokens, other conventions and other VMs' sentinels", () => {
    for (const vm of VMS) expect(isNativeSentinel(vm, SAMPLE[vm])).toBe(false)
    expect(isNativeSentinel('evm', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toBe(false)
    expect(isNativeSentinel('solana', 'So11111111111111111111111111111111111111112')).toBe(false) // wSOL
    expect(isNativeSentinel('evm', 'bitcoin')).toBe(false)
    expect(isNativeSentinel('bitcoin', 'Bitcoin')).toBe(false)
  })
})
