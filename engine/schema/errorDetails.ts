/**
 * The `details` of every engine error (SPEC §7.2) as schemas: the error classes' `details` types are these schemas'
 * `Static`s, and the OpenAPI document's error schemas are generated from them. A code without details maps to
 * `undefined`. The HTTP-only codes' details are the service's (`service/schema/errorDetails.ts`).
 */
import { type Static, type TObject, type TProperties, Type } from '@sinclair/typebox'
import type { ErrorCode } from '../errors/BaseError.js'
import { ChainId } from './scalars.js'
import { DISPLAY_MAX_CHARS } from '../errors/displayValue.js'

/** A closed details object whose every property is required. */
const details = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false })

/**
 * A caller's text echoed in an error: at most `DISPLAY_MAX_CHARS` characters, a longer one cut and ending in `…`
 * (`engine/errors/displayValue.ts`).
 */
const echoed = (description: string) =>
  Type.String({
    maxLength: DISPLAY_MAX_CHARS,
    description: `${description} At most ${DISPLAY_MAX_CHARS} characters: a longer one is cut and ends in \`…\`.`,
  })

const pair = { srcToken: Type.String(), dstToken: Type.String(), srcChainId: ChainId, dstChainId: ChainId }

/** `AMOUNT_TOO_HIGH`. */
export const AmountTooHighDetails = details({
  ...pair,
  maxAmount: Type.Number({
    minimum: 0,
    description:
      'Largest accepted amount, in the units of `amount` (approximate above 2^53; the message has the exact figure).',
  }),
})
export type AmountTooHighDetails = Static<typeof AmountTooHighDetails>

/** `AMOUNT_TOO_LOW`. */
export const AmountTooLowDetails = details({
  ...pair,
  minAmount: Type.Number({ minimum: 0, description: 'Smallest accepted amount, in the units of `amount`.' }),
})
export type AmountTooLowDetails = Static<typeof AmountTooLowDetails>

/** `CROSS_VM_RECEIVER_REQUIRED`, `UNSUPPORTED_NETWORK_PAIR`. */
export const ChainPairDetails = details({ srcChainId: ChainId, dstChainId: ChainId })
export type ChainPairDetails = Static<typeof ChainPairDetails>

/** `INVALID_ADDRESS_FORMAT`. */
export const InvalidAddressDetails = details({
  field: echoed('The parameter holding the address (`sender`, `recipient`, `appFees`, …).'),
  address: echoed('The address as received.'),
  reason: Type.String(),
})
export type InvalidAddressDetails = Static<typeof InvalidAddressDetails>

/** `INVALID_PARAMETER`. */
export const InvalidParameterDetails = details({
  parameter: echoed('The parameter (`slippage`, `bridgeIds`, …).'),
  value: echoed('The value as received (repeated values joined with `,`; a JSON value as its JSON).'),
  reason: Type.String(),
})
export type InvalidParameterDetails = Static<typeof InvalidParameterDetails>

/** `MISSING_REQUIRED_FIELD`. */
export const MissingRequiredFieldDetails = details({
  field: Type.String(),
  context: Type.String({
    description: 'What made it required: `getAction` (always), `swap-action`, `evm-calldata-tx`, …',
    examples: ['swap-action'],
  }),
})
export type MissingRequiredFieldDetails = Static<typeof MissingRequiredFieldDetails>

/** `NO_AVAILABLE_ROUTE`. */
export const NoAvailableRouteDetails = details({
  srcChainId: ChainId,
  dstChainId: ChainId,
  srcToken: Type.String(),
  dstToken: Type.String(),
})
export type NoAvailableRouteDetails = Static<typeof NoAvailableRouteDetails>

/** `ROUTE_NOT_EXECUTABLE`. */
export const RouteNotExecutableDetails = details({
  chainId: ChainId,
  step: Type.String({
    description: 'The step the router cannot run: its pool or lane id in the snapshot (or its type, `wrap`/`unwrap`).',
  }),
  reason: Type.String({ description: 'Why the router cannot run it.' }),
})
export type RouteNotExecutableDetails = Static<typeof RouteNotExecutableDetails>

/** `UNSUPPORTED_NETWORK`. */
export const UnsupportedNetworkDetails = details({ chainId: ChainId })
export type UnsupportedNetworkDetails = Static<typeof UnsupportedNetworkDetails>

/** `UNSUPPORTED_NETWORK_TOKEN_PAIR`. */
export const UnsupportedNetworkTokenPairDetails = details({
  srcChainId: ChainId,
  srcToken: Type.String(),
  dstChainId: ChainId,
  dstToken: Type.String(),
})
export type UnsupportedNetworkTokenPairDetails = Static<typeof UnsupportedNetworkTokenPairDetails>

/** `UNSUPPORTED_SWAP_DIRECTION`. */
export const UnsupportedSwapDirectionDetails = details({ swapDirection: echoed('The direction as received.') })
export type UnsupportedSwapDirectionDetails = Static<typeof UnsupportedSwapDirectionDetails>

/** `PRICE_IMPACT_TOO_HIGH`. */
export const PriceImpactTooHighDetails = details({
  estimatedPriceImpact: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'The least price impact (percent) among the routes that carry the amount.',
  }),
  maxPriceImpact: Type.Number({
    minimum: 0,
    maximum: 100,
    description: "The limit in force (percent): the request's `maxPriceImpact`, or its default.",
  }),
})
export type PriceImpactTooHighDetails = Static<typeof PriceImpactTooHighDetails>

/** `INSUFFICIENT_FUNDS`. Amounts are decimal strings in the source token's smallest units (satoshis on Bitcoin). */
export const InsufficientFundsDetails = details({
  address: Type.String({ description: 'The sender whose funds were counted.' }),
  chainId: ChainId,
  required: Type.String({
    pattern: '^[0-9]+$',
    description: 'What the transaction needs: the amount sent plus its network fee, smallest units.',
  }),
  available: Type.String({
    pattern: '^[0-9]+$',
    description: 'What the sender can spend (confirmed outputs worth more than their own fee), smallest units.',
  }),
})
export type InsufficientFundsDetails = Static<typeof InsufficientFundsDetails>

/** `INVALID_SNAPSHOT`. */
export const InvalidSnapshotDetails = details({ entry: Type.String(), reason: Type.String() })
export type InvalidSnapshotDetails = Static<typeof InvalidSnapshotDetails>

/**
 * The `details` schema of every engine code; `undefined` for a code without details. Typed by `ErrorCode`: a code
 * added to the engine does not type-check until its details are declared here.
 */
export const ERROR_DETAILS: Readonly<Record<ErrorCode, TObject | undefined>> = {
  AMOUNT_TOO_HIGH: AmountTooHighDetails,
  AMOUNT_TOO_LOW: AmountTooLowDetails,
  CROSS_VM_RECEIVER_REQUIRED: ChainPairDetails,
  EXCESSIVE_FEE: undefined,
  INSUFFICIENT_LIQUIDITY: undefined,
  INSUFFICIENT_FUNDS: InsufficientFundsDetails,
  INVALID_ADDRESS_FORMAT: InvalidAddressDetails,
  INVALID_AMOUNT_ZERO: undefined,
  INVALID_DESTINATION_TOKEN: undefined,
  INVALID_PARAMETER: InvalidParameterDetails,
  INVALID_SOURCE_TOKEN: undefined,
  MISSING_REQUIRED_FIELD: MissingRequiredFieldDetails,
  NO_AVAILABLE_ROUTE: NoAvailableRouteDetails,
  PRICE_IMPACT_TOO_HIGH: PriceImpactTooHighDetails,
  ROUTE_NOT_EXECUTABLE: RouteNotExecutableDetails,
  UNSUPPORTED_NETWORK: UnsupportedNetworkDetails,
  UNSUPPORTED_NETWORK_PAIR: ChainPairDetails,
  UNSUPPORTED_NETWORK_TOKEN_PAIR: UnsupportedNetworkTokenPairDetails,
  UNSUPPORTED_SWAP_DIRECTION: UnsupportedSwapDirectionDetails,
  INVALID_SNAPSHOT: InvalidSnapshotDetails,
}
