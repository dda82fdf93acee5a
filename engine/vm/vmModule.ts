/**
 * The shape of one VM module: everything the engine and the service need to know about a VM, in one object. Each
 * VM (`evm.ts`, `hypercore.ts`, `solana.ts`, `bitcoin.ts`, `tron.ts`) exports one; `registry.ts` looks them up by
 * the snapshot chain's `vm`. Descriptors import only light codecs (no viem, @solana/web3.js or bitcoinjs-lib), so
 * that importing the engine stays cheap; transaction builders live apart, in `transactions.ts`.
 */
import type { Vm } from '../graph/types.js'

/** VM identifiers on the wire (SPEC §2: `vmId`, accepted by `registerTxs`). Bitcoin and Tron share `alt-vm`. */
export type { VmId } from '../schema/scalars.js'
import type { VmId } from '../schema/scalars.js'

/**
 * Address formats. VMs of one family accept each other's addresses (EVM and HyperCore both use 20-byte hex), so a
 * receiver need not be given when source and destination share a family (`CROSS_VM_RECEIVER_REQUIRED`). The family
 * also names the sanctioned-address list that screens the VM's wallets.
 */
export type AddressFamily = 'evm' | 'solana' | 'bitcoin' | 'tron'

/** One VM: its identity, address rules, transaction-hash format and how the router ABI carries its addresses. */
export interface VmModule {
  /** The snapshot's name of the VM (`Chain.vm`). */
  readonly vm: Vm
  /** The wire `vmId` (SPEC §2). */
  readonly vmId: VmId
  /** The native-token sentinel: the token address that names the chain's native coin (research §2). */
  readonly nativeToken: string
  /** The address format, shared by VMs whose addresses are interchangeable; also the screening list's family. */
  readonly addressFamily: AddressFamily
  /** Whether a non-native source token must be approved to the router first (ERC-20 allowances). */
  readonly requiresTokenApproval: boolean
  /** Whether the integrator must register the source transaction's hash (`registerTxs`) for it to be tracked. */
  readonly requiresRegisterTransaction: boolean
  /** Whether the VM runs EVM contract calls, so that `evm-calldata-tx` can end on one of its chains. */
  readonly executesEvmCalldata: boolean
  /** Whether a source transaction can carry a split (several parts in one router call: `maxSplits` above 1). */
  readonly executesSplits: boolean
  /**
   * Whether another account may pay a source transaction's fees and rent and co-sign it (`solanaSponsor`, SPEC
   * §4.1: same-chain swaps only); absent: no.
   */
  readonly acceptsFeeSponsor?: boolean
  /**
   * Why a string is not an account or token address of the VM, or `undefined` when it is one. Called with
   * non-empty strings without whitespace; the native sentinel is handled by the registry's `addressProblem`.
   */
  addressProblem(address: string): string | undefined
  /** The canonical lookup form of a valid address (keys, comparisons, the store). */
  normalizeAddress(address: string): string
  /**
   * One spelling for every way of writing the same address, for matching against lists (sanctions screening): case
   * folded wherever the format says case carries no meaning. Unlike `normalizeAddress`, it may differ from the
   * forms already used as keys (bech32 is folded to lower case); called with strings without surrounding whitespace,
   * valid or not.
   */
  canonicalAddress(address: string): string
  /** Why a string is not a transaction hash of the VM (the `registerTxs` format), or `undefined`. */
  txHashProblem(hash: string): string | undefined
  /** A transaction hash in the VM's format made from a 32-byte digest (the tracker's simulated legs). */
  txHashFromDigest(digest: Uint8Array): string
  /** The bytes the router ABI carries for a valid address of the VM (`bytes tokenOut`, `bytes recipient`, steps). */
  addressBytes(address: string): Uint8Array
  /** The inverse of `addressBytes`: the address in the VM's usual notation. */
  addressFromBytes(bytes: Uint8Array): string
}
