/**
 * Deposit addresses on Tron: the counterfactual CREATE2 address of the deposit forwarder the Tron router deploys
 * for one quote (the same forwarder as on EVM chains, `evm.ts`). The TVM's CREATE2 hashes `0x41` where the EVM
 * hashes `0xff` — keccak256(0x41 ‖ deployer ‖ salt ‖ keccak256(initCode)), last 20 bytes — which viem's
 * `getContractAddress` does not offer, so the preimage is assembled here with viem's `concat` and `keccak256`.
 */
import { type Hex, concat, keccak256 } from 'viem'
import { tronModule } from '../tron.js'
import { tronAbiAddress } from '../tron/transaction.js'
import { minimalProxyInitCode } from './evm.js'

/** The TVM's CREATE2 prefix byte (the EVM's is `0xff`). */
const TVM_CREATE2_PREFIX: Hex = '0x41'

/**
 * The deposit address of a quote on Tron: CREATE2 (TVM form) from the router, salt `txId`, init code the EIP-1167
 * proxy of the router.
 *
 * @param routerAddress - the Tron router, base58check.
 * @param txId - the quote's `txId` (32 bytes).
 * @returns the address in base58check (`T…`).
 *
 * @example
 * tronDepositAddress('TQEeabbxpAEzVwV7ac36vXnjtiMRWq2r41', txId) // 'T…'
 */
export function tronDepositAddress(routerAddress: string, txId: Hex): string {
  const router = tronAbiAddress(routerAddress)
  const hash = keccak256(concat([TVM_CREATE2_PREFIX, router, txId, keccak256(minimalProxyInitCode(router))]))
  return tronModule.addressFromBytes(Uint8Array.from(Buffer.from(`41${hash.slice(-40)}`, 'hex')))
}
