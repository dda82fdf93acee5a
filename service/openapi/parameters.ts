/**
 * Parameters of the OpenAPI document (`components.parameters`): every query parameter of `GET /getAction`
 * (SPEC §4.1) with its type and rules, and the `x-request-id` request header. The rules are those of
 * `service/routes/getActionRequest.ts` and `params.ts` (tabled in `service/tx/README.md`); each description says
 * when the parameter is required and which error a bad value gets.
 */
import { MAX_APP_FEES } from '../routes/params.js'
import { componentRef, schemaRef } from './schemas.js'
import type { Parameter, Reference, Schema } from './types.js'

const NOT_YET = '**Not supported yet**'

const query = (name: string, schema: Schema, description: string, required = false): Parameter => ({
  name,
  in: 'query',
  description,
  ...(required ? { required: true } : {}),
  schema,
})

/** Parameters of the `venue` action type (prediction-market orders), which the service does not support yet. */
const venueOnly = (name: string, schema: Schema, what: string): Parameter =>
  query(
    name,
    schema,
    `${what} Required for \`venue\` (SPEC §4.1). ${NOT_YET}: the \`venue\` action type is refused, and this parameter ` +
      'with any non-empty value is refused on every action type: 400 `INVALID_PARAMETER`.',
  )

const AMOUNT_RULES = 'Decimal digits only (`^[0-9]+$`), at most 2^256 − 1, leading zeros ignored; otherwise 400 `INVALID_PARAMETER`.'

/** The `getAction` query parameters, by component name. */
const getActionParameters: Record<string, Parameter> = {
  actionType: query(
    'actionType',
    { type: 'string', enum: ['swap-action', 'evm-calldata-tx', 'venue'] },
    'What to do. `swap-action`: swap and/or bridge `amount` from `srcToken` to `dstToken`. `evm-calldata-tx`: ' +
      'deliver what a contract call on the destination chain needs (`erc20Amount` of `dstToken`, or `value` of its ' +
      'native token), then call `to` with `data`; always quoted exact-amount-out. ' +
      `\`venue\` (prediction-market orders): ${NOT_YET}, 400 \`INVALID_PARAMETER\`. Any other value: 400 \`INVALID_PARAMETER\`.`,
    true,
  ),
  sender: query(
    'sender',
    schemaRef('Address'),
    "The user's wallet on the source chain, in the source chain's address format (400 `INVALID_ADDRESS_FORMAT` " +
      'otherwise; a native-token sentinel is no wallet). Screened: a sanctioned wallet gets 403 `WALLET_SCREENED`.',
    true,
  ),
  srcChainId: query(
    'srcChainId',
    schemaRef('ChainId'),
    'Source chain: a plain positive decimal integer (no sign, leading zero, fraction or exponent; else 400 ' +
      '`INVALID_PARAMETER`). Unknown chain: 400 `UNSUPPORTED_NETWORK`. Non-EVM source chains (Solana, Bitcoin, Tron, ' +
      `HyperCore): ${NOT_YET} (no transactions are built for them), 400 \`INVALID_PARAMETER\`.`,
    true,
  ),
  srcToken: query(
    'srcToken',
    schemaRef('TokenAddress'),
    'Token paid in, on the source chain; its native token is the chain\'s sentinel (see `TokenAddress`). Malformed: ' +
      '400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: 400 `INVALID_SOURCE_TOKEN`.',
    true,
  ),
  dstChainId: query(
    'dstChainId',
    schemaRef('ChainId'),
    'Destination chain; may equal `srcChainId` (a same-chain swap). Same format rules as `srcChainId`. Unknown: 400 ' +
      '`UNSUPPORTED_NETWORK`; no route of at most two bridge lanes: 400 `UNSUPPORTED_NETWORK_PAIR`. ' +
      '`evm-calldata-tx` needs an EVM destination (400 `INVALID_PARAMETER`).',
    true,
  ),
  dstToken: query(
    'dstToken',
    schemaRef('TokenAddress'),
    'Token received, on the destination chain. Malformed: 400 `INVALID_ADDRESS_FORMAT`; not a token of the chain: ' +
      '400 `INVALID_DESTINATION_TOKEN`. For `evm-calldata-tx`: the native token when `value` is given, an ERC-20 ' +
      'when `erc20Amount` is (400 `INVALID_PARAMETER` otherwise).',
    true,
  ),
  slippage: query(
    'slippage',
    { type: 'number', minimum: 0, maximum: 10_000 },
    'Tolerance in basis points (50 = 0.5%), 0 to 10000; fractions allowed and kept exact. Written as a plain ' +
      'decimal (`^[0-9]+(\\.[0-9]+)?$`, at most 32 characters: no sign, exponent, `NaN` or `Infinity`); otherwise ' +
      '400 `INVALID_PARAMETER`. Exact-in: `amountOutMin` = floor(amountOut × (10000 − slippage) / 10000); ' +
      'exact-out: `amountInMax` = ceil(amountIn × (10000 + slippage) / 10000).',
    true,
  ),
  amount: query(
    'amount',
    schemaRef('AmountString'),
    'Required for `swap-action` (and for `venue`); 400 `MISSING_REQUIRED_FIELD` (`context: "swap-action"`) when ' +
      'absent. Exact-in: what is paid, in `srcToken` units, fees included; exact-out: what must arrive, in `dstToken` ' +
      `units. ${AMOUNT_RULES} Zero: 400 \`INVALID_AMOUNT_ZERO\`. Refused with \`evm-calldata-tx\` (400 ` +
      '`INVALID_PARAMETER`: the call\'s `erc20Amount` or `value` is the amount). Outside what the route can take: ' +
      '400 `AMOUNT_TOO_HIGH`, `AMOUNT_TOO_LOW`, `INSUFFICIENT_LIQUIDITY` or `EXCESSIVE_FEE`.',
  ),
  swapDirection: query(
    'swapDirection',
    schemaRef('SwapDirection'),
    'Required for `swap-action` (400 `MISSING_REQUIRED_FIELD` when absent). For `evm-calldata-tx` optional, and ' +
      'only `exact-amount-out` (`exact-amount-in`: 400 `INVALID_PARAMETER`). For `venue` optional, default ' +
      '`exact-amount-in`. Another value: 400 `UNSUPPORTED_SWAP_DIRECTION`.',
  ),
  recipient: query(
    'recipient',
    schemaRef('Address'),
    "Receiver on the destination chain, in its address format; default `sender`. Required when the two chains' " +
      'address formats differ (EVM and HyperCore share one): 400 `CROSS_VM_RECEIVER_REQUIRED` otherwise. For ' +
      '`evm-calldata-tx`, receives what is left after the call. Required for `venue` (the proxy wallet). Screened ' +
      '(403 `WALLET_SCREENED`).',
  ),
  to: query(
    'to',
    schemaRef('EvmAddress'),
    'Contract to call on the destination chain. Required for `evm-calldata-tx` (400 `MISSING_REQUIRED_FIELD`, ' +
      '`context: "evm-calldata-tx"`); an EVM address, not the zero address (400 `INVALID_ADDRESS_FORMAT`). Refused ' +
      'with `swap-action` (400 `INVALID_PARAMETER`), like `data`, `value`, `erc20Amount` and `erc20Spender`.',
  ),
  data: query(
    'data',
    schemaRef('Hex'),
    'Calldata of the call. Required for `evm-calldata-tx`; `0x` and whole bytes (`0x` alone: empty calldata), else ' +
      '400 `INVALID_PARAMETER`.',
  ),
  value: query(
    'value',
    schemaRef('AmountString'),
    'Native wei sent with the call (`evm-calldata-tx`): the route delivers it in the destination\'s native token, ' +
      `so \`dstToken\` must be the native token. ${AMOUNT_RULES} Give \`value\` or \`erc20Amount\` ` +
      '(neither: 400 `MISSING_REQUIRED_FIELD`, `field: "erc20Amount"`); with `erc20Amount`, `value` must be absent ' +
      'or `0` (400 `INVALID_PARAMETER`).',
  ),
  erc20Amount: query(
    'erc20Amount',
    schemaRef('AmountString'),
    'Amount of `dstToken` (an ERC-20) the call needs (`evm-calldata-tx`), approved to `erc20Spender` before the ' +
      `call. ${AMOUNT_RULES} Zero: 400 \`INVALID_AMOUNT_ZERO\`.`,
  ),
  erc20Spender: query(
    'erc20Spender',
    schemaRef('EvmAddress'),
    'Spender approved for `erc20Amount` before the call (`evm-calldata-tx`); default `to`. 400 ' +
      '`INVALID_ADDRESS_FORMAT` when malformed.',
  ),
  solanaSponsor: query(
    'solanaSponsor',
    schemaRef('SolanaAddress'),
    'Pays transaction fees and rent, for Solana same-chain swaps (SPEC §4.1). ' +
      `${NOT_YET}: any value gets 400 \`INVALID_PARAMETER\`.`,
  ),
  bridgeIds: {
    name: 'bridgeIds',
    in: 'query',
    description:
      'Restricts the bridges a route may use; default: all. Repeated (`bridgeIds=cctp&bridgeIds=across`), ' +
      'comma-separated (`bridgeIds=cctp,across`) or both; duplicates are dropped. An unknown or empty id: 400 ' +
      '`INVALID_PARAMETER` (`details.value` is the id). When the allowed bridges connect neither the chains nor the ' +
      'tokens: 400 `UNSUPPORTED_NETWORK_PAIR` or `UNSUPPORTED_NETWORK_TOKEN_PAIR`.',
    style: 'form',
    explode: true,
    schema: { type: 'array', items: schemaRef('BridgeId') },
  },
  refundTo: query(
    'refundTo',
    schemaRef('Address'),
    'Receives refunds and unused input on the source chain; default `sender`. Malformed: 400 ' +
      '`INVALID_ADDRESS_FORMAT`. Screened (403 `WALLET_SCREENED`).',
  ),
  returnDepositAddress: query(
    'returnDepositAddress',
    { type: 'boolean', default: false },
    `\`true\` would return a deposit address for deposit-based flows. ${NOT_YET}: \`true\` gets 400 ` +
      '`INVALID_PARAMETER`. Only `true` and `false` are accepted (400 `INVALID_PARAMETER` otherwise).',
  ),
  appFees: {
    name: 'appFees',
    in: 'query',
    description:
      `Application fees, JSON-encoded: an array of at most ${MAX_APP_FEES} \`{bps, receiverAddress}\`, \`bps\` a ` +
      'non-negative integer, the sum at most 10000 (and, with the protocol fee, below 10000); other keys are ignored. ' +
      'Absent: the fees configured for the API key; `[]`: none. Each fee is ceil(amountIn × bps / 10000) of the gross ' +
      'input, in the source token, paid to `receiverAddress` (an address of the source chain). Malformed: 400 ' +
      '`INVALID_PARAMETER`; a bad receiver: 400 `INVALID_ADDRESS_FORMAT`.',
    content: {
      'application/json': {
        schema: {
          type: 'array',
          maxItems: MAX_APP_FEES,
          items: {
            type: 'object',
            properties: {
              bps: { type: 'integer', minimum: 0, maximum: 10_000 },
              receiverAddress: { ...schemaRef('Address'), description: 'On the source chain.' },
            },
            required: ['bps', 'receiverAddress'],
          },
        },
        examples: { oneFee: { summary: '0.25% to one receiver', value: [{ bps: 25, receiverAddress: '0x5bd944e30b02A20eF6CDd65c7901aC080913953b' }] } },
      },
    },
  },
  userId: venueOnly('userId', { type: 'string' }, 'The venue user id (from the create-or-fetch workflow).'),
  side: venueOnly('side', { type: 'string', enum: ['BUY', 'SELL'] }, 'Order side.'),
  tokenID: venueOnly('tokenID', { type: 'string' }, 'Market outcome token id.'),
  orderType: venueOnly('orderType', { type: 'string', enum: ['FOK', 'FAK'] }, 'Market order type: `FOK` fill or kill, `FAK` fill and kill.'),
  tickSize: venueOnly('tickSize', { type: 'string', enum: ['0.01', '0.001', '0.0001'] }, 'Market tick size.'),
  negRisk: venueOnly('negRisk', { type: 'string', enum: ['true', 'false'] }, 'Whether the market is negative-risk.'),
  gasless: query(
    'gasless',
    { type: 'boolean', default: false },
    '`true` would return `executions` to relay through the gasless provider (Tron; the API key must have gasless ' +
      `enabled). ${NOT_YET}: \`true\` gets 400 \`INVALID_PARAMETER\`. Only \`true\` and \`false\` are accepted.`,
  ),
}

/** Component name of each `getAction` query parameter: `GetAction.<name>`. */
const getActionComponent = (name: string) => `GetAction.${name}`

/** The `components.parameters` of the document. */
export function parameterComponents(): Record<string, Parameter> {
  return {
    ...Object.fromEntries(Object.entries(getActionParameters).map(([name, parameter]) => [getActionComponent(name), parameter])),
    XRequestId: {
      name: 'x-request-id',
      in: 'header',
      description:
        'Optional id of the request, echoed in the `x-request-id` response header and in the service\'s logs. Kept ' +
        'when it matches `^[A-Za-z0-9._:-]{1,128}$`; otherwise (or when absent) the service generates a UUID.',
      schema: { type: 'string' },
    },
  }
}

/** The references of `GET /getAction`'s parameters, in SPEC §4.1 order, then the request-id header. */
export function getActionParameterRefs(): Reference[] {
  return [...Object.keys(getActionParameters).map((name) => componentRef('parameters', getActionComponent(name))), componentRef('parameters', 'XRequestId')]
}
