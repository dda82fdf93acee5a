/**
 * `POST /workflows/venue/createOrFetchVenueUser` (SPEC §4.9: "path, payload and response: not shown"; this
 * service's choice): the payload and the response, declared once. The route validates with `VenueUserRequest`; the
 * OpenAPI document and the README table are generated from the same schemas.
 */
import { type Static, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { described } from '../../engine/schema/describe.js'

/** The payload: the user's EVM account. Other keys are ignored. */
export const VenueUserRequest = Type.Object(
  {
    address: described(
      schemas.EvmAddress,
      "The user's EVM account (EOA) that signs for the venue wallet: `0x` and 40 hex digits; mixed case only with a " +
        'valid EIP-55 checksum; not the zero address.',
    ),
  },
  {
    description: 'The payload of `createOrFetchVenueUser`. Other keys are ignored.',
    'x-component': 'VenueUserRequest',
    'x-reason': 'the body must be an object {address}',
  },
)
/** The payload of `createOrFetchVenueUser`. */
export type VenueUserRequest = Static<typeof VenueUserRequest>

/** The venue user: its id, account, venue wallet, and whether this call created it. */
export const VenueUser = Type.Object(
  {
    userId: Type.String({
      pattern: '^0x[0-9a-fA-F]{40}$',
      description:
        "The user's id for `getAction` (`userId`) and the position reads: the account, EIP-55 checksummed (SPEC " +
        '§4.7 takes the EOA as `userId`). Users are per organization, like transactions.',
      examples: ['0x76a22D91bcb74261EB53354e25CE4F37dDa32934'],
    }),
    address: described(schemas.EvmAddress, 'The account, EIP-55 checksummed.'),
    proxyWallet: described(
      schemas.EvmAddress,
      "The account's venue wallet on Polygon, EIP-55 checksummed: the `recipient` of `getAction` for `venue`. The " +
        "venue's Safe wallet (signature type 2), derived by CREATE2 from the Safe factory " +
        '`0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b`, salt `keccak256(abi.encode(address))` and init-code hash ' +
        '`0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf`: the same wallet the venue gives this ' +
        'account, deployed or not.',
    ),
    created: Type.Boolean({
      description:
        '`true` when this call created the user; `false` when it existed (the call is idempotent: concurrent calls ' +
        'for one account create one user, and exactly one of them answers `true`).',
    }),
    createdAt: Type.Integer({ minimum: 0, description: 'Unix seconds of the creation (the first call).' }),
  },
  {
    additionalProperties: false,
    description: 'A venue user (the answer of `createOrFetchVenueUser`).',
    'x-component': 'VenueUser',
  },
)
/** A venue user, as answered. */
export type VenueUser = Static<typeof VenueUser>
