/**
 * The action of a venue SELL (SPEC §4.1 `venue`, side `SELL`). A SELL needs no funding: the shares are already in
 * the proxy wallet. What the user signs is the **order authorization**: a zero-value call on Polygon to the venue's
 * exchange (the negRisk exchange for a negRisk market) carrying the `txId` and the order — `authorizeOrder(bytes32
 * txId, uint256 tokenId, uint256 shares, uint256 limitPriceMicros)`. It is registered and tracked like any EVM
 * transaction; when it succeeds the service places the SELL (`placeOrder.ts`). The response's figures are those of
 * the order: `amountIn` the shares (an ERC-1155 position of the Conditional Tokens contract, 6 decimals),
 * `amountOut` and `amountOutMin` the pUSD the shares fetch at the limit price, no fees, one step.
 */
import { encodeFunctionData, parseAbi } from 'viem'
import type { Engine, Token } from '../../engine/index.js'
import { tokenAmount } from '../../engine/quote/tokenAmount.js'
import type { VenueActionRequest } from '../schema/actionRequest.js'
import type { ActionParts } from '../routes/getAction.js'
import type { VenueOrderContext } from './venueAction.js'
import { ONE, formatMicros } from './matching/units.js'

/** CTF Exchange V2 and NegRisk CTF Exchange V2 on Polygon (research file §3). */
export const CTF_EXCHANGE = '0xE111180000d2663C0091e4f400237545B87B996B'
export const NEG_RISK_CTF_EXCHANGE = '0xe2222d279d744050d28e00520010520000310F59'
/** The Conditional Tokens contract: outcome shares are its ERC-1155 positions (research file §3). */
export const CONDITIONAL_TOKENS = '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045'

const AUTHORIZE_ORDER = parseAbi([
  'function authorizeOrder(bytes32 txId, uint256 tokenId, uint256 shares, uint256 limitPriceMicros)',
])

/** What a SELL's action is built from beyond the request. */
export interface SellActionOptions {
  readonly txId: `0x${string}`
  /** The order's worst price (10⁻⁶ pUSD per share). */
  readonly limitPriceMicros: bigint
  /** The engine's snapshot id and the quote's expiry (Unix seconds), answered as they are. */
  readonly snapshotId: string
  readonly expiresAt: number
}

function tokenOf(engine: Engine, chainId: number, address: string): Token {
  for (const token of engine.snapshot.tokens.values()) {
    if (token.chainId === chainId && token.address.toLowerCase() === address.toLowerCase()) return token
  }
  throw new Error(`the snapshot has no token ${address} on chain ${chainId}`)
}

/**
 * The action parts of a checked venue SELL (see the file's comment).
 *
 * @throws Error when the snapshot lacks pUSD or the chain (a snapshot without the venue's collateral).
 * @example sellActionParts(engine, request, context, { txId, limitPriceMicros: 480_000n })
 */
export function sellActionParts(
  engine: Engine,
  request: VenueActionRequest,
  context: VenueOrderContext,
  options: SellActionOptions,
): ActionParts {
  const { market, outcomeIndex } = context.token
  const chain = engine.snapshot.chains.get(request.srcChainId)
  if (chain === undefined) throw new Error(`the snapshot has no chain ${request.srcChainId}`)
  const collateral = tokenOf(engine, chain.chainId, request.dstToken)
  const shares = BigInt(request.amount)
  const proceeds = (shares * options.limitPriceMicros) / ONE // rounded down: against the seller
  const outcome = (JSON.parse(market.outcomes) as string[])[outcomeIndex] ?? ''
  const sharesToken: Token = {
    ...collateral,
    address: CONDITIONAL_TOKENS,
    key: `${chain.chainId}:${CONDITIONAL_TOKENS.toLowerCase()}:${request.tokenID}`,
    name: `${market.question} — ${outcome}`,
    symbol: outcome,
    decimals: 6,
    isNative: false,
    logo: market.icon,
    svcCode: 'VENUE-SHARES',
    usdPrice: formatMicros(options.limitPriceMicros),
  }
  const amountIn = tokenAmount(sharesToken, shares)
  const amountOut = tokenAmount(collateral, proceeds)
  const none = tokenAmount(sharesToken, 0n)
  const route = {
    vmId: 'evm' as const,
    amountIn,
    amountInMax: amountIn,
    amountOut,
    amountOutMin: amountOut,
    protocolFee: none,
    applicationFee: none,
    appFees: [],
    bridgeFee: none,
    networkFee: tokenAmount(tokenOf(engine, chain.chainId, chain.nativeToken), 0n),
    exchangeRate: Number(formatMicros(options.limitPriceMicros)),
    estimatedTxTime: Math.ceil(chain.blockTimeMs / 1000),
    estimatedPriceImpact: 0,
    requiresRegisterTransaction: true,
    bridgeIds: [],
    bridgeRoute: [],
    steps: [
      {
        type: 'swap' as const,
        chainId: chain.chainId,
        protocol: 'venue',
        id: `venue:${request.tokenID}`,
        tokenIn: CONDITIONAL_TOKENS,
        tokenOut: collateral.address,
        dstChainId: chain.chainId,
        amountIn: shares.toString(),
        amountOut: proceeds.toString(),
        feePips: 0,
      },
    ],
  }
  const data = encodeFunctionData({
    abi: AUTHORIZE_ORDER,
    functionName: 'authorizeOrder',
    args: [options.txId, BigInt(request.tokenID), shares, options.limitPriceMicros],
  })
  return {
    tx: {
      to: market.negRisk ? NEG_RISK_CTF_EXCHANGE : CTF_EXCHANGE,
      data,
      value: '0',
      chainId: chain.chainId,
    },
    txId: options.txId,
    quote: { ...route, requiresTokenApproval: false, allRoutes: [route] },
    snapshotId: options.snapshotId,
    expiresAt: options.expiresAt,
  }
}
