/**
 * The transaction details object (SPEC §2.5): the answer of `getStatus` and each element of `getTransactions`'
 * `txs`. Where the spec is silent, each description says what this service does. Like the action response, the
 * objects are closed and list every field they always carry as required, so that the contract test fails on any
 * drift between the service and the document.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { described } from '../../engine/schema/describe.js'
import { ActionRequest } from './actionRequest.js'
import { ActionResponse } from './actionResponse.js'
import { VenueWorkflow } from './venueWorkflow.js'

const { Address, AmountString, ChainId, TokenAddress } = schemas

/** A `txId` as `getAction` issues it; accepted in any case, issued and stored in lower case. */
export const TxId = Type.String({
  pattern: '^0x[0-9a-fA-F]{64}$',
  description:
    'The `txId` of a `getAction` response: `0x` and 64 hex digits (issued in lower case; accepted in any case).',
  'x-component': 'TxId',
  'x-reason': 'must be 0x followed by 64 hex digits (the txId of a getAction response)',
})

/**
 * A source transaction's hash, in the format of its VM. The exact rule is the VM module's (`txHashProblem`), applied
 * once the VM is known; the schema checks the shape every VM shares.
 */
export const TxHash = Type.String({
  minLength: 1,
  maxLength: 88,
  description:
    'A transaction hash in the format of its VM: `evm` and `hypercore` `0x` + 64 hex digits; `alt-vm` (Bitcoin txid, ' +
    'Tron transaction id) 64 hex digits without `0x`; `solana` the base58 transaction signature (64 bytes, 64–88 ' +
    'characters). Hex is case-insensitive (stored in lower case).',
  'x-component': 'TxHash',
  'x-reason':
    'not a transaction hash of a supported VM (0x + 64 hex digits, 64 hex digits, or a base58 Solana signature)',
})

/** SPEC §2.5 `status`, plus `expired` (an extension). */
export const TransactionStatus = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('success'),
    Type.Literal('requires refund'),
    Type.Literal('refunded'),
    Type.Literal('failed'),
    Type.Literal('expired'),
  ],
  {
    description:
      'SPEC §2.5. A quote not registered yet answers `pending` with `srcTxHash: ""` and `srcTx: null` (its transaction ' +
      'may be on its way). *Extension*: `expired` — a quote never registered within its time to live ' +
      "(`QUOTE_TTL_SECONDS`, default 1800 s, the router's deadline); only `getStatus` by `txId` can show it, since " +
      'history lists registered transactions only. A late registration of an expired quote is still accepted.',
  },
)
/** SPEC §2.5 `status`, plus `expired`. */
export type TransactionStatus = Static<typeof TransactionStatus>

/** SPEC §2.5 `bridgeDetails.txPath` item. */
export const TxPathEntry = Type.Object(
  {
    chainId: ChainId,
    txHash: Type.String({ description: "The hop's transaction on `chainId`." }),
    timestamp: Type.String({ pattern: '^[0-9]+$', description: "Unix seconds of the hop's block, as decimal digits." }),
    nextBridge: Type.String({ description: 'Bridge id of the next hop; `""` at the last hop.' }),
  },
  {
    additionalProperties: false,
    description: 'One hop of the executed route, in order, as the status tracker observed it.',
    'x-component': 'TxPathEntry',
  },
)
/** SPEC §2.5 `bridgeDetails.txPath` item. */
export type TxPathEntry = Static<typeof TxPathEntry>

/** SPEC §2.5 `paymentToken`. */
export const PaymentToken = Type.Object(
  {
    name: Type.String(),
    symbol: Type.String(),
    decimals: Type.Integer({ minimum: 0, maximum: 36 }),
    amount: AmountString,
    address: TokenAddress,
    chainId: ChainId,
    isNative: Type.Boolean(),
    usdAmount: Type.Number({ minimum: 0, description: "USD value of `amount` at the quote's prices." }),
  },
  { additionalProperties: false, 'x-component': 'PaymentToken' },
)
/** SPEC §2.5 `paymentToken`. */
export type PaymentToken = Static<typeof PaymentToken>

/** SPEC §2.5 `srcTx` / `dstTx`. */
export const ChainTransaction = Type.Object(
  {
    toAddress: Type.String({
      description:
        '`srcTx`: the router called (`tx.to`). `dstTx`: who received the output — `recipient`, else `sender`; the called contract `to` for `evm-calldata-tx`.',
    }),
    txHash: Type.String(),
    chainId: ChainId,
    value: described(
      AmountString,
      '`srcTx`: native wei sent with the call (the quote\'s `tx.value` until the tracker reports the real one). `dstTx`: the native amount delivered when the output token is native, else `"0"`.',
    ),
    timestamp: Type.Integer({
      minimum: 0,
      description:
        "Unix seconds: the hop's block time from `txPath` when tracked; until then the registration time (`srcTx`) or the last update (`dstTx`).",
    }),
    paymentToken: described(
      PaymentToken,
      '`srcTx`: `amountIn` of the quote. `dstTx`: `amountOut`, with the delivered amount once the tracker reports it (its `usdAmount` scaled to it).',
    ),
    revertReason: Type.Optional(
      Type.String({ description: 'Only when `status` is `failed` and the reason is known.' }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A transaction of the route on one chain (SPEC §2.5 `srcTx`, `dstTx`).',
    'x-component': 'ChainTransaction',
  },
)
/** SPEC §2.5 `srcTx` / `dstTx`. */
export type ChainTransaction = Static<typeof ChainTransaction>

/** SPEC §2.5 `bridgeDetails`. */
const BridgeDetails = Type.Object(
  {
    isBridge: Type.Boolean({ description: 'Whether the source and destination chains differ.' }),
    bridgeTime: Type.Number({
      minimum: 0,
      description:
        'Seconds. `0` for a same-chain swap. For a bridge: the real time from the first to the last hop of `txPath` ' +
        "once `success`, otherwise the quote's estimate (`actionResponse.estimatedTxTime`).",
    }),
    txPath: Type.Array(TxPathEntry, {
      description: 'Hops observed so far, in order; `[]` until the tracker has seen one.',
    }),
  },
  { additionalProperties: false },
)

/** SPEC §2.5 `org`. */
const Org = Type.Object(
  { appId: Type.String(), affiliateId: Type.String(), appName: Type.String() },
  { additionalProperties: false, description: 'The app whose API key made the quote.' },
)

const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description })

/** SPEC §2.5, in the spec's field order. `workflow` only for a `venue` transaction. */
export const TransactionDetails = Type.Object(
  {
    status: TransactionStatus,
    sender: described(Address, 'The `sender` of the quote, as it was sent.'),
    srcChainId: ChainId,
    dstChainId: ChainId,
    srcTxHash: Type.String({
      description: 'The registered source transaction (hex hashes in lower case); `""` before registration.',
    }),
    dstTxHash: Type.String({
      description: 'The destination transaction once the tracker has seen it; `""` until then.',
    }),
    bridgeDetails: BridgeDetails,
    txId: Type.String({ pattern: '^0x[0-9a-f]{64}$' }),
    actionRequest: ActionRequest,
    actionResponse: described(ActionResponse, 'The `getAction` response, exactly as it was answered.'),
    workflow: Type.Optional(VenueWorkflow),
    org: Org,
    usdValue: nullable(Type.Number({ minimum: 0 }), '`actionResponse.amountIn.usdAmount`.'),
    srcTx: nullable(ChainTransaction, 'The source transaction, once registered; `null` before.'),
    dstTx: nullable(ChainTransaction, 'The destination transaction, once the tracker has seen it; `null` before.'),
  },
  {
    additionalProperties: false,
    description:
      "A transaction (SPEC §2.5): the answer of `getStatus`, an element of `getTransactions`' `txs`. `workflow` is " +
      'present for a `venue` transaction only (its order workflow, SPEC §2.6).',
    'x-component': 'TransactionDetails',
  },
)
/** SPEC §2.5. */
export type TransactionDetails = Static<typeof TransactionDetails>
