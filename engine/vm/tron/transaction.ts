/**
 * The Tron transaction of a quote: a call to the Tron chain's crossroute router. The TVM runs the EVM's ABI, so the
 * calldata is the EVM router's (`../evm/transaction.ts`, `encodeRouterCall`) with Tron addresses in the ABI's
 * `address` fields as their 20 account bytes (the base58check payload without its `0x41` prefix — how TVM
 * contracts see addresses). Pure: route in, calldata out.
 */
import type { Hex } from 'viem'
import { bytesToHex } from '../codecs.js'
import { type BuildEvmTransactionParameters, encodeRouterCall, routerCallValue } from '../evm/transaction.js'
import { tronModule } from '../tron.js'

/** The `tx` object of the action response for a Tron source chain. */
export interface TronTransaction {
  /** The Tron router, base58check (`T…`): the contract the `TriggerSmartContract` calls. */
  to: string
  /** ABI-encoded router call (`swap` / `swapAndCall`), the same encoding as on EVM chains. */
  data: Hex
  /** Sun sent with the call (`call_value`): the input bound when the source token is TRX, else `"0"`. */
  value: string
  chainId: number
}

/**
 * A Tron address as the ABI's `address`: the 20 bytes after the `0x41` prefix of its base58check payload. The
 * native sentinel (`T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`) becomes the zero address, the router's "native" token.
 *
 * @param address - a valid Tron address (base58check).
 * @returns `0x` and 40 lower-case hex digits.
 * @throws Error for a string that is not a Tron address (the engine validated it: a bug).
 *
 * @example
 * tronAbiAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t') // '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'
 */
export function tronAbiAddress(address: string): Hex {
  return `0x${bytesToHex(tronModule.addressBytes(address).subarray(1))}`
}

/**
 * Builds the router transaction of a quote whose source chain is Tron: `to` is the router in base58check, `data`
 * the ABI-encoded call (the quote's figures unchanged), `value` the sun sent along (TRX input) or `"0"` (TRC-20
 * input, pulled with `transferFrom` after an `approve`: `requiresTokenApproval`).
 *
 * @param parameters - as for EVM (`BuildEvmTransactionParameters`); `sender`, `refundTo` and fee receivers are
 *   Tron addresses.
 * @returns `{to, data, value, chainId}`.
 * @throws Error when the source chain is not Tron, or the quote's fees are inconsistent (a bug).
 *
 * @example
 * const tx = buildTronTransaction({ snapshot, txId, quote, swapDirection: 'exact-amount-in', sender, deadline })
 * // sign with TronWeb: triggerSmartContract(tx.to, …, { callValue: Number(tx.value) }) with tx.data as raw input
 */
export function buildTronTransaction(parameters: BuildEvmTransactionParameters): TronTransaction {
  const { srcChain, data } = encodeRouterCall(parameters, tronModule.vm, tronAbiAddress)
  return { to: srcChain.routerAddress, data, value: routerCallValue(parameters.quote), chainId: srcChain.chainId }
}
