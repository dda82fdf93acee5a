/**
 * Data schemas of the transaction lifecycle (`components.schemas`): the echoed action request (SPEC §2.3), the
 * transaction details (SPEC §2.5) of `getStatus` and `getTransactions`, and the `registerTxs` request and results
 * (SPEC §4.2). Where the spec is silent, the description says what this service does.
 *
 * Like `schemas.ts`: response objects are closed and list every field they always carry as required, so that the
 * contract test fails on any drift between the service and this document.
 */
import { MAX_REGISTRATIONS } from '../routes/registerTxs.js'
import { MAX_LIMIT } from '../routes/getTransactions.js'
import { schemaRef } from './schemas.js'
import type { Schema } from './types.js'

const HEX_32 = '^0x[0-9a-fA-F]{64}$'

/** The validated `getAction` request as stored with the quote (SPEC §2.3). */
const ActionRequest: Schema = {
  type: 'object',
  description:
    'The `getAction` request as validated and stored with the quote (SPEC §2.3): numbers as numbers, `appFees` the ' +
    "fees in force (the request's, or the API key's defaults), `erc20Spender` defaulted to `to`. Parameters that were " +
    'absent are absent.',
  properties: {
    actionType: { type: 'string', enum: ['swap-action', 'evm-calldata-tx'] },
    sender: schemaRef('Address'),
    srcChainId: schemaRef('ChainId'),
    srcToken: schemaRef('TokenAddress'),
    dstChainId: schemaRef('ChainId'),
    dstToken: schemaRef('TokenAddress'),
    slippage: { type: 'number', minimum: 0, maximum: 10_000, description: 'Basis points.' },
    recipient: schemaRef('Address'),
    refundTo: schemaRef('Address'),
    bridgeIds: { type: 'array', items: schemaRef('BridgeId') },
    appFees: {
      type: 'array',
      items: {
        type: 'object',
        properties: { bps: { type: 'integer', minimum: 0, maximum: 10_000 }, receiverAddress: { type: 'string' } },
        required: ['bps', 'receiverAddress'],
        additionalProperties: false,
      },
    },
    maxPriceImpact: { type: 'number', minimum: 0, maximum: 100, description: 'Percent, when the request gave one.' },
    amount: schemaRef('AmountString'),
    swapDirection: schemaRef('SwapDirection'),
    to: schemaRef('EvmAddress'),
    data: schemaRef('Hex'),
    value: schemaRef('AmountString'),
    erc20Amount: schemaRef('AmountString'),
    erc20Spender: schemaRef('EvmAddress'),
  },
  required: ['actionType', 'sender', 'srcChainId', 'srcToken', 'dstChainId', 'dstToken', 'slippage', 'appFees'],
  additionalProperties: false,
  if: { properties: { actionType: { const: 'swap-action' } } },
  then: { required: ['amount', 'swapDirection'] },
  else: { required: ['to', 'data', 'erc20Spender'] },
}

/** SPEC §2.5 `bridgeDetails.txPath` item. */
const TxPathEntry: Schema = {
  type: 'object',
  description: 'One hop of the executed route, in order, as the status tracker observed it.',
  properties: {
    chainId: schemaRef('ChainId'),
    txHash: { type: 'string', description: "The hop's transaction on `chainId`." },
    timestamp: {
      type: 'string',
      pattern: '^[0-9]+$',
      description: "Unix seconds of the hop's block, as decimal digits.",
    },
    nextBridge: { type: 'string', description: 'Bridge id of the next hop; `""` at the last hop.' },
  },
  required: ['chainId', 'txHash', 'timestamp', 'nextBridge'],
  additionalProperties: false,
}

/** SPEC §2.5 `paymentToken`. */
const PaymentToken: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    symbol: { type: 'string' },
    decimals: { type: 'integer', minimum: 0, maximum: 36 },
    amount: schemaRef('AmountString'),
    address: schemaRef('TokenAddress'),
    chainId: schemaRef('ChainId'),
    isNative: { type: 'boolean' },
    usdAmount: { type: 'number', minimum: 0, description: "USD value of `amount` at the quote's prices." },
  },
  required: ['name', 'symbol', 'decimals', 'amount', 'address', 'chainId', 'isNative', 'usdAmount'],
  additionalProperties: false,
}

/** SPEC §2.5 `srcTx` / `dstTx`. */
const ChainTransaction: Schema = {
  type: 'object',
  description: 'A transaction of the route on one chain (SPEC §2.5 `srcTx`, `dstTx`).',
  properties: {
    toAddress: {
      type: 'string',
      description:
        '`srcTx`: the router called (`tx.to`). `dstTx`: who received the output — `recipient`, else `sender`; the called contract `to` for `evm-calldata-tx`.',
    },
    txHash: { type: 'string' },
    chainId: schemaRef('ChainId'),
    value: {
      ...schemaRef('AmountString'),
      description:
        '`srcTx`: native wei sent with the call (the quote\'s `tx.value` until the tracker reports the real one). `dstTx`: the native amount delivered when the output token is native, else `"0"`.',
    },
    timestamp: {
      type: 'integer',
      minimum: 0,
      description:
        "Unix seconds: the hop's block time from `txPath` when tracked; until then the registration time (`srcTx`) or the last update (`dstTx`).",
    },
    paymentToken: {
      ...schemaRef('PaymentToken'),
      description:
        '`srcTx`: `amountIn` of the quote. `dstTx`: `amountOut`, with the delivered amount once the tracker reports it (its `usdAmount` scaled to it).',
    },
    revertReason: { type: 'string', description: 'Only when `status` is `failed` and the reason is known.' },
  },
  required: ['toAddress', 'txHash', 'chainId', 'value', 'timestamp', 'paymentToken'],
  additionalProperties: false,
}

const nullable = (schema: Schema, description: string): Schema => ({ description, anyOf: [schema, { type: 'null' }] })

/** SPEC §2.5. */
const TransactionDetails: Schema = {
  type: 'object',
  description:
    "A transaction (SPEC §2.5): the answer of `getStatus`, an element of `getTransactions`' `txs`. `workflow` is " +
    'never present: venue orders are not supported yet.',
  properties: {
    status: {
      type: 'string',
      enum: ['pending', 'success', 'requires refund', 'refunded', 'failed', 'expired'],
      description:
        'SPEC §2.5. A quote not registered yet answers `pending` with `srcTxHash: ""` and `srcTx: null` (its transaction ' +
        'may be on its way). *Extension*: `expired` — a quote never registered within its time to live ' +
        "(`QUOTE_TTL_SECONDS`, default 1800 s, the router's deadline); only `getStatus` by `txId` can show it, since " +
        'history lists registered transactions only. A late registration of an expired quote is still accepted.',
    },
    sender: { ...schemaRef('Address'), description: 'The `sender` of the quote, as it was sent.' },
    srcChainId: schemaRef('ChainId'),
    dstChainId: schemaRef('ChainId'),
    srcTxHash: {
      type: 'string',
      description: 'The registered source transaction (hex hashes in lower case); `""` before registration.',
    },
    dstTxHash: {
      type: 'string',
      description: 'The destination transaction once the tracker has seen it; `""` until then.',
    },
    bridgeDetails: {
      type: 'object',
      properties: {
        isBridge: { type: 'boolean', description: 'Whether the source and destination chains differ.' },
        bridgeTime: {
          type: 'number',
          minimum: 0,
          description:
            'Seconds. `0` for a same-chain swap. For a bridge: the real time from the first to the last hop of `txPath` ' +
            "once `success`, otherwise the quote's estimate (`actionResponse.estimatedTxTime`).",
        },
        txPath: {
          type: 'array',
          items: schemaRef('TxPathEntry'),
          description: 'Hops observed so far, in order; `[]` until the tracker has seen one.',
        },
      },
      required: ['isBridge', 'bridgeTime', 'txPath'],
      additionalProperties: false,
    },
    txId: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
    actionRequest: schemaRef('ActionRequest'),
    actionResponse: {
      ...schemaRef('ActionResponse'),
      description: 'The `getAction` response, exactly as it was answered.',
    },
    org: {
      type: 'object',
      description: 'The app whose API key made the quote.',
      properties: { appId: { type: 'string' }, affiliateId: { type: 'string' }, appName: { type: 'string' } },
      required: ['appId', 'affiliateId', 'appName'],
      additionalProperties: false,
    },
    usdValue: {
      anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }],
      description: '`actionResponse.amountIn.usdAmount`.',
    },
    srcTx: nullable(schemaRef('ChainTransaction'), 'The source transaction, once registered; `null` before.'),
    dstTx: nullable(
      schemaRef('ChainTransaction'),
      'The destination transaction, once the tracker has seen it; `null` before.',
    ),
  },
  required: [
    'status',
    'sender',
    'srcChainId',
    'dstChainId',
    'srcTxHash',
    'dstTxHash',
    'bridgeDetails',
    'txId',
    'actionRequest',
    'actionResponse',
    'org',
    'usdValue',
    'srcTx',
    'dstTx',
  ],
  additionalProperties: false,
}

/** SPEC §4.2 registration object. */
const Registration: Schema = {
  type: 'object',
  description: 'One transaction to register (SPEC §4.2). Other keys are ignored.',
  properties: {
    txId: {
      type: 'string',
      pattern: HEX_32,
      description: 'The `txId` of the `getAction` response the transaction executes.',
    },
    vmId: {
      ...schemaRef('VmId'),
      description:
        "VM of the source chain; must be the quote's (`actionResponse.vmId`): `evm`, `solana`, `alt-vm` (Bitcoin, Tron), `hypercore`.",
    },
    txHash: {
      type: 'string',
      maxLength: 88,
      description:
        'The source transaction, in the format of `vmId`: `evm` and `hypercore` `0x` + 64 hex digits; `alt-vm` (Bitcoin ' +
        'txid, Tron transaction id) 64 hex digits without `0x`; `solana` the base58 transaction signature (64 bytes, ' +
        '64–88 characters). Hex is case-insensitive (stored in lower case).',
    },
    chainId: {
      ...schemaRef('ChainId'),
      description: "Chain of the transaction: must be the quote's source chain (`srcChainId`).",
    },
  },
  required: ['txId', 'vmId', 'txHash', 'chainId'],
}

/** SPEC §4.2 result object. */
const RegistrationResult: Schema = {
  type: 'object',
  description: 'The result of one registration (SPEC §4.2), at the index of its item in the request.',
  properties: {
    success: {
      type: 'boolean',
      description: '`true` when the transaction is registered — now, or already with this same hash (a retry is safe).',
    },
    error: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Why not, for people; `null` on success.' },
    code: {
      anyOf: [
        {
          type: 'string',
          enum: [
            'MISSING_REQUIRED_FIELD',
            'INVALID_PARAMETER',
            'NOT_FOUND',
            'VM_MISMATCH',
            'CHAIN_MISMATCH',
            'TX_HASH_CONFLICT',
            'TX_HASH_IN_USE',
          ],
        },
        { type: 'null' },
      ],
      description:
        '*Extension*: why not, to branch on; `null` on success. `MISSING_REQUIRED_FIELD` a field absent; ' +
        '`INVALID_PARAMETER` a field of the wrong type or format (`txHash` checked against `vmId`); `NOT_FOUND` no quote ' +
        "with this `txId` in your organization (another organization's `txId` gets the same); `VM_MISMATCH` / " +
        "`CHAIN_MISMATCH` `vmId` / `chainId` are not the quote's source VM / chain; `TX_HASH_CONFLICT` the `txId` is " +
        'already registered with another hash; `TX_HASH_IN_USE` the hash is already registered for another `txId`.',
    },
  },
  required: ['success', 'error', 'code'],
  additionalProperties: false,
  if: { properties: { success: { const: true } } },
  then: { properties: { error: { type: 'null' }, code: { type: 'null' } } },
  else: { properties: { error: { type: 'string' }, code: { type: 'string' } } },
}

/** The `getTransactions` answer (SPEC §4.4). */
const TransactionHistory: Schema = {
  type: 'object',
  properties: {
    txs: {
      type: 'array',
      items: schemaRef('TransactionDetails'),
      maxItems: MAX_LIMIT,
      description: 'Newest registration first.',
    },
    pagination: {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
        total: { type: 'integer', minimum: 0, description: 'Transactions matching the filters, over all pages.' },
        totalPages: { type: 'integer', minimum: 0, description: 'ceil(total / limit); `0` when nothing matches.' },
      },
      required: ['page', 'limit', 'total', 'totalPages'],
      additionalProperties: false,
    },
  },
  required: ['txs', 'pagination'],
  additionalProperties: false,
}

/** Every lifecycle schema, by name. */
export const LIFECYCLE_SCHEMAS: Readonly<Record<string, Schema>> = {
  ActionRequest,
  TxPathEntry,
  PaymentToken,
  ChainTransaction,
  TransactionDetails,
  Registration,
  RegistrationRequest: {
    description: `One registration object, or an array of 1 to ${MAX_REGISTRATIONS}.`,
    oneOf: [
      schemaRef('Registration'),
      { type: 'array', items: schemaRef('Registration'), minItems: 1, maxItems: MAX_REGISTRATIONS },
    ],
  },
  RegistrationResult,
  RegistrationResults: {
    type: 'array',
    items: schemaRef('RegistrationResult'),
    minItems: 1,
    maxItems: MAX_REGISTRATIONS,
    description: 'One result per registration, in the order of the request (one for a single object).',
  },
  TransactionHistory,
}
