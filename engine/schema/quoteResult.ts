/**
 * The engine's answer as schemas (SPEC §2.2, §2.4): the token amount object, a route with every figure of the
 * action response, and the quote (best route + all routes). The TypeScript types are these schemas' `Static`s;
 * the service's action response and the OpenAPI document extend the same objects.
 */
import { described } from './describe.js'
import { type Static, Type } from '@sinclair/typebox'
import { AmountString, AppFee, BridgeId, ChainId, TokenAddress, VmId } from './scalars.js'
import { APP_FEES_MAX, MAX_SPLITS_MAX } from './rules.js'

/** Token amount object (SPEC §2.2). */
export const TokenAmount = Type.Object(
  {
    chainId: ChainId,
    address: TokenAddress,
    name: Type.String(),
    symbol: Type.String(),
    decimals: Type.Integer({ minimum: 0, maximum: 36 }),
    isNative: Type.Boolean({ description: 'Whether `address` is the native-token sentinel of the chain.' }),
    amount: AmountString,
    logo: Type.String({ description: "URL of the token's logo." }),
    svcCode: Type.String({ description: "The token's service code (usually its symbol)." }),
    usdAmount: Type.Number({ minimum: 0, description: 'USD value of `amount` at the snapshot prices.' }),
  },
  {
    additionalProperties: false,
    description:
      'An amount of a token, with the token (SPEC §2.2). `amount` is exact (smallest units); `usdAmount` is a display ' +
      'figure at the snapshot prices.',
    'x-component': 'TokenAmount',
  },
)
/** Token amount object (SPEC §2.2). */
export type TokenAmount = Static<typeof TokenAmount>

/** One bridge hop (SPEC §2.4 `bridgeRoute`). */
export const BridgeRouteEntry = Type.Object(
  {
    srcChainId: ChainId,
    dstChainId: ChainId,
    srcBridgeToken: described(TokenAddress, 'Token the lane takes, on `srcChainId`.'),
    dstBridgeToken: described(TokenAddress, 'Token the lane delivers, on `dstChainId`.'),
    bridgeId: BridgeId,
  },
  { additionalProperties: false, 'x-component': 'BridgeRouteEntry' },
)
/** One bridge hop (SPEC §2.4 `bridgeRoute`). */
export type BridgeRouteEntry = Static<typeof BridgeRouteEntry>

/** One application fee as charged: a documented extension of the response. */
export const AppFeeAmount = Type.Object(
  {
    // The request's fee, as given (SPEC §2.3 `appFees`), then what it comes to.
    ...AppFee.properties,
    amount: described(TokenAmount, 'What this receiver is paid, in the source token: ceil(amountIn × bps / 10000).'),
  },
  {
    additionalProperties: false,
    description:
      '*Extension* (not in the SPEC): one application fee of the request with the amount it comes to. Each fee ' +
      'is rounded up on its own (against the trader), and `applicationFee` is the sum of these amounts, exactly.',
  },
)
/** One application fee as charged: a documented extension of the response. */
export type AppFeeAmount = Static<typeof AppFeeAmount>

/** One hop as executed: a documented extension of the response. */
export const RouteStep = Type.Object(
  {
    type: Type.Union([Type.Literal('swap'), Type.Literal('bridge'), Type.Literal('wrap'), Type.Literal('unwrap')]),
    chainId: described(ChainId, 'Chain the hop starts on.'),
    protocol: Type.String({
      description: 'Pool protocol (`uniswap-v3`, …), the bridge id, or `wrap`.',
      examples: ['uniswap-v3'],
    }),
    id: Type.Optional(Type.String({ description: 'Pool or lane id in the snapshot; absent for wrap/unwrap.' })),
    address: Type.Optional(Type.String({ description: 'Pool address, where the snapshot has one.' })),
    tokenIn: described(TokenAddress, 'On `chainId`.'),
    tokenOut: described(TokenAddress, 'On `dstChainId`.'),
    dstChainId: described(ChainId, 'Chain of `tokenOut`: differs from `chainId` only for bridge hops.'),
    amountIn: AmountString,
    amountOut: AmountString,
    feePips: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Fee in pips (1e-6): a V3 pool fee, V2 bps × 100, Curve fee / 1e4, a lane fee bps × 100.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      '*Extension* (not in the SPEC): one hop of the route as executed, in order. Pools and bridge lanes carry their ' +
      'snapshot id and fee; wrap/unwrap hops (native token ⇄ its wrapped form, 1:1) carry neither.',
    if: { properties: { type: { enum: ['swap', 'bridge'] } } },
    then: { required: ['id', 'feePips'] },
    else: { not: { anyOf: [{ required: ['id'] }, { required: ['feePips'] }, { required: ['address'] }] } },
    'x-component': 'RouteStep',
  },
)
/** One hop as executed: a documented extension of the response. */
export type RouteStep = Static<typeof RouteStep>

/** The fields of a route: `allRoutes` items, and (with the transaction) the best route at the top level. */
export const routeProperties = {
  vmId: described(VmId, 'VM of the source chain.'),
  amountIn: described(
    TokenAmount,
    'Gross input, fees included. Exact-in: the requested amount. Exact-out: the smallest input that delivers `amountOut`.',
  ),
  amountInMax: described(
    TokenAmount,
    'Most the router takes. Exact-in: = `amountIn`. Exact-out: ceil(amountIn × (10000 + slippage) / 10000).',
  ),
  amountOut: described(
    TokenAmount,
    "Quoted output. Exact-out: the requested amount (a request below what a lane's minimum input delivers is refused " +
      'with `AMOUNT_TOO_LOW`, `minAmount` the smallest amount that quotes).',
  ),
  amountOutMin: described(
    TokenAmount,
    'Least delivered, else the transaction reverts. Exact-in: floor(amountOut × (10000 − slippage) / 10000). Exact-out: = `amountOut`.',
  ),
  protocolFee: described(TokenAmount, 'In the source token: ceil(amountIn × protocol bps / 10000).'),
  applicationFee: described(
    TokenAmount,
    'In the source token: the sum of `appFees`, each ceil(amountIn × bps / 10000).',
  ),
  appFees: Type.Array(AppFeeAmount, {
    maxItems: APP_FEES_MAX,
    description:
      "*Extension*: each application fee the quote was made with (the request's `appFees`; in the service, the " +
      "API key's defaults when the request has none), in that order, with its amount. Each amount is ceil(amountIn " +
      '× bps / 10000), rounded up for each receiver (against the trader), and the amounts sum exactly to ' +
      '`applicationFee`; so the total can exceed ceil(amountIn × total bps / 10000) by up to one unit per fee ' +
      'after the first. These are the amounts the router pays (`Fee[]` of the calldata).',
  }),
  bridgeFee: described(
    TokenAmount,
    "Lane fees (flat + bps) in the first lane's source token; zero, in the source token, for same-chain routes.",
  ),
  networkFee: described(
    TokenAmount,
    "*Extension*: the route's estimated gas, in the source chain's native token (other chains' gas converted at " +
      'snapshot prices): the source transaction (`swapGasUnits` × `gasPrice` of the chain for a router call with ' +
      'one action, 0.29 as much again per further pool or bridge deposit: calibrated on executed router ' +
      'transactions), plus destination transactions no lane fee ' +
      'pays for (a CCTP mint, an OP withdrawal proof and finalisation) and the swaps run after a bridge. Not deducted ' +
      'from `amountOut`; routes are ranked net of it (exact-in: output value minus it; exact-out: input value plus it).',
  ),
  exchangeRate: Type.Number({ minimum: 0, description: 'amountOut / amountIn in whole tokens (a display figure).' }),
  estimatedTxTime: Type.Number({
    minimum: 0,
    description:
      "Seconds: source block time, plus each lane's estimated time, plus the destination block time when bridging.",
  }),
  estimatedPriceImpact: Type.Number({
    minimum: 0,
    maximum: 100,
    description:
      'Percent (0.25 = 0.25%) by which the pools and swapping lanes execute below their mid prices; bridge fees excluded.',
  }),
  requiresRegisterTransaction: Type.Boolean({
    description: 'Whether the transaction must be registered with `POST /registerTxs` (non-EVM source chains).',
  }),
  bridgeIds: Type.Array(BridgeId, { uniqueItems: true, description: 'Bridges used, in order of first use.' }),
  bridgeRoute: Type.Array(BridgeRouteEntry, {
    maxItems: 2 * MAX_SPLITS_MAX,
    description:
      'The lanes used, in order (at most 2 per route; a split lists the distinct lanes of its parts, part by part).',
  }),
  steps: Type.Array(RouteStep, {
    minItems: 1,
    description:
      "*Extension*: the hops of the route, in order; for a split (`splits`), each part's hops in turn, part by part.",
  }),
}

/** One part of a split quote: a documented extension of the response. */
export const SplitPart = Type.Object(
  {
    shareBps: Type.Integer({
      minimum: 1,
      maximum: 9_999,
      description: "The part's share of the amount in bps (exact-in: of the swapped input; exact-out: of the output).",
    }),
    amountIn: described(TokenAmount, 'What this part swaps: its share of the input after protocol and app fees.'),
    amountOut: described(
      TokenAmount,
      'What this part delivers (exact-out: its share of the requested output; its last step may deliver a few ' +
        'units more, as a single route does). The parts sum exactly to the top-level `amountOut`.',
    ),
    networkFee: routeProperties.networkFee,
    bridgeFee: routeProperties.bridgeFee,
    estimatedPriceImpact: routeProperties.estimatedPriceImpact,
    estimatedTxTime: routeProperties.estimatedTxTime,
    bridgeIds: routeProperties.bridgeIds,
    bridgeRoute: Type.Array(BridgeRouteEntry, { maxItems: 2, description: "The part's lanes, in order." }),
    steps: Type.Array(RouteStep, { minItems: 1, description: "The part's hops, in order." }),
  },
  {
    additionalProperties: false,
    description:
      '*Extension* (not in the SPEC): one route of a split quote with its share of the amount. Parts share no pool ' +
      'and no lane; each is evaluated exactly at its share and its figures follow the rules of a single route.',
    'x-component': 'SplitPart',
  },
)
/** One part of a split quote: a documented extension of the response. */
export type SplitPart = Static<typeof SplitPart>

/** `allRoutes` item (SPEC §2.4). */
export const RouteQuote = Type.Object(routeProperties, {
  additionalProperties: false,
  description:
    'One route with every figure of the action response except the transaction (`tx`, `txId`) and `requiresTokenApproval`.',
  'x-component': 'RouteQuote',
})
/** `allRoutes` item (SPEC §2.4). */
export type RouteQuote = Static<typeof RouteQuote>

/** The engine's answer: the best route's figures, plus all routes (best first). */
export const QuoteResult = Type.Object(
  {
    ...routeProperties,
    requiresTokenApproval: Type.Boolean({
      description: 'Whether the router must be approved for the source token (an ERC-20 on an EVM chain).',
    }),
    splits: Type.Optional(
      Type.Array(SplitPart, {
        minItems: 2,
        maxItems: MAX_SPLITS_MAX,
        description:
          '*Extension*: present only when the request allowed a split (`maxSplits` > 1) and one beats ' +
          'the best single route net of the added network cost. The top-level figures are then those of the whole ' +
          'split: `amountOut` is the sum of the parts, `amountOutMin`/`amountInMax` bound the whole, fees are ' +
          "charged once on the whole input, `bridgeFee` is the parts' sum (a later part's bridge fee converted " +
          "into the first's token at snapshot prices), `networkFee` the parts' sum less one router call's base " +
          "per part after the first (the parts run in one call), `estimatedTxTime` the slowest part's, and " +
          '`estimatedPriceImpact` that of the parts together. Parts by decreasing share; shares sum to 10000.',
      }),
    ),
    allRoutes: Type.Array(RouteQuote, {
      minItems: 1,
      maxItems: 3,
      description:
        'The best routes, best first, one per distinct path: ranked net of `networkFee` (exact-in: most out after ' +
        'network cost; exact-out: least in plus network cost), without routes over `maxPriceImpact` and without ' +
        'detours (a route through the tokens of a better one, in the same order, with hops added, that delivers no ' +
        'more or needs no less). The first is the route of the top-level figures, unless the quote is a split ' +
        '(`splits`): single routes only.',
    }),
  },
  { additionalProperties: false, description: "The engine's quote: the action response without `tx` and `txId`." },
)
/** The engine's answer: the best route's figures, plus all routes (best first). */
export type QuoteResult = Static<typeof QuoteResult>
