/**
 * The `tx` of an action whose source chain is Tron: a `TriggerSmartContract` call of the Tron router, whose
 * calldata is the EVM router's ABI encoding (the TVM shares the EVM's ABI).
 */
import { type Static, Type } from '@sinclair/typebox'
import { described } from '../../engine/schema/describe.js'
import { schemas } from '../../engine/index.js'

const { AmountString, ChainId, Hex, TronAddress } = schemas

/** The transaction to sign from Tron. */
export const TronTransaction = Type.Object(
  {
    to: described(TronAddress, "The Tron chain's crossroute router (base58check): the contract to trigger."),
    data: described(
      Hex,
      'ABI-encoded router call (`swap` / `swapAndCall`, the same ABI as on EVM chains; Tron addresses in its ' +
        "`address` fields are their 20 bytes after the `0x41` prefix). Every figure in it is the quote's figure.",
    ),
    value: described(
      AmountString,
      'Sun sent with the call (`call_value`): the input bound for TRX input, else `"0"` (TRC-20 input is pulled ' +
        'with `transferFrom`: approve the router first when `requiresTokenApproval` is true).',
    ),
    chainId: described(ChainId, 'The source chain (Tron).'),
  },
  {
    additionalProperties: false,
    description:
      'The transaction to sign from Tron: `TriggerSmartContract` with `contract_address` = `to`, the raw ' +
      '`data` as its input and `call_value` = `value` (e.g. TronWeb `transactionBuilder.triggerSmartContract(to, ' +
      "'', { input: data, callValue: value }, [], sender)`), signed by `sender` and broadcast; then " +
      '`registerTxs` with `vmId` `alt-vm` and the transaction id (64 hex digits).',
    'x-component': 'TronTransaction',
  },
)
/** The transaction to sign from Tron. */
export type TronTransaction = Static<typeof TronTransaction>
