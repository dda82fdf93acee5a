/**
 * An API key's default application fees, per address family. Fees are paid in the source token, on the source
 * chain, so a receiver can only be paid from chains whose VM it is a wallet address of: a key lists one entry per
 * family it charges on (an EVM receiver, a Solana one, …), and a request that sends no `appFees` gets the entries
 * whose receiver is a wallet address of its source chain's VM — none for a family the key has no receiver for.
 * The family of an entry is read from its address format; nothing else is stored.
 */
import { type AppFee, type Vm, walletAddressProblem } from '../../engine/index.js'

/** Every VM a fee receiver may belong to, in the order keys list them. */
export const FEE_FAMILIES: readonly Vm[] = Object.freeze(['evm', 'hypercore', 'solana', 'bitcoin', 'tron'])

/**
 * The VMs on which `address` is a wallet address: its address family (an EVM address is one on EVM chains and
 * HyperCore alike).
 *
 * @param address - a fee receiver.
 * @returns the VMs, in `FEE_FAMILIES` order; empty for an address of no VM.
 * @example feeFamiliesOf('0x5bd944e30b02A20eF6CDd65c7901aC080913953b') // ['evm', 'hypercore']
 */
export function feeFamiliesOf(address: string): Vm[] {
  return FEE_FAMILIES.filter((vm) => walletAddressProblem(vm, address) === undefined)
}

/**
 * The key's default fees that apply to a request from a chain of `vm`: the entries whose receiver is a wallet
 * address there, as plain `{bps, receiverAddress}` objects (the request's echo is stored and serialized).
 *
 * @param fees - the key's fees (`ApiKeyRecord.appFees`).
 * @param vm - the source chain's VM; `undefined` (an unknown chain, refused later by the engine): none.
 * @returns the fees in force when the request sends no `appFees`; empty when the key has no receiver there.
 * @example keyFeesFor(apiKey.appFees, 'solana') // [] for a key whose only receiver is an EVM address
 */
export function keyFeesFor(fees: readonly AppFee[], vm: Vm | undefined): AppFee[] {
  if (vm === undefined) return []
  return fees
    .filter((fee) => walletAddressProblem(vm, fee.receiverAddress) === undefined)
    .map((fee) => ({ bps: fee.bps, receiverAddress: fee.receiverAddress }))
}
