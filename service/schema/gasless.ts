/**
 * Gasless execution (`gasless=true`, SPEC §2.4, §4.1, §5.5): the `executions` of the action response — the ordered
 * steps the user signs for the gasless provider to relay — and the `POST /relayGasless` request and answer. The
 * provider's format is a TIP-712 (Tron's EIP-712) `PermitTransfer`, modelled on Tron's GasFree controller: the
 * user authorizes the provider to move `value` of a TRC-20 token from them to the quote's deposit address, and the
 * provider pays the energy.
 */
import { type Static, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { described } from '../../engine/schema/describe.js'

const { AmountString, ChainId, EvmAddress, Hex, TronAddress } = schemas

/** A TIP-712 `address`: the 20 account bytes of a Tron address as `0x` hex (what EIP-712 signers hash). */
const TypedAddress = described(
  EvmAddress,
  'A Tron address as TIP-712 hashes it: its 20 bytes after the `0x41` prefix, `0x` hex.',
)

/** One field of a TIP-712 struct type. */
const TypedDataField = Type.Object(
  { name: Type.String(), type: Type.String({ examples: ['address', 'uint256'] }) },
  { additionalProperties: false },
)

/** The typed data of a `PermitTransfer`, ready for an EIP-712 / TIP-712 signer (`signTypedData`). */
export const PermitTransferTypedData = Type.Object(
  {
    domain: Type.Object(
      {
        name: Type.Literal('GasFreeController'),
        version: Type.Literal('V1.0.0'),
        chainId: described(ChainId, "Tron's chain id, as the TVM's `block.chainid` reports it (the source chain)."),
        verifyingContract: described(TypedAddress, "The provider's controller contract on Tron."),
      },
      { additionalProperties: false },
    ),
    types: Type.Object(
      { PermitTransfer: Type.Array(TypedDataField) },
      { additionalProperties: false, description: 'The struct types (`EIP712Domain` is implied, as in viem).' },
    ),
    primaryType: Type.Literal('PermitTransfer'),
    message: Type.Object(
      {
        token: described(TypedAddress, 'The TRC-20 source token (`amountIn.address`).'),
        serviceProvider: described(TypedAddress, 'The provider account that relays and pays the energy.'),
        user: described(TypedAddress, 'The signer: the request’s `sender`.'),
        receiver: described(TypedAddress, 'The quote’s deposit address (`depositAddress`).'),
        value: described(AmountString, 'Token units moved: `amountInMax` (exact-in: `amountIn`).'),
        maxFee: described(AmountString, 'Most the provider may take in the token on top: `"0"`, sponsored.'),
        deadline: described(AmountString, 'Unix seconds: the quote’s router deadline.'),
        version: described(AmountString, 'The permit format version: `"1"`.'),
        nonce: described(AmountString, 'The `txId` as a uint256: one permit per quote, never replayable.'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, 'x-component': 'PermitTransferTypedData' },
)
export type PermitTransferTypedData = Static<typeof PermitTransferTypedData>

/** One step the user signs. */
export const Execution = Type.Object(
  {
    step: Type.Integer({ minimum: 1, description: 'Position in `executions` (1 first): sign and relay in order.' }),
    kind: Type.Literal('signTypedData', { description: 'Sign `typedData` (TIP-712 / EIP-712) with `signer`.' }),
    signer: described(TronAddress, 'The account that signs: `sender`.'),
    typedData: PermitTransferTypedData,
  },
  {
    additionalProperties: false,
    description:
      'A signature the gasless provider needs. Send the signatures, in order, to `POST /relayGasless` with the ' +
      '`txId`; the provider submits the transfer and the transaction becomes `pending` with no `registerTxs`.',
    'x-component': 'Execution',
  },
)
export type Execution = Static<typeof Execution>

/** `POST /relayGasless` body. */
export const RelayGaslessRequest = Type.Object(
  {
    txId: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'The `txId` of a gasless action response.' }),
    signatures: Type.Array(described(Hex, "65-byte signature of the execution's typed data (r ‖ s ‖ v)."), {
      minItems: 1,
      maxItems: 8,
      description: 'One signature per execution, in `executions` order.',
    }),
  },
  { additionalProperties: false, 'x-component': 'RelayGaslessRequest' },
)
export type RelayGaslessRequest = Static<typeof RelayGaslessRequest>

/** `POST /relayGasless` answer. */
export const RelayGaslessResponse = Type.Object(
  {
    txId: Type.String(),
    txHash: Type.String({ description: 'The source transaction the provider submitted (Tron id, 64 hex digits).' }),
    status: Type.Literal('pending'),
  },
  { additionalProperties: false, 'x-component': 'RelayGaslessResponse' },
)
export type RelayGaslessResponse = Static<typeof RelayGaslessResponse>
