/**
 * `getAction` with `actionType=venue` (SPEC §4.1, §2.6): the request checked against the venue's state (the user,
 * its proxy wallet, the outcome token, its market and book), the action built — for a BUY the route that delivers
 * pUSD on Polygon to the proxy wallet, for a SELL the order authorization (`sellAction.ts`) — and the workflow to
 * record `pending` with its `orderRequest`. The order itself is placed when the transaction succeeds
 * (`placeOrder.ts`).
 */
import {
  type Engine,
  InsufficientLiquidityError,
  InvalidParameterError,
  InsufficientFundsError,
  type ParsedQuoteRequest,
  rules,
} from '../../engine/index.js'
import { type ActionParts, buildActionParts } from '../routes/getAction.js'
import type { VenueActionRequest } from '../schema/actionRequest.js'
import type { VenueOrderRequest } from '../schema/venueOrder.js'
import type { ScreenedAddress } from '../compliance/screening.js'
import type { Store } from '../store/store.js'
import type { VenueTokenInfo } from '../store/venueStore.js'
import type { VenueUser } from '../store/venueUsers.js'
import type { VenueWorkflowRecord } from '../store/venueWorkflows.js'
import type { OrderBook } from './book.js'
import { orderRequestOf } from './matching/orderRecords.js'
import type { BookSide } from './matching/types.js'
import { MIN_MARKET_BUY, formatMicros, isTickSize, toMicros } from './matching/units.js'
import { worstPrice } from './matching/worstPrice.js'
import { replayFills } from './positionMath.js'
import { sellActionParts } from './sellAction.js'

/** Polygon: where the venue settles. */
export const VENUE_CHAIN_ID = 137
/** pUSD, the venue's collateral (research file §3), 6 decimals. */
export const VENUE_COLLATERAL = '0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB'
/** The workflow's name and operation (SPEC §4.9 `name`, `operation`). */
export const VENUE_WORKFLOW_NAME = 'venue'
export const PLACE_ORDER_OPERATION = 'placeOrder'

/** What the checks found: the user, the token with its market, and its live book. */
export interface VenueOrderContext {
  readonly user: VenueUser
  readonly token: VenueTokenInfo
  readonly book: OrderBook
}

/** A built venue action: the action to answer and the workflow to record with it. */
export interface VenueAction {
  readonly parts: ActionParts
  readonly workflow: VenueWorkflowRecord
}

const invalid = (parameter: string, value: string, reason: string) =>
  new InvalidParameterError({ parameter, value, reason })

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The addresses a venue user acts through, screened on Polygon like every address of a request: its account and
 * its proxy wallet (the order's maker and funder).
 *
 * @example screen(venueUserAddresses(user))
 */
export function venueUserAddresses(user: Pick<VenueUser, 'address' | 'proxyWallet'>): ScreenedAddress[] {
  return [
    { field: 'userId', address: user.address, chainId: VENUE_CHAIN_ID },
    { field: 'proxyWallet', address: user.proxyWallet, chainId: VENUE_CHAIN_ID },
  ]
}

/**
 * Checks a venue request against the venue's state, in this order: the destination (pUSD on Polygon; for a SELL
 * the source too), the user (of the caller's organization), its account and proxy wallet screened (`screen`: a user
 * created before its address was listed is refused too; the query's `sender` and `recipient` were screened by the
 * compliance middleware), the recipient (the user's proxy wallet), the token, its market accepting orders, the tick
 * size, the negRisk flag, a book for the token.
 *
 * @throws InvalidParameterError naming the parameter (`dstChainId`, `dstToken`, `srcChainId`, `srcToken`, `userId`,
 *   `recipient`, `tokenID`, `tickSize`, `negRisk`) and saying why; WalletScreeningError (`screen`'s) for a listed
 *   user or proxy wallet.
 * @example const context = await checkVenueAction(store, apiKey.orgId, request, compliance.screenAddresses)
 */
export async function checkVenueAction(
  store: Store,
  orgId: string,
  request: VenueActionRequest,
  screen: (addresses: readonly ScreenedAddress[]) => void,
): Promise<VenueOrderContext> {
  const funding = `a venue order settles in pUSD (${VENUE_COLLATERAL}) on Polygon (${VENUE_CHAIN_ID})`
  if (request.dstChainId !== VENUE_CHAIN_ID) throw invalid('dstChainId', String(request.dstChainId), funding)
  if (!sameAddress(request.dstToken, VENUE_COLLATERAL)) throw invalid('dstToken', request.dstToken, funding)
  if (request.side === 'SELL') {
    const why = `a SELL sells shares held on Polygon for pUSD: srcChainId ${VENUE_CHAIN_ID}, srcToken pUSD`
    if (request.srcChainId !== VENUE_CHAIN_ID) throw invalid('srcChainId', String(request.srcChainId), why)
    if (!sameAddress(request.srcToken, VENUE_COLLATERAL)) throw invalid('srcToken', request.srcToken, why)
  }
  const user = await store.getVenueUser(orgId, request.userId)
  if (user === undefined) {
    throw invalid('userId', request.userId, 'no venue user with this id in your organization (createOrFetchVenueUser)')
  }
  screen(venueUserAddresses(user))
  if (!sameAddress(request.recipient, user.proxyWallet)) {
    throw invalid('recipient', request.recipient, `must be the user's proxy wallet ${user.proxyWallet}`)
  }
  const token = (await store.venueTokens([request.tokenID]))[0]
  if (token === undefined) throw invalid('tokenID', request.tokenID, 'not an outcome token of the venue')
  const { market } = token
  if (market.closed || !market.acceptingOrders) {
    throw invalid('tokenID', request.tokenID, `market ${market.slug} is not accepting orders`)
  }
  const book = await store.getVenueBook(request.tokenID)
  const tickSize = book?.tickSize ?? String(market.orderPriceMinTickSize)
  if (request.tickSize !== tickSize) {
    throw invalid('tickSize', request.tickSize, `the market's tick size is ${tickSize}`)
  }
  if (request.negRisk !== market.negRisk) {
    throw invalid('negRisk', String(request.negRisk), `the market's negRisk is ${String(market.negRisk)}`)
  }
  if (book === undefined) throw invalid('tokenID', request.tokenID, 'the token has no order book')
  return { user, token, book }
}

/** The side of `book` an order takes from, in integers, best first. */
export function bookSideOf(book: OrderBook, side: 'BUY' | 'SELL'): BookSide {
  if (!isTickSize(book.tickSize)) throw new Error(`venue book ${book.tokenId}: tick ${book.tickSize}`)
  const levels = side === 'BUY' ? book.asks : book.bids
  return {
    tickSize: book.tickSize,
    levels: levels.map((level) => ({ priceMicros: toMicros(level.price), sizeMicros: toMicros(level.size) })),
  }
}

/** Shares (10⁻⁶) of `tokenId` the user's proxy wallet holds, from the fills the service recorded. */
export async function sharesHeld(store: Store, user: VenueUser, tokenId: string): Promise<bigint> {
  const positions = replayFills(await store.venueFills(user.userId, user.proxyWallet))
  let held = 0n
  for (const position of positions.values()) if (position.tokenId === tokenId) held += position.size
  return held
}

/** Options of `buildVenueAction`: as `buildActionParts`'s, plus the organization and the clock. */
export interface BuildVenueActionOptions {
  readonly txId: `0x${string}`
  readonly deadline: number
  /** The engine's snapshot id, answered as `snapshotId`. */
  readonly snapshotId: string
  readonly quoteRequest: ParsedQuoteRequest
  readonly orgId: string
  /** Unix seconds. */
  readonly now: number
}

/**
 * Builds a checked venue request's action and its workflow. BUY: the quote of the route to pUSD in the proxy
 * wallet; the order's amount is the quote's `amountOut` of pUSD, its price the book's worst price for it widened by
 * `slippage`. SELL: the shares must be held (checked again when the order is placed); the action is the order
 * authorization (`sellAction.ts`).
 *
 * @throws InsufficientLiquidityError when the book side is empty; InsufficientFundsError for a SELL of more shares
 *   than the wallet holds; InvalidParameterError (`amount`) for a BUY under the venue's $1 minimum; the engine's
 *   errors for a route that cannot be quoted.
 */
export async function buildVenueAction(
  engine: Engine,
  store: Store,
  request: VenueActionRequest,
  context: VenueOrderContext,
  options: BuildVenueActionOptions,
): Promise<VenueAction> {
  const { user, book } = context
  const side = bookSideOf(book, request.side)
  const slippage = rules.slippageFraction(String(request.slippage))
  if ('reason' in slippage) throw invalid('slippage', String(request.slippage), slippage.reason)
  const limitOf = (amount: bigint): bigint => {
    const limit = worstPrice(side, request.side, amount, slippage)
    if (limit !== undefined) return limit
    const empty = request.side === 'BUY' ? 'asks' : 'bids'
    throw new InsufficientLiquidityError(`the order book of token ${request.tokenID} has no ${empty}`)
  }
  let parts: ActionParts
  let amount: bigint
  let limitPriceMicros: bigint
  if (request.side === 'BUY') {
    parts = buildActionParts(engine, request, options)
    amount = BigInt(parts.quote.amountOut.amount)
    if (amount < MIN_MARKET_BUY) {
      throw invalid('amount', request.amount, `delivers ${formatMicros(amount)} pUSD: a market BUY needs at least $1`)
    }
    limitPriceMicros = limitOf(amount)
  } else {
    amount = BigInt(request.amount)
    const held = await sharesHeld(store, user, request.tokenID)
    if (held < amount) {
      throw new InsufficientFundsError({
        address: user.proxyWallet,
        chainId: VENUE_CHAIN_ID,
        required: amount.toString(),
        available: held.toString(),
      })
    }
    limitPriceMicros = limitOf(amount)
    parts = sellActionParts(engine, request, context, {
      txId: options.txId,
      limitPriceMicros,
      snapshotId: options.snapshotId,
      expiresAt: options.deadline,
    })
  }
  const orderRequest: VenueOrderRequest = orderRequestOf({
    side: request.side,
    orderType: request.orderType,
    amount,
    limitPriceMicros,
    tickSize: request.tickSize,
    tokenId: request.tokenID,
    negRisk: request.negRisk,
    slippageBps: request.slippage,
  })
  return {
    parts,
    workflow: {
      txId: options.txId,
      orgId: options.orgId,
      userId: user.userId,
      proxyWallet: user.proxyWallet,
      name: VENUE_WORKFLOW_NAME,
      operation: PLACE_ORDER_OPERATION,
      status: 'pending',
      timestamp: options.now,
      data: { userId: user.userId, orderRequest },
    },
  }
}
