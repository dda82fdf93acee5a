/**
 * The service's own response objects around the engine's quote: the transaction to sign and the action
 * response (SPEC §2.4), the health answer. The engine's objects (`TokenAmount`, `RouteQuote`, …) are reused as
 * they are, so the OpenAPI document, the types and the response checks share one definition.
 */
import { described } from '../../engine/schema/describe.js'
import { type Static, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { BitcoinTransaction, HypercoreTransaction, SolanaTransaction } from './sourceTransactions.js'
import { TronTransaction } from './tronTransaction.js'
import { Execution } from './gasless.js'

export { SolanaTransaction } from './sourceTransactions.js'

const { Address, AmountString, ChainId, EvmAddress, Hex, QuoteResult } = schemas

/** The transaction to sign from an EVM chain. */
export const EvmTransaction = Type.Object(
  {
    to: described(EvmAddress, "The source chain's router."),
    data: described(Hex, "ABI-encoded router call; every figure in it is the quote's figure."),
    value: described(AmountString, 'Wei sent with the call: the input bound for a native source token, else `"0"`.'),
    chainId: described(ChainId, 'The source chain.'),
  },
  {
    additionalProperties: false,
    description:
      "The one transaction the user signs: a call of the source chain's crossroute router (`swap`, or `swapAndCall` " +
      'for `evm-calldata-tx`). When `requiresTokenApproval` is true, the router must first be approved for ' +
      '`amountInMax` of the source token.',
    'x-component': 'EvmTransaction',
  },
)

/** The transaction to sign (SPEC §2.4 `tx`), by source VM. */
export const Transaction = Type.Union(
  [EvmTransaction, TronTransaction, SolanaTransaction, BitcoinTransaction, HypercoreTransaction],
  {
    description:
      "The one transaction the user signs, in the source chain's format: an EVM router call (`EvmTransaction`), a " +
      'Tron router call (`TronTransaction`, `to` in base58check), a Solana transaction (`SolanaTransaction`), a ' +
      'Bitcoin PSBT (`BitcoinTransaction`) or Hyperliquid typed data (`HypercoreTransaction`); `vmId` says which. ' +
      '`to`, `data`, `value` and `chainId` are always there.',
    'x-component': 'Transaction',
  },
)
/** The transaction to sign (SPEC §2.4 `tx`). */
export type Transaction = Static<typeof Transaction>

/** The action response (SPEC §2.4). */
export const ActionResponse = Type.Object(
  {
    tx: Transaction,
    txId: Type.String({
      pattern: '^0x[0-9a-f]{64}$',
      description:
        "Unique id of this quote (32 random bytes), for registration and status; also the router call's `bytes32 txId`.",
    }),
    depositAddress: Type.Optional(
      described(
        Address,
        '`returnDepositAddress=true` (and `gasless=true`): an address on the source chain, unique to this quote ' +
          'and derived from its `txId`, that executes the quote when `amountInMax` of `srcToken` arrives — pay in ' +
          'instead of sending `tx`, no registration needed: the tracker registers the quote when the deposit ' +
          'arrives (status `pending`, `srcTxHash` the deposit) within `QUOTE_TTL_SECONDS` + 600 s of the quote. ' +
          'Less than `amountInMax` is not executed (`requires refund`, owed back to `refundTo`); more is executed as ' +
          'quoted and the excess returned to `refundTo`. EVM chains and HyperCore: the CREATE2 address of an ' +
          "EIP-1167 forwarder of the router (deployer the router, salt `txId`); Tron: the TVM's CREATE2 (`0x41` " +
          'prefix) of the same; Solana: the router program\'s PDA of seeds `["deposit", txId]`; Bitcoin: P2WSH of ' +
          '`<txId> OP_DROP OP_DUP OP_HASH160 <vault key hash> OP_EQUALVERIFY OP_CHECKSIG`.',
      ),
    ),
    executions: Type.Optional(
      Type.Array(Execution, {
        description:
          '`gasless=true` only: the steps to sign, in order, for the gasless provider; post the signatures to ' +
          '`POST /relayGasless`. Do not send `tx` then.',
      }),
    ),
    // The engine's quote, field for field: the action response only adds the transaction, its id and the options.
    ...QuoteResult.properties,
    snapshotId: Type.String({
      pattern: '^[0-9a-f]{32}$',
      description:
        '*Extension* (not in the SPEC): the snapshot of liquidity the quote was made on — the first 16 bytes of the ' +
        'SHA-256 of its canonical JSON (keys sorted, no whitespace), hex. The service keeps that snapshot as ' +
        '`<DATA_DIR>/snapshots/<snapshotId>.json`, so the quote can be replayed to the same bytes (README "Hot reload").',
    }),
    expiresAt: Type.Integer({
      minimum: 0,
      description:
        '*Extension* (not in the SPEC): Unix seconds after which the quote is no longer executed — the quote time ' +
        "plus `QUOTE_TTL_SECONDS`; the router call's deadline, and when a quote never registered expires.",
    }),
    simulatedGas: Type.Optional(
      Type.String({
        pattern: '^[0-9]+$',
        description:
          '*Extension* (not in the SPEC), `simulate=true` only: the gas `eth_estimateGas` answered for `tx` from ' +
          '`sender` on the source chain\'s latest block, decimal. README "Simulation".',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The action response (SPEC §2.4): the best route's figures, the transaction that executes it, and all routes; " +
      'with `returnDepositAddress=true` the deposit address, with `gasless=true` also the `executions`.',
    'x-component': 'ActionResponse',
  },
)
/** The action response (SPEC §2.4). */
export type ActionResponse = Static<typeof ActionResponse>

/** `GET /health`. */
export const HealthResponse = Type.Object(
  { status: Type.Literal('ok') },
  { additionalProperties: false, 'x-component': 'HealthResponse' },
)

/** `GET /ready`: 200 when `status` is `ready`, 503 when not (`service/probes.ts`). */
export const ReadinessResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')], {
      description: '`ready`: at least one worker is running with its app built, and the store can be read.',
    }),
    workers: Type.Object(
      {
        ready: Type.Integer({ minimum: 0, description: 'Workers that built their app (snapshot loaded) and run.' }),
        total: Type.Integer({ minimum: 1, description: 'Workers configured (`THREADS`).' }),
      },
      { additionalProperties: false },
    ),
    store: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')], {
      description: 'Whether a read of the store succeeded just now.',
    }),
  },
  { additionalProperties: false, 'x-component': 'ReadinessResponse' },
)
/** The body of `GET /ready`. */
export type ReadinessResponse = Static<typeof ReadinessResponse>

/** `GET /openapi.json`. */
export const OpenApiDocument = Type.Object(
  { openapi: Type.String({ pattern: '^3\\.1\\.' }), info: Type.Object({}), paths: Type.Object({}) },
  { description: 'An OpenAPI 3.1 document (this one).', 'x-component': 'OpenApiDocument' },
)
