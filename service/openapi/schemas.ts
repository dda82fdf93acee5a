/**
 * Data schemas of the OpenAPI document (`components.schemas`): the scalar types of SPEC §2.1, the token amount
 * object (§2.2), the action response (§2.4) with the documented `steps` extension, and the health answer.
 *
 * Response objects are closed (`additionalProperties: false`) and list every field as required: the service always
 * sends them all, and a test validates real responses against these schemas, so a field added, dropped or renamed
 * on either side fails it.
 */
import { BRIDGE_IDS } from '../../engine/index.js'
import type { Reference, Schema } from './types.js'

/** `{$ref}` to a schema of `components.schemas`. */
export const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
/** `{$ref}` to another kind of component. */
export const componentRef = (kind: 'parameters' | 'responses' | 'headers', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
})

/** Largest chain id the service accepts: ids are JSON numbers, exact up to 2^53 − 1. */
const MAX_CHAIN_ID = Number.MAX_SAFE_INTEGER

/** Scalars (SPEC §2.1). */
const scalars = {
  ChainId: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_CHAIN_ID,
    description:
      'Chain identifier. EVM chains use their EIP-155 ids (1, 10, 56, 137, 8453, 42161, 43114, HyperEVM 999); the others ' +
      'the numbering most aggregators use: Solana 1151111081099710, Bitcoin 20000000000001, Tron 728126428, HyperCore 1337.',
    examples: [42161],
  },
  AmountString: {
    type: 'string',
    pattern: '^[0-9]+$',
    maxLength: 78,
    description: "Integer amount in the token's smallest unit, as a decimal string (SPEC §2.1); at most 2^256 − 1.",
    examples: ['1000000000'],
  },
  Hex: {
    type: 'string',
    pattern: '^0x(?:[0-9a-fA-F]{2})*$',
    description: 'Hex data (calldata): `0x` followed by whole bytes; `0x` alone is empty data.',
    examples: ['0xa9059cbb'],
  },
  EvmAddress: {
    type: 'string',
    pattern: '^0x[0-9a-fA-F]{40}$',
    description:
      'EVM (and HyperCore) address: `0x` and 40 hex digits; mixed case only with a valid EIP-55 checksum. The zero ' +
      'address is the native token.',
    examples: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72'],
  },
  SolanaAddress: {
    type: 'string',
    pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$',
    description: 'Solana address: base58 of a 32-byte public key. `11111111111111111111111111111111` is the native token (SOL).',
    examples: ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  },
  BitcoinAddress: {
    type: 'string',
    pattern: '^(?:[13][1-9A-HJ-NP-Za-km-z]{24,34}|(?:bc|BC)1[02-9ac-hj-np-zAC-HJ-NP-Z]{6,87})$',
    description: 'Bitcoin mainnet address: P2PKH, P2SH (base58check), P2WPKH, P2WSH or P2TR (bech32/bech32m).',
    examples: ['bc1qw2rljtp62dva655nvx7pd6dp0cyl670ede28v5'],
  },
  TronAddress: {
    type: 'string',
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    description: 'Tron address: base58check of 21 bytes starting 0x41. `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` is the native token (TRX).',
    examples: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  },
  Address: {
    description:
      "An address in the format of its chain's VM (SPEC §2.1): which VM is given by the chain id next to it. " +
      'Wallet fields (`sender`, `recipient`, `refundTo`) never accept a native-token sentinel.',
    anyOf: [schemaRef('EvmAddress'), schemaRef('SolanaAddress'), schemaRef('BitcoinAddress'), schemaRef('TronAddress')],
  },
  TokenAddress: {
    description:
      "A token's address on its chain (`Address`), or the chain's native-token sentinel: the zero address on EVM " +
      'chains and HyperCore, `11111111111111111111111111111111` on Solana, `bitcoin` on Bitcoin, ' +
      '`T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` on Tron.',
    anyOf: [schemaRef('Address'), { const: 'bitcoin' }],
  },
  BridgeId: {
    type: 'string',
    enum: BRIDGE_IDS,
    description: 'A bridge protocol (SPEC §2.1; the complete list this service knows).',
  },
  VmId: {
    type: 'string',
    enum: ['evm', 'solana', 'alt-vm', 'hypercore'],
    description: 'VM of a chain (SPEC §2.1): Bitcoin and Tron are `alt-vm`.',
  },
  SwapDirection: {
    type: 'string',
    enum: ['exact-amount-in', 'exact-amount-out'],
    description: '`exact-amount-in`: `amount` is what is paid in; `exact-amount-out`: `amount` is what must arrive.',
  },
} as const satisfies Record<string, Schema>

/** Token amount object (SPEC §2.2). */
const TokenAmount: Schema = {
  type: 'object',
  description:
    'An amount of a token, with the token (SPEC §2.2). `amount` is exact (smallest units); `usdAmount` is a display ' +
    'figure at the snapshot prices.',
  properties: {
    chainId: schemaRef('ChainId'),
    address: schemaRef('TokenAddress'),
    name: { type: 'string' },
    symbol: { type: 'string' },
    decimals: { type: 'integer', minimum: 0, maximum: 36 },
    isNative: { type: 'boolean', description: 'Whether `address` is the native-token sentinel of the chain.' },
    amount: schemaRef('AmountString'),
    logo: { type: 'string', description: "URL of the token's logo." },
    svcCode: { type: 'string', description: "The token's service code (usually its symbol)." },
    usdAmount: { type: 'number', minimum: 0, description: 'USD value of `amount` at the snapshot prices.' },
  },
  required: ['chainId', 'address', 'name', 'symbol', 'decimals', 'isNative', 'amount', 'logo', 'svcCode', 'usdAmount'],
  additionalProperties: false,
}

/** The transaction to sign (SPEC §2.4 `tx`). */
const Transaction: Schema = {
  type: 'object',
  description:
    "The one transaction the user signs: a call of the source chain's crossroute router (`swap`, or `swapAndCall` " +
    'for `evm-calldata-tx`). When `requiresTokenApproval` is true, the router must first be approved for ' +
    '`amountInMax` of the source token.',
  properties: {
    to: { ...schemaRef('EvmAddress'), description: "The source chain's router." },
    data: { ...schemaRef('Hex'), description: 'ABI-encoded router call; every figure in it is the quote\'s figure.' },
    value: { ...schemaRef('AmountString'), description: 'Wei sent with the call: the input bound for a native source token, else `"0"`.' },
    chainId: { ...schemaRef('ChainId'), description: 'The source chain.' },
  },
  required: ['to', 'data', 'value', 'chainId'],
  additionalProperties: false,
}

/** One bridge hop (SPEC §2.4 `bridgeRoute`). */
const BridgeRouteEntry: Schema = {
  type: 'object',
  properties: {
    srcChainId: schemaRef('ChainId'),
    dstChainId: schemaRef('ChainId'),
    srcBridgeToken: { ...schemaRef('TokenAddress'), description: 'Token the lane takes, on `srcChainId`.' },
    dstBridgeToken: { ...schemaRef('TokenAddress'), description: 'Token the lane delivers, on `dstChainId`.' },
    bridgeId: schemaRef('BridgeId'),
  },
  required: ['srcChainId', 'dstChainId', 'srcBridgeToken', 'dstBridgeToken', 'bridgeId'],
  additionalProperties: false,
}

/** One hop as executed: the documented extension of the response. */
const RouteStep: Schema = {
  type: 'object',
  description:
    '*Extension* (not in the SPEC): one hop of the route as executed, in order. Pools and bridge lanes carry their ' +
    'snapshot id and fee; wrap/unwrap hops (native token ⇄ its wrapped form, 1:1) carry neither.',
  properties: {
    type: { type: 'string', enum: ['swap', 'bridge', 'wrap', 'unwrap'] },
    chainId: { ...schemaRef('ChainId'), description: 'Chain the hop starts on.' },
    protocol: { type: 'string', description: 'Pool protocol (`uniswap-v3`, …), the bridge id, or `wrap`.', examples: ['uniswap-v3'] },
    id: { type: 'string', description: 'Pool or lane id in the snapshot; absent for wrap/unwrap.' },
    address: { type: 'string', description: 'Pool address, where the snapshot has one.' },
    tokenIn: { ...schemaRef('TokenAddress'), description: 'On `chainId`.' },
    tokenOut: { ...schemaRef('TokenAddress'), description: 'On `dstChainId`.' },
    dstChainId: { ...schemaRef('ChainId'), description: 'Chain of `tokenOut`: differs from `chainId` only for bridge hops.' },
    amountIn: schemaRef('AmountString'),
    amountOut: schemaRef('AmountString'),
    feePips: {
      type: 'integer',
      minimum: 0,
      description: 'Fee in pips (1e-6): a V3 pool fee, V2 bps × 100, Curve fee / 1e4, a lane fee bps × 100.',
    },
  },
  required: ['type', 'chainId', 'protocol', 'tokenIn', 'tokenOut', 'dstChainId', 'amountIn', 'amountOut'],
  additionalProperties: false,
  if: { properties: { type: { enum: ['swap', 'bridge'] } } },
  then: { required: ['id', 'feePips'] },
  else: { not: { anyOf: [{ required: ['id'] }, { required: ['feePips'] }, { required: ['address'] }] } },
}

/** Fields of a route: `allRoutes` items, and (with the transaction) the best route at the top level. */
const routeProperties = {
  vmId: { ...schemaRef('VmId'), description: 'VM of the source chain.' },
  amountIn: {
    ...schemaRef('TokenAmount'),
    description: 'Gross input, fees included. Exact-in: the requested amount. Exact-out: the smallest input that delivers `amountOut`.',
  },
  amountInMax: {
    ...schemaRef('TokenAmount'),
    description: 'Most the router takes. Exact-in: = `amountIn`. Exact-out: ceil(amountIn × (10000 + slippage) / 10000).',
  },
  amountOut: { ...schemaRef('TokenAmount'), description: 'Quoted output. Exact-out: the requested amount.' },
  amountOutMin: {
    ...schemaRef('TokenAmount'),
    description: 'Least delivered, else the transaction reverts. Exact-in: floor(amountOut × (10000 − slippage) / 10000). Exact-out: = `amountOut`.',
  },
  protocolFee: { ...schemaRef('TokenAmount'), description: 'In the source token: ceil(amountIn × protocol bps / 10000).' },
  applicationFee: { ...schemaRef('TokenAmount'), description: 'In the source token: the sum of `appFees`, each ceil(amountIn × bps / 10000).' },
  bridgeFee: {
    ...schemaRef('TokenAmount'),
    description: "Lane fees (flat + bps) in the first lane's source token; zero, in the source token, for same-chain routes.",
  },
  exchangeRate: { type: 'number', minimum: 0, description: 'amountOut / amountIn in whole tokens (a display figure).' },
  estimatedTxTime: {
    type: 'number',
    minimum: 0,
    description: 'Seconds: source block time, plus each lane\'s estimated time, plus the destination block time when bridging.',
  },
  estimatedPriceImpact: {
    type: 'number',
    minimum: 0,
    maximum: 100,
    description: 'Percent (0.25 = 0.25%) by which the pools and swapping lanes execute below their mid prices; bridge fees excluded.',
  },
  requiresRegisterTransaction: {
    type: 'boolean',
    description: 'Whether the transaction must be registered with `POST /registerTxs` (non-EVM source chains).',
  },
  bridgeIds: { type: 'array', items: schemaRef('BridgeId'), uniqueItems: true, description: 'Bridges used, in order of first use.' },
  bridgeRoute: { type: 'array', items: schemaRef('BridgeRouteEntry'), maxItems: 2, description: 'The lanes used, in order (at most 2).' },
  steps: { type: 'array', items: schemaRef('RouteStep'), minItems: 1, description: '*Extension*: the hops of the route, in order.' },
} as const satisfies Record<string, Schema>

/** `allRoutes` item (SPEC §2.4). */
const RouteQuote: Schema = {
  type: 'object',
  description:
    'One route with every figure of the action response except the transaction (`tx`, `txId`) and `requiresTokenApproval`.',
  properties: routeProperties,
  required: Object.keys(routeProperties),
  additionalProperties: false,
}

const actionProperties = {
  tx: schemaRef('Transaction'),
  txId: {
    type: 'string',
    pattern: '^0x[0-9a-f]{64}$',
    description:
      'Unique id of this quote (32 random bytes), for registration and status; also the router call\'s `bytes32 txId`.',
  },
  ...routeProperties,
  requiresTokenApproval: { type: 'boolean', description: 'Whether the router must be approved for the source token (an ERC-20 on an EVM chain).' },
  allRoutes: {
    type: 'array',
    items: schemaRef('RouteQuote'),
    minItems: 1,
    maxItems: 3,
    description: 'The best routes, best first (most out for exact-in, least in for exact-out), one per distinct path. The first is the route of the top-level figures.',
  },
} as const satisfies Record<string, Schema>

/** The action response (SPEC §2.4). */
const ActionResponse: Schema = {
  type: 'object',
  description:
    'The action response (SPEC §2.4): the best route\'s figures, the transaction that executes it, and all routes. ' +
    '`executions` (gasless) and a deposit address (`returnDepositAddress`) are not produced: both options are not ' +
    'supported yet.',
  properties: actionProperties,
  required: Object.keys(actionProperties),
  additionalProperties: false,
}

/** Every data schema, by name. The error schemas are in `errors.ts`. */
export const DATA_SCHEMAS: Readonly<Record<string, Schema>> = {
  ...scalars,
  TokenAmount,
  Transaction,
  BridgeRouteEntry,
  RouteStep,
  RouteQuote,
  ActionResponse,
  HealthResponse: {
    type: 'object',
    properties: { status: { const: 'ok' } },
    required: ['status'],
    additionalProperties: false,
  },
  OpenApiDocument: {
    type: 'object',
    description: 'An OpenAPI 3.1 document (this one).',
    properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' }, info: { type: 'object' }, paths: { type: 'object' } },
    required: ['openapi', 'info', 'paths'],
  },
}
