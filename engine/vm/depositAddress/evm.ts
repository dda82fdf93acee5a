/**
 * Deposit addresses on EVM-format chains (EVM, and HyperCore, whose accounts are EVM addresses): the counterfactual
 * CREATE2 address of a deposit forwarder the chain's router deploys for one quote. The forwarder is an EIP-1167
 * minimal proxy of the router (the router's code, run in the forwarder's storage, sends what arrived there through
 * the stored order of `txId`), so nothing needs deploying before a user pays in: the address is known from the
 * quote alone.
 */
import { type Hex, concat, getContractAddress } from 'viem'

/** The EIP-1167 minimal-proxy creation code around an implementation address (20 bytes, `0x` hex). */
export function minimalProxyInitCode(implementation: Hex): Hex {
  return concat(['0x3d602d80600a3d3981f3363d3d373d3d3d363d73', implementation, '0x5af43d82803e903d91602b57fd5bf3'])
}

/**
 * The deposit address of a quote on an EVM-format chain: CREATE2 from the router, salt `txId`, init code the
 * EIP-1167 proxy of the router.
 *
 * @param routerAddress - the source chain's router (`0x` + 40 hex).
 * @param txId - the quote's `txId` (32 bytes).
 * @returns the checksummed address.
 *
 * @example
 * evmDepositAddress('0xc7055c7055c7055C7055C7055C7055c7055C7055', txId) // '0x…' (same txId → same address)
 */
export function evmDepositAddress(routerAddress: string, txId: Hex): string {
  const router = routerAddress.toLowerCase() as Hex
  return getContractAddress({ opcode: 'CREATE2', from: router, salt: txId, bytecode: minimalProxyInitCode(router) })
}
