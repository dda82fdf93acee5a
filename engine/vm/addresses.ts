/**
 * Address rules by VM name, through the registry: validation (with a verdict cache), the canonical lookup form, the
 * wire `vmId` and native-token sentinels. These run on the request path, so each rule rejects with a regex before
 * any decoding or hashing.
 */
import type { Vm } from '../graph/types.js'
import { VM_MODULES, VMS, vmModuleOf } from './registry.js'
import type { VmId } from './vmModule.js'

/** The native-token sentinel of each VM (research §2). */
export const NATIVE_TOKEN_SENTINELS: Readonly<Record<Vm, string>> = Object.freeze(
  Object.fromEntries(VMS.map((vm) => [vm, VM_MODULES[vm].nativeToken])) as Record<Vm, string>,
)

const WHITESPACE = /\s/

/**
 * Why a string is not an address on a VM, or `undefined` when it is one. Use it for token addresses: a VM's
 * native-token sentinel is accepted even where it is no account (`bitcoin` on Bitcoin). For a wallet
 * (`sender`, `recipient`, `refundTo`) use `walletAddressProblem`.
 *
 * EVM and HyperCore: `0x` and 40 hex digits, mixed case only with a valid EIP-55 checksum. Solana: base58 of a
 * 32-byte key, on or off the curve. Bitcoin: mainnet P2PKH, P2SH, P2WPKH, P2WSH, P2TR. Tron: base58check of 21
 * bytes starting 0x41.
 *
 * @param vm - the chain's VM.
 * @param address - the address as received (not trimmed: surrounding whitespace is a problem).
 * @returns `undefined` when valid, else a short human reason for `InvalidAddressError`'s `reason`.
 *
 * @example
 * addressProblem('evm', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // undefined
 * addressProblem('evm', '0xa0B86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // 'bad checksum'
 * addressProblem('bitcoin', 'bitcoin') // undefined: the native token
 * addressProblem('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t') // undefined
 */
export function addressProblem(vm: Vm, address: string): string | undefined {
  if (address.length === 0) return 'empty'
  if (address.length > MAX_CACHED_LENGTH) return checkAddress(vm, address)
  // Checksums (keccak on EVM, base58check, bech32) dominate a quote's validation cost, and integrators send the
  // same senders and tokens again and again: remember the verdicts (a pure function, so caching is invisible).
  // One map per VM, keyed by the address as received: no key string built per call, no LRU bookkeeping per hit.
  let byAddress = verdicts.get(vm)
  if (byAddress === undefined) {
    byAddress = new Map()
    verdicts.set(vm, byAddress)
  }
  const cached = byAddress.get(address)
  if (cached !== undefined) return cached === VALID ? undefined : cached
  const problem = checkAddress(vm, address)
  if (byAddress.size >= VERDICTS_MAX) byAddress.clear()
  byAddress.set(address, problem ?? VALID)
  return problem
}

/** Longest address worth caching (bech32 P2WSH/P2TR are 62 characters). */
const MAX_CACHED_LENGTH = 96
const VALID = ''
/** Verdicts per VM before its map starts over (many distinct addresses cannot grow it). */
const VERDICTS_MAX = 50_000
const verdicts = new Map<Vm, Map<string, string>>()

function checkAddress(vm: Vm, address: string): string | undefined {
  if (WHITESPACE.test(address)) return 'contains whitespace'
  const module = vmModuleOf(vm)
  if (address === module.nativeToken) return undefined
  return module.addressProblem(address)
}

/**
 * Why a string is not a wallet address on a VM, or `undefined` when it is one: `addressProblem` without the
 * native-token sentinels, which name a token, not an account to send from or to.
 *
 * @param vm - the chain's VM.
 * @param address - the address as received.
 * @returns `undefined` when valid, else a short human reason.
 *
 * @example
 * walletAddressProblem('bitcoin', 'bitcoin') // 'the native-token sentinel, not a wallet address'
 * walletAddressProblem('evm', '0x0000000000000000000000000000000000000000') // same reason
 * walletAddressProblem('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') // undefined
 */
export function walletAddressProblem(vm: Vm, address: string): string | undefined {
  if (isNativeSentinel(vm, address)) return 'the native-token sentinel, not a wallet address'
  return addressProblem(vm, address)
}

/**
 * The canonical lookup form of a valid address: lower case on EVM-format VMs (`evm`, `hypercore`), where case
 * only carries the checksum; unchanged elsewhere, where case is part of the address.
 *
 * @param vm - the chain's VM.
 * @param address - an address that `addressProblem` accepted.
 * @returns the form to use in keys (`chainId:address`) and comparisons.
 *
 * @example
 * normalizeAddress('evm', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
 * normalizeAddress('solana', 'So11111111111111111111111111111111111111112') // unchanged
 */
export function normalizeAddress(vm: Vm, address: string): string {
  return vmModuleOf(vm).normalizeAddress(address)
}

/**
 * The wire `vmId` of a chain's VM (SPEC §2). Bitcoin and Tron share `alt-vm`.
 *
 * @param vm - the chain's VM.
 * @returns `evm`, `solana`, `alt-vm` or `hypercore`.
 *
 * @example
 * vmIdOf('tron') // 'alt-vm'
 */
export function vmIdOf(vm: Vm): VmId {
  return vmModuleOf(vm).vmId
}

/**
 * Whether a token address is the VM's native-token sentinel: the zero address on EVM and HyperCore,
 * `11111111111111111111111111111111` on Solana, `bitcoin` on Bitcoin, `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` on Tron.
 * The comparison is exact (the zero address has no letters to vary in case).
 *
 * @param vm - the chain's VM.
 * @param address - a token address.
 * @returns `true` for the native token.
 *
 * @example
 * isNativeSentinel('bitcoin', 'bitcoin') // true
 * isNativeSentinel('evm', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEEeE') // false: not our convention
 */
export function isNativeSentinel(vm: Vm, address: string): boolean {
  return address === vmModuleOf(vm).nativeToken
}
