/**
 * `POST /registerTxs` (SPEC §4.2): the registration object, the request body (one object or an array) and the
 * results, declared once. The route validates each item with `Registration` and answers `RegistrationResult`s;
 * the OpenAPI document is generated from the same schemas.
 */
import { type Static, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { described } from '../../engine/schema/describe.js'
import { TxHash, TxId } from './transactionDetails.js'

/** Most registrations in one request (SPEC §8: not shown; this service's limit). */
export const MAX_REGISTRATIONS = 100

/** SPEC §4.2 registration object. Other keys are ignored. */
export const Registration = Type.Object(
  {
    txId: described(TxId, 'The `txId` of the `getAction` response the transaction executes.'),
    vmId: described(
      schemas.VmId,
      "VM of the source chain; must be the quote's (`actionResponse.vmId`): `evm`, `solana`, `alt-vm` (Bitcoin, Tron), `hypercore`.",
    ),
    txHash: described(TxHash, 'The source transaction, in the format of `vmId` (see `TxHash`).'),
    chainId: described(schemas.ChainId, "Chain of the transaction: must be the quote's source chain (`srcChainId`)."),
  },
  {
    description: 'One transaction to register (SPEC §4.2). Other keys are ignored.',
    'x-component': 'Registration',
    'x-reason': 'each registration must be an object {txId, vmId, txHash, chainId}',
  },
)
/** SPEC §4.2 registration object. */
export type Registration = Static<typeof Registration>

/** The body: one registration, or an array of 1 to `MAX_REGISTRATIONS`. */
export const RegistrationRequest = Type.Union(
  [Registration, Type.Array(Registration, { minItems: 1, maxItems: MAX_REGISTRATIONS })],
  {
    description: `One registration object, or an array of 1 to ${MAX_REGISTRATIONS}.`,
    'x-component': 'RegistrationRequest',
  },
)

/**
 * Why an item was not registered (the result's `code`, an extension of SPEC §4.2's `{success, error}`).
 *
 * | code | when |
 * |---|---|
 * | `MISSING_REQUIRED_FIELD` | `txId`, `vmId`, `txHash` or `chainId` absent |
 * | `INVALID_PARAMETER` | not an object, a field of the wrong type or format, `vmId` unknown |
 * | `NOT_FOUND` | no quote with this `txId` in the caller's organization (another org's txId looks the same) |
 * | `VM_MISMATCH` | `vmId` is not the VM of the quote's source chain |
 * | `CHAIN_MISMATCH` | `chainId` is not the quote's source chain |
 * | `TX_HASH_CONFLICT` | the `txId` is already registered with another hash |
 * | `TX_HASH_IN_USE` | the hash is registered for another `txId` of the caller's organization (not another org's) |
 */
export const RegistrationErrorCode = Type.Union(
  [
    Type.Literal('MISSING_REQUIRED_FIELD'),
    Type.Literal('INVALID_PARAMETER'),
    Type.Literal('NOT_FOUND'),
    Type.Literal('VM_MISMATCH'),
    Type.Literal('CHAIN_MISMATCH'),
    Type.Literal('TX_HASH_CONFLICT'),
    Type.Literal('TX_HASH_IN_USE'),
  ],
  {
    description:
      '*Extension*: why not, to branch on. `MISSING_REQUIRED_FIELD` a field absent; `INVALID_PARAMETER` a field of the ' +
      'wrong type or format (`txHash` checked against `vmId`); `NOT_FOUND` no quote with this `txId` in your ' +
      "organization (another organization's `txId` gets the same); `VM_MISMATCH` / `CHAIN_MISMATCH` `vmId` / " +
      "`chainId` are not the quote's source VM / chain; `TX_HASH_CONFLICT` the `txId` is already registered with " +
      'another hash; `TX_HASH_IN_USE` the hash is already registered for another `txId` of your organization (another ' +
      "organization's registration of the same hash is neither an obstacle nor visible).",
    'x-component': 'RegistrationErrorCode',
  },
)
/** Why an item was not registered. */
export type RegistrationErrorCode = Static<typeof RegistrationErrorCode>

/** SPEC §4.2 result object: `{success: true, error: null, code: null}` or a failure with its message and code. */
export const RegistrationResult = Type.Union(
  [
    Type.Object(
      {
        success: Type.Literal(true, {
          description:
            '`true` when the transaction is registered — now, or already with this same hash (a retry is safe).',
        }),
        error: Type.Null(),
        code: Type.Null(),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        success: Type.Literal(false),
        error: Type.String({ description: 'Why not, for people.' }),
        code: RegistrationErrorCode,
      },
      { additionalProperties: false },
    ),
  ],
  {
    description: 'The result of one registration (SPEC §4.2), at the index of its item in the request.',
    'x-component': 'RegistrationResult',
  },
)
/** SPEC §4.2 result object. */
export type RegistrationResult = Static<typeof RegistrationResult>

/** The answer: one result per registration, in request order. */
export const RegistrationResults = Type.Array(RegistrationResult, {
  minItems: 1,
  maxItems: MAX_REGISTRATIONS,
  description: 'One result per registration, in the order of the request (one for a single object).',
  'x-component': 'RegistrationResults',
})
