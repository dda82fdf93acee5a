/**
 * Deposit addresses on Bitcoin: a P2WSH address whose witness script commits to the quote's `txId` and is spent by
 * the bridge's vault key — `<txId> OP_DROP OP_DUP OP_HASH160 <vault key hash> OP_EQUALVERIFY OP_CHECKSIG`. The
 * vault (the chain's `routerAddress`, a P2WPKH address) sweeps it like any of its own outputs; the `txId` in the
 * script makes the address unique to the quote, so a payment to it names the order without a memo.
 */
import { address as bitcoinAddress, networks, opcodes, payments, script } from 'bitcoinjs-lib'
import { type Hex, hexToBytes } from 'viem'

/**
 * The witness script of a quote's deposit address.
 *
 * @param vaultAddress - the vault's P2WPKH address (bech32, version 0, 20-byte program).
 * @param txId - the quote's `txId`.
 * @throws Error when the vault is not a P2WPKH address.
 * @example depositWitnessScript('bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5', txId) // Uint8Array (59 bytes)
 */
export function depositWitnessScript(vaultAddress: string, txId: Hex): Uint8Array {
  const { version, data } = bitcoinAddress.fromBech32(vaultAddress)
  if (version !== 0 || data.length !== 20) throw new Error(`the Bitcoin vault must be P2WPKH: ${vaultAddress}`)
  return script.compile([
    hexToBytes(txId),
    opcodes.OP_DROP!,
    opcodes.OP_DUP!,
    opcodes.OP_HASH160!,
    data,
    opcodes.OP_EQUALVERIFY!,
    opcodes.OP_CHECKSIG!,
  ])
}

/**
 * The deposit address of a quote on Bitcoin: P2WSH of `depositWitnessScript` (mainnet, `bc1q…`, 62 characters).
 *
 * @example bitcoinDepositAddress('bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5', txId) // 'bc1q…'
 */
export function bitcoinDepositAddress(vaultAddress: string, txId: Hex): string {
  const payment = payments.p2wsh({
    redeem: { output: depositWitnessScript(vaultAddress, txId) },
    network: networks.bitcoin,
  })
  return payment.address!
}
