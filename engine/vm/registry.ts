/**
 * The VM registry: one module per VM, looked up by the snapshot chain's `vm`. Everything that depends on a VM
 * (address rules, `vmId`, native sentinel, hash formats, screening family, ABI bytes) asks here; adding a VM is
 * adding a module to `VM_MODULES` (and, for transactions, a builder to `transactions.ts`).
 */
import type { Vm } from '../graph/types.js'
import { bitcoinModule } from './bitcoin.js'
import { evmModule } from './evm.js'
import { hypercoreModule } from './hypercore.js'
import { solanaModule } from './solana.js'
import { tronModule } from './tron.js'
import type { AddressFamily, VmId, VmModule } from './vmModule.js'

/** Every VM module by the snapshot's VM name, frozen. */
export const VM_MODULES: Readonly<Record<Vm, VmModule>> = Object.freeze({
  evm: evmModule,
  hypercore: hypercoreModule,
  solana: solanaModule,
  bitcoin: bitcoinModule,
  tron: tronModule,
})

/** The snapshot's VM names, in registry order. */
export const VMS: readonly Vm[] = Object.freeze(Object.keys(VM_MODULES) as Vm[])

/** Every wire `vmId`, each once, in registry order (SPEC §2.1: what `registerTxs` accepts). */
export const VM_IDS: readonly VmId[] = Object.freeze([...new Set(VMS.map((vm) => VM_MODULES[vm].vmId))])

/** The modules by VM name, as a map: a lookup without `Object.hasOwn` on every call (a few per quote). */
const MODULES_BY_VM: ReadonlyMap<string, VmModule> = new Map(VMS.map((vm) => [vm, VM_MODULES[vm]]))

/** The first module of each address family, in registry order. */
const FAMILY_MODULES = new Map<AddressFamily, VmModule>()
for (const vm of VMS) {
  const module = VM_MODULES[vm]
  if (!FAMILY_MODULES.has(module.addressFamily)) FAMILY_MODULES.set(module.addressFamily, module)
}

/** Every address family, each once, in registry order (sanctioned-address lists are kept one per family). */
export const ADDRESS_FAMILIES: readonly AddressFamily[] = Object.freeze([...FAMILY_MODULES.keys()])

/**
 * The module of a VM.
 *
 * @param vm - a chain's `vm` from a loaded snapshot.
 * @returns its module.
 * @throws RangeError for a name that is no VM (a snapshot the loader did not validate).
 *
 * @example
 * vmModuleOf('tron').vmId // 'alt-vm'
 */
export function vmModuleOf(vm: Vm): VmModule {
  const module = MODULES_BY_VM.get(vm)
  if (module === undefined) throw new RangeError(`unknown VM ${String(vm)}; known: ${VMS.join(', ')}`)
  return module
}

/**
 * Whether a string is a VM name of the registry (for loaders reading untrusted JSON).
 *
 * @example
 * isVm('solana') // true
 * isVm('cosmos') // false
 */
export function isVm(value: unknown): value is Vm {
  return typeof value === 'string' && Object.hasOwn(VM_MODULES, value)
}

/**
 * Whether a string is a wire `vmId`.
 *
 * @example
 * isVmId('alt-vm') // true
 */
export function isVmId(value: unknown): value is VmId {
  return typeof value === 'string' && (VM_IDS as readonly string[]).includes(value)
}

/**
 * The modules that answer to a wire `vmId` (`alt-vm` names two: Bitcoin and Tron).
 *
 * @example
 * vmModulesOfVmId('alt-vm').map((module) => module.vm) // ['bitcoin', 'tron']
 */
export function vmModulesOfVmId(vmId: VmId): readonly VmModule[] {
  return VMS.map((vm) => VM_MODULES[vm]).filter((module) => module.vmId === vmId)
}

/**
 * The address family of a VM: EVM and HyperCore share `evm`; it also names the VM's sanctioned-address list.
 *
 * @example
 * addressFamilyOf('hypercore') // 'evm'
 */
export function addressFamilyOf(vm: Vm): AddressFamily {
  return vmModuleOf(vm).addressFamily
}

/**
 * The module that answers for an address family: its first VM in registry order. The VMs of a family share their
 * address rules (that is what a family is), so any of them gives the same answers about an address.
 *
 * @param family - an address family (`ADDRESS_FAMILIES`).
 * @returns a module of that family.
 * @throws RangeError for a name that is no family.
 *
 * @example
 * vmModuleOfFamily('evm').canonicalAddress('0xAbC…') // '0xabc…'
 */
export function vmModuleOfFamily(family: AddressFamily): VmModule {
  const module = FAMILY_MODULES.get(family)
  if (module === undefined)
    throw new RangeError(`unknown address family ${String(family)}; known: ${ADDRESS_FAMILIES.join(', ')}`)
  return module
}

/**
 * Whether two VMs use one address format, so that an address valid on one is valid on the other (the
 * `CROSS_VM_RECEIVER_REQUIRED` rule asks for a receiver only when they do not).
 *
 * @param vmA - a chain's VM.
 * @param vmB - another chain's VM.
 * @returns `true` when their address families are the same.
 *
 * @example
 * sameAddressFamily('evm', 'hypercore') // true
 * sameAddressFamily('evm', 'solana') // false
 */
export function sameAddressFamily(vmA: Vm, vmB: Vm): boolean {
  return addressFamilyOf(vmA) === addressFamilyOf(vmB)
}

/**
 * Why a string is not a transaction hash for a wire `vmId`, or `undefined` when it is one (any VM of the `vmId`
 * may accept it: Bitcoin and Tron ids share one format).
 *
 * @example
 * txHashProblem('evm', '0x' + 'ab'.repeat(32)) // undefined
 * txHashProblem('alt-vm', '0x' + 'ab'.repeat(32))
 * // → 'must be 64 hex digits without 0x (a Bitcoin or Tron transaction id)'
 */
export function txHashProblem(vmId: VmId, hash: string): string | undefined {
  let problem: string | undefined
  for (const module of vmModulesOfVmId(vmId)) {
    problem = module.txHashProblem(hash)
    if (problem === undefined) return undefined
  }
  return problem ?? `unknown vmId ${String(vmId)}`
}
