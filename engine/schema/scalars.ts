/**
 * Scalar wire types (SPEC §2.1) as TypeBox schemas: each gives the TypeScript type (`Static`), the runtime check
 * and the JSON Schema of the OpenAPI document. `x-component` names the schema's place in the document's
 * `components.schemas`; `x-error` and `x-reason` say which error a value that fails it gets (see `validate.ts`).
 */
import { type Static, Type } from '@sinclair/typebox'
import { BRIDGE_IDS } from '../graph/types.js'
import {
  AMOUNT_MAX_DIGITS,
  APP_FEES_MAX,
  APP_FEE_MAX_BPS,
  APP_FEE_MIN_BPS,
  MAX_PRICE_IMPACT_DEFAULT,
  MAX_PRICE_IMPACT_MAX,
  MAX_PRICE_IMPACT_MIN,
  MAX_SPLITS_DEFAULT,
  MAX_SPLITS_MAX,
  SLIPPAGE_MAX_BPS,
  SLIPPAGE_MAX_DECIMALS,
  SLIPPAGE_MIN_BPS,
} from './rules.js'

/** Chain identifier: a positive integer, exact as a JSON number (≤ 2^53 − 1). */
export const ChainId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  description:
    'Chain identifier. EVM chains use their EIP-155 ids (1, 10, 56, 137, 8453, 42161, 43114, HyperEVM 999); the ' +
    'others the numbering most aggregators use: Solana 1151111081099710, Bitcoin 20000000000001, Tron 728126428, ' +
    'HyperCore 1337.',
  examples: [42161],
  'x-component': 'ChainId',
  'x-reason': 'must be a positive integer chain id',
})

/** Integer amount in a token's smallest unit, as a decimal string (SPEC §2.1). */
export const AmountString = Type.String({
  pattern: '^[0-9]+$',
  maxLength: AMOUNT_MAX_DIGITS,
  description: "Integer amount in the token's smallest unit, as a decimal string (SPEC §2.1); at most 2^256 − 1.",
  examples: ['1000000000'],
  'x-component': 'AmountString',
  'x-reason': "must be a string of decimal digits, in the token's smallest units",
})

/** Hex data (calldata): `0x` and whole bytes. */
export const Hex = Type.String({
  pattern: '^0x(?:[0-9a-fA-F]{2})*$',
  description: 'Hex data (calldata): `0x` followed by whole bytes; `0x` alone is empty data.',
  examples: ['0xa9059cbb'],
  'x-component': 'Hex',
  'x-reason': 'must be 0x-prefixed hex with an even number of digits',
})

/** The address-format error for strings that fail an address schema. */
const addressError = {
  'x-error': 'INVALID_ADDRESS_FORMAT',
  'x-reason': 'not an address of the expected format',
} as const

/** EVM (and HyperCore) address. The checksum rule is the VM module's (`engine/vm`); this is its shape. */
export const EvmAddress = Type.String({
  pattern: '^0x[0-9a-fA-F]{40}$',
  description:
    'EVM (and HyperCore) address: `0x` and 40 hex digits; mixed case only with a valid EIP-55 checksum. The zero ' +
    'address is the native token.',
  examples: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72'],
  'x-component': 'EvmAddress',
  ...addressError,
})

/** Solana address: base58 of a 32-byte key. */
export const SolanaAddress = Type.String({
  pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$',
  description:
    'Solana address: base58 of a 32-byte public key. `11111111111111111111111111111111` is the native token (SOL).',
  examples: ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  'x-component': 'SolanaAddress',
  ...addressError,
})

/** Bitcoin mainnet address. */
export const BitcoinAddress = Type.String({
  pattern: '^(?:[13][1-9A-HJ-NP-Za-km-z]{24,34}|(?:bc|BC)1[02-9ac-hj-np-zAC-HJ-NP-Z]{6,87})$',
  description: 'Bitcoin mainnet address: P2PKH, P2SH (base58check), P2WPKH, P2WSH or P2TR (bech32/bech32m).',
  examples: ['bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5'],
  'x-component': 'BitcoinAddress',
  ...addressError,
})

/** Tron address. */
export const TronAddress = Type.String({
  pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  description:
    'Tron address: base58check of 21 bytes starting 0x41. `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` is the native token (TRX).',
  examples: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  'x-component': 'TronAddress',
  ...addressError,
})

/**
 * An address in its chain's format. Which VM applies comes from the chain id next to it, so the exact rule
 * (checksums, base58check, bech32) is applied by the VM module once the chain is known; the schema checks only
 * that it is a non-empty string without surrounding whitespace.
 */
export const Address = Type.String({
  minLength: 1,
  maxLength: 128,
  description:
    "An address in the format of its chain's VM (SPEC §2.1; `EvmAddress`, `SolanaAddress`, `BitcoinAddress`, " +
    '`TronAddress`): which VM is given by the chain id next to it. Wallet fields (`sender`, `recipient`, ' +
    '`refundTo`) never accept a native-token sentinel.',
  'x-component': 'Address',
  ...addressError,
})

/** A token's address, or its chain's native-token sentinel. */
export const TokenAddress = Type.String({
  minLength: 1,
  maxLength: 128,
  description:
    "A token's address on its chain (`Address`), or the chain's native-token sentinel: the zero address on EVM " +
    'chains and HyperCore, `11111111111111111111111111111111` on Solana, `bitcoin` on Bitcoin, ' +
    '`T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` on Tron.',
  'x-component': 'TokenAddress',
  ...addressError,
})

/** A bridge protocol this service knows. */
export const BridgeId = Type.Union(
  BRIDGE_IDS.map((id) => Type.Literal(id)),
  {
    description: 'A bridge protocol (SPEC §2.1; the complete list this service knows).',
    'x-component': 'BridgeId',
    'x-reason': `unknown bridge id; known: ${BRIDGE_IDS.join(', ')}`,
  },
)

/** VM identifier on the wire (SPEC §2.1). */
export const VmId = Type.Union(
  [Type.Literal('evm'), Type.Literal('solana'), Type.Literal('alt-vm'), Type.Literal('hypercore')],
  {
    description: 'VM of a chain (SPEC §2.1): Bitcoin and Tron are `alt-vm`.',
    'x-component': 'VmId',
    'x-reason': 'must be one of evm, solana, alt-vm, hypercore',
  },
)
/** VM identifier on the wire (SPEC §2.1). */
export type VmId = Static<typeof VmId>

/** Trade direction (SPEC §2.1). */
export const SwapDirection = Type.Union([Type.Literal('exact-amount-in'), Type.Literal('exact-amount-out')], {
  description: '`exact-amount-in`: `amount` is what is paid in; `exact-amount-out`: `amount` is what must arrive.',
  'x-component': 'SwapDirection',
  'x-error': 'UNSUPPORTED_SWAP_DIRECTION',
})
/** Trade direction (SPEC §2.1). */
export type SwapDirection = Static<typeof SwapDirection>

/** Slippage tolerance in bps. */
export const Slippage = Type.Number({
  minimum: SLIPPAGE_MIN_BPS,
  maximum: SLIPPAGE_MAX_BPS,
  description:
    `Tolerance in basis points (50 = 0.5%), ${SLIPPAGE_MIN_BPS} to ${SLIPPAGE_MAX_BPS}, with at most ` +
    `${SLIPPAGE_MAX_DECIMALS} decimal places, kept exact. Exact-in: \`amountOutMin\` = floor(amountOut × (10000 − ` +
    'slippage) / 10000); exact-out: `amountInMax` = ceil(amountIn × (10000 + slippage) / 10000).',
  'x-reason': `must be between ${SLIPPAGE_MIN_BPS} and ${SLIPPAGE_MAX_BPS} bps`,
})

/** The most price impact a quote may have, percent. */
export const MaxPriceImpact = Type.Number({
  minimum: MAX_PRICE_IMPACT_MIN,
  maximum: MAX_PRICE_IMPACT_MAX,
  default: MAX_PRICE_IMPACT_DEFAULT,
  description:
    `*Extension*: the most \`estimatedPriceImpact\` a route may have, in percent (0.5 = 0.5%), ` +
    `${MAX_PRICE_IMPACT_MIN} to ${MAX_PRICE_IMPACT_MAX}; default ${MAX_PRICE_IMPACT_DEFAULT}. Routes above it are ` +
    'not offered; when no route is within it, 400 `PRICE_IMPACT_TOO_HIGH` with the least impact found ' +
    '(`details.estimatedPriceImpact`: sent as `maxPriceImpact`, that route quotes).',
  examples: [MAX_PRICE_IMPACT_DEFAULT],
  'x-reason': `must be a number of percent from ${MAX_PRICE_IMPACT_MIN} to ${MAX_PRICE_IMPACT_MAX}`,
})

/** The most routes an amount may be divided across (a split quote). */
export const MaxSplits = Type.Integer({
  minimum: 1,
  maximum: MAX_SPLITS_MAX,
  default: MAX_SPLITS_DEFAULT,
  description:
    `*Extension*: the most routes the amount may be divided across, 1 to ${MAX_SPLITS_MAX}; default ` +
    `${MAX_SPLITS_DEFAULT} (no split). A split is offered only when it beats the best single route net of the ` +
    "added network cost (result's `splits`); the router transaction executes every part in one call.",
  'x-reason': `must be an integer from 1 to ${MAX_SPLITS_MAX}`,
})

/** One application fee (SPEC §2.3 `appFees`). */
export const AppFee = Type.Object(
  {
    bps: Type.Integer({
      minimum: APP_FEE_MIN_BPS,
      maximum: APP_FEE_MAX_BPS,
      description: 'Fee in bps of the gross input.',
      'x-reason': `bps must be an integer from ${APP_FEE_MIN_BPS} to ${APP_FEE_MAX_BPS}`,
    }),
    receiverAddress: Type.String({
      minLength: 1,
      description: 'Receives the fee, on the source chain.',
      'x-reason': 'receiverAddress must be a non-empty string',
    }),
  },
  {
    description: 'An application fee: `bps` of the gross input, paid in the source token to `receiverAddress`.',
    'x-component': 'AppFee',
    'x-reason': 'each fee must be an object {bps, receiverAddress}',
  },
)
/** One application fee (SPEC §2.3 `appFees`). */
export type AppFee = Static<typeof AppFee>

/** The application fees of a request. */
export const AppFees = Type.Array(AppFee, {
  maxItems: APP_FEES_MAX,
  description:
    `At most ${APP_FEES_MAX} fees; each \`bps\` an integer from ${APP_FEE_MIN_BPS} to ${APP_FEE_MAX_BPS}, and ` +
    'all of them with the protocol fee below 10000 bps. Each fee is ceil(amountIn × bps / 10000) of the gross ' +
    'input, in the source token.',
  'x-reason': `must be an array of at most ${APP_FEES_MAX} {bps, receiverAddress}`,
})
