/**
 * The query parameters of `GET /getAction` (SPEC §4.1), each declared once: its schema (shared with the engine's
 * `QuoteRequest` where the field is the same), when it is required, and the prose of the OpenAPI document. The
 * decoder (`query.ts`) and the document are both built from this list; the rules that depend on the action type
 * are in `service/routes/getActionRequest.ts`.
 */
import { type TSchema, Type } from '@sinclair/typebox'
import { schemas } from '../../engine/index.js'
import { type QueryParameter, queryParameter } from './query.js'

const {
  Address,
  AmountString,
  AppFees,
  BridgeId,
  ChainId,
  EvmAddress,
  Hex,
  MaxPriceImpact,
  MaxSplits,
  Slippage,
  SolanaAddress,
  SwapDirection,
  TokenAddress,
} = schemas

/** The action types (SPEC §2.1). */
export const ActionType = Type.Union(
  [Type.Literal('swap-action'), Type.Literal('evm-calldata-tx'), Type.Literal('venue')],
  {
    'x-reason': 'must be swap-action, evm-calldata-tx or venue',
  },
)

const stringEnum = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))

const query = (name: string, schema: TSchema, description: string, isRequired = false): QueryParameter =>
  queryParameter(name, schema, description, { isRequired })

/** Parameters of the `venue` action type (prediction-market orders): required for it, refused on the others. */
const venueOnly = (name: string, schema: TSchema, what: string): QueryParameter =>
  query(
    name,
    schema,
    `${what} Required for \`venue\` (SPEC §4.1; absent: 400 \`MISSING_REQUIRED_FIELD\`, \`context: "venue"\`); ` +
      'with any other action type, a non-empty value is refused: 400 `INVALID_PARAMETER`.',
  )

const AMOUNT_RULES =
  'Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`.'

/** The `getAction` query parameters, by component name. */
export const GET_ACTION_PARAMETERS: readonly QueryParameter[] = [
  query(
    'actionType',
    ActionType,
    'What to do. `swap-action`: swap and/or bridge `amount` from `srcToken` to `dstToken`. `evm-calldata-tx`: ' +
      'deliver what a contract call on the destination chain needs (`erc20Amount` of `dstToken`, or `value` of its ' +
      'native token), then call `to` with `data`; always quoted exact-amount-out. ' +
      '`venue`: a prediction-market market order for the venue user `userId` — BUY funds its proxy wallet ' +
      '(`recipient`) with pUSD on Polygon (`dstChainId` 137, `dstToken` pUSD) from any source, and the order is ' +
      'placed with what arrives once the transaction succeeds; SELL sells shares the wallet holds (`srcChainId` ' +
      '137, `srcToken` pUSD; `tx` is the order authorization). README "Venue orders". Any other value: 400 ' +
      '`INVALID_PARAMETER`.',
    true,
  ),
  query(
    'sender',
    Address,
    "The user's wallet on the source chain, in the source chain's address format (400 `INVALID_ADDRESS_FORMAT` " +
      'otherwise; a native-token sentinel is no wallet). Screened: a sanctioned wallet gets 403 `WALLET_SCREENED`.',
    true,
  ),
  query(
    'srcChainId',
    ChainId,
    'Source chain: a plain positive decimal integer (no sign, leading zero, fraction or exponent; else 400 ' +
      '`INVALID_PARAMETER`). Unknown chain: 400 `UNSUPPORTED_NETWORK`. Every source VM gets a transaction ' +
      '(`Transaction`): EVM and Tron a router call, Solana a v0 transaction, Bitcoin a PSBT, HyperCore a Hyperliquid ' +
      'spot send. A Bitcoin sender must be P2WPKH or P2TR (400 `INVALID_ADDRESS_FORMAT`) and hold enough confirmed ' +
      'outputs for the amount and the fee (400 `INSUFFICIENT_FUNDS`).',
    true,
  ),
  query(
    'srcToken',
    TokenAddress,
    "Token paid in, on the source chain; its native token is the chain's sentinel (see `TokenAddress`). Malformed: " +
      '400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: 400 `INVALID_SOURCE_TOKEN`.',
    true,
  ),
  query(
    'dstChainId',
    ChainId,
    'Destination chain; may equal `srcChainId` (a same-chain swap). Same format rules as `srcChainId`. Unknown: 400 ' +
      '`UNSUPPORTED_NETWORK`; no route of at most two bridge lanes: 400 `UNSUPPORTED_NETWORK_PAIR`. ' +
      '`evm-calldata-tx` needs an EVM destination (400 `INVALID_PARAMETER`).',
    true,
  ),
  query(
    'dstToken',
    TokenAddress,
    'Token received, on the destination chain. Malformed: 400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: ' +
      '400 `INVALID_DESTINATION_TOKEN`. For `evm-calldata-tx`: the native token when `value` is given, an ERC-20 ' +
      'when `erc20Amount` is (400 `INVALID_PARAMETER` otherwise).',
    true,
  ),
  query(
    'slippage',
    Slippage,
    `${Slippage.description} Written as a plain decimal (no sign, exponent, \`NaN\` or \`Infinity\`); otherwise ` +
      '400 `INVALID_PARAMETER`.',
    true,
  ),
  query(
    'amount',
    AmountString,
    'Required for `swap-action` and `venue`; 400 `MISSING_REQUIRED_FIELD` (`context: "swap-action"`) when ' +
      'absent. Exact-in: what is paid, in `srcToken` units, fees included; exact-out: what must arrive, in `dstToken` ' +
      `units. ${AMOUNT_RULES} Zero: 400 \`INVALID_AMOUNT_ZERO\`. Refused with \`evm-calldata-tx\` (400 ` +
      "`INVALID_PARAMETER`: the call's `erc20Amount` or `value` is the amount). Outside what the route can take: " +
      '400 `AMOUNT_TOO_HIGH`, `AMOUNT_TOO_LOW` (their `maxAmount` / `minAmount` quote when sent back), ' +
      '`INSUFFICIENT_LIQUIDITY` or `EXCESSIVE_FEE`; every route over `maxPriceImpact`: 400 `PRICE_IMPACT_TOO_HIGH`.',
  ),
  query(
    'swapDirection',
    SwapDirection,
    'Required for `swap-action` (400 `MISSING_REQUIRED_FIELD` when absent). For `evm-calldata-tx` optional, and ' +
      'only `exact-amount-out` (`exact-amount-in`: 400 `INVALID_PARAMETER`). For `venue` optional, default ' +
      '`exact-amount-in`. Another value: 400 `UNSUPPORTED_SWAP_DIRECTION`.',
  ),
  query(
    'recipient',
    Address,
    "Receiver on the destination chain, in its address format; default `sender`. Required when the two chains' " +
      'address formats differ (EVM and HyperCore share one): 400 `CROSS_VM_RECEIVER_REQUIRED` otherwise. For ' +
      '`evm-calldata-tx`, receives what is left after the call. Required for `venue` (the proxy wallet). Screened ' +
      '(403 `WALLET_SCREENED`).',
  ),
  query(
    'to',
    EvmAddress,
    'Contract to call on the destination chain. Required for `evm-calldata-tx` (400 `MISSING_REQUIRED_FIELD`, ' +
      '`context: "evm-calldata-tx"`); an EVM address, not the zero address (400 `INVALID_ADDRESS_FORMAT`). Refused ' +
      'with `swap-action` (400 `INVALID_PARAMETER`), like `data`, `value`, `erc20Amount` and `erc20Spender`.',
  ),
  query(
    'data',
    Hex,
    'Calldata of the call. Required for `evm-calldata-tx`; `0x` and whole bytes (`0x` alone: empty calldata), else ' +
      '400 `INVALID_PARAMETER`.',
  ),
  query(
    'value',
    AmountString,
    "Native wei sent with the call (`evm-calldata-tx`): the route delivers it in the destination's native token, " +
      `so \`dstToken\` must be the native token. ${AMOUNT_RULES} Give \`value\` or \`erc20Amount\` ` +
      '(neither: 400 `MISSING_REQUIRED_FIELD`, `field: "erc20Amount"`); with `erc20Amount`, `value` must be absent ' +
      'or `0` (400 `INVALID_PARAMETER`).',
  ),
  query(
    'erc20Amount',
    AmountString,
    'Amount of `dstToken` (an ERC-20) the call needs (`evm-calldata-tx`), approved to `erc20Spender` before the ' +
      `call. ${AMOUNT_RULES} Zero: 400 \`INVALID_AMOUNT_ZERO\`.`,
  ),
  query(
    'erc20Spender',
    EvmAddress,
    'Spender approved for `erc20Amount` before the call (`evm-calldata-tx`); default `to`. 400 ' +
      '`INVALID_ADDRESS_FORMAT` when malformed.',
  ),
  query(
    'solanaSponsor',
    SolanaAddress,
    'Pays the transaction fees and the rent of accounts the transaction creates, for Solana same-chain swaps only ' +
      '(SPEC §4.1): it becomes the fee payer of `tx`, which then needs two signatures, the sponsor and the ' +
      'sender. On any other route: 400 `INVALID_PARAMETER`. Malformed: 400 `INVALID_ADDRESS_FORMAT`.',
  ),
  queryParameter(
    'bridgeIds',
    Type.Array(BridgeId),
    'Restricts the bridges a route may use; default: all. Repeated (`bridgeIds=cctp&bridgeIds=across`), ' +
      'comma-separated (`bridgeIds=cctp,across`) or both; duplicates are dropped. An unknown or empty id: 400 ' +
      '`INVALID_PARAMETER` (`details.value` is the id). When the allowed bridges connect neither the chains nor the ' +
      'tokens: 400 `UNSUPPORTED_NETWORK_PAIR` or `UNSUPPORTED_NETWORK_TOKEN_PAIR`.',
    { encoding: 'list' },
  ),
  query(
    'refundTo',
    Address,
    'Receives refunds and unused input on the source chain; default `sender`. Malformed: 400 ' +
      '`INVALID_ADDRESS_FORMAT`. Screened (403 `WALLET_SCREENED`).',
  ),
  query(
    'returnDepositAddress',
    Type.Boolean({ default: false }),
    '`true` adds `depositAddress` to the answer: an address of the source chain unique to the quote (derived from ' +
      'its `txId`, any source VM) that executes the quote when the input arrives, tracked with no registration. ' +
      'Only `true` and `false` are accepted (400 `INVALID_PARAMETER` otherwise).',
  ),
  queryParameter(
    'appFees',
    AppFees,
    `Application fees, JSON-encoded: an array of \`{bps, receiverAddress}\`. ${AppFees.description} Other keys ` +
      'are ignored. Absent: the fees configured for the API key; `[]`: none. Paid to `receiverAddress` (an address ' +
      'of the source chain). Malformed: 400 `INVALID_PARAMETER`; a bad receiver: 400 `INVALID_ADDRESS_FORMAT`.',
    { encoding: 'json' },
  ),
  query(
    'maxPriceImpact',
    MaxPriceImpact,
    `${MaxPriceImpact.description} Written as a plain decimal; otherwise 400 \`INVALID_PARAMETER\`. The default ` +
      "is the one of the engine's library (`rules.MAX_PRICE_IMPACT_DEFAULT`).",
  ),
  query(
    'maxSplits',
    MaxSplits,
    `${MaxSplits.description} A split quote has \`splits\`, and its \`tx\` carries one router part per split ` +
      '(`engine/vm/evm/README.md`). Not an integer from 1 to 4: 400 `INVALID_PARAMETER`; above 1 from a source ' +
      'chain that is not EVM (or Tron): 400 `INVALID_PARAMETER` (`parameter: "maxSplits"`).',
  ),
  venueOnly(
    'userId',
    EvmAddress,
    '`userId` of `POST /workflows/venue/createOrFetchVenueUser`. Not a user of your organization: 400 ' +
      '`INVALID_PARAMETER` (`parameter: "userId"`).',
  ),
  venueOnly(
    'side',
    stringEnum(['BUY', 'SELL']),
    'Order side. `BUY` spends the pUSD delivered; `SELL` sells `amount` shares (10⁻⁶ units) — more than the proxy ' +
      'wallet holds: 400 `INSUFFICIENT_FUNDS` (`address` the wallet, `required` / `available` in shares).',
  ),
  venueOnly(
    'tokenID',
    Type.String({ pattern: '^[0-9]{1,78}$', 'x-reason': 'must be a decimal outcome token id' }),
    'Market outcome token id. Unknown, its market not accepting orders (closed), or without a book: 400 ' +
      '`INVALID_PARAMETER` (`parameter: "tokenID"`). A book side with no levels: 400 `INSUFFICIENT_LIQUIDITY`.',
  ),
  venueOnly('orderType', stringEnum(['FOK', 'FAK']), 'Market order type: `FOK` fill or kill, `FAK` fill and kill.'),
  venueOnly(
    'tickSize',
    stringEnum(['0.01', '0.001', '0.0001']),
    'Market tick size; must be the market\'s (400 `INVALID_PARAMETER`, `parameter: "tickSize"`).',
  ),
  venueOnly(
    'negRisk',
    stringEnum(['true', 'false']),
    'Whether the market is negative-risk; must be the market\'s (400 `INVALID_PARAMETER`, `parameter: "negRisk"`).',
  ),
  query(
    'simulate',
    Type.Boolean({ default: false }),
    "`true`: before answering, the service runs the quote's `tx` from `sender` on the source chain's node " +
      "(`eth_call` and `eth_estimateGas` on the latest block, the sender's real balance and allowance: an ERC-20 " +
      'input must be approved to `tx.to` first) and answers `simulatedGas`; a revert is 422 `SIMULATION_REVERTED` ' +
      'with the decoded reason instead of the quote. The source chain must be EVM and have an RPC in `RPC_URLS` ' +
      '(else 400 `INVALID_PARAMETER`, parameter `simulate`); a node that does not answer within 5 s: 503 ' +
      '`SERVICE_UNAVAILABLE`. Default `false`. Only `true` and `false` are accepted. README "Simulation".',
  ),
  query(
    'gasless',
    Type.Boolean({ default: false }),
    '`true` adds `executions` (and `depositAddress`): the steps to sign for the gasless provider, relayed with ' +
      '`POST /relayGasless`. The API key must have gasless enabled (else 403 `GASLESS_NOT_ENABLED`); the source ' +
      'must be a TRC-20 token on Tron, the one chain with a gasless provider (else 400 `INVALID_PARAMETER`, ' +
      'parameter `gasless`). Only `true` and `false` are accepted.',
  ),
]
