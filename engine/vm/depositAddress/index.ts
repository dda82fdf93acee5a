/**
 * Deposit addresses (`returnDepositAddress=true`): an address per quote that the user (or a gasless relayer) pays
 * the input into, instead of calling the router. Deterministic: the same source chain and `txId` always give the
 * same address, so it needs no storage to be recomputed and the tracker can watch it. One derivation per VM, each
 * in its own file beside this one.
 */
import type { Hex } from 'viem'
import type { Chain, Vm } from '../../graph/types.js'
import { bitcoinDepositAddress } from './bitcoin.js'
import { evmDepositAddress } from './evm.js'
import { solanaDepositAddress } from './solana.js'
import { tronDepositAddress } from './tron.js'

/** Derives a quote's deposit address from its source chain's router (or vault) and `txId`. */
export type DepositAddressDerivation = (routerAddress: string, txId: Hex) => string

const DERIVATIONS: Readonly<Record<Vm, DepositAddressDerivation>> = Object.freeze({
  evm: evmDepositAddress,
  hypercore: evmDepositAddress,
  tron: tronDepositAddress,
  solana: solanaDepositAddress,
  bitcoin: bitcoinDepositAddress,
})

/**
 * The deposit address of a quote on its source chain.
 *
 * @param srcChain - the quote's source chain (its `vm` and `routerAddress`).
 * @param txId - the quote's `txId`.
 * @returns the address in the chain's own notation.
 *
 * @example
 * depositAddressOf(snapshot.chains.get(728126428)!, txId) // 'T…'
 */
export function depositAddressOf(srcChain: Pick<Chain, 'vm' | 'routerAddress'>, txId: Hex): string {
  return DERIVATIONS[srcChain.vm](srcChain.routerAddress, txId)
}
